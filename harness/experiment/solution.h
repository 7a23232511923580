// Test-suite scoring: a position's solution as EPD gives it (`bm` best moves, `am` moves to avoid),
// and whether a search solved it: its final best move is a `bm` move (when `bm` is given) and not an `am` move,
// and the iteration of iterative deepening from which on every iteration's best move did so ("found and kept").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace harness {

struct Solution {
  std::vector<std::string> bm;  // UCI moves; empty = the EPD line has no `bm`
  std::vector<std::string> am;  // UCI moves; empty = no `am`
  bool empty() const { return bm.empty() && am.empty(); }
  bool solved_by(const std::string& uci_move) const;
  bool operator==(const Solution&) const = default;
};

// What one completed iteration reported: its depth, its best move, and the nodes and seconds so far.
struct IterationBest {
  int depth = 0;
  std::string move;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// A cell's result against its position's solution. `found_*` describe the first iteration from which every
// later iteration's best move (and the final one) solves; absent when the final move does not solve.
struct SolveResult {
  bool solved = false;
  std::optional<int> found_depth;
  std::optional<std::uint64_t> found_nodes;
  std::optional<double> found_seconds;
};

// `iterations` in order; `final_move` is the search's best move (the last completed iteration's, or the
// fallback of a search stopped in its first iteration, which then solves with no found_* when it fits).
SolveResult score_solution(const Solution& solution, const std::vector<IterationBest>& iterations,
                           const std::string& final_move);

}  // namespace harness
