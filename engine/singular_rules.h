// Singular extension with multi-cut (issue 50, group "ordering, reductions, extensions"; docs/search.md "Move
// ordering by history, reductions and extensions"). Off in versions A–H.
//
// Source: Stockfish 15.1 src/search.cpp Step 15 ("Singular extension search", ~58 Elo in its annotation;
// data/feature_elo.csv), after Anantharaman, Campbell & Hsu 1988 and, for the multi-cut, Björnsson & Marsland 2001.
// When the hash move's entry says the move is good (a lower bound or exact value of enough depth, not a mate), the
// node is searched without it at half the depth, with a null window just below the stored value: if every other move
// fails low the hash move is singular and is searched one ply deeper; if the other moves reach the margin and the
// margin is still at or above beta, several moves refute the node and it is cut off at once (multi-cut).
// Stockfish 15.1 also extends by 2 below a wider margin and reduces the hash move (negative extensions) when the
// stored value is at or above beta; neither is done here.
//
// The excluded-move search runs at the node's own ply, with PlyFrame::excluded naming the move left out; such a node
// neither reads a bound from nor stores into the table (its position's entry describes the node with every move,
// which Stockfish keeps apart by hashing the excluded move into the key), tries no null move (as Stockfish) and makes
// no enhanced transposition cut-off. The search is made before the node's picker generates its moves, so it never
// overwrites the node's move list.
#pragma once

#include <cstdlib>

#include "engine/search_config.h"
#include "engine/transposition_table.h"
#include "engine/types.h"

namespace buho {

// Whether the node tests its hash move for singularity (Stockfish 15.1: !rootNode, depth >= 4, move == ttMove,
// !excludedMove, abs(ttValue) < VALUE_KNOWN_WIN, (tte->bound() & BOUND_LOWER), tte->depth() >= depth - 3).
// `tt_bound` is the entry's kind as the search reads it; `tt_value` already adjusted to this ply.
inline bool singular_tested(const SearchConfig& c, int ply, int depth, bool excluded_search, Move tt_move,
                            Bound tt_bound, int tt_depth, Score tt_value) {
  return c.singular_ext
         && ply > 0
         && depth >= c.singular_min_depth
         && !excluded_search
         && !tt_move.is_null()
         && (tt_bound == Bound::Lower || tt_bound == Bound::Exact)
         && tt_depth >= depth - c.singular_tt_depth
         && std::abs(tt_value) < ScoreMateBound;
}

// The null window's upper edge: the stored value less singular_margin a ply (Stockfish 15.1: ttValue - 3 * depth in
// its units; 2 cp a ply here, docs/search.md).
inline Score singular_beta(const SearchConfig& c, Score tt_value, int depth) {
  return tt_value - c.singular_margin * depth;
}

// The excluded-move search's depth (Stockfish 15.1: (depth - 1) / 2).
constexpr int singular_depth(int depth) { return (depth - 1) / 2; }

// What the excluded-move search's value says.
enum class SingularOutcome { None, Extend, MultiCut };
constexpr SingularOutcome singular_outcome(Score value, Score singular_beta, Score beta) {
  if (value < singular_beta) return SingularOutcome::Extend;
  if (singular_beta >= beta) return SingularOutcome::MultiCut;
  return SingularOutcome::None;
}

}  // namespace buho
