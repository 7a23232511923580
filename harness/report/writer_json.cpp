// summary.json: totals, the tables as nested objects, the thesis comparison and the claims.
#include <fmt/core.h>

#include "harness/report/drivers_study.h"
#include "harness/report/pruning_cost.h"
#include "harness/report/study.h"
#include "harness/report/thesis_fit.h"
#include "harness/report/writers.h"

namespace harness {

std::string summary_json(const Report& report) {
  using nlohmann::json;
  const ResultSet& rs = report.rs;
  const Experiment& exp = rs.experiment;
  json j;
  j["name"] = exp.name;
  j["description"] = exp.description;
  j["engine"] = rs.engine;
  std::uint64_t nodes = 0;
  double engine_s = 0, search_s = 0;
  for (const auto& c : rs.cells)
    if (const CellRecord* r = rs.record(c)) {
      nodes += r->nodes();
      engine_s += r->engine_seconds;
      search_s += r->search_seconds;
    }
  j["cells"] = {{"total", rs.cells.size()}, {"measured", rs.measured()}};
  j["nodes_total"] = nodes;
  j["engine_seconds_total"] = engine_s;
  j["search_seconds_total"] = search_s;

  json versions = json::object();  // position -> version -> depth -> nodes
  for (const auto& p : exp.positions)
    for (const auto& v : exp.versions)
      for (int d : exp.depths)
        if (const auto* r = rs.version_cell(p.id, v.name, d)) versions[p.id][v.name][std::to_string(d)] = r->nodes();
  j["versions"] = versions;

  json sweeps = json::object();  // sweep -> position -> scheme -> entries -> depth -> nodes
  for (const auto& s : exp.sweeps)
    for_each_sweep_point(s, [&](const SweepPoint& pt) {
      if (const auto* r = rs.sweep_cell(s.name, pt.position, pt.scheme, pt.entries, pt.depth))
        sweeps[s.name][pt.position][pt.scheme][std::to_string(pt.entries)][std::to_string(pt.depth)] = r->nodes();
    });
  j["sweeps"] = sweeps;

  json cmp = json::array();
  for (const auto& r : report.comparison) {
    json row = {{"table", r.table.text()}, {"position", r.position}, {"thesis_position", r.thesis_position},
                {"version", r.version}, {"depth", r.depth}, {"thesis_nodes", r.thesis_nodes}};
    if (!r.tt_scheme.empty()) {
      row["tt_scheme"] = r.tt_scheme;
      row["tt_entries"] = r.tt_entries;
    }
    row["measured_nodes"] = r.measured ? json(*r.measured) : json(nullptr);
    row["ratio"] = r.measured ? json(std::round(r.ratio() * 1e4) / 1e4) : json(nullptr);
    if (r.thesis_flagged) row["thesis_flagged"] = true;
    cmp.push_back(row);
  }
  j["thesis_comparison"] = cmp;

  json fit = json::array();
  for (const auto& f : thesis_fit(report.comparison))
    fit.push_back({{"group", f.group}, {"compared", f.compared}, {"stopped_by_budget", f.stopped},
                   {"not_measured", f.not_measured}, {"median_factor", std::round(f.median_factor * 1e3) / 1e3},
                   {"within_2x", std::round(f.within_2x * 1e3) / 1e3}, {"worst_tenth_factor", std::round(f.worst_tenth * 1e3) / 1e3}});
  if (!fit.empty()) j["thesis_fit"] = fit;
  if (report.fidelity.present) j["fidelity"] = fidelity_json(report.fidelity);
  if (std::any_of(report.comparison.begin(), report.comparison.end(), [](const ComparisonRow& r) { return !r.table.is_sweep(); }))
    j["thesis_credibility"] = credibility_json(report.credibility);

  for (const auto& study : report_studies(report))  // study.h: a member only where the study applies
    if (study->applies()) j[std::string(study->name())] = study->json();
  return j.dump(2) + "\n";
}

}  // namespace harness
