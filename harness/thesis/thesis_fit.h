// How close the measured trees are to the thesis's, in one summary per group of tables (the calibration's figures):
// over the cells both sides finished, the median factor (a ratio r counted as max(r, 1/r), so 2x too many and
// 2x too few weigh alike), the share of cells within 2x, and the factor the worst tenth reach. Cells stopped by
// the node budget are counted apart, never in the figures (their count is only a lower bound).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "harness/thesis/thesis_compare.h"

namespace harness {

struct ThesisFit {
  std::string group;           // "Tables B.1-B.6", "version A", "Tables B.7-B.9"
  int compared = 0;            // cells both measured to the end and in the thesis
  int stopped = 0;             // cells stopped by the node budget (left out of the figures)
  int not_measured = 0;        // thesis cells with no measured cell yet
  double median_factor = 0;    // median of max(r, 1/r)
  double within_2x = 0;        // share of compared cells with factor <= 2, in [0, 1]
  double worst_tenth = 0;      // the 90th percentile of the factor
};

// The groups the calibration quotes: the version tables (B.1-B.6), version A alone, and the TT tables (B.7-B.9); a
// group with no thesis cell in this experiment is left out.
std::vector<ThesisFit> thesis_fit(const std::vector<ComparisonRow>& comparison);

// The same summary over the rows `in_group` accepts.
ThesisFit thesis_fit_of(const std::string& group, const std::vector<ComparisonRow>& rows,
                        const std::function<bool(const ComparisonRow&)>& in_group);

}  // namespace harness
