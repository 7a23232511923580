// summary.json: totals, the tables as nested objects, the thesis comparison and the claims.
#include <fmt/core.h>

#include "harness/report/drivers_study.h"
#include "harness/report/pruning_cost.h"
#include "harness/report/study.h"
#include "harness/thesis/thesis_fit.h"
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

  for (const auto& study : report_studies(report))  // study.h: a member only where the study applies
    if (study->applies()) study->add_to_summary(j);
  return j.dump(2) + "\n";
}

}  // namespace harness
