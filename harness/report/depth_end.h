// Depth honesty: how a cell's search ended against the depth it was asked, and the one pairing rule every study
// applies. A search that ended early is never counted as the depth it was asked:
// - the deepening stops on a mate score once the iteration has seen every shorter mate (Alg. 3 line 3,
//   engine/search.cpp): the cell holds the tree to depth_reached, not to its depth ("4m");
// - the node budget stopped it: the count where the budget stopped it ("6b", the last completed iteration);
// - the time limit stopped it ("6t"; not reproducible).
// The rule: a node aggregate at depth d (a ratio, a mean, a claim's node ratio) pairs only cells that searched to d,
// so a cell that ended early is left out of it and counted (EarlyEnds); an answer (solved, best-move agreement) is
// the move a cell gave, whatever ended it, so every measured cell answers; a reference's answer is exact only when
// its search completed (to its depth or to a mate).
#pragma once

#include <cstddef>
#include <string>

#include "harness/experiment/cell_record.h"

namespace harness {

enum class DepthEnd { full, mate, budget, time };

DepthEnd depth_end(const CellRecord& r);

// "" for a cell that searched to its depth, else the depth it reached and why: "4m", "6b", "6t".
std::string depth_mark(const CellRecord& r);

// Whether `r` counts in a node aggregate at its depth: measured, searched to its depth, nodes counted.
bool counts_at_depth(const CellRecord* r);

// Whether `r` gave an answer (a move) that solve counts and agreement read: every measured cell.
bool answers(const CellRecord* r);

// Whether `r`'s answer is the exact search's answer at its depth (a reference's): completed, to its depth or a mate.
bool exact_answer(const CellRecord* r);

// The cells left out of node aggregates, by why they ended.
struct EarlyEnds {
  std::size_t mate = 0, budget = 0, time = 0;
  void add(const CellRecord* r);
  std::size_t total() const { return mate + budget + time; }
  // "3 cells that ended before their depth (3 on a mate) are left out", or "" when none.
  std::string sentence() const;
};

}  // namespace harness
