#include "harness/thesis/thesis_fidelity.h"

#include <fmt/core.h>

#include <cmath>
#include <map>

#include "harness/report/markdown_text.h"
#include "harness/report/median.h"
#include "harness/thesis/thesis_setup.h"

namespace harness {

namespace {

// A version-table cell both sides finished.
bool finished(const ComparisonRow& r) {
  return !r.table.is_sweep() && r.measured && !r.truncated && *r.measured > 0 && r.thesis_nodes > 0;
}

int sign(double x) { return (x > 0) - (x < 0); }

// The comparison's version-table rows by (position, version, depth).
using VersionRows = std::map<std::tuple<std::string, std::string, int>, const ComparisonRow*>;

VersionRows version_rows(const std::vector<ComparisonRow>& comparison, bool with_flagged) {
  VersionRows out;
  for (const auto& r : comparison)
    if (finished(r) && (with_flagged || !r.thesis_flagged)) out[{r.position, r.version, r.depth}] = &r;
  return out;
}

std::vector<StepFidelity> step_fidelity(const VersionRows& rows) {
  std::vector<StepFidelity> out;
  StepFidelity all{"all", "all"};
  std::vector<double> all_factors;
  for (std::size_t i = 1; i < thesis::kVersions.size(); ++i) {
    StepFidelity s{std::string(1, thesis::kVersions[i - 1]), std::string(1, thesis::kVersions[i])};
    std::vector<double> factors;
    for (const auto& [key, upper] : rows) {
      const auto& [position, version, depth] = key;
      if (version != s.to || depth < thesis::kFirstStepDepth) continue;
      const auto lower = rows.find({position, s.from, depth});
      if (lower == rows.end()) continue;
      const double ours = std::log(double(*upper->measured) / double(*lower->second->measured));
      const double theirs = std::log(double(upper->thesis_nodes) / double(lower->second->thesis_nodes));
      const double factor = std::exp(std::abs(ours - theirs));
      const bool close = factor <= 2.0;
      factors.push_back(factor);
      ++s.cells;
      s.within_2x += close;
      s.direction_agree += sign(ours) == sign(theirs);
      if (depth <= thesis::kLastFittedDepth) {
        ++s.fitted_cells;
        s.fitted_within_2x += close;
      } else {
        ++s.held_out_cells;
        s.held_out_within_2x += close;
      }
    }
    if (s.cells == 0) continue;
    s.median_factor = median(factors);
    all.cells += s.cells;
    all.within_2x += s.within_2x;
    all.direction_agree += s.direction_agree;
    all.fitted_cells += s.fitted_cells;
    all.fitted_within_2x += s.fitted_within_2x;
    all.held_out_cells += s.held_out_cells;
    all.held_out_within_2x += s.held_out_within_2x;
    all_factors.insert(all_factors.end(), factors.begin(), factors.end());
    out.push_back(s);
  }
  if (all.cells > 0) {
    all.median_factor = median(all_factors);
    out.push_back(all);
  }
  return out;
}

// Branching factors between the deepest depth and four plies above it (or the shallowest), per phase.
std::vector<BranchingFactor> branching_factors(const ResultSet& rs, const VersionRows& rows) {
  std::vector<BranchingFactor> out;
  int deepest = 0, shallowest = 1 << 30;
  for (const auto& [key, r] : rows) {
    deepest = std::max(deepest, std::get<2>(key));
    shallowest = std::min(shallowest, std::get<2>(key));
  }
  const int from = std::max(shallowest, deepest - 4);
  if (deepest - from < 2) return out;
  for (const std::string phase : {"middlegame", "endgame"})
    for (char v : thesis::kVersions) {
      BranchingFactor b{std::string(1, v), phase, from, deepest};
      double ours = 0, theirs = 0;
      for (const auto& p : rs.experiment.positions) {
        if (p.phase != phase) continue;
        const auto lo = rows.find({p.id, b.version, from}), hi = rows.find({p.id, b.version, deepest});
        if (lo == rows.end() || hi == rows.end()) continue;
        ++b.positions;
        ours += std::log(double(*hi->second->measured) / double(*lo->second->measured));
        theirs += std::log(double(hi->second->thesis_nodes) / double(lo->second->thesis_nodes));
      }
      if (b.positions == 0) continue;
      b.ours = std::exp(ours / (b.positions * (deepest - from)));
      b.thesis = std::exp(theirs / (b.positions * (deepest - from)));
      out.push_back(b);
    }
  return out;
}

std::vector<ClaimAgreement> claim_agreement(const std::vector<Claim>& ours, const std::vector<Claim>& theirs) {
  std::vector<ClaimAgreement> out;
  for (std::size_t c = 0; c < ours.size() && c < theirs.size(); ++c)
    for (std::size_t p = 0; p < ours[c].parts.size() && p < theirs[c].parts.size(); ++p) {
      const auto& a = ours[c].parts[p];
      const auto& b = theirs[c].parts[p];
      if (a.state == Verdict::not_measured || b.state == Verdict::not_measured) continue;
      out.push_back({ours[c].id, a.rule, a.state, b.state});
    }
  return out;
}

std::string share_text(int k, int n) { return n ? fmt::format("{} of {} ({:.0f} %)", k, n, 100.0 * k / n) : "—"; }

const StepFidelity* find_step(const std::vector<StepFidelity>& steps, const std::string& from) {
  for (const auto& s : steps)
    if (s.from == from) return &s;
  return nullptr;
}

// The reproduction's goals (docs/readings.md, "How a reading is judged"), each measured without and with the
// flagged cells.
std::vector<FidelityGoal> goals_of(const ThesisFidelity& f, const ThesisFidelity& with) {
  std::vector<FidelityGoal> out;
  auto fit = [](const ThesisFidelity& x, const std::string& group) -> const ThesisFit* {
    for (const auto& r : x.raw)
      if (r.group == group && r.compared > 0) return &r;
    return nullptr;
  };
  auto add = [&](std::string figure, std::string goal, std::string a, std::string b, bool reached) {
    out.push_back({std::move(figure), std::move(goal), a, a == b ? "" : b, reached});
  };
  {
    int agree = 0;
    for (const auto& c : f.claims) agree += c.agree();
    if (!f.claims.empty())
      add("claim parts whose verdict agrees with the thesis's tables", "≥ 80 % (20 of 25 over the Appendix B runs)",
          share_text(agree, int(f.claims.size())), share_text(agree, int(f.claims.size())),
          agree * 5 >= 4 * int(f.claims.size()));
  }
  if (const auto *a = find_step(f.steps, "all"), *b = find_step(with.steps, "all"); a && b)
    add(fmt::format("steps within 2× (depths {}–9)", thesis::kFirstStepDepth), "≥ 85 %", share_text(a->within_2x, a->cells),
        share_text(b->within_2x, b->cells), a->within_2x * 100 >= 85 * a->cells);
  if (const auto *a = find_step(f.steps, "G"), *b = find_step(with.steps, "G"); a && b)
    add("G → H steps within 2×", "≥ 60 %", share_text(a->within_2x, a->cells), share_text(b->within_2x, b->cells),
        a->within_2x * 100 >= 60 * a->cells);
  if (const auto *a = find_step(f.steps, "D"), *b = find_step(with.steps, "D"); a && b)
    add("D → E steps whose direction agrees", "≥ 2/3 (24 of 36)", share_text(a->direction_agree, a->cells),
        share_text(b->direction_agree, b->cells), a->direction_agree * 3 >= 2 * a->cells);
  const auto *fitted = fit(f, "B.1-B.6, fitted depths"), *held = fit(f, "B.1-B.6, held-out depths");
  const auto *fitted_w = fit(with, "B.1-B.6, fitted depths"), *held_w = fit(with, "B.1-B.6, held-out depths");
  if (fitted && held && fitted_w && held_w)
    add("held-out median factor ÷ fitted median factor", "≤ 1.25",
        fmt::format("{:.2f} ({:.2f}× ÷ {:.2f}×)", held->median_factor / fitted->median_factor, held->median_factor, fitted->median_factor),
        fmt::format("{:.2f} ({:.2f}× ÷ {:.2f}×)", held_w->median_factor / fitted_w->median_factor, held_w->median_factor, fitted_w->median_factor),
        held->median_factor <= 1.25 * fitted->median_factor);
  if (const auto *a = fit(f, "B.1-B.6"), *b = fit(with, "B.1-B.6"); a && b)
    add("B.1–B.6 median factor", "≤ 1.8×", fmt::format("{:.2f}×", a->median_factor), fmt::format("{:.2f}×", b->median_factor),
        a->median_factor <= 1.8);
  if (const auto* a = fit(f, "B.7-B.9"))
    add("B.7–B.9 cells within 2×", "≥ 89 %", fmt::format("{:.0f} %", 100 * a->within_2x), fmt::format("{:.0f} %", 100 * a->within_2x),
        a->within_2x >= 0.89);
  return out;
}

ThesisFidelity fidelity_of(const ResultSet& rs, const std::vector<ComparisonRow>& comparison, bool with_flagged,
                           const std::vector<Claim>& ours, const std::vector<Claim>& theirs) {
  ThesisFidelity f;
  auto keep = [with_flagged](const ComparisonRow& r) { return with_flagged || !r.thesis_flagged; };
  auto versions = [keep](const ComparisonRow& r) { return !r.table.is_sweep() && keep(r); };
  const std::pair<std::string, std::function<bool(const ComparisonRow&)>> groups[] = {
      {"B.1-B.6", versions},
      {"B.1-B.6, fitted depths", [&](const ComparisonRow& r) { return versions(r) && r.depth <= thesis::kLastFittedDepth; }},
      {"B.1-B.6, held-out depths", [&](const ComparisonRow& r) { return versions(r) && r.depth > thesis::kLastFittedDepth; }},
      {"F-H, held-out depths", [&](const ComparisonRow& r) {
         return versions(r) && r.depth > thesis::kLastFittedDepth && (r.version == "F" || r.version == "G" || r.version == "H");
       }},
      {"B.7-B.9", [](const ComparisonRow& r) { return r.table.is_sweep(); }},
      {"B.7-B.9, depths 7 and deeper", [](const ComparisonRow& r) { return r.table.is_sweep() && r.depth > 6; }},
  };
  for (const auto& [name, in_group] : groups) {
    ThesisFit g = thesis_fit_of(name, comparison, in_group);
    if (g.compared + g.stopped + g.not_measured > 0) f.raw.push_back(g);
  }
  for (char v : thesis::kVersions) {
    ThesisFit g = thesis_fit_of(fmt::format("version {}", v), comparison,
                                [&](const ComparisonRow& r) { return versions(r) && r.version == std::string(1, v); });
    if (g.compared > 0) f.raw.push_back(g);
  }
  const VersionRows rows = version_rows(comparison, with_flagged);
  f.steps = step_fidelity(rows);
  f.branching = branching_factors(rs, rows);
  f.claims = claim_agreement(ours, theirs);
  for (const auto& r : comparison) f.flagged_left_out += r.thesis_flagged;
  f.present = !f.raw.empty();
  return f;
}


double rounded(double x) { return std::isfinite(x) ? std::round(x * 1e3) / 1e3 : x; }

}  // namespace

ThesisFidelity thesis_fidelity(const ResultSet& rs, const std::vector<ComparisonRow>& comparison,
                               const std::vector<Claim>& ours, const std::vector<Claim>& thesis_claims) {
  ThesisFidelity f = fidelity_of(rs, comparison, false, ours, thesis_claims);
  if (!f.present) return f;
  f.goals = goals_of(f, fidelity_of(rs, comparison, true, ours, thesis_claims));
  return f;
}

std::string fidelity_markdown(const ThesisFidelity& f) {
  if (!f.present) return "";
  std::string md = "### Fidelity\n\nComputed by `harness report` from the cells and data/thesis/ (thesis_fidelity.h). ";
  md += f.flagged_left_out
            ? fmt::format("The {} cells the credibility test below flags (†) weigh nothing here; the goals table also gives "
                          "each figure with them.\n\n", f.flagged_left_out)
            : "No cell of this comparison is flagged by the credibility test.\n\n";
  if (!f.goals.empty()) {
    md += "| Figure | Goal | Measured | With flagged cells | Reached |\n|---|---|--:|--:|---|\n";
    for (const auto& g : f.goals)
      md += fmt::format("| {} | {} | {} | {} | {} |\n", g.figure, g.goal, g.measured, g.with_flagged.empty() ? "same" : g.with_flagged,
                        g.reached ? "yes" : "no");
    md += "\n";
  }
  md += fmt::format("**Raw counts.** Fitted depths are 1–{}; the held-out depths (deeper) and Tables B.7–B.9 never "
                    "decide a reading.\n\n| Cells | Compared | Median factor | Within 2× | Worst tenth from |\n|---|--:|--:|--:|--:|\n",
                    thesis::kLastFittedDepth);
  for (const auto& g : f.raw)
    if (g.compared > 0)
      md += fmt::format("| {} | {} | {:.2f}× | {:.0f} % | {:.1f}× |\n", table_cell(g.group), g.compared, g.median_factor, 100 * g.within_2x, g.worst_tenth);
  md += "\n";
  if (!f.steps.empty()) {
    md += fmt::format("**Shape.** Each version's count over its predecessor's, ours against the thesis's, per position "
                      "and depth from depth {}: a cell's factor is the larger of the two steps' ratio and its inverse; "
                      "the direction agrees when both steps save, both cost, or both change nothing.\n\n"
                      "| Step | Cells | Within 2× | Fitted depths within 2× | Held-out depths within 2× | Direction agrees | Median factor |\n"
                      "|---|--:|--:|--:|--:|--:|--:|\n", thesis::kFirstStepDepth);
    for (const auto& s : f.steps)
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {:.2f}× |\n", s.from == "all" ? "all steps" : table_cell(s.from + " → " + s.to),
                        s.cells, share_text(s.within_2x, s.cells), share_text(s.fitted_within_2x, s.fitted_cells),
                        share_text(s.held_out_within_2x, s.held_out_cells), share_text(s.direction_agree, s.cells), s.median_factor);
    md += "\n";
  }
  if (!f.branching.empty()) {
    md += fmt::format("**Effective branching factor**, depths {} to {}: the geometric mean over the phase's positions of "
                      "(N({}) ÷ N({}))^(1/{}).\n\n| Version | Middlegame, ours | Middlegame, thesis | Endgame, ours | Endgame, thesis |\n"
                      "|---|--:|--:|--:|--:|\n", f.branching.front().from, f.branching.front().to, f.branching.front().to,
                      f.branching.front().from, f.branching.front().to - f.branching.front().from);
    std::map<std::string, std::map<std::string, const BranchingFactor*>> by;
    for (const auto& b : f.branching) by[b.version][b.phase] = &b;
    for (const auto& row : by) {
      const auto& phases = row.second;  // a named reference: clang 14 cannot capture a structured binding
      auto cell = [&](const char* phase, bool ours) {
        const auto it = phases.find(phase);
        return it == phases.end() ? std::string("—") : fmt::format("{:.2f}", ours ? it->second->ours : it->second->thesis);
      };
      md += fmt::format("| {} | {} | {} | {} | {} |\n", table_cell(row.first), cell("middlegame", true), cell("middlegame", false),
                        cell("endgame", true), cell("endgame", false));
    }
    md += "\n";
  }
  if (!f.claims.empty()) {
    int agree = 0;
    for (const auto& c : f.claims) agree += c.agree();
    md += fmt::format("**Claim parts**: the verdict on our cells beside the same test on the thesis's own tables (parts "
                      "measured on both sides): they agree in {}.\n\n| Claim | Part | Ours | Thesis's tables | Agree |\n"
                      "|---|---|---|---|---|\n", share_text(agree, int(f.claims.size())));
    for (const auto& c : f.claims)
      md += fmt::format("| {} | {} | {} | {} | {} |\n", c.claim, c.rule, verdict_text(c.ours), verdict_text(c.thesis), c.agree() ? "yes" : "no");
    md += "\n";
  }
  return md;
}

