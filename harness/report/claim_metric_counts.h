// The counts a ratio metric of a claim reads from a cell (claim_spec.h): node_ratio reads nodes on both sides,
// leaves_ratio the leaves (Plaat et al. 1996 count leaf evaluations), minimal_tree_multiple the last iteration's nodes
// of `to` over the nodes of `from`, the minimal tree's cell (one proof tree at the cell's depth, not a sum over
// iterations, so a version is compared with it by the tree of its last iteration).
#pragma once

#include <string>

#include "harness/experiment/cell_record.h"
#include "harness/experiment/claim_spec.h"

namespace harness {

// The count of `r` that figure `f` divides: `to_side` for the numerator's cell. 0 when the cell has none (leaves not
// counted): such a pair is left out, as a cell that did not finish.
double claim_count(const ClaimFigure& f, const CellRecord& r, bool to_side);
// The words naming what is divided, appended to a part's "to vs from": "" for nodes.
std::string claim_count_words(const ClaimFigure& f);

}  // namespace harness
