// Perft: the number of leaf positions at a fixed depth, the standard check of move generation.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board.h"

namespace buho {

// With `bulk`, the last ply's moves are counted without making them, and without listing them either
// (count_legal_moves, engine/legal_count.h); without it every move is made and unmade. The moves of the plies
// above come from generate_legal, as the search's do.
std::uint64_t perft(Board& b, int depth, bool bulk = true);
// Per-root-move counts, in generation order. Another thread may set `stop` (nullptr = never): the count then
// ends within a few thousand leaves, with the root moves counted so far (the last one's count partial), and the
// caller, who set it, knows the counts are incomplete.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Board& b, int depth, bool bulk = true,
                                                         const std::atomic<bool>* stop = nullptr);

}  // namespace buho
