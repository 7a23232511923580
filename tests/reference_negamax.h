// The tests' reference for the minimax value: plain NegaMax over every legal move with no pruning and no table
// (no engine code but the board, the move generator, the evaluation and MVV/LVA), with the quiescence of Alg. 4
// at the horizon (stand pat, then every capture and promotion), the engine's draw rules and mate scores. The
// quiescence prunes with its own window, which for the full window it is given returns its exact value; its
// captures go most valuable victim first, which changes how much it prunes, never its value (random positions
// hang so many pieces that an unordered one takes minutes). Every exact driver is held to this value.
#pragma once

#include <algorithm>

#include "engine/board.h"
#include "engine/eval.h"
#include "engine/move_order.h"
#include "engine/movegen.h"

namespace buho::test {

inline bool draw_by_rule(const Board& b) { return b.is_fifty_move_draw() || b.is_insufficient_material() || b.is_repetition(); }

struct ReferenceNegamax {
  Evaluator eval;
  explicit ReferenceNegamax(const EvalConfig& e = EvalConfig{}) : eval(e) {}

  Score quiesce(Board& b, Score alpha, Score beta, int ply) {
    if (ply > 0 && draw_by_rule(b)) return 0;
    const Score stand = eval.evaluate(b);
    if (stand >= beta) return beta;
    alpha = std::max(alpha, stand);
    Move moves[MaxMoves];
    Move* end = generate_legal_captures(b, moves);
    std::stable_sort(moves, end, [&](Move x, Move y) { return mvv_lva(b, x) > mvv_lva(b, y); });
    for (Move* m = moves; m != end; ++m) {
      b.make_move(*m);
      const Score v = -quiesce(b, -beta, -alpha, ply + 1);
      b.unmake_move(*m);
      if (v >= beta) return beta;
      alpha = std::max(alpha, v);
    }
    return alpha;
  }

  Score negamax(Board& b, int depth, int ply = 0) {
    if (depth == 0) return quiesce(b, -ScoreInfinite, ScoreInfinite, ply);
    if (ply > 0 && draw_by_rule(b)) return 0;
    Move moves[MaxMoves];
    Move* end = generate_legal(b, moves);
    if (end == moves) return b.in_check() ? -ScoreMate + ply : 0;
    Score best = -ScoreInfinite;
    for (Move* m = moves; m != end; ++m) {
      b.make_move(*m);
      best = std::max(best, Score(-negamax(b, depth - 1, ply + 1)));
      b.unmake_move(*m);
    }
    return best;
  }
};

}  // namespace buho::test
