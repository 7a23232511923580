// How close our node counts are to the thesis's: the three measures calibration decides with (issue 11).
//  - absolute fit: median over cells of |ln(ours / thesis)|, and the share of cells within 2x;
//  - step fit: for a version X over X-1, median over cells of |ln((X / X-1)_ours / (X / X-1)_thesis)|;
//  - equality facts: where the thesis has X = X-1 exactly, how often we do too (and where it differs, how often
//    we differ): the tables' exact statements, which no evaluation can blur.
// A cell stopped by the node budget holds a lower bound: it counts in the absolute fit only when the bound already
// exceeds the thesis's count (then |ln| is at least the bound's, and that is used), and never in steps or equalities.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "harness/calibration/search_cache.h"
#include "harness/report/median.h"  // median(), which the fits use

namespace harness {

// One cell: the thesis's count and ours.
struct CellPair {
  std::uint64_t thesis = 0;
  SearchOutcome ours;
};

struct AbsoluteFit {
  std::size_t cells = 0;      // cells in the median
  std::size_t stopped = 0;    // cells stopped by the budget (counted or not)
  std::size_t unknown = 0;    // stopped below the thesis's count: left out
  double median_abs_log = 0;  // NaN when no cell
  double share_within_2x = 0; // of `cells`
  double median_factor() const;  // exp(median_abs_log)
};
AbsoluteFit absolute_fit(const std::vector<CellPair>& cells);

// A step: the same cell (position, depth) in versions X-1 and X.
struct StepPair {
  CellPair lower, upper;
};

struct StepFit {
  std::size_t cells = 0;
  double median_abs_log = 0;  // NaN when no cell
};
StepFit step_fit(const std::vector<StepPair>& steps);

struct EqualityFacts {
  std::size_t thesis_equal = 0, ours_equal_too = 0;
  std::size_t thesis_differ = 0, ours_differ_too = 0;
  std::size_t agree() const { return ours_equal_too + ours_differ_too; }
};
EqualityFacts equality_facts(const std::vector<StepPair>& steps);

}  // namespace harness
