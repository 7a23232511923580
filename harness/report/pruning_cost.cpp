#include "harness/report/pruning_cost.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>

#include "harness/experiment/exact_reference.h"
#include "harness/experiment/presets.h"
#include "harness/report/claim_metric_disagreement.h"
#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"

namespace harness {

namespace {

using nlohmann::json;

// The flags of `a` that differ from `b`'s, as "flag=value" in name order (the flags JSON's sorted keys).
// The flags of a version whose values differ from another's, as "name=value" of the first, in name order; `fa` and
// `fb` are their flags_to_json, both listing every flag in name order, so b's flag of a name is found in step.
std::vector<std::string> differing_flags(const json& fa, const json& fb) {
  std::vector<std::string> out;
  auto other = fb.begin();
  for (auto it = fa.begin(); it != fa.end(); ++it) {
    const auto same = other != fb.end() && other.key() == it.key() ? other : fb.find(it.key());
    if (same == fb.end() || *same != it.value())
      out.push_back(it.key() + "=" + (it.value().is_string() ? it.value().get<std::string>() : it.value().dump()));
    if (same != fb.end()) other = std::next(same);
  }
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

// The cell of a version at a depth on a position when it gave an answer, however it ended (the cells solve counts
// and agreement read), else nullptr.
const CellRecord* answering_cell(const ResultSet& rs, const std::string& position, const std::string& version, int depth) {
  const CellRecord* r = rs.version_cell(position, version, depth);
  return answers(r) ? r : nullptr;
}

bool solved(const CellRecord* r) { return r && r->solve && r->solve->solved; }

std::string signed_pct(double v) { return fmt::format("{:+.1f} %", v); }

// Every cell of a pruning version against its exact reference, by the position's phase (a position without one
// counts as middlegame): cells, best moves that differ, solutions lost and gained. Shown where the set has such cells
// in both phases; the thesis's "avoid forward pruning in endgames" is a claim on these counts (metric
// best_move_disagreement, configs/README.md "Claims"), judged in the report's Claims section.
std::string phase_table(const ResultSet& rs) {
  auto by_phase = disagreement_by_phase(rs);
  const PhaseDisagreement mid = by_phase["middlegame"], end = by_phase["endgame"];
  if (mid.cells == 0 || end.cells == 0) return "";
  std::string md =
      "### Every pruning cell against its exact reference, by phase\n\n"
      "Each position's `phase`; every depth and every version with an exact reference.\n\n"
      "| Phase | Pruning cells | Best move differs from the exact search's | Solutions lost | Solutions gained |\n"
      "|---|--:|--:|--:|--:|\n";
  for (const auto& [name, ph] : {std::pair{"middlegame", mid}, std::pair{"endgame", end}})
    md += fmt::format("| {} | {} | {} ({:.1f} %) | {} | {} |\n", name, ph.cells, ph.differ, 100.0 * ph.differ / ph.cells,
                      ph.lost, ph.gained);
  return md + "\n";
}

}  // namespace

std::vector<PruningStep> pruning_steps(const Experiment& exp) {
  std::vector<PruningStep> out;
  // Each version's flags made once: made per pair, they cost a run of 226 versions (harness bench run's 10^6 cells)
  // 50,000 JSON objects a call.
  std::vector<json> flags;
  for (const auto& v : exp.versions) flags.push_back(flags_to_json(v.search, v.eval));
  for (std::size_t i = 1; i < exp.versions.size(); ++i) {
    const VersionSpec& v = exp.versions[i];
    const VersionSpec* best = nullptr;
    std::vector<std::string> best_diff;
    for (std::size_t k = 0; k < i; ++k) {
      auto diff = differing_flags(flags[i], flags[k]);
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
      if (const CellSpec* cell = rs.find_cell(v->identity()))
        if (const CellRecord* ref = rs.reference_of(*cell); exact_answer(ref)) {
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

namespace {

// One table: every pruning step, per depth (nothing without steps).
std::string steps_table(const ResultSet& rs, const std::vector<PruningStep>& steps) {
  std::string rows;
  for (const auto& s : steps)
    for (const auto& r : step_rows(rs, s)) {
      if (r.pairs == 0 && r.ended_early == 0) continue;
      rows += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", table_cell(s.version), table_cell(s.base),
                          table_cell(s.change), r.depth, r.pairs,
                          interval_text(r.nodes_ratio), r.pairs ? signed_pct(r.delta_nodes_pct) : "—", r.ended_early,
                          r.solvable ? fmt::format("{} → {} (of {})", r.solved_base, r.solved_version, r.solvable) : "—",
                          r.solvable ? fmt::format("{:+d}", r.solved_version - r.solved_base) : "—",
                          r.references ? fmt::format("{} of {} ({:.0f} %)", r.agree, r.references, 100.0 * r.agree / r.references) : "—",
                          r.references ? fmt::format("{:.1f}", r.mean_abs_score_diff) : "—");
    }
  if (rows.empty()) return rows;
  std::string md = "### Each pruning step: nodes, solutions and agreement with the exact search\n\n"
        "A step is a version against its base: the earlier version of the set whose flags differ least. Nodes ratio: "
        "version ÷ base per position where both searched to the depth (depth_end.h: a cell that ended early, on a mate "
        "or by a limit, leaves its position out of the node columns and is counted under Ended early), their geometric "
        "mean with its 95 % Student t interval (n positions); Δnodes % (summed) beside it sums the same positions' nodes, where the largest tree "
        "decides; Δsolved counts positions (base → version, of the positions with a solution where both answered, "
        "however they ended); agreement: the version's best move equals the exact reference's, with the mean "
        "|score difference| in cp.\n\n"
        "| Version | Base | Change | Depth | Positions | Nodes ratio [95 %] (n) | Δnodes % (summed) | Ended early | Solved base → version (of n) | Δsolved | Same best move as exact | Mean abs score diff |\n"
        "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
  return md + rows + "\n";
}

}  // namespace

std::string pruning_cost_section(const ResultSet& rs) {
  const Experiment& exp = rs.experiment;
  bool any_reference = false;
  for (const auto& c : rs.cells) any_reference |= rs.has_reference(c);
  const std::string steps = steps_table(rs, pruning_steps(exp));
  if (steps.empty() && !any_reference) return "";
  std::string md = "## What forward pruning costs\n\n"
                   "Each step of forward pruning in the set (a version that switches null move, futility, razoring or "
                   "LMR, or one of their parameters, against its base) in nodes, positions solved (defined under "
                   "Positions solved) and agreement with the exact search.";
  if (any_reference) {
    md += fmt::format(" The exact reference of a cell is the same version, position and depth with null move, futility "
                      "and LMR (and their variants) off, its inert pruning parameters those of version {}: a cell of its "
                      "own in cells.jsonl (table `reference` in cells.csv), searched once however many versions share it.",
                      exp.exact_reference);
    const ReferenceOverhead o = reference_overhead(rs);
    md += fmt::format(" Overhead: {} reference cells, {} of them a version's own cell; {} extra searches", o.references,
                      o.references - o.extra, o.extra);
    if (o.extra_measured > 0)
      md += fmt::format(" ({} measured: {} nodes, {:.1f} % of the set's, {:.1f} s of search, {:.1f} % of the set's)",
                        o.extra_measured, o.extra_nodes, o.all_nodes ? 100.0 * double(o.extra_nodes) / double(o.all_nodes) : 0.0,
                        o.extra_seconds, o.all_seconds > 0 ? 100.0 * o.extra_seconds / o.all_seconds : 0.0);
    md += ".";
  }
  md += "\n\n" + steps;
  // The counts the thesis's endgame claim reads; the verdicts on published figures (Heinz's, Tabibi and Netanyahu's,
  // the thesis's) are claims of the config, judged in the report's Claims section (claim_evaluator.h).
  md += phase_table(rs);
  return md;
}

}  // namespace harness
