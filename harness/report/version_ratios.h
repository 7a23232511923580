// Every version of an experiment against a base version, computed from its cells: the comparison any run of two or
// more versions gets, whatever its versions are (a researcher's own versions on an own EPD file as much as the
// thesis's A-H). Per depth and version, on the positions where the version's cell and the base's both finished
// (completed, not failed):
//  - the node ratio version ÷ base as a geometric mean over those positions with its 95 % interval (Student t on
//    the logarithms, geometric_interval.h): the figure that decides, so that no one large tree outweighs the rest;
//  - beside it, labelled, the summed ratio Σ version ÷ Σ base (the largest tree decides);
//  - where the positions have an EPD solution (bm/am), the positions solved by the base and by the version, over the
//    positions where both were measured: a cell stopped by the node budget (the experiment's per-cell node limit)
//    answers with its last completed iteration's move, so it counts here (solved within the budget) though its
//    truncated count never enters a ratio; the cells stopped are counted beside it;
//  - the positions where the two cells reached different depths (a search that proves a mate stops before its
//    requested depth): a pair that compares unequal depths is counted, not hidden.
// The base is the design's base, else a version named A, else the first version listed (the rule scripts/plot.py
// draws "versions against a base" by). An experiment with a design has its own table of every combination against
// its base (effects_study.h), so this study applies only without one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"

namespace harness {

struct VersionRatioRow {
  std::string version;
  GeometricInterval ratio;    // version ÷ base per position; ratio.n is the positions both finished
  double summed_ratio = 0;    // Σ version nodes ÷ Σ base nodes over the same positions (0 when none)
  // Over every position both cells were measured at, finished or stopped by the node budget (a stopped cell answers
  // with its last completed iteration's move: solved within the budget, or not):
  int solvable = 0;           // the positions with an EPD solution
  int solved_base = 0, solved_version = 0;
  int stopped_base = 0, stopped_version = 0;  // cells stopped by the node budget
  int ended_early = 0;        // positions left out because a cell ended before the depth (depth_end.h)
};

struct VersionRatiosAtDepth {
  int depth = 0;
  std::vector<VersionRatioRow> rows;  // the versions that run at this depth, in the experiment's order, base left out
};

struct VersionRatios {
  bool present = false;  // two or more versions and no design
  std::string base;
  std::uint64_t node_budget = 0;  // the experiment's, per cell; 0 = none (then no cell is stopped)
  std::uint64_t time_limit_ms = 0;  // the experiment's, per cell; 0 = none
  bool any_limit() const { return node_budget || time_limit_ms; }  // then a cell may be stopped
  std::vector<VersionRatiosAtDepth> depths;  // the depths at which the base runs
};

// The version the others are compared with: the design's base, else "A" when listed, else the first version ("" when
// the experiment has no versions).
std::string version_ratios_base(const Experiment& exp);

VersionRatios build_version_ratios(const ResultSet& rs);
std::string version_ratios_markdown(const VersionRatios& vr);
nlohmann::json version_ratios_json(const VersionRatios& vr);

}  // namespace harness
