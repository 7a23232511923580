#include "harness/report/version_ratios.h"

#include <cmath>

#include <fmt/format.h>

#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"

namespace harness {

namespace {

using nlohmann::json;

// The pairing rule of depth_end.h: a ratio at depth d pairs cells that both searched to d.
bool ratios_finished_cell(const CellRecord* r) { return counts_at_depth(r); }

bool ratios_solved(const CellRecord* r) { return r->solve && r->solve->solved; }

VersionRatioRow ratios_row(const ResultSet& rs, const std::string& version, const std::string& base, int depth) {
  VersionRatioRow row;
  row.version = version;
  std::vector<double> ratios;
  double sum_version = 0, sum_base = 0;
  for (const auto& p : rs.experiment.positions) {
    const CellRecord* v = rs.version_cell(p.id, version, depth);
    const CellRecord* b = rs.version_cell(p.id, base, depth);
    if (!v || !b) continue;
    // A cell stopped by the node budget answers with its last completed iteration's move, as a node-limited search
    // does (Stockfish's `go nodes`): it counts as solved or not within the budget, and is counted as stopped.
    row.stopped_base += !b->completed;
    row.stopped_version += !v->completed;
    if (!rs.experiment.solution(p.id).empty()) {
      ++row.solvable;
      row.solved_base += ratios_solved(b);
      row.solved_version += ratios_solved(v);
    }
    if (!ratios_finished_cell(v) || !ratios_finished_cell(b)) {
      row.ended_early += depth_end(*v) != DepthEnd::full || depth_end(*b) != DepthEnd::full;
      continue;
    }
    ratios.push_back(double(v->nodes()) / double(b->nodes()));
    sum_version += double(v->nodes());
    sum_base += double(b->nodes());
  }
  row.ratio = geometric_interval(ratios);
  if (sum_base > 0) row.summed_ratio = sum_version / sum_base;
  return row;
}

std::string ratios_interval_cell(const GeometricInterval& g) {
  if (g.n == 0) return "—";
  if (!g.has_interval()) return fmt::format("{:.3f}", g.mean);
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", g.mean, g.low, g.high);
}

// 6 decimals: the same file whichever compiler rebuilds it (a log or a t quantile may differ in the last bits).
json ratios_rounded(double x) { return std::isfinite(x) ? json(std::round(x * 1e6) / 1e6) : json(nullptr); }

}  // namespace

std::string version_ratios_base(const Experiment& exp) {
  if (exp.design) return exp.design->base;
  if (exp.find_version("A")) return "A";
  return exp.versions.empty() ? "" : exp.versions.front().name;
}

VersionRatios build_version_ratios(const ResultSet& rs) {
  VersionRatios vr;
  const Experiment& exp = rs.experiment;
  if (exp.versions.size() < 2 || exp.design) return vr;
  vr.present = true;
  vr.base = version_ratios_base(exp);
  vr.node_budget = exp.node_budget;
  vr.time_limit_ms = exp.time_limit_ms;
  const VersionSpec* base = exp.find_version(vr.base);
  for (int depth : exp.depths) {
    if (!base || !base->runs_at(depth)) continue;
    VersionRatiosAtDepth at;
    at.depth = depth;
    for (const auto& v : exp.versions)
      if (v.name != vr.base && v.runs_at(depth)) at.rows.push_back(ratios_row(rs, v.name, vr.base, depth));
    vr.depths.push_back(std::move(at));
  }
  return vr;
}

std::string version_ratios_markdown(const VersionRatios& vr) {
  if (!vr.present) return "";
  std::string md = fmt::format("## Versions against the base `{}`\n\n", vr.base);
  md += fmt::format(
      "Each version's nodes ÷ the nodes of `{}` (the design's base, else version A, else the first version listed), "
      "at each depth, over the positions where both cells searched to that depth (a cell not measured, failed, or "
      "ended before the depth, on a mate or by a limit, leaves its position out of that pair): the geometric mean over "
      "those positions with its 95 % interval "
      "(Student t on the logarithms), and the change it stands for; below 1 the version searched fewer nodes. Beside "
      "it, labelled and not deciding anything, the summed ratio Σ nodes ÷ Σ nodes (the largest tree decides it), the "
      "positions solved (EPD bm/am) by the base and by the version (every measured cell answers, however it ended), "
      "and the positions left out because a cell ended before the depth (marked in the tables above). Computed by `harness "
      "report` from cells.jsonl.\n\n",
      vr.base);
  // What a cell stopped by each limit counts in (the node budget's words are those of every committed report).
  const auto limit_note = [&md](const std::string& limit, const char* what) {
    md += fmt::format("{} per cell. A cell stopped by it {}\n\n", limit, what);
  };
  if (vr.node_budget)
    limit_note(fmt::format("Node budget: {} nodes", vr.node_budget),
               "is no failure: it answers with its last completed iteration's move, so its position counts in the "
               "solved column (solved within the budget) and in the stopped column (base, version), never in the ratio, "
               "whose count would be only where the budget stopped the search.");
  if (vr.time_limit_ms)
    limit_note(fmt::format("Time limit: {} ms", vr.time_limit_ms),
               "answers with its last completed iteration's move and counts in the solved and stopped columns, never in "
               "the ratio; how far it got depends on the machine and its load, so those columns are not reproducible.");
  const char* stopped_header = vr.time_limit_ms ? " Stopped by a limit |" : " Stopped by the budget |";
  for (const auto& at : vr.depths) {
    md += fmt::format("### Depth {}\n\n", at.depth);
    md += "| Version | Positions | Nodes ÷ base [95 %] | Change | Summed Σ ÷ Σ | Solved (EPD bm/am) | Left out: ended early |";
    md += vr.any_limit() ? std::string(stopped_header) + "\n|---|--:|--:|--:|--:|--:|--:|--:|\n"
                         : std::string("\n|---|--:|--:|--:|--:|--:|--:|\n");
    for (const auto& r : at.rows) {
      const bool measured = r.ratio.n > 0;
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", table_cell(r.version), r.ratio.n, ratios_interval_cell(r.ratio),
                        measured ? fmt::format("{:+.1f} %", 100 * (r.ratio.mean - 1)) : std::string("—"),
                        measured ? fmt::format("{:.3f}", r.summed_ratio) : std::string("—"),
                        r.solvable ? fmt::format("{} → {} of {} ({:+d})", r.solved_base, r.solved_version, r.solvable,
                                                 r.solved_version - r.solved_base)
                                   : std::string("—"),
                        std::to_string(r.ended_early));
      if (vr.any_limit()) md.insert(md.size() - 1, fmt::format(" {}, {} |", r.stopped_base, r.stopped_version));
    }
    md += "\n";
  }
  return md;
}

