// The median, the one statistic of a list that the reports, the calibration and the benchmarks all take.
#pragma once

#include <algorithm>
#include <limits>
#include <vector>

namespace harness {

// The median of `v` (the mean of the two middle values when their number is even); `if_empty` for an empty list.
inline double median(std::vector<double> v, double if_empty = std::numeric_limits<double>::quiet_NaN()) {
  if (v.empty()) return if_empty;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace harness
