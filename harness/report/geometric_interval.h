// The summary every conclusion over many positions uses (research standard: a geometric mean with a 95 %
// interval, never one position's count): the geometric mean of positive ratios and its 95 % confidence
// interval, a Student t interval on the logarithms (n - 1 degrees of freedom).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "harness/report/verdict.h"

namespace harness {

struct GeometricInterval {
  std::size_t n = 0;   // ratios summarised
  double mean = 0;     // geometric mean (0 when n = 0)
  double low = 0;      // 95 % interval; equal to mean when n < 2 (no interval)
  double high = 0;
  bool has_interval() const { return n >= 2; }
  // Whether the whole interval lies below / above 1 (a difference the positions support).
  bool below_one() const { return has_interval() && high < 1.0; }
  bool above_one() const { return has_interval() && low > 1.0; }
};

// Ratios must be positive and finite; anything else is skipped (a cell with 0 nodes has no ratio).
GeometricInterval geometric_interval(const std::vector<double>& ratios);

// The verdict of a claim that the ratio lies in [low, high] (high may be infinite), as the research standard
// reads an interval: "holds" only when the whole 95 % interval lies inside the band, "does not hold" when it lies
// wholly outside, "undecided" otherwise — an interval that merely meets the band decides nothing, and fewer than
// two units (no interval) never decide.
Verdict band_verdict(const GeometricInterval& g, double low, double high);
// The same rule for any interval [lo, hi] (a share, a difference of proportions): the one place it is written.
Verdict interval_verdict(bool has_interval, double lo, double hi, double low, double high);

// "0.912 [0.871, 0.955] (n = 20)", or "0.912 (n = 1)" without an interval, or "— (n = 0)".
std::string interval_text(const GeometricInterval& g);

}  // namespace harness