nlohmann::json fidelity_json(const ThesisFidelity& f) {
  using nlohmann::json;
  json raw = json::array();
  for (const auto& g : f.raw)
    raw.push_back({{"cells", g.group}, {"compared", g.compared},
                   {"median_factor", g.compared ? json(rounded(g.median_factor)) : json(nullptr)},
                   {"within_2x", g.compared ? json(rounded(g.within_2x)) : json(nullptr)}});
  json steps = json::array();
  for (const auto& s : f.steps)
    steps.push_back({{"from", s.from}, {"to", s.to}, {"cells", s.cells}, {"within_2x", s.within_2x},
                     {"fitted_cells", s.fitted_cells}, {"fitted_within_2x", s.fitted_within_2x},
                     {"held_out_cells", s.held_out_cells}, {"held_out_within_2x", s.held_out_within_2x},
                     {"direction_agree", s.direction_agree}, {"median_factor", rounded(s.median_factor)}});
  json branching = json::array();
  for (const auto& b : f.branching)
    branching.push_back({{"version", b.version}, {"phase", b.phase}, {"from", b.from}, {"to", b.to}, {"positions", b.positions},
                         {"ours", rounded(b.ours)}, {"thesis", rounded(b.thesis)}});
  json claims = json::array();
  for (const auto& c : f.claims)
    claims.push_back({{"claim", c.claim}, {"rule", c.rule}, {"ours", verdict_text(c.ours)}, {"thesis", verdict_text(c.thesis)},
                      {"agree", c.agree()}});
  json goals = json::array();
  for (const auto& g : f.goals)
    goals.push_back({{"figure", g.figure}, {"goal", g.goal}, {"measured", g.measured},
                     {"with_flagged", g.with_flagged.empty() ? json(nullptr) : json(g.with_flagged)}, {"reached", g.reached}});
  return {{"flagged_left_out", f.flagged_left_out}, {"raw", raw}, {"steps", steps}, {"branching", branching},
          {"claims", claims}, {"goals", goals}};
}

}  // namespace harness
