// How close our node counts are to the thesis's: the three measures calibration decides with.
//  - absolute fit: median over cells of |ln(ours / thesis)|, and the share of cells within 2x;
//  - step fit: for a version X over X-1, median over cells of |ln((X / X-1)_ours / (X / X-1)_thesis)|;
//  - equality facts: where the thesis has X = X-1 exactly, how often we do too (and where it differs, how often
//    we differ): the tables' exact statements, which no evaluation can blur.
// A cell stopped by the node budget holds a lower bound: it counts in the absolute fit only when the bound already
// exceeds the thesis's count (then |ln| is at least the bound's, and that is used), and never in steps or equalities.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/thesis/search_cache.h"
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

// The held-out rule's measure (docs/readings.md §13): one cell per (position, step, depth) that both sides finished
// and the credibility test does not flag, holding the log of our step ratio (X / X-1) and of the thesis's.
struct ShapeCell {
  std::string position;
  std::string step;  // the upper version of the step ("F" for E -> F)
  int depth = 0;
  double ours_log = 0, thesis_log = 0;
  double distance() const;  // |ours_log - thesis_log|
};

// A candidate's cells against the printed reading's, cell by cell (same position, step and depth): how many are
// closer to the thesis's step, how many further (equal ones count for neither), per position too, and the
// one-sided sign test's p-value of "closer more often than further" (docs/readings.md §13).
struct PairedShape {
  int closer = 0, further = 0;
  std::map<std::string, std::pair<int, int>> by_position;  // position -> (closer, further)
  double p_value = 1;
  int positions_closer() const;  // positions with more cells closer than further
};
PairedShape paired_shape(const std::vector<ShapeCell>& candidate, const std::vector<ShapeCell>& printed);

struct ShapeFit {
  std::size_t cells = 0;
  double median_abs_log = 0;      // median |ours_log - thesis_log|; NaN when no cell
  double share_within_2x = 0;     // of `cells`, |ours_log - thesis_log| <= ln 2
  std::size_t direction_agree = 0;  // cells where both steps save, both cost, or both change nothing
  std::map<std::string, double> by_position;  // each position's median |ours_log - thesis_log|
  double median_factor() const;   // exp(median_abs_log)
};
ShapeFit shape_fit(const std::vector<ShapeCell>& cells);

}  // namespace harness
