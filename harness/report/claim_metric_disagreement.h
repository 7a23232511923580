// Metric `best_move_disagreement` of claims as data (claim_spec.h): how often forward pruning changes the move, by
// phase. Over every cell of a version that has an exact reference (exact_reference.h: the same version, position and
// depth with forward pruning off) and where both answered, every depth, the share of cells whose best move differs
// from the reference's in `phase`, divided by that share in `against_phase` (each position's `phase`; a position
// without one counts as middlegame). The thesis's "forward pruning should be avoided in endgames" read as the pruned
// move leaving the exact one more often in endgames. Counts over the set's cells: an exact figure, no interval (the
// cells of one position at several depths and versions are not independent units).
#pragma once

#include <map>
#include <string>

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"

namespace harness {

// Per phase, over every versions-table cell with an exact reference where both answered: cells, best moves that
// differ, solutions lost and gained (the counts the metric divides, and the pruning section's phase table).
struct PhaseDisagreement {
  int cells = 0, differ = 0, lost = 0, gained = 0;
};
std::map<std::string, PhaseDisagreement> disagreement_by_phase(const ResultSet& rs);

ClaimPart best_move_disagreement_part(const ResultSet& rs, const ClaimPartSpec& spec);

}  // namespace harness
