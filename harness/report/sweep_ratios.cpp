#include "harness/report/sweep_ratios.h"

#include <cmath>

#include <fmt/format.h>

#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"

namespace harness {

namespace {

// depth_end.h: a pair counts only when both cells searched to the depth.
bool sweep_finished(const CellRecord* r) { return counts_at_depth(r); }

// The largest size's entries under `scheme` (sizes in bytes give each scheme its own entries).
int largest_entries(const SweepSpec& s, const std::string& scheme) {
  int best = 0;
  for (std::size_t i = 0; i < s.size_count(); ++i) best = std::max(best, s.entries_at(i, scheme));
  return best;
}

std::vector<std::string> sweep_positions(const ResultSet& rs, const SweepSpec& s) {
  if (!s.positions.empty()) return s.positions;
  std::vector<std::string> ids;
  for (const auto& p : rs.experiment.positions) ids.push_back(p.id);
  return ids;
}

// 6 decimals: the same file whichever compiler rebuilds it.
nlohmann::json sweep_rounded(double x) { return std::isfinite(x) ? nlohmann::json(std::round(x * 1e6) / 1e6) : nlohmann::json(nullptr); }

}  // namespace

std::vector<SweepRatios> build_sweep_ratios(const ResultSet& rs) {
  std::vector<SweepRatios> out;
  // An experiment with a reference sweep has the TT study (tt_study.h), which compares every sweep's cells with the
  // unlimited table over the positions; this study is for the sweeps that have no such reference.
  for (const SweepSpec& s : rs.experiment.sweeps)
    if (s.reference) return out;
  for (const SweepSpec& s : rs.experiment.sweeps) {
    if (s.reference || s.tt_schemes.empty() || s.size_count() == 0) continue;
    const std::vector<std::string> ids = sweep_positions(rs, s);
    if (ids.size() < 2) continue;
    SweepRatios sr;
    sr.sweep = s.name;
    sr.version = s.version.name;
    sr.ref_scheme = s.tt_schemes.front();
    sr.ref_entries = largest_entries(s, sr.ref_scheme);
    const std::vector<int>& depths = s.depths.empty() ? rs.experiment.depths : s.depths;
    for (auto d = depths.rbegin(); d != depths.rend() && !sr.depth; ++d) {
      int finished = 0;
      for (const auto& id : ids) finished += sweep_finished(rs.sweep_cell(s.name, id, sr.ref_scheme, sr.ref_entries, *d));
      if (finished >= 2) sr.depth = *d;
    }
    if (!sr.depth) continue;
    for (const auto& id : ids) sr.early.add(rs.sweep_cell(s.name, id, sr.ref_scheme, sr.ref_entries, sr.depth));
    for (const auto& scheme : s.tt_schemes)
      for (std::size_t i = 0; i < s.size_count(); ++i) {
        SweepRatioRow row{scheme, s.entries_at(i, scheme), {}};
        if (scheme == sr.ref_scheme && row.entries == sr.ref_entries) continue;
        std::vector<double> ratios;
        for (const auto& id : ids) {
          const CellRecord* ref = rs.sweep_cell(s.name, id, sr.ref_scheme, sr.ref_entries, sr.depth);
          const CellRecord* cell = rs.sweep_cell(s.name, id, scheme, row.entries, sr.depth);
          if (sweep_finished(ref) && sweep_finished(cell)) ratios.push_back(double(cell->nodes()) / double(ref->nodes()));
          else sr.early.add(cell);
        }
        row.ratio = geometric_interval(ratios);
        sr.rows.push_back(std::move(row));
      }
    out.push_back(std::move(sr));
  }
  return out;
}

std::string sweep_ratios_markdown(const std::vector<SweepRatios>& all) {
  if (all.empty()) return "";
  std::string md = "## Sweeps over their positions\n\n";
  for (const auto& sr : all) {
    const std::string early_note =
        sr.early.total() ? fmt::format(" {} (marked in the tables above).", sr.early.sentence()) : std::string();
    md += fmt::format(
        "### Sweep `{}` (version {}) at depth {}\n\nEach scheme and size's nodes ÷ the nodes of `{}` at {} entries (the "
        "sweep's first scheme at its largest size) on the same position, at depth {} (the deepest depth where two or "
        "more positions searched that cell to the depth): the geometric mean over the positions where both cells "
        "searched to depth {}, with its 95 % interval (Student t on the logarithms); below 1 the cell searched fewer "
        "nodes. Computed by `harness report` from cells.jsonl; the per-position tables are above.{}\n\n"
        "| Scheme | Entries | Positions | Nodes ÷ reference [95 %] | Change |\n|---|--:|--:|--:|--:|\n",
        table_cell(sr.sweep), table_cell(sr.version), sr.depth, table_cell(sr.ref_scheme), sr.ref_entries, sr.depth,
        sr.depth, early_note);
    for (const auto& r : sr.rows) {
      const auto& g = r.ratio;
      const std::string cell = g.n == 0 ? "—"
                               : g.has_interval() ? fmt::format("{:.3f} [{:.3f}, {:.3f}]", g.mean, g.low, g.high)
                                                  : fmt::format("{:.3f}", g.mean);
      md += fmt::format("| {} | {} | {} | {} | {} |\n", table_cell(r.scheme), r.entries, g.n, cell,
                        g.n ? fmt::format("{:+.1f} %", 100 * (g.mean - 1)) : std::string("—"));
    }
    md += "\n";
  }
  return md;
}

nlohmann::json sweep_ratios_json(const std::vector<SweepRatios>& all) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& sr : all) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : sr.rows)
      rows.push_back({{"scheme", r.scheme}, {"entries", r.entries}, {"n", r.ratio.n}, {"mean", sweep_rounded(r.ratio.mean)},
                      {"low", sweep_rounded(r.ratio.low)}, {"high", sweep_rounded(r.ratio.high)}});
    out.push_back({{"sweep", sr.sweep}, {"version", sr.version}, {"reference", {{"scheme", sr.ref_scheme}, {"entries", sr.ref_entries}}},
                   {"depth", sr.depth}, {"rows", rows},
                   {"ended_early", {{"mate", sr.early.mate}, {"budget", sr.early.budget}, {"time", sr.early.time}}}});
  }
  return out;
}

}  // namespace harness
