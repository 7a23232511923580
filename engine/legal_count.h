// Perft's last ply: the number of legal moves of a position, counted from the board's piece sets without listing
// the moves (bulk counting, as Stockfish's perft does with its move list's length).
#pragma once

#include "engine/board.h"

namespace buho {

// Equal to the length of generate_legal(b, …)'s list in every position (tests/perft_test.cpp compares the two in
// every position of the perft trees). Only perft calls it: the search takes its moves, in their order, from
// generate_legal, so this count leaves every search tree as it was.
int count_legal_moves(const Board& b);

}  // namespace buho
