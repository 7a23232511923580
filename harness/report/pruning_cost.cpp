#include "harness/report/pruning_cost.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "harness/experiment/exact_reference.h"
#include "harness/experiment/presets.h"
#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"

namespace harness {

namespace {

using nlohmann::json;

// The flags of `a` that differ from `b`'s, as "flag=value" in name order (the flags JSON's sorted keys).
std::vector<std::string> differing_flags(const VersionSpec& a, const VersionSpec& b) {
  const json fa = flags_to_json(a.search, a.eval), fb = flags_to_json(b.search, b.eval);
  std::vector<std::string> out;
  for (auto it = fa.begin(); it != fa.end(); ++it)
    if (!fb.contains(it.key()) || fb[it.key()] != it.value())
      out.push_back(it.key() + "=" + (it.value().is_string() ? it.value().get<std::string>() : it.value().dump()));
  return out;
}

// The names of the forward-pruning flags (engine/search_config.h, kForwardPruningFlags) in the flag table.
std::vector<std::string> forward_pruning_flag_names() {
  std::vector<std::string> names;
  for (const auto& p : buho::search_params())
    if (p.kind == buho::ParamKind::Bool &&
        std::find(std::begin(buho::kForwardPruningFlags), std::end(buho::kForwardPruningFlags), p.bool_field) !=
            std::end(buho::kForwardPruningFlags))
      names.emplace_back(p.name);
  return names;
}

// Whether version ÷ base is a step of forward pruning: it switches a forward-pruning heuristic on or off, or changes
// only parameters of one that both use (the flag table names a heuristic's parameters after it: null_move_r,
// futility_margin_2, lmr_reduction). A step of ordering, PVS, the table or aspiration is no pruning step, even
// between two versions that prune.
bool is_forward_pruning_step(const VersionSpec& v, const VersionSpec& base, const std::vector<std::string>& diff) {
  for (const auto flag : buho::kForwardPruningFlags)
    if (v.search.*flag != base.search.*flag) return true;
  const std::vector<std::string> pruning = forward_pruning_flag_names();
  const auto flag_on = [&](const std::string& name) {
    const auto* p = buho::find_param(buho::search_params(), name);
    return p && p->bool_field && v.search.*(p->bool_field) && base.search.*(p->bool_field);
  };
  return !diff.empty() && std::all_of(diff.begin(), diff.end(), [&](const std::string& changed) {
    return std::any_of(pruning.begin(), pruning.end(), [&](const std::string& name) {
      return changed.rfind(name + "_", 0) == 0 && flag_on(name);
    });
  });
}

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// The cell of a version at a depth on a position when it searched to that depth (depth_end.h: the cells a node
// aggregate pairs), else nullptr.
const CellRecord* cell(const ResultSet& rs, const std::string& position, const std::string& version, int depth) {
  const CellRecord* r = rs.version_cell(position, version, depth);
  return counts_at_depth(r) ? r : nullptr;
}

// The cell of a version at a depth on a position when it gave an answer, however it ended (the cells solve counts
// and agreement read), else nullptr.
const CellRecord* answering_cell(const ResultSet& rs, const std::string& position, const std::string& version, int depth) {
  const CellRecord* r = rs.version_cell(position, version, depth);
  return answers(r) ? r : nullptr;
}

bool solved(const CellRecord* r) { return r && r->solve && r->solve->solved; }

// The cells of the set by identity (CellSpec::identity is computed once, at enumeration).
std::map<std::string, const CellSpec*> cells_by_identity(const ResultSet& rs) {
  std::map<std::string, const CellSpec*> out;
  for (const auto& c : rs.cells) out.emplace(c.identity, &c);
  return out;
}

std::string signed_pct(double v) { return fmt::format("{:+.1f} %", v); }

struct Totals {
  int positions = 0;
  std::uint64_t nodes = 0;
  int solved = 0, solvable = 0;
};

// Σ nodes of `versions` over the positions where every one of them searched to `depth`, and their solved counts
// over the positions where every one of them answered (depth_end.h's rule).
std::vector<Totals> common_totals(const ResultSet& rs, const std::vector<std::string>& versions, int depth) {
  std::vector<Totals> t(versions.size());
  for (const auto& p : rs.experiment.positions) {
    std::vector<const CellRecord*> full, answered;
    for (const auto& v : versions) {
      full.push_back(cell(rs, p.id, v, depth));
      answered.push_back(answering_cell(rs, p.id, v, depth));
    }
    if (std::find(full.begin(), full.end(), nullptr) == full.end())
      for (std::size_t i = 0; i < versions.size(); ++i) {
        ++t[i].positions;
        t[i].nodes += full[i]->nodes();
      }
    if (std::find(answered.begin(), answered.end(), nullptr) == answered.end() && !rs.experiment.solution(p.id).empty())
      for (std::size_t i = 0; i < versions.size(); ++i) {
        ++t[i].solvable;
        t[i].solved += solved(answered[i]);
      }
  }
  return t;
}

// The experiment's version whose config is `s` (first listed), or nullptr.
const VersionSpec* version_with(const Experiment& exp, const buho::SearchConfig& s, const buho::EvalConfig& e) {
  const json want = flags_to_json(s, e);
  for (const auto& v : exp.versions)
    if (flags_to_json(v.search, v.eval) == want) return &v;
  return nullptr;
}

// Whether step `s` switches on `flag` and no other forward-pruning heuristic: off in its base, on in its version.
// The step may set the heuristic's own readings with it, as versions.json's G sets futility's.
bool switches_on_alone(const Experiment& exp, const PruningStep& s, bool buho::SearchConfig::*flag) {
  const VersionSpec* v = exp.find_version(s.version);
  const VersionSpec* b = exp.find_version(s.base);
  if (!v || !b) return false;
  int switched = 0;
  for (const auto h : buho::kForwardPruningFlags) switched += v->search.*h && !(b->search.*h);
  return switched == 1 && v->search.*flag && !(b->search.*flag);
}

// Heinz (ICCA J. 21(2), 1998), DarkThought at depths 8-12: each of his two steps with its own published figures.
struct HeinzFigure {
  const char* what;          // "extended futility"
  const char* saving_text;   // "12–17 %"
  double ratio_low, ratio_high;  // the saving as a nodes ratio: [1 - largest, 1 - smallest]
  const char* lost_text;     // "0.9–1.8 %"
  double lost_low, lost_high;    // % of the positions lost
};
// Extended futility against normal futility, ECM (879 positions): 11.86 / 13.41 / 16.70 % fewer nodes at depths
// 8 / 10 / 12, 10 / 6 / 8 fewer solved (0.9-1.8 %).
constexpr HeinzFigure kHeinzExtendedFutility{"extended futility", "12–17 %", 0.83, 0.88, "0.9–1.8 %", 0.9, 1.8};
// Limited razoring added to extended futility, ECM + WAC + WCS (2,180 positions): 1.39 / 1.89 / 8.32 % fewer nodes,
// 3 / 2 / 0 more solved (none lost).
constexpr HeinzFigure kHeinzLimitedRazoring{"limited razoring", "1.4–8.3 %", 0.9168, 0.9861, "0 %", 0.0, 0.0};

std::string heinz_verdict(const ResultSet& rs, const std::vector<PruningStep>& steps) {
  std::string md;
  for (const auto& s : steps) {
    const Experiment& exp = rs.experiment;
    const bool futility = switches_on_alone(exp, s, &buho::SearchConfig::futility);
    if (!futility && !switches_on_alone(exp, s, &buho::SearchConfig::limited_razoring)) continue;
    const HeinzFigure& h = futility ? kHeinzExtendedFutility : kHeinzLimitedRazoring;
    const auto rows = step_rows(rs, s);
    // Decided at the deepest depth where the node ratio has an interval (two positions or more searched to it in
    // both versions): on mate puzzles most searches end on the mate before the deepest depth (depth_end.h).
    const StepRow* last = nullptr;
    for (const auto& r : rows)
      if (r.nodes_ratio.has_interval() && r.solvable > 0) last = &r;
    if (!last) {
      md += fmt::format("- {} against {} ({}): not measured.\n", s.version, s.base, s.change);
      continue;
    }
    // The saving is the geometric mean of version ÷ base over the positions, decided by its 95 % interval against
    // his step's figure (a saving of 12–17 % is a ratio in [0.83, 0.88]); "at least his" is the interval wholly at
    // or below the ratio of his smallest saving.
    const GeometricInterval& g = last->nodes_ratio;
    const double saving = 100.0 * (1 - g.mean);
    const double lost_pct = 100.0 * double(last->solved_base - last->solved_version) / double(last->solvable);
    const Verdict within = band_verdict(g, h.ratio_low, h.ratio_high);
    const std::string nodes_word =
        within == Verdict::holds       ? fmt::format("within Heinz's {}", h.saving_text)
        : !g.has_interval()            ? fmt::format("undecided (n = {})", g.n)
        : within == Verdict::undecided ? fmt::format("its interval meets Heinz's {}: undecided", h.saving_text)
        : g.high < h.ratio_low         ? fmt::format("a larger saving than Heinz's {}", h.saving_text)
                                       : fmt::format("a smaller saving than Heinz's {}", h.saving_text);
    const std::string solved_word = lost_pct < h.lost_low    ? fmt::format("fewer positions lost than Heinz's {}", h.lost_text)
                                    : lost_pct > h.lost_high ? fmt::format("more positions lost than Heinz's {}", h.lost_text)
                                                             : fmt::format("as Heinz's {}", h.lost_text);
    const Verdict at_least = band_verdict(g, 0, h.ratio_high);
    const std::string outcome =
        lost_pct > h.lost_high || at_least == Verdict::does_not_hold
            ? "not reproduced"
        : at_least == Verdict::holds
            ? "reproduced (a saving at least his, at no greater tactical price)"
            : fmt::format("undecided (n = {}: the interval meets a saving of {:.1f} %)", g.n, 100.0 * (1 - h.ratio_high));
    md += fmt::format("- {} against {} ({}), depth {}, against his {}: {:.1f} % fewer nodes (geometric mean over "
                      "positions, nodes ratio {}; summed, {:.1f} %) ({}), {} → {} of {} solved, {:.1f} % of the positions "
                      "lost ({}). **Heinz's trade-off {}.**\n",
                      s.version, s.base, s.change, last->depth, h.what, saving, interval_text(g), -last->delta_nodes_pct,
                      nodes_word, last->solved_base, last->solved_version, last->solvable, lost_pct, solved_word, outcome);
  }
  return md;
}

std::string verified_null_verdict(const ResultSet& rs) {
  // Tabibi & Netanyahu (ICGA J. 25(3), 2002): verified null move with R = 3 builds a tree between standard R = 2
  // and R = 3 in size and is tactically stronger than R = 2.
  const Experiment& exp = rs.experiment;
  std::string md;
  for (const auto& v : exp.versions) {
    if (!v.search.null_move || !v.search.null_move_verified || v.search.null_move_adaptive) continue;
    buho::SearchConfig r3 = v.search, r2 = v.search;
    r3.null_move_verified = r2.null_move_verified = false;
    r2.null_move_r = 2;
    const VersionSpec* plain3 = version_with(exp, r3, v.eval);
    const VersionSpec* plain2 = version_with(exp, r2, v.eval);
    if (!plain3 || !plain2) {
      md += fmt::format("- {}: not measured (the set needs the same version without verification at R = {} and at R = 2).\n",
                        v.name, v.search.null_move_r);
      continue;
    }
    // Tree size between R = 2 and R = 3 at a depth: verified ÷ R2 and R3 ÷ verified per position, each geometric
    // mean's 95 % interval at or below 1 (band_verdict); wholly above 1 for either, not between; otherwise undecided.
    int between = 0, not_between = 0, stronger = 0, depths = 0;
    std::string detail;
    for (int d : exp.depths) {
      const auto t = common_totals(rs, {plain2->name, v.name, plain3->name}, d);
      if (t[0].positions == 0) continue;
      ++depths;
      std::vector<double> below_r2, above_r3;
      for (const auto& p : exp.positions) {
        const CellRecord* c2 = cell(rs, p.id, plain2->name, d);
        const CellRecord* cv = cell(rs, p.id, v.name, d);
        const CellRecord* c3 = cell(rs, p.id, plain3->name, d);
        if (!c2 || !cv || !c3 || c2->nodes() == 0 || cv->nodes() == 0) continue;
        below_r2.push_back(double(cv->nodes()) / double(c2->nodes()));
        above_r3.push_back(double(c3->nodes()) / double(cv->nodes()));
      }
      const GeometricInterval g2 = geometric_interval(below_r2), g3 = geometric_interval(above_r3);
      const Verdict tree_between = combine_parts({band_verdict(g2, 0, 1), band_verdict(g3, 0, 1)});
      const bool in_between = tree_between == Verdict::holds;
      const bool outside = tree_between == Verdict::does_not_hold;
      const bool beats = t[1].solved > t[0].solved;
      between += in_between;
      not_between += outside;
      stronger += beats;
      detail += fmt::format("  - depth {} ({} positions): verified ÷ R=2 {}, R=3 ÷ verified {} (geometric means){}; nodes "
                            "summed R=2 {} / verified {} / R=3 {}; solved {} / {} / {} of {}\n",
                            d, t[0].positions, interval_text(g2), interval_text(g3),
                            in_between ? "" : outside ? " (not between)" : " (undecided)", t[0].nodes, t[1].nodes, t[2].nodes,
                            t[0].solved, t[1].solved, t[2].solved, t[0].solvable);
    }
    if (depths == 0) {
      md += fmt::format("- {}: not measured.\n", v.name);
      continue;
    }
    const std::string size_verdict =
        between == depths       ? std::string(verdict_text(Verdict::holds))
        : not_between == depths ? std::string(verdict_text(Verdict::does_not_hold))
                                : fmt::format("holds at {}, does not hold at {}, undecided at {} of {} depths", between,
                                              not_between, depths - between - not_between, depths);
    md += fmt::format("- {} (verified, R = {}) against {} (R = 2) and {} (R = {}): tree between the two at {} of {} depths "
                      "(by the intervals), more positions solved than R = 2 at {} of {} depths. **\"Between R = 2 and R = 3 "
                      "in tree size\" {}; \"tactically stronger than R = 2\" {}.**\n",
                      v.name, v.search.null_move_r, plain2->name, plain3->name, v.search.null_move_r, between, depths, stronger,
                      depths, size_verdict,
                      verdict_text(stronger == depths ? Verdict::holds
                                   : stronger == 0    ? Verdict::does_not_hold
                                                      : Verdict::holds_in_part));
    md += detail;
  }
  return md;
}

std::string endgame_verdict(const ResultSet& rs) {
  // §5 of the thesis: forward pruning should be avoided in endgames. Read here as: the pruned search's best
  // move leaves the exact search's more often in endgame positions than in middlegame ones.
  struct Phase {
    int cells = 0, differ = 0, lost = 0, gained = 0;
  };
  std::map<std::string, Phase> by_phase;
  for (const auto& c : rs.cells) {
    if (!c.in_table(TableRef::versions()) || !rs.has_reference(c)) continue;
    const CellRecord* r = rs.record(c);
    const CellRecord* ref = rs.reference_of(c);
    if (!answers(r) || !exact_answer(ref)) continue;
    const PositionSpec* p = rs.experiment.find_position(c.inputs.position);
    Phase& ph = by_phase[p ? p->phase : "middlegame"];
    ++ph.cells;
    if (r->best_move != ref->best_move) ++ph.differ;
    if (solved(ref) && !solved(r)) ++ph.lost;
    if (!solved(ref) && solved(r)) ++ph.gained;
  }
  const Phase mid = by_phase["middlegame"], end = by_phase["endgame"];
  if (mid.cells == 0 || end.cells == 0)
    return "";  // the set has no pruning cells with exact references in both phases: nothing to say
  const double rm = 100.0 * mid.differ / mid.cells, re = 100.0 * end.differ / end.cells;
  std::string md;
  for (const auto& [name, ph] : {std::pair{"middlegame", mid}, std::pair{"endgame", end}})
    md += fmt::format("- {}: {} pruning cells; best move differs from the exact search's in {} ({:.1f} %); solutions lost "
                      "{}, gained {}.\n", name, ph.cells, ph.differ, 100.0 * ph.differ / ph.cells, ph.lost, ph.gained);
  md += fmt::format("- **\"Forward pruning should be avoided in endgames\": {}** (disagreement {:.1f} % in endgames against "
                    "{:.1f} % in middlegames, over every depth and pruning version).\n",
                    re > rm ? "supported" : "not supported", re, rm);
  return md;
}

}  // namespace

std::vector<PruningStep> pruning_steps(const Experiment& exp) {
  std::vector<PruningStep> out;
  for (std::size_t i = 1; i < exp.versions.size(); ++i) {
    const VersionSpec& v = exp.versions[i];
    const VersionSpec* best = nullptr;
    std::vector<std::string> best_diff;
    for (std::size_t k = 0; k < i; ++k) {
      auto diff = differing_flags(v, exp.versions[k]);
      if (diff.empty()) continue;
      if (!best || diff.size() <= best_diff.size()) {
        best = &exp.versions[k];
        best_diff = std::move(diff);
      }
    }
    if (best && is_forward_pruning_step(v, *best, best_diff)) out.push_back({v.name, best->name, join(best_diff, ", ")});
  }
  return out;
}

std::vector<StepRow> step_rows(const ResultSet& rs, const PruningStep& step) {
  std::vector<StepRow> rows;
  const auto specs = cells_by_identity(rs);
  for (int d : rs.experiment.depths) {
    StepRow row;
    row.depth = d;
    std::uint64_t nv = 0, nb = 0;
    double diff_sum = 0;
    std::vector<double> ratios;
    for (const auto& p : rs.experiment.positions) {
      const CellRecord* v = answering_cell(rs, p.id, step.version, d);
      const CellRecord* b = answering_cell(rs, p.id, step.base, d);
      if (!v || !b) continue;
      if (counts_at_depth(v) && counts_at_depth(b)) {
        ++row.pairs;
        nv += v->nodes();
        nb += b->nodes();
        ratios.push_back(double(v->nodes()) / double(b->nodes()));
      } else {
        ++row.ended_early;
      }
      if (!rs.experiment.solution(p.id).empty()) {
        ++row.solvable;
        row.solved_version += solved(v);
        row.solved_base += solved(b);
      }
      if (auto it = specs.find(v->identity()); it != specs.end())
        if (const CellRecord* ref = rs.reference_of(*it->second); exact_answer(ref)) {
          ++row.references;
          row.agree += ref->best_move == v->best_move;
          diff_sum += std::abs(v->score - ref->score);
        }
    }
    row.delta_nodes_pct = nb ? 100.0 * (double(nv) - double(nb)) / double(nb) : 0;
    row.nodes_ratio = geometric_interval(ratios);
    row.mean_abs_score_diff = row.references ? diff_sum / row.references : 0;
    rows.push_back(row);
  }
  return rows;
}

ReferenceOverhead reference_overhead(const ResultSet& rs) {
  ReferenceOverhead o;
  for (const auto& c : rs.cells) {
    const CellRecord* r = rs.record(c);
    if (r) {
      o.all_nodes += r->nodes();
      o.all_seconds += r->search_seconds;
    }
    if (!c.in_table(TableRef::reference())) continue;
    ++o.references;
    if (c.in_table(TableRef::versions())) continue;
    ++o.extra;
    if (r) {
      ++o.extra_measured;
      o.extra_nodes += r->nodes();
      o.extra_seconds += r->search_seconds;
    }
  }
  return o;
}

// Solutions make something to report only with versions to score them: a sweep-only experiment (thesis-tt,
// tt-schemes) has positions with solutions but no version.
namespace {
bool has_versions_to_score(const Experiment& exp) { return exp.any_solution() && !exp.versions.empty(); }
}  // namespace

std::string solve_count_lines(const ResultSet& rs) {
  const Experiment& exp = rs.experiment;
  if (!has_versions_to_score(exp)) return "";
  int solvable = 0;
  for (const auto& p : exp.positions) solvable += !exp.solution(p.id).empty();
  std::string out = fmt::format("positions solved (of {} with bm/am), by depth {}:\n", solvable,
                                fmt::format("{}..{}", exp.depths.front(), exp.depths.back()));
  for (const auto& v : exp.versions) {
    out += fmt::format("  {:<12}", v.name);
    for (int d : exp.depths) {
      int n = 0, measured = 0;
      for (const auto& p : exp.positions)
        if (const CellRecord* r = rs.version_cell(p.id, v.name, d); r && r->solve) {
          ++measured;
          n += r->solve->solved;
        }
      out += measured ? fmt::format(" d{}:{}", d, n) : fmt::format(" d{}:-", d);
    }
    out += "\n";
  }
  return out;
}

int lct2_points(std::optional<double> s) {
  if (!s) return 0;
  constexpr double kLimits[] = {9, 29, 89, 179, 389, 600};
  constexpr int kPoints[] = {30, 25, 20, 15, 10, 5};
  for (int i = 0; i < 6; ++i)
    if (*s <= kLimits[i]) return kPoints[i];
  return 0;
}

namespace {

// The LCT II rule, on the LCT II positions of the set (nothing without them).
std::string lct_rating_table(const ResultSet& rs, int deepest) {
  const Experiment& exp = rs.experiment;
  std::string md;
  int lct = 0;
  for (const auto& p : exp.positions) lct += !exp.solution(p.id).empty() && p.id.rfind("LCTII.", 0) == 0;
  if (lct == 0) return md;
  md += fmt::format("### LCT II rating (on the {} LCT II positions of the set)\n\n"
                    "The suite's rule: 30/25/20/15/10/5 points for a solution found and kept by 9/29/89/179/389/600 s; "
                    "rating 1900 + points. Read from the depth-{} cells: *by time* uses the seconds this machine took "
                    "to the iteration where the solution was found and kept; *by nodes* converts that iteration's node "
                    "count at a stated {:g} million nodes per second (machine-independent). A solution kept to depth {} might "
                    "still change deeper, within the 600 s the rule allows: these are ratings of fixed-depth searches.\n\n"
                    "| Version | Solved | Points by time | Rating by time | Points by nodes | Rating by nodes |\n"
                    "|---|--:|--:|--:|--:|--:|\n",
                    lct, deepest, kLctNodesPerSecond / 1e6, deepest);
  for (const auto& v : exp.versions) {
    int solved_n = 0, by_time = 0, by_nodes = 0, measured = 0;
    for (const auto& p : exp.positions) {
      if (exp.solution(p.id).empty() || p.id.rfind("LCTII.", 0) != 0) continue;
      const CellRecord* r = rs.version_cell(p.id, v.name, deepest);
      if (!r || !r->solve) continue;
      ++measured;
      if (!r->solve->solved || !r->solve->found_seconds) continue;
      ++solved_n;
      by_time += lct2_points(r->solve->found_seconds);
      by_nodes += lct2_points(double(*r->solve->found_nodes) / kLctNodesPerSecond);
    }
    if (measured == 0) {
      md += fmt::format("| {} | — | — | — | — | — |\n", table_cell(v.name));
      continue;
    }
    md += fmt::format("| {} | {}{} | {} | {} | {} | {} |\n", table_cell(v.name), solved_n,
                      measured < lct ? fmt::format(" ({} measured)", measured) : "", by_time, 1900 + by_time, by_nodes,
                      1900 + by_nodes);
  }
  md += "\n";
  return md;
}

// Solve counts per version and depth, and at node budgets (found and kept within the budget, at the deepest depth),
// then the LCT II rating.
std::string solve_tables(const ResultSet& rs, int solvable) {
  const Experiment& exp = rs.experiment;
  std::string md;
  std::vector<std::string> cols;
  for (int d : exp.depths) cols.push_back(std::to_string(d));
  md += fmt::format("### Positions solved, by version and depth (of {})\n\n| Version |", solvable);
  std::string sep = "|---|";
  for (const auto& c : cols) {
    md += " " + c + " |";
    sep += "--:|";
  }
  md += "\n" + sep + "\n";
  for (const auto& v : exp.versions) {
    md += "| " + table_cell(v.name) + " |";
    for (int d : exp.depths) {
      int n = 0, measured = 0;
      for (const auto& p : exp.positions) {
        if (exp.solution(p.id).empty()) continue;
        const CellRecord* r = rs.version_cell(p.id, v.name, d);
        if (!r || !r->solve) continue;
        ++measured;
        n += r->solve->solved;
      }
      md += measured == 0 ? " — |" : measured < solvable ? fmt::format(" {} ({} measured) |", n, measured) : fmt::format(" {} |", n);
    }
    md += "\n";
  }
  const int deepest = exp.depths.back();
  const std::uint64_t budgets[] = {100000, 1000000, 10000000, 100000000};
  md += fmt::format("\n### Positions solved within a node budget (found and kept by then, in the depth-{} search)\n\n"
                    "| Version | 10^5 | 10^6 | 10^7 | 10^8 |\n|---|--:|--:|--:|--:|\n", deepest);
  for (const auto& v : exp.versions) {
    md += "| " + table_cell(v.name) + " |";
    for (auto b : budgets) {
      int n = 0;
      for (const auto& p : exp.positions) {
        const CellRecord* r = rs.version_cell(p.id, v.name, deepest);
        if (r && r->solve && r->solve->solved && r->solve->found_nodes && *r->solve->found_nodes <= b) ++n;
      }
      md += fmt::format(" {} |", n);
    }
    md += "\n";
  }
  md += "\n";
  md += lct_rating_table(rs, deepest);
  return md;
}

// One table: every pruning step, per depth (nothing without steps).
std::string steps_table(const ResultSet& rs, const std::vector<PruningStep>& steps) {
  std::string md;
  if (steps.empty()) return md;
  md += "### Each pruning step: nodes, solutions and agreement with the exact search\n\n"
        "A step is a version against its base: the earlier version of the set whose flags differ least. Nodes ratio: "
        "version ÷ base per position where both searched to the depth (depth_end.h: a cell that ended early, on a mate "
        "or by a limit, leaves its position out of the node columns and is counted under Ended early), their geometric "
        "mean with its 95 % Student t interval (n positions); Δnodes % (summed) beside it sums the same positions' nodes, where the largest tree "
        "decides; Δsolved counts positions (base → version, of the positions with a solution where both answered, "
        "however they ended); agreement: the version's best move equals the exact reference's, with the mean "
        "|score difference| in cp.\n\n"
        "| Version | Base | Change | Depth | Positions | Nodes ratio [95 %] (n) | Δnodes % (summed) | Ended early | Solved base → version (of n) | Δsolved | Same best move as exact | Mean abs score diff |\n"
        "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
  for (const auto& s : steps)
    for (const auto& r : step_rows(rs, s)) {
      if (r.pairs == 0 && r.ended_early == 0) continue;
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", table_cell(s.version), table_cell(s.base),
                        table_cell(s.change), r.depth, r.pairs,
                        interval_text(r.nodes_ratio), r.pairs ? signed_pct(r.delta_nodes_pct) : "—", r.ended_early,
                        r.solvable ? fmt::format("{} → {} (of {})", r.solved_base, r.solved_version, r.solvable) : "—",
                        r.solvable ? fmt::format("{:+d}", r.solved_version - r.solved_base) : "—",
                        r.references ? fmt::format("{} of {} ({:.0f} %)", r.agree, r.references, 100.0 * r.agree / r.references) : "—",
                        r.references ? fmt::format("{:.1f}", r.mean_abs_score_diff) : "—");
    }
  md += "\n";
  return md;
}

}  // namespace

