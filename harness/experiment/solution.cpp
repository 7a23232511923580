#include "harness/experiment/solution.h"

#include <algorithm>

namespace harness {

bool Solution::solved_by(const std::string& m) const {
  if (empty()) return false;
  if (!bm.empty() && std::find(bm.begin(), bm.end(), m) == bm.end()) return false;
  return std::find(am.begin(), am.end(), m) == am.end();
}

SolveResult score_solution(const Solution& solution, const std::vector<IterationBest>& iterations,
                           const std::string& final_move) {
  SolveResult r;
  r.solved = solution.solved_by(final_move);
  if (!r.solved) return r;
  // Walk back from the last iteration while each one's move solves: the earliest such is where it was found
  // and kept to the end.
  std::size_t first = iterations.size();
  while (first > 0 && solution.solved_by(iterations[first - 1].move)) --first;
  if (first < iterations.size() && iterations.back().move == final_move) {
    r.found_depth = iterations[first].depth;
    r.found_nodes = iterations[first].nodes;
    r.found_seconds = iterations[first].seconds;
  }
  return r;
}

}  // namespace harness
