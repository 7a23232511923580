// One LCT II position for each thesis position, never the same for two: the thesis's six positions are six
// different positions (docs/readings.md, p1-p6), so the mapping is an assignment, not six separate best matches. Among the
// assignments of distinct candidates, the one with the least total distance wins; a tie keeps the assignment
// found first (earlier thesis positions take earlier-ranked candidates), so the result is deterministic.
#pragma once

#include <optional>
#include <vector>

namespace harness {

// cost[i][j]: the distance of thesis position i to candidate j, or nullopt when j is impossible for i. Returns,
// for each i, the index of its candidate, or an empty vector when no assignment of distinct candidates exists.
std::vector<int> assign_distinct(const std::vector<std::vector<std::optional<double>>>& cost);

}  // namespace harness
