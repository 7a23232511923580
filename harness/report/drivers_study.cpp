#include "harness/report/drivers_study.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "engine/root_driver.h"
#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"
#include "harness/report/median.h"

namespace harness {

namespace {

using buho::RootDriver;

bool has_ordering(const buho::SearchConfig& s) { return s.mvv_lva || s.killers || s.history || s.hash_move; }

// The first version of the experiment that `fits`, or "".
template <class Fits>
std::string find_driver_role(const Experiment& exp, Fits&& fits) {
  for (const auto& v : exp.versions)
    if (fits(v.search)) return v.name;
  return "";
}

// A cell of `version` that searched to `depth` on `position` (depth_end.h), or nullptr.
const CellRecord* completed_driver_cell(const ResultSet& rs, const std::string& position, const std::string& version, int depth) {
  const CellRecord* r = rs.version_cell(position, version, depth);
  return counts_at_depth(r) ? r : nullptr;
}

std::uint64_t driver_last_iteration_nodes(const CellRecord& r) {
  return r.iteration_nodes.empty() ? r.nodes() : r.iteration_nodes.back();
}

// version ÷ reference over the positions measured in both, by `value` (0 = no ratio: skipped).
template <class Value>
GeometricInterval driver_ratio_over_positions(const ResultSet& rs, const std::string& version, const std::string& reference,
                                       int depth, Value&& value_of_version, Value&& value_of_reference) {
  std::vector<double> ratios;
  for (const auto& p : rs.experiment.positions) {
    const CellRecord* a = completed_driver_cell(rs, p.id, version, depth);
    const CellRecord* b = completed_driver_cell(rs, p.id, reference, depth);
    if (!a || !b) continue;
    const double x = value_of_version(*a), y = value_of_reference(*b);
    if (x > 0 && y > 0) ratios.push_back(x / y);
  }
  return geometric_interval(ratios);
}

double driver_nodes_of(const CellRecord& r) { return double(r.nodes()); }
double driver_leaves_of(const CellRecord& r) { return double(r.counter("leaves")); }
double driver_last_nodes_of(const CellRecord& r) { return double(driver_last_iteration_nodes(r)); }

// The row of `rows` for version and depth, or nullptr.
const DriverRatioRow* driver_row_of(const std::vector<DriverRatioRow>& rows, const std::string& version, int depth) {
  for (const auto& r : rows)
    if (r.version == version && r.depth == depth) return &r;
  return nullptr;
}

}  // namespace

namespace {

// Each version's nodes and leaves over NegaScout's, its last iteration over the minimal tree, and the passes of the
// drivers that search by null-window passes: per depth.
void add_driver_rows(const ResultSet& rs, DriversStudy& st) {
  const Experiment& exp = rs.experiment;
  for (const auto& v : exp.versions)
    for (int d : exp.depths) {
      if (!st.negascout.empty() && v.name != st.negascout && v.search.root_driver != RootDriver::Minimal)
        st.to_negascout.push_back({v.name, d, driver_ratio_over_positions(rs, v.name, st.negascout, d, driver_nodes_of, driver_nodes_of),
                                   driver_ratio_over_positions(rs, v.name, st.negascout, d, driver_leaves_of, driver_leaves_of)});
      if (!st.minimal.empty() && v.name != st.minimal)
        st.to_minimal.push_back({v.name, d, driver_ratio_over_positions(rs, v.name, st.minimal, d, driver_last_nodes_of, driver_nodes_of), {}});
      if (buho::root_driver_info(v.search.root_driver).null_window_passes) {
        PassesRow row{v.name, d};
        std::vector<double> passes;
        for (const auto& p : exp.positions)
          if (const CellRecord* r = completed_driver_cell(rs, p.id, v.name, d);
              r && int(r->iteration_passes.size()) >= 1) {
            const std::uint64_t last = r->iteration_passes.back();
            passes.push_back(double(last));
            row.max = std::max(row.max, last);
          }
        row.positions = passes.size();
        row.median = median(passes, 0);
        if (row.positions > 0) st.passes.push_back(row);
      }
    }
}

}  // namespace

DriversStudy build_drivers_study(const ResultSet& rs) {
  const Experiment& exp = rs.experiment;
  DriversStudy st;
  auto driver_is = [](RootDriver d) { return [d](const buho::SearchConfig& s) { return s.root_driver == d; }; };
  st.negascout = find_driver_role(exp, [](const buho::SearchConfig& s) {
    return s.root_driver == RootDriver::NegaScout && !s.aspiration && has_ordering(s) && !buho::prunes_forward(s);
  });
  st.negascout_aspiration = find_driver_role(exp, [](const buho::SearchConfig& s) {
    return s.root_driver == RootDriver::NegaScout && s.aspiration && s.iterative_deepening && has_ordering(s) &&
           !buho::prunes_forward(s);
  });
  st.alphabeta = find_driver_role(exp, [](const buho::SearchConfig& s) {
    // The table as NegaScout's (cut-offs on): B, which has none, is not this role.
    return s.root_driver == RootDriver::AlphaBeta && !s.pvs && !s.aspiration && s.tt_cutoffs && has_ordering(s) &&
           !buho::prunes_forward(s);
  });
  st.alphabeta_poor = find_driver_role(exp, [](const buho::SearchConfig& s) {
    return s.root_driver == RootDriver::AlphaBeta && !s.pvs && !s.aspiration && s.tt_cutoffs && !has_ordering(s) &&
           !buho::prunes_forward(s);
  });
  st.negascout_poor = find_driver_role(exp, [](const buho::SearchConfig& s) {
    return s.root_driver == RootDriver::NegaScout && !s.aspiration && !has_ordering(s) && !buho::prunes_forward(s);
  });
  st.minimal = find_driver_role(exp, driver_is(RootDriver::Minimal));
  // A design's minimal tree is the yardstick of its effects study (effects_study.h), not a driver compared here: a
  // design with no other driver role has no drivers section.
  const bool design_minimal_only = st.negascout.empty() && exp.design && st.minimal == Design::kMinimalTreeVersion;
  st.present = !design_minimal_only && (!st.negascout.empty() || !st.minimal.empty());
  if (!st.present) return st;

  add_driver_rows(rs, st);
  return st;
}

std::string drivers_markdown(const DriversStudy& st) {
  if (!st.present) return "";
  std::string md = "## Search drivers and the minimal tree\n\n";
  md += "Every figure in this section is computed by `harness report` from cells.jsonl; which version plays which "
        "role is found by the versions' flags (harness/report/drivers_study.cpp). A ratio is a geometric mean over the "
        "positions measured (and completed) in both versions, with its 95 % Student-t interval. The literature's "
        "claims about the drivers (Plaat et al. 1996's P1-P5, the survey's S1-S2, the thesis's C10) are data "
        "(configs/claims/drivers.json): a config that names them has them judged in the report's Claims section.\n\n";
  md += fmt::format("Roles: NegaScout = `{}`, aspiration NegaScout = `{}`, alpha-beta = `{}`, with poor ordering = "
                    "`{}` / `{}`, minimal tree = `{}`. The minimal tree's row counts one proof tree at the cell's "
                    "depth (not a sum over iterations), so versions are compared with it by their last iteration's "
                    "nodes.\n\n",
                    st.negascout, st.negascout_aspiration, st.alphabeta, st.alphabeta_poor, st.negascout_poor,
                    st.minimal);
  auto table = [&](const std::vector<DriverRatioRow>& rows, bool with_leaves, const std::string& title) {
    if (rows.empty()) return;
    std::vector<int> depths;
    std::vector<std::string> versions;
    for (const auto& r : rows) {
      if (std::find(depths.begin(), depths.end(), r.depth) == depths.end()) depths.push_back(r.depth);
      if (std::find(versions.begin(), versions.end(), r.version) == versions.end()) versions.push_back(r.version);
    }
    md += title + "\n\n| Version |";
    for (int d : depths) md += fmt::format(" d{} |", d);
    md += "\n|---|";
    for (std::size_t i = 0; i < depths.size(); ++i) md += "---|";
    md += "\n";
    for (const auto& v : versions) {
      md += fmt::format("| {} |", table_cell(v));
      for (int d : depths) {
        const DriverRatioRow* r = driver_row_of(rows, v, d);
        if (!r || r->nodes.n == 0) {
          md += " — |";
          continue;
        }
        md += fmt::format(" {} |", interval_text(r->nodes));
        if (with_leaves && r->leaves.n > 0) md.insert(md.size() - 2, fmt::format("; leaves {}", interval_text(r->leaves)));
      }
      md += "\n";
    }
    md += "\n";
  };
  table(st.to_negascout, true, fmt::format("### Nodes (and leaves) as a ratio to NegaScout (`{}`)", st.negascout));
  if (!st.passes.empty()) {
    md += "### Passes (null-window searches of the root) in the iteration at each depth\n\n"
          "| Version | Depth | Positions | Median | Max |\n|---|--:|--:|--:|--:|\n";
    for (const auto& r : st.passes)
      md += fmt::format("| {} | {} | {} | {:g} | {} |\n", table_cell(r.version), r.depth, r.positions, r.median, r.max);
    md += "\n";
  }
  table(st.to_minimal, false,
        fmt::format("### Last-iteration nodes as a multiple of the minimal tree (`{}`)", st.minimal));
  return md;
}

nlohmann::json drivers_json(const DriversStudy& st) {
  auto interval = [](const GeometricInterval& g) {
    auto r9 = [](double x) { return std::round(x * 1e9) / 1e9; };
    return nlohmann::json{{"n", g.n}, {"mean", r9(g.mean)}, {"low", r9(g.low)}, {"high", r9(g.high)}};
  };
  nlohmann::json j;
  j["roles"] = {{"negascout", st.negascout}, {"negascout_aspiration", st.negascout_aspiration},
                {"alphabeta", st.alphabeta}, {"alphabeta_poor", st.alphabeta_poor},
                {"negascout_poor", st.negascout_poor}, {"minimal", st.minimal}};
  j["to_negascout"] = nlohmann::json::array();
  for (const auto& r : st.to_negascout)
    if (r.nodes.n > 0)
      j["to_negascout"].push_back({{"version", r.version}, {"depth", r.depth}, {"nodes", interval(r.nodes)},
                                   {"leaves", interval(r.leaves)}});
  j["to_minimal"] = nlohmann::json::array();
  for (const auto& r : st.to_minimal)
    if (r.nodes.n > 0) j["to_minimal"].push_back({{"version", r.version}, {"depth", r.depth}, {"nodes", interval(r.nodes)}});
  j["passes"] = nlohmann::json::array();
  for (const auto& r : st.passes)
    j["passes"].push_back(
        {{"version", r.version}, {"depth", r.depth}, {"positions", r.positions}, {"median", r.median}, {"max", r.max}});
  return j;
}

}  // namespace harness
