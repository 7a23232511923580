#include "harness/thesis/mapping_assignment.h"

#include <algorithm>
#include <limits>

namespace harness {

namespace {

// Depth-first over the thesis positions in order, each taking a candidate no earlier one took. The pools are
// small (at most a few dozen candidates for three positions), so the exhaustive search is cheap and exact.
void search(const std::vector<std::vector<std::optional<double>>>& cost, std::size_t i, double total,
            std::vector<int>& current, std::vector<bool>& taken, double& best_total, std::vector<int>& best) {
  if (i == cost.size()) {
    if (total < best_total) {  // strictly: a tie keeps the first assignment found
      best_total = total;
      best = current;
    }
    return;
  }
  for (std::size_t j = 0; j < cost[i].size(); ++j) {
    if (taken[j] || !cost[i][j]) continue;
    taken[j] = true;
    current.push_back(int(j));
    search(cost, i + 1, total + *cost[i][j], current, taken, best_total, best);
    current.pop_back();
    taken[j] = false;
  }
}

}  // namespace

std::vector<int> assign_distinct(const std::vector<std::vector<std::optional<double>>>& cost) {
  std::size_t candidates = 0;
  for (const auto& row : cost) candidates = std::max(candidates, row.size());
  std::vector<int> current, best;
  std::vector<bool> taken(candidates, false);
  double best_total = std::numeric_limits<double>::infinity();
  search(cost, 0, 0.0, current, taken, best_total, best);
  return best;
}

}  // namespace harness
