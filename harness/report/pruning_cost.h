// What forward pruning costs: node savings beside decision quality, for a result set with forward-pruning steps
// (a version that switches a forward-pruning flag against its base) or exact references (exact_reference.h).
//  - Each pruning step: a version against its base, the earlier version of the experiment whose flags differ
//    from it least (E->F is "+null_move", F->F-R3 "null_move_r", ...): Δnodes %, Δsolved, and the
//    agreement of its best move with the exact search, per depth.
//  - Every pruning cell against its exact reference, by phase.
// The positions solved by each version, whatever its versions differ in, are positions_solved.h's.
// No verdicts: the published figures these tables bear on (Heinz's extended futility and limited razoring, Tabibi and
// Netanyahu's verified null move, the thesis's "avoid forward pruning in endgames") are claims of the configs that
// test them (configs/claims/pruning-cost*.json), judged by the one claim evaluator (claim_evaluator.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"

namespace harness {

struct PruningStep {
  std::string version, base;  // names in the experiment
  std::string change;         // the flags that differ, "flag=value, ..."
};

// Every version with a base (the earliest-listed versions have none), in the experiment's order.
std::vector<PruningStep> pruning_steps(const Experiment& exp);

struct StepRow {
  int depth = 0;
  int pairs = 0;                   // positions where both versions searched to the depth (depth_end.h)
  int ended_early = 0;             // positions both answered but one ended before the depth: out of the node columns
  double delta_nodes_pct = 0;      // (Σ version − Σ base) ÷ Σ base × 100 over those positions: the sum, beside
  GeometricInterval nodes_ratio;   // version ÷ base per position: the geometric mean and 95 % interval that decide
  int solvable = 0;                // positions with a solution where both answered (however they ended)
  int solved_version = 0, solved_base = 0;
  int references = 0;              // of those, positions whose exact reference is measured (version prunes)
  int agree = 0;                   // ... where the version's best move is the reference's
  double mean_abs_score_diff = 0;  // cp, over those
};
std::vector<StepRow> step_rows(const ResultSet& rs, const PruningStep& step);

// What the exact references add: distinct reference cells, those that are no version's own cell (extra searches),
// and the extra cells' nodes and search seconds (measured ones) against the whole set's.
struct ReferenceOverhead {
  std::size_t references = 0, extra = 0, extra_measured = 0;
  std::uint64_t extra_nodes = 0, all_nodes = 0;
  double extra_seconds = 0, all_seconds = 0;
};
ReferenceOverhead reference_overhead(const ResultSet& rs);

// The whole section of REPORT.md; "" when the set has no forward-pruning step with cells and no exact reference.
std::string pruning_cost_section(const ResultSet& rs);

}  // namespace harness
