// Lower bounds on the size of any alpha-beta tree, used to rule out a candidate position for a thesis position
// whose table is smaller than the tree the position must have (docs/readings.md §9).
#pragma once

#include <cstdint>
#include <string>

namespace harness {

// Knuth & Moore's minimal tree at depth 3, counted as the thesis counts (every position entered is a node, the
// root and the horizon's positions included; quiescence can only add nodes): every root move's child is entered,
// and each needs at least one reply whose position fails low and so enters every one of its legal moves:
//   1 + sum over root moves i of (1 + [i has a reply] * (1 + min over replies r of legal moves after r)).
// Holds for any search without forward pruning or table cut-offs (versions A and B). `fen` must be valid.
std::uint64_t alpha_beta_lower_bound_depth3(const std::string& fen);

}  // namespace harness
