#include "harness/experiment/cell_enumeration.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <utility>

#include "harness/errors.h"
#include "harness/experiment/exact_reference.h"
#include "harness/storage/line_checksum.h"  // line_hash64

namespace harness {

namespace {

// A sweep point's configs: the base version with the point's table size and scheme, both set through the
// flag table (which validated them when the config was read).
void set_tt_flags(CellInputs& in, int entries, const std::string& scheme) {
  in.search.tt_entries = entries;
  if (std::string err = buho::set_param(buho::search_params(), in.search, kTtSchemeFlag, scheme); !err.empty())
    throw UserError(fmt::format("sweep scheme: {}", err));
}

// Each cell whose identity an earlier cell has is dropped, its table added to the earlier cell's (once). Cells are
// grouped by their identity's hash, sorted (a hashed multimap of 10^5 cells took 0.4 us a cell), and compared
// within a group, in order, so the first cell of an identity stays and gets its tables in the order they came.
void drop_repeated_cells(std::vector<CellSpec>& cells) {
  std::vector<std::pair<std::uint64_t, std::size_t>> by_hash;
  by_hash.reserve(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) by_hash.emplace_back(line_hash64(cells[i].identity), i);
  std::sort(by_hash.begin(), by_hash.end());
  std::vector<bool> dropped(cells.size());
  for (std::size_t from = 0; from < by_hash.size();) {
    std::size_t to = from + 1;
    while (to < by_hash.size() && by_hash[to].first == by_hash[from].first) ++to;
    for (std::size_t a = from + 1; a < to; ++a) {
      CellSpec& again = cells[by_hash[a].second];
      for (std::size_t b = from; b < a; ++b)
        if (CellSpec& first = cells[by_hash[b].second]; !dropped[by_hash[b].second] && first.identity == again.identity) {
          if (!first.in_table(again.tables[0])) first.tables.push_back(again.tables[0]);
          dropped[by_hash[a].second] = true;
          break;
        }
    }
    from = to;
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (!dropped[i]) {
      if (kept != i) cells[kept] = std::move(cells[i]);
      ++kept;
    }
  cells.erase(cells.begin() + std::ptrdiff_t(kept), cells.end());
}

}  // namespace

std::vector<CellSpec> enumerate_cells(const Experiment& exp, const std::string& engine_identity) {
  std::vector<CellSpec> out;
  out.reserve(exp.positions.size() * exp.versions.size() * exp.depths.size());  // the versions table's cells: no
                                                                                // moves of 10^5 cells as it grows
  // Every cell is made first, in order, each in the one table that made it; cells of one identity are then joined
  // (drop_repeated_cells).
  auto add = [&](CellInputs in, const TableRef& table, const FlagSet* flags = nullptr) {
    CellSpec c = make_cell(std::move(in), engine_identity, flags);
    c.tables = {table};
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
  drop_repeated_cells(out);
  for (CellSpec& c : out) c.solution = exp.solution(c.inputs.position);
  return out;
}

}  // namespace harness
