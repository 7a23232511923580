// A cell as stored: one line of DIR/cells.jsonl. It holds everything needed to re-run the cell alone (fen,
// depth, version, full flags, TT size and scheme, node budget), the key that identifies those inputs plus the
// engine, and every counter. Reading and writing the file is cell_store.h's job.
#pragma once

#include <cstdint>
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

}  // namespace harness
