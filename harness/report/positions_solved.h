// Positions solved: for a set whose positions carry EPD solutions (bm/am) and which has versions to score them, the
// positions each version solves at each depth and within node budgets, and the LCT II rating on the suite's own
// positions (its rule: 30/25/20/15/10/5 points for a solution found and kept by 9/29/89/179/389/600 s; rating 1900 +
// points), by this machine's seconds and by nodes at a stated rate. Any run on such positions gets it, whatever its
// versions differ in; what forward pruning costs against them is pruning_cost.h's.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"

namespace harness {

// The node rate at which the LCT II rule's seconds are read from node counts ("by node budget"): stated in
// the report beside the figures. One million nodes per second, a round figure near this engine's rate.
inline constexpr double kLctNodesPerSecond = 1e6;

// LCT II points of one solve time (seconds; nullopt = not solved): 30/25/20/15/10/5 by 9/29/89/179/389/600 s.
int lct2_points(std::optional<double> seconds);

// `harness run`'s summary on a suite: per version, the positions solved at each depth ("" without solutions).
std::string solve_count_lines(const ResultSet& rs);

// The section of REPORT.md; "" without solutions or without versions to score them.
std::string positions_solved_section(const ResultSet& rs);
// Its summary.json member: per version and depth, positions solved of those measured (each with a solution).
nlohmann::json positions_solved_json(const ResultSet& rs);

}  // namespace harness
