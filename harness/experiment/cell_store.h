// DIR/cells.jsonl: one line per finished cell, appended and flushed at once, never rewritten.
// A line holds everything needed to re-run the cell alone (fen, depth, version, full flags, TT size
// and scheme, node budget), the key that identifies those inputs plus the engine, and every counter.
// A torn last line (a crash in the middle of a write) is detected and set aside, never parsed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace harness {

struct CellRecord {
  // Identity and inputs.
  std::string key;
  std::string engine;
  std::string position;
  std::string fen;
  int depth = 0;
  std::string version;
  nlohmann::json flags;
  int tt_entries = 0;
  std::string tt_scheme;
  std::uint64_t node_budget = 0;
  // Results.
  std::vector<std::pair<std::string, std::uint64_t>> counters;  // counter_names() order; "nodes" first
  std::vector<std::uint64_t> iteration_nodes;
  int depth_reached = 0;
  int seldepth = 0;
  bool completed = true;
  std::string best_move;
  int score = 0;
  std::string pv;
  double search_seconds = 0;  // SearchStats::seconds
  double engine_seconds = 0;  // Engine construction + search, as timed by the runner

  std::uint64_t counter(std::string_view name) const;  // 0 when absent
  std::uint64_t nodes() const { return counter("nodes"); }

  nlohmann::json to_json() const;
  // Throws std::runtime_error naming the missing or malformed field.
  static CellRecord from_json(const nlohmann::json& j);
};

// The SearchStats counters, in the order lines and CSV columns carry them.
const std::vector<std::string>& counter_names();

struct StoreContents {
  std::vector<CellRecord> rows;  // in file order
  bool torn_tail = false;        // the last line was incomplete and was ignored
  std::size_t torn_bytes = 0;
};

// Reads a cells.jsonl. A missing file is empty. An unparsable line that is not the last one is a
// UserError naming the file and line: the file was edited or corrupted, not torn by a crash.
StoreContents read_cells(const std::filesystem::path& file);

// Appends lines to a cells.jsonl. Opening it first moves any torn tail to `<file>.torn-<time>` and
// truncates it away, so new lines never glue onto a fragment. append() is thread-safe: one write()
// of the whole line under a lock, then fdatasync, so a finished cell survives a crash or power loss.
class CellStore {
 public:
  explicit CellStore(const std::filesystem::path& file);
  ~CellStore();
  CellStore(const CellStore&) = delete;
  CellStore& operator=(const CellStore&) = delete;
  void append(const CellRecord& rec);

 private:
  struct Impl;
  Impl* impl_;
};

// "20240131-235959": for names of files moved aside.
std::string timestamp_for_filename();

}  // namespace harness