json version_ratios_json(const VersionRatios& vr) {
  json depths = json::array();
  for (const auto& at : vr.depths) {
    json rows = json::array();
    for (const auto& r : at.rows) {
      json row = {{"version", r.version}, {"positions", r.ratio.n}};
      if (r.ratio.n > 0) {
        row["nodes_ratio"] = {{"n", r.ratio.n}, {"mean", ratios_rounded(r.ratio.mean)},
                              {"low", ratios_rounded(r.ratio.low)}, {"high", ratios_rounded(r.ratio.high)}};
        row["summed_ratio"] = ratios_rounded(r.summed_ratio);
      }
      row["ended_early"] = r.ended_early;
      if (r.solvable) row["solved"] = {{"positions", r.solvable}, {"base", r.solved_base}, {"version", r.solved_version}};
      if (vr.any_limit())  // by the budget or, where the experiment has one, by the time limit
        row[vr.time_limit_ms ? "stopped" : "stopped_by_budget"] = {{"base", r.stopped_base}, {"version", r.stopped_version}};
      rows.push_back(row);
    }
    depths.push_back({{"depth", at.depth}, {"versions", rows}});
  }
  json out = {{"base", vr.base}, {"depths", depths}};
  if (vr.node_budget) out["node_budget"] = vr.node_budget;
  if (vr.time_limit_ms) out["time_limit_ms"] = vr.time_limit_ms;
  return out;
}

}  // namespace harness
