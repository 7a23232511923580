#include "harness/experiment/cell_enumeration.h"

#include <fmt/core.h>

#include <unordered_map>

#include "harness/errors.h"
#include "harness/experiment/exact_reference.h"

namespace harness {

namespace {

// A sweep point's configs: the base version with the point's table size and scheme, both set through the
// flag table (which validated them when the config was read).
void set_tt_flags(CellInputs& in, int entries, const std::string& scheme) {
  in.search.tt_entries = entries;
  if (std::string err = buho::set_param(buho::search_params(), in.search, kTtSchemeFlag, scheme); !err.empty())
    throw UserError(fmt::format("sweep scheme: {}", err));
}

}  // namespace

std::vector<CellSpec> enumerate_cells(const Experiment& exp, const std::string& engine_identity) {
  std::vector<CellSpec> out;
  out.reserve(exp.positions.size() * exp.versions.size() * exp.depths.size());  // the versions table's cells: no
                                                                                // moves of 10^5 cells as it grows
  // The hash of each identity -> its cells' positions in `out` (hashed: 10^5 cells' identities share long prefixes,
  // which an ordered map compares again and again; by hash, so no identity of some 200 bytes is copied per cell).
  std::unordered_multimap<std::size_t, std::size_t> index;
  index.reserve(out.capacity());
  auto add = [&](CellInputs in, const TableRef& table, const FlagSet* flags = nullptr) {
    CellSpec c = make_cell(std::move(in), engine_identity, flags);
    const std::size_t hash = std::hash<std::string>{}(c.identity);
    for (auto [it, end] = index.equal_range(hash); it != end; ++it)
      if (CellSpec& first = out[it->second]; first.identity == c.identity) {
        if (!first.in_table(table)) first.tables.push_back(table);
        return;
      }
    c.tables = {table};
    c.solution = exp.solution(c.inputs.position);
    index.emplace(hash, out.size());
    out.push_back(std::move(c));
  };
  // Each version's flag set once: its dump is most of a cell's making.
  std::vector<FlagSet> version_flags;
  for (const auto& v : exp.versions) version_flags.push_back(CellInputs{"", "", 1, v.name, v.search, v.eval, 0}.flag_set());
  for (const auto& p : exp.positions)
    for (std::size_t vi = 0; vi < exp.versions.size(); ++vi)
      for (int d : exp.depths)
        if (const auto& v = exp.versions[vi]; v.runs_at(d))  // a version may run at fewer depths
          add(CellInputs{p.id, p.fen, d, v.name, v.search, v.eval, exp.node_budget, exp.time_limit_ms},
              TableRef::versions(), &version_flags[vi]);
  // The exact reference of each pruning cell of the versions table, after them (so a reference that
  // is a version's own cell, e.g. E's, is that cell), each distinct reference once.
  if (const VersionSpec* ref = exp.find_version(exp.exact_reference))
    for (const auto& p : exp.positions)
      for (const auto& v : exp.versions)
        for (int d : exp.depths) {
          if (!v.runs_at(d)) continue;
          const CellInputs cell{p.id, p.fen, d, v.name, v.search, v.eval, exp.node_budget, exp.time_limit_ms};
          if (auto in = exact_reference_inputs(cell, ref->search, ref->name))
            add(std::move(*in), TableRef::reference());
        }
  for (const auto& s : exp.sweeps)
    for_each_sweep_point(s, [&](const SweepPoint& pt) {
      const PositionSpec* p = exp.find_position(pt.position);
      CellInputs in{pt.position,      p ? p->fen : "", pt.depth,        s.version.name,
                    s.version.search, s.version.eval,  exp.node_budget, exp.time_limit_ms};
      set_tt_flags(in, pt.entries, pt.scheme);
      add(std::move(in), TableRef::sweep_named(s.name));
    });
  return out;
}

}  // namespace harness
