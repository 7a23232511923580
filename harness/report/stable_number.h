// A figure written to summary.json, rounded to 9 decimals: the file must be the same whichever compiler rebuilds it
// (committed_reports_slow_test), and a log, an exp or Boost's t quantile may differ in the last bit between gcc -O3
// and clang -O1.
#pragma once

#include <cmath>

namespace harness {

inline double stable_number(double x) { return std::round(x * 1e9) / 1e9; }

}  // namespace harness
