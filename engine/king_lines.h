// Checks and pins, looked for once from the king along the board's piece sets (§2.3: a move is legal when it
// leaves its own king unattacked). The move generator (engine/movegen.cpp) and perft's counted last ply
// (engine/legal_count.cpp) both start from them.
#pragma once

#include <bit>

#include "engine/board.h"
#include "engine/square_sets.h"

namespace buho {

// The enemy knights and pawns that give check to `us`'s king: next to it, so no piece can block them.
inline SquareSet leaper_checkers(const Board& b, Color us) {
  const int k = index64(b.king_square(us));
  return (b.piece_set(make_piece(~us, Knight)) & kRaySets.knight[k]) |
         (b.piece_set(make_piece(~us, Pawn)) & kRaySets.pawn[us][k]);
}

// Every enemy bishop, rook or queen on a line through `us`'s king that it moves along, in square order: with
// nothing between, it checks: on_check(slider index64, unit step from the king towards it); with exactly one piece
// of `us` between, that piece is pinned: on_pin(pinned index64, slider index64, the squares strictly between the
// king and the slider, step).
template <class OnCheck, class OnPin>
inline void slider_lines_from_king(const Board& b, Color us, OnCheck&& on_check, OnPin&& on_pin) {
  const Color them = ~us;
  const Square ksq = b.king_square(us);
  const int k = index64(ksq);
  const SquareSet own = b.color_set(us), occupied = own | b.color_set(them);
  const SquareSet queens = b.piece_set(make_piece(them, Queen));
  const SquareSet sliders = ((b.piece_set(make_piece(them, Bishop)) | queens) & kRaySets.diagonal[k]) |
                            ((b.piece_set(make_piece(them, Rook)) | queens) & kRaySets.orthogonal[k]);
  for (SquareSet x = sliders; x; x &= x - 1) {
    const int i = std::countr_zero(x);
    const int step = attack_step(ksq, from_index64(i));
    const SquareSet line = squares_between(k, i, step);
    const SquareSet blockers = line & occupied;
    if (!blockers) on_check(i, step);
    else if (!(blockers & (blockers - 1)) && (blockers & own)) on_pin(std::countr_zero(blockers), i, line, step);
  }
}

}  // namespace buho
