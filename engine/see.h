// Static exchange evaluation: the material a capture sequence on one square wins for the side that starts it, when
// each side recaptures with its least valuable attacker and may stop whenever going on would lose (the swap
// algorithm; Chess Programming Wiki "SEE - The Swap Algorithm"; Stockfish 15.1 position.cpp see_ge, Ethereal
// movepicker.c staticExchangeEvaluation). X-rays count: a slider behind a piece that has captured attacks next.
// Pure: reads the board, changes nothing. The values are the evaluation's configured piece values (capture_value),
// so SEE agrees with the material the search sees; the king is worth more than anything it could win.
#pragma once

#include <array>

#include "engine/board.h"

namespace buho {

using PieceValues = std::array<int, PIECE_TYPE_NB>;

// The material `m` (legal in `b`) wins for the mover after the best exchange on its target square, in `value`'s
// units: a capture of an undefended piece gains its value, a queen taking a defended pawn loses the queen less the
// pawn. A quiet move gains 0 unless the piece moved is lost. A promotion counts the promoted piece less the pawn.
// Castling is 0.
int see(const Board& b, Move m, const PieceValues& value);

}  // namespace buho
