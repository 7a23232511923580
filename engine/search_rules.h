// The conditions of the forward-pruning techniques (§5.2–5.4), as pure functions. The searcher calls
// exactly these, and the tests check their exclusions directly (no null move in check or twice in a
// row; futility never skips a checking move; LMR never reduces captures, checks or promotions).
#pragma once

#include "engine/board.h"
#include "engine/eval.h"
#include "engine/search_config.h"

namespace buho {

// §5.2 Alg. 10 and §5.2.2: not at the root (it must return a move), not in check (the pass would be
// illegal), not right after a null move (two passes in a row prove nothing), not with only king and
// pawns or little material (zugzwang), not when beta is a mate score (no static value can reach it).
// "Little material" is measured in the evaluation's piece values, the ones futility uses too.
inline bool null_move_allowed(const SearchConfig& c, const Evaluator& eval, const Board& b, int ply, bool in_check,
                              bool after_null, Score beta) {
  const int material = eval.non_pawn_material(b, b.side_to_move());
  return c.null_move
         && ply > 0
         && !in_check
         && !after_null
         && material > 0
         && material >= c.null_move_min_material
         && beta < ScoreMateBound;
}

// §5.3 Alg. 11, node part: frontier (depth 1) and pre-frontier (depth 2) nodes, not in check, not with
// a bound near a mate score, not at the root. Returns the margin, or -1 when futility does not apply.
inline int futility_margin(const SearchConfig& c, int ply, int depth, bool in_check, Score alpha, Score beta) {
  if (!c.futility
      || ply == 0
      || in_check
      || (depth != 1 && depth != 2)
      || alpha <= -ScoreMateBound || alpha >= ScoreMateBound
      || beta <= -ScoreMateBound || beta >= ScoreMateBound)
    return -1;
  return depth == 1 ? c.futility_margin_1 : c.futility_margin_2;
}

// §5.3, move part: skip the move when the material balance after it plus the margin cannot reach alpha,
// unless it gives check (a check is too dynamic to judge by material).
inline bool futility_prunes(int margin, Score material_after, Score alpha, bool gives_check) {
  return margin >= 0
         && material_after + margin <= alpha
         && !gives_check;
}

// §5.4 Alg. 12: after lmr_min_moves moves, at depth >= lmr_min_depth, out of check, not an extended
// move, not the hash move or a killer, not a capture or a promotion, and (asked last, being the
// dearest test) not a check.
template <class GivesCheck>
inline bool lmr_reduces(const SearchConfig& c, Move m, int searched, int depth, bool in_check, int extension,
                        bool is_hash_move, bool is_killer, GivesCheck gives_check) {
  return c.lmr
         && searched >= c.lmr_min_moves
         && depth >= c.lmr_min_depth
         && !in_check
         && extension == 0
         && !is_hash_move
         && !is_killer
         && !m.is_capture()
         && !m.is_promotion()
         && !gives_check();
}

}  // namespace buho
