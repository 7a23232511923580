// Minimax (the survey's §4.1, in NegaMax form): every legal move of every node is searched, each with the whole
// window, and the node takes the best value. No table, no window, no forward pruning; the extensions of §3.6 but
// the threat extension (it needs the null move) still apply, so the tree is the one alpha-beta prunes. At the
// horizon it calls the same quiescence search as alpha-beta with the full window (-inf, +inf): quiescence prunes
// inside, but with the full window its value is exact, so the root value is the exact minimax value of the tree
// alpha-beta searches.
#include "engine/search_core.h"

namespace buho {

namespace {

Score minimax(SearchCore& core, int depth, int ply) {
  if (depth <= 0) return core.quiesce(-ScoreInfinite, ScoreInfinite, ply, 0);
  if (const auto ended = core.start_node(ply)) return *ended;  // a full-width node (search_stats.h)

  Board& board = core.board;
  Move* moves = core.stack[ply].moves;
  const int n = int(generate_legal(board, moves) - moves);
  if (n == 0) return board.in_check() ? -ScoreMate + ply : 0;
  Score best = -ScoreInfinite;
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const int ext = core.extension_of(m, n, ply, depth, [&] { return board.gives_check(m); });
    board.make_move(m);
    const Score v = -minimax(core, depth - 1 + ext, ply + 1);
    board.unmake_move(m);
    if (core.stop) return 0;
    if (v > best) {
      best = v;
      core.update_pv(ply, m);
      if (ply == 0) core.root_best = m;
    }
  }
  return best;
}

}  // namespace

DriverIteration minimax_iteration(SearchCore& core, int depth, Score) { return {minimax(core, depth, 0), 1}; }

}  // namespace buho
