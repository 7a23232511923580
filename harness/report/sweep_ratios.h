// A TT sweep's sizes and schemes compared over its positions: for each sweep that is not a reference sweep and has
// two or more positions, at the deepest depth where two or more positions finished its reference cell, each
// (scheme, size) cell's nodes ÷ the reference cell's nodes (the sweep's first scheme at its largest size) at the same
// position, as a geometric mean over the positions with its 95 % interval (geometric_interval.h): the comparison a
// researcher's own sweep gets on any positions, beside the per-position tables. A cell that ended before the depth (a mate,
// a limit; depth_end.h) or failed leaves its position out of that row, and is counted. An experiment with a reference sweep (an unlimited table) gets the TT study
// (tt_study.h) instead, which compares every sweep with it.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/depth_end.h"
#include "harness/report/geometric_interval.h"

namespace harness {

struct SweepRatioRow {
  std::string scheme;
  int entries = 0;
  GeometricInterval ratio;  // cell ÷ reference cell per position; ratio.n is the positions both finished
};

struct SweepRatios {
  std::string sweep, version;     // the sweep's name and base version
  std::string ref_scheme;         // the reference: the first scheme at the largest size
  int ref_entries = 0;
  int depth = 0;                  // the deepest depth with two or more finished reference cells
  std::vector<SweepRatioRow> rows;
  EarlyEnds early;                // the cells at `depth` left out because they ended before it (depth_end.h)
};

// One entry per sweep that has such a depth (empty: the study does not apply).
std::vector<SweepRatios> build_sweep_ratios(const ResultSet& rs);
std::string sweep_ratios_markdown(const std::vector<SweepRatios>& all);
nlohmann::json sweep_ratios_json(const std::vector<SweepRatios>& all);

}  // namespace harness
