// The tidy CSV writers: one row per cell (cells.csv) and one per thesis datum (thesis_comparison.csv).
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "harness/experiment/search_counters.h"
#include "harness/mate_score.h"
#include "harness/report/writers.h"

namespace harness {

namespace {

std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// A flag's value as a CSV field: true/false, a number, or a name, as configs write it (pandas reads the first two
// as bool and int64).
std::string flag_field(const nlohmann::json& v) { return v.is_string() ? field(v.get<std::string>()) : v.dump(); }

// The flags whose value is not the same in every one of the run's flag sets, in name order (the flags JSON's sorted keys,
// eval.<term> among them): the columns that tell a custom version's cells apart without joining experiment.json.
// tt_entries and tt_scheme are left out: cells.csv has their columns already.
std::vector<std::string> varying_flags(const std::vector<nlohmann::json>& flags) {
  std::vector<std::string> out;
  if (flags.empty()) return out;
  for (const auto& [name, first] : flags.front().items()) {
    if (name == kTtEntriesFlag || name == kTtSchemeFlag) continue;
    for (const auto& f : flags)
      if (f.at(name) != first) {
        out.push_back(name);
        break;
      }
  }
  return out;
}

// The memory a `tt_bytes` (equal-memory) sweep gave a cell: the size as the config wrote it (16 KiB for bucket4's
// 256 entries and always's 1024), looked up by sweep, scheme and entries. A cell of no such sweep has none.
class SweepBytes {
 public:
  explicit SweepBytes(const Experiment& e) {
    for (const auto& s : e.sweeps)
      if (s.sized_in_bytes())
        for (const auto& scheme : s.tt_schemes)
          for (std::size_t i = 0; i < s.size_count(); ++i) bytes_.try_emplace({s.name, scheme, s.entries_at(i, scheme)}, s.tt_bytes[i]);
  }
  std::optional<std::uint64_t> of(const CellSpec& c) const {
    if (bytes_.empty()) return std::nullopt;
    for (const auto& t : c.tables)
      if (t.is_sweep())
        if (auto it = bytes_.find({t.sweep, c.inputs.tt_scheme(), c.inputs.tt_entries()}); it != bytes_.end()) return it->second;
    return std::nullopt;
  }

