// The futility family's move scan (engine/futility.h): Step 6c of the node search.
#include "engine/futility.h"

#include "engine/movegen.h"

namespace buho {

// The loop of Step 7 would prune every move of a futile node that does not give check; this scan finds, from the
// moves as generated (no ordering), whether it would prune them all.
int moves_all_futile(const Board& board, Move pv_move, Move tt_move) {
  Move moves[MaxMoves];
  const Move* end = generate_legal(board, moves);
  bool pv_found = pv_move.is_null(), tt_found = tt_move.is_null();
  for (const Move* m = moves; m != end; ++m) {
    if (board.gives_check(*m)) return 0;
    pv_found = pv_found || *m == pv_move;
    tt_found = tt_found || *m == tt_move;
  }
  return pv_found && tt_found ? int(end - moves) : 0;
}

}  // namespace buho
