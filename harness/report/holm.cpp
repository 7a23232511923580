#include "harness/report/holm.h"

#include <algorithm>
#include <numeric>

namespace harness {

std::vector<bool> holm_rejects(const std::vector<double>& p, double alpha) {
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  std::vector<bool> out(p.size(), false);
  const std::size_t m = p.size();
  for (std::size_t k = 0; k < m; ++k) {
    if (p[order[k]] > alpha / double(m - k)) break;  // step-down: the first one kept stops the procedure
    out[order[k]] = true;
  }
  return out;
}

}  // namespace harness
