// A cell as stored: one line of DIR/cells.jsonl. It holds everything needed to re-run the cell alone (fen,
// depth, version, flags, TT size and scheme, node budget), the key that identifies those inputs plus the
// engine, and every counter. Reading a line checks that its inputs hash to its key (an edited line is
// refused) and reads the inputs into typed values, each flag absent from the line taking its current
// default. A line names its flags by their flag set's hash (cell_inputs.h FlagSet), defined once per file by a
// flag-set line.
// Reading and writing the file is cell_store.h's job.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/search_counters.h"
#include "harness/experiment/solution.h"

namespace harness {

// How full the transposition table was at the end of the cell's search (the load axis of the replacement-scheme study): slots
// holding a position (distinct positions: a position never sits in two slots) against slots in the table.
struct TableLoad {
  std::uint64_t occupied = 0;
  std::uint64_t capacity = 0;  // entries x slots per entry
  double factor() const { return capacity ? double(occupied) / double(capacity) : 0.0; }
  bool operator==(const TableLoad&) const = default;
};

// The flag sets a file's flag-set lines define, by hash, each with the typed configs its flags give over the
// current defaults: computed once per set, not once per line.
class FlagSetTable {
 public:
  struct Entry {
    FlagSet set;
    nlohmann::json flags;
    bool typed = false;  // search, eval and identity_hash computed (at the first line that names the set)
    buho::SearchConfig search;
    buho::EvalConfig eval;
    std::string identity_hash;  // the hash of the typed configs' flags with the current table (CellInputs::identity)
  };
  // A flag-set line's set. Throws std::runtime_error when `flags` does not hash to `hash` (an edited line that was
  // given a new checksum) or when the hash is defined twice with other flags.
  void add(const std::string& hash, const nlohmann::json& flags);
  Entry* find(const std::string& hash);
  std::size_t size() const { return sets_.size(); }

 private:
  std::unordered_map<std::string, Entry> sets_;
};

struct CellRecord {
  // Identity and inputs.
  std::string key;      // as stored: hashes `written_inputs` and `engine` (cell_key), never recomputed otherwise
  std::string engine;
  CellInputs inputs;    // typed: the written flags plus the current defaults of flags the line does not name
  // {fen, depth, flags, tt_entries, tt_scheme, node_budget} (and time_limit_ms where set) exactly as in the line.
  // Null in a record made by record_of_inputs, and in one read from a line whose inputs are those key_json gives (every
  // line but one with a time_limit_ms of 0): its written inputs are then those of `inputs` with `flag_set`'s hash
  // (written_inputs_json() makes them), so a run's 10^5 records build no JSON object each (about 1 us a cell) and a
  // report's 10^6 hold none.
  nlohmann::json written_inputs;
  nlohmann::json written_inputs_json() const;
  // The flag set the line names in `flags` (its hash and text).
  FlagSet flag_set;
  // Results.
  CounterValues counters;  // search_counters() order; "nodes" first (search_counters.h: names are the table's)
  std::vector<std::uint64_t> iteration_nodes;
  int depth_reached = 0;
  int seldepth = 0;
  bool completed = true;
  // Why the cell could not be measured (SSS*'s OPEN limit), "" for a measured cell. A failed cell is stored
  // (so a resume does not repeat it: delete its line to try again), kept out of every table, and listed by the
  // report; its counters are 0.
  std::string failure;
  // "time" when the cell's time limit stopped it (completed false; depth and move of its last completed iteration),
  // "" otherwise: such a cell depends on the machine and its load, unlike one stopped by the node budget.
  std::string stopped_by;
  std::string best_move;
  int score = 0;
  std::string pv;
  double search_seconds = 0;  // SearchStats::seconds
  double engine_seconds = 0;  // Engine construction + search, as timed by the runner
  // Not measured (absent) in lines written before the load was recorded, and for a search without a table:
  // never read as an empty table.
  std::optional<TableLoad> load;
  // The passes of each iteration (counters "passes" and "leaves" hold the sums).
  std::vector<std::uint64_t> iteration_passes;
  // The counters of the flags on in the cell's search (flag_search_counters(): etc's and the like), in that table's
  // order: a cell with a flag off has none of its counters (not measured, never 0).
  CounterValues flag_counters;
  std::optional<std::uint64_t> flag_counter(std::string_view name) const;  // empty when not measured
  // Absent (not measured) in lines written before them: each completed iteration's best move and seconds
  // so far (with iteration_nodes, what a solution is scored on), and the score against the position's EPD
  // bm/am when it has them.
  std::vector<std::string> iteration_best_moves;
  std::vector<double> iteration_seconds;
  std::optional<SolveResult> solve;

  std::uint64_t counter(std::string_view name) const;  // 0 when absent
  std::uint64_t nodes() const { return counter("nodes"); }

  // The cell's identity in memory (CellInputs::identity): what matching a stored cell to a cell uses. Kept from
  // the line's flag set when read or from the cell when made (the flags' dump is most of its cost).
  std::string identity() const { return identity_known.empty() ? inputs.identity() : identity_known; }
  std::string identity_known;
  // The flags as the line's flag set stores them, without the defaults of later flags.
  nlohmann::json stored_flags() const;

  nlohmann::json to_json() const;
  // Throws std::runtime_error naming the missing or malformed field (a count that is not an integer from 0, an
  // integer out of its range, negative seconds), a key that does not hash the line's inputs, flags that are not a
  // flag set's hash, a flag set that `flag_sets` does not define, or a stored flag this engine does not know.
  static CellRecord from_json(const nlohmann::json& j, FlagSetTable* flag_sets = nullptr);
};

// A record of `cell` made by `engine_identity`, with no results yet: its line will hold the cell's inputs
// as key_json() writes them, keyed for that engine.
CellRecord record_of_inputs(const CellSpec& cell, const std::string& engine_identity);

// Two stored lines of one cell (one identity) must agree on what was measured: the engine is deterministic, so
// different counters, best move, score or PV mean an edited line or a nondeterministic engine. "" when they agree,
// else a UserError's text naming the cell, `where` (a file or the inputs) and the first difference.
std::string conflict_between(const CellRecord& kept, const CellRecord& again, const std::string& where);

}  // namespace harness