 private:
  std::map<std::tuple<std::string, std::string, int>, std::uint64_t> bytes_;
};

}  // namespace

namespace {

// cells.csv's columns: which of the optional groups some measured cell fills, and the header naming them.
struct CsvColumns {
  std::vector<std::string> header;
  std::vector<std::string> flags;          // the flags that vary, a column each after `completed`
  std::vector<std::string> flag_counters;  // a flag's counters (etc) that some cell measured
  bool any_bytes = false, any_load = false, any_solve = false, any_reference = false;
};

CsvColumns csv_columns(const ResultSet& rs, const std::vector<nlohmann::json>& flags, const SweepBytes& bytes) {
  CsvColumns cols;
  std::vector<std::string>& header = cols.header;
  header = {"key", "groups", "position", "thesis_position", "phase", "depth", "version", "tt_entries"};
  // tt_bytes: the memory an equal-memory sweep (`tt_bytes` in the config) gave the cell, beside the entries it
  // ran with; a column only when some cell has it, empty for the others.
  for (const auto& c : rs.cells)
    if (rs.record(c) && bytes.of(c)) {
      cols.any_bytes = true;
      header.emplace_back("tt_bytes");
      break;
    }
  for (const char* h : {"tt_scheme", "node_budget", "completed"}) header.emplace_back(h);
  // The flag columns are those whose value varies among the measured cells.
  cols.flags = varying_flags(flags);
  const std::size_t flags_at = header.size();  // the flag columns go after `completed`, named once the rest is known
  for (const auto& c : search_counters())
    if (c.line != CounterLine::drivers) header.emplace_back(c.name);
  // mate_in: the score as UCI's `mate N` (moves, signed: negative when the side to move is mated); empty when the
  // score is not a mate.
  for (const char* h : {"depth_reached", "seldepth", "iteration_nodes", "best_move", "score", "mate_in", "search_seconds",
                        "engine_seconds", "nps", "fen"})
    header.emplace_back(h);
  // The table's fill at the end of the search (occupied slots ÷ slots, <= 1): columns only when some cell
  // measured it; a cell without it leaves them empty (not measured). Not the study's "load" (REPORT.md), which is
  // the positions the tree stores per slot and passes 1 when the table is too small.
  for (const auto& c : rs.cells)
    if (const CellRecord* r = rs.record(c); r && r->load) cols.any_load = true;
  if (cols.any_load)
    for (const char* h : {"tt_occupied", "tt_capacity", "tt_fill"}) header.emplace_back(h);
  // The drivers' counters (passes, leaves, open_peak) and the passes per iteration: after the load's, where they
  // were added.
  for (const auto& c : search_counters())
    if (c.line == CounterLine::drivers) header.emplace_back(c.name);
  header.emplace_back("iteration_passes");
  // A flag's counters (etc): a column each only when some cell measured it.
  for (const auto& f : flag_search_counters())
    for (const auto& c : rs.cells)
      if (const CellRecord* r = rs.record(c); r && r->flag_counter(f.counter.name)) {
        cols.flag_counters.emplace_back(f.counter.name);
        header.emplace_back(f.counter.name);
        break;
      }
  // By the same rule: the score against the suite's bm/am when some cell has one, and the agreement
  // with the exact search when the experiment names references (empty: not measured, or a cell that prunes nothing).
  for (const auto& c : rs.cells) {
    if (const CellRecord* r = rs.record(c); r && r->solve) cols.any_solve = true;
    if (rs.has_reference(c)) cols.any_reference = true;
  }
  if (cols.any_solve)
    for (const char* h : {"solved", "solved_depth", "solved_nodes", "solved_seconds"}) header.emplace_back(h);
  if (cols.any_reference)
    for (const char* h : {"exact_best_move", "same_best_move", "score_diff"}) header.emplace_back(h);
  // Each flag column is named by the flag; a flag whose name is another column's (tt_cutoffs: a switch and a
  // counter) is written flag.<name>, so no two columns share a name.
  std::vector<std::string> flag_header;
  for (const auto& f : cols.flags)
    flag_header.push_back(std::find(header.begin(), header.end(), f) != header.end() ? "flag." + f : f);
  header.insert(header.begin() + std::ptrdiff_t(flags_at), flag_header.begin(), flag_header.end());
  return cols;
}

// One measured cell's row, in `cols`' columns.
std::vector<std::string> cell_row(const ResultSet& rs, const CellSpec& c, const CellRecord& r,
                                  const nlohmann::json& cell_flags, const CsvColumns& cols, const SweepBytes& bytes) {
  const CellInputs& in = c.inputs;
  const PositionSpec* p = rs.experiment.find_position(in.position);
  std::vector<std::string> tables;
  for (const auto& t : c.tables) tables.push_back(t.text());
  std::vector<std::string> row = {r.key,  // the key stored with the cell
                                  join(tables, ";"),
                                  field(in.position),
                                  p && p->thesis_position ? std::to_string(*p->thesis_position) : "",
                                  p ? p->phase : "",
                                  std::to_string(in.depth),
                                  field(in.version),
                                  std::to_string(in.tt_entries())};
  if (cols.any_bytes) {
    const auto b = bytes.of(c);
    row.push_back(b ? std::to_string(*b) : "");
  }
  for (const std::string& v : {in.tt_scheme(), std::to_string(in.node_budget), std::string(r.completed ? "true" : "false")})
    row.push_back(v);
  for (const auto& f : cols.flags) row.push_back(flag_field(cell_flags.at(f)));
  for (const auto& counter : search_counters())
    if (counter.line != CounterLine::drivers) row.push_back(std::to_string(r.counter(counter.name)));
  std::vector<std::string> iters;
  for (auto n : r.iteration_nodes) iters.push_back(std::to_string(n));
  row.push_back(std::to_string(r.depth_reached));
  row.push_back(std::to_string(r.seldepth));
  row.push_back(join(iters, " "));
  row.push_back(r.best_move);
  row.push_back(std::to_string(r.score));
  const auto mate = mate_in_moves(r.score);
  row.push_back(mate ? std::to_string(*mate) : "");
  row.push_back(fmt::format("{:.6f}", r.search_seconds));
  row.push_back(fmt::format("{:.6f}", r.engine_seconds));
  row.push_back(fmt::format("{:.0f}", r.search_seconds > 0 ? double(r.nodes()) / r.search_seconds : 0.0));
  row.push_back(field(in.fen));
  if (cols.any_load) {
    row.push_back(r.load ? std::to_string(r.load->occupied) : "");
    row.push_back(r.load ? std::to_string(r.load->capacity) : "");
    row.push_back(r.load ? fmt::format("{:.6f}", r.load->factor()) : "");
  }
  for (const auto& counter : search_counters())
    if (counter.line == CounterLine::drivers) row.push_back(std::to_string(r.counter(counter.name)));
  std::vector<std::string> passes;
  for (auto n : r.iteration_passes) passes.push_back(std::to_string(n));
  row.push_back(join(passes, " "));
  for (const auto& name : cols.flag_counters) {
    const auto v = r.flag_counter(name);
    row.push_back(v ? std::to_string(*v) : "");
  }
  if (cols.any_solve) {
    const auto& sv = r.solve;
    row.push_back(sv ? (sv->solved ? "true" : "false") : "");
    row.push_back(sv && sv->found_depth ? std::to_string(*sv->found_depth) : "");
    row.push_back(sv && sv->found_nodes ? std::to_string(*sv->found_nodes) : "");
    row.push_back(sv && sv->found_seconds ? fmt::format("{:.6f}", *sv->found_seconds) : "");
  }
  if (cols.any_reference) {
    const CellRecord* ref = rs.reference_of(c);
    row.push_back(ref ? ref->best_move : "");
    row.push_back(ref ? (ref->best_move == r.best_move ? "true" : "false") : "");
    row.push_back(ref ? std::to_string(r.score - ref->score) : "");
  }
  return row;
}

}  // namespace

std::string cells_csv(const ResultSet& rs) {
  // Every measured cell's flags, as one of the run's few distinct flag sets (named by their hash): the flags of each
  // set are read once, not once per cell, so the columns cost the sets times the flags, not the cells times the flags.
  std::vector<nlohmann::json> flag_sets;
  std::unordered_map<std::string, std::size_t> set_of_hash;
  std::vector<std::size_t> set_of_cell;
  for (const auto& c : rs.cells) {
    if (!rs.record(c)) continue;
    if (c.flag_set.hash.empty()) {  // a cell made without its set's hash: its flags alone
      set_of_cell.push_back(flag_sets.size());
      flag_sets.push_back(c.inputs.flags_json());
      continue;
    }
    auto [it, added] = set_of_hash.try_emplace(c.flag_set.hash, flag_sets.size());
    if (added) flag_sets.push_back(c.inputs.flags_json());
    set_of_cell.push_back(it->second);
  }
  const SweepBytes bytes(rs.experiment);
  const CsvColumns cols = csv_columns(rs, flag_sets, bytes);
  std::string out = join(cols.header, ",") + "\n";
  std::size_t row = 0;
  for (const auto& c : rs.cells)
    if (const CellRecord* measured = rs.record(c))
      out += join(cell_row(rs, c, *measured, flag_sets[set_of_cell[row++]], cols, bytes), ",") + "\n";
  return out;
}

std::string thesis_comparison_csv(const ThesisReport& thesis) {
  // thesis_flagged: 1 where the credibility test flags the thesis's cell (thesis_credibility.h).
  std::string out = "table,position,thesis_position,version,tt_scheme,tt_entries,depth,thesis_nodes,measured_nodes,ratio,thesis_flagged\n";
  for (const auto& r : thesis.comparison)
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", r.table.text(), field(r.position), r.thesis_position, field(r.version),
                       r.tt_scheme, r.tt_entries ? std::to_string(r.tt_entries) : "", r.depth, r.thesis_nodes,
                       r.measured ? std::to_string(*r.measured) : "", r.measured ? fmt::format("{:.4f}", r.ratio()) : "",
                       r.thesis_flagged ? 1 : 0);
  return out;
}

}  // namespace harness
