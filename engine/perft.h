// Perft: the number of leaf positions at a fixed depth, the standard check of move generation.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board.h"

namespace buho {

// With `bulk`, the last ply is counted from the length of the legal move list without making the
// moves (as Stockfish does); without it every move is made and unmade.
std::uint64_t perft(Board& b, int depth, bool bulk = true);
// Per-root-move counts, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Board& b, int depth, bool bulk = true);

}  // namespace buho