std::string pruning_cost_section(const ResultSet& rs) {
  const Experiment& exp = rs.experiment;
  bool any_reference = false;
  for (const auto& c : rs.cells) any_reference |= rs.has_reference(c);
  if (!has_versions_to_score(exp) && !any_reference) return "";
  std::string md = "## What forward pruning costs\n\n";
  int solvable = 0;
  for (const auto& p : exp.positions) solvable += !exp.solution(p.id).empty();
  md += fmt::format("A position is solved when the final best move is one of its EPD `bm` moves and none of its `am` "
                    "moves ({} of the {} positions have a solution); a solution is *found and kept* from the first "
                    "iteration from which every iteration's best move solves.", solvable, exp.positions.size());
  if (any_reference)
    md += fmt::format(" The exact reference of a cell is the same version, position and depth with null move, futility "
                      "and LMR (and their variants) off, its inert pruning parameters those of version {}: a cell of its "
                      "own in cells.jsonl (table `reference` in cells.csv), searched once however many versions share it.",
                      exp.exact_reference);
  if (any_reference) {
    const ReferenceOverhead o = reference_overhead(rs);
    md += fmt::format(" Overhead: {} reference cells, {} of them a version's own cell; {} extra searches", o.references,
                      o.references - o.extra, o.extra);
    if (o.extra_measured > 0)
      md += fmt::format(" ({} measured: {} nodes, {:.1f} % of the set's, {:.1f} s of search, {:.1f} % of the set's)",
                        o.extra_measured, o.extra_nodes, o.all_nodes ? 100.0 * double(o.extra_nodes) / double(o.all_nodes) : 0.0,
                        o.extra_seconds, o.all_seconds > 0 ? 100.0 * o.extra_seconds / o.all_seconds : 0.0);
    md += ".";
  }
  md += "\n\n";

  if (solvable > 0) md += solve_tables(rs, solvable);
  const auto steps = pruning_steps(exp);
  md += steps_table(rs, steps);

  // Each verdict only where the set measures it: no "not measured" list for a set it is not about.
  const std::string heinz = heinz_verdict(rs, steps), verified = verified_null_verdict(rs), endgame = endgame_verdict(rs);
  if (heinz.empty() && verified.empty() && endgame.empty()) return md;
  md += "### Verdicts (computed from the cells)\n\n";
  if (!heinz.empty())
    md += "**Heinz's extended futility and limited razoring (ICCA J. 21(2), 1998, DarkThought at depths 8–12), at the "
          "deepest depth measured.** Extended futility: 12–17 % fewer nodes for 0.9–1.8 % fewer ECM positions solved; "
          "limited razoring added to it: 1.4–8.3 % fewer nodes and no position lost on ECM, WAC and WCS. Here a futility "
          "step adds the depth-1 rule and the depth-2 rule (margin 500, a rook: Heinz's extended futility) together; "
          "limited razoring adds his depth-3 rule; each step is judged against his figure for that step.\n\n" + heinz + "\n";
  if (!verified.empty())
    md += "**Verified null move (Tabibi & Netanyahu, ICGA J. 25(3), 2002).**\n\n" + verified + "\n";
  if (!endgame.empty())
    md += "**The thesis: forward pruning should be avoided in endgames** (each position's `phase`; every pruning cell "
          "against its exact reference).\n\n" + endgame + "\n";
  return md;
}

}  // namespace harness
