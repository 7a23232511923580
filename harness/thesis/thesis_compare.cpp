#include "harness/thesis/thesis_compare.h"

#include <algorithm>

#include <fmt/core.h>


#include "harness/experiment/cell_record.h"
#include "harness/errors.h"
#include "harness/report/plain_csv.h"
#include "harness/thesis/thesis_setup.h"

namespace harness {

ThesisData load_thesis_data(const std::filesystem::path& dir) {
  ThesisData t;
  try {
    for (const auto& r : read_plain_csv(dir / "thesis_versions_nodes.csv", 4, "the thesis data"))
      t.versions[{std::stoi(r[0]), r[1], std::stoi(r[2])}] = std::stoull(r[3]);
    for (const auto& r : read_plain_csv(dir / "thesis_tt_nodes.csv", 4, "the thesis data"))
      t.tt[{r[0], std::stoi(r[1]), std::stoi(r[2])}] = std::stoull(r[3]);
  } catch (const std::logic_error& e) {
    throw UserError(fmt::format("{}: malformed number in the thesis data ({})", dir.string(), e.what()));
  }
  return t;
}

std::vector<ComparisonRow> compare_with_thesis(const ResultSet& rs, const ThesisData& thesis) {
  std::vector<ComparisonRow> out;
  const Experiment& exp = rs.experiment;
  for (const auto& p : exp.positions) {
    if (!p.thesis_position) continue;
    for (const auto& v : exp.versions)
      for (int d : exp.depths) {
        auto it = thesis.versions.find({*p.thesis_position, v.name, d});
        if (it == thesis.versions.end()) continue;
        ComparisonRow row{TableRef::versions(), p.id, *p.thesis_position, v.name, d, 0, "", it->second, std::nullopt};
        if (const auto* r = rs.version_cell(p.id, v.name, d)) {
          row.measured = r->nodes();
          row.truncated = !r->completed;
        }
        out.push_back(row);
      }
  }
  // Tables B.7-B.9: the thesis's TT version on its TT position (thesis_setup.h), its schemes only.
  for (const auto& s : exp.sweeps) {
    if (s.version.name != thesis::kTtTableVersion) continue;
    for_each_sweep_point(s, [&](const SweepPoint& pt) {
      const PositionSpec* p = exp.find_position(pt.position);
      if (!p || p->thesis_position != thesis::kTtTablePosition) return;
      if (!thesis::scheme_of(pt.scheme)) return;
      auto it = thesis.tt.find({pt.scheme, pt.depth, pt.entries});
      if (it == thesis.tt.end()) return;
      ComparisonRow row{TableRef::sweep_named(s.name), pt.position, thesis::kTtTablePosition, s.version.name, pt.depth,
                        pt.entries, pt.scheme, it->second, std::nullopt};
      if (const auto* r = rs.sweep_cell(s.name, pt.position, pt.scheme, pt.entries, pt.depth)) {
        row.measured = r->nodes();
        row.truncated = !r->completed;
      }
      out.push_back(row);
    });
  }
  return out;
}

ResultSet thesis_as_results(const ResultSet& rs, const std::vector<ComparisonRow>& comparison) {
  ResultSet out = rs;
  out.clear_records();
  for (const auto& row : comparison)
    for (const auto& c : rs.cells) {
      const CellInputs& in = c.inputs;
      if (!c.in_table(row.table) || in.position != row.position || in.depth != row.depth) continue;
      if (!row.table.is_sweep() ? in.version != row.version
                                : (in.tt_entries() != row.tt_entries || in.tt_scheme() != row.tt_scheme))
        continue;
      CellRecord r = record_of_inputs(c, "thesis");
      r.counters = {{"nodes", row.thesis_nodes}};
      r.completed = true;
      r.depth_reached = in.depth;  // the thesis's tables give each cell at its depth
      out.put(c.identity, std::move(r));
    }
  return out;
}

}  // namespace harness
