// A legal move written in Standard Algebraic Notation, as PGN requires ("Nbd7", "exd5", "O-O", "e8=Q+", "Qh4#"):
// the piece letter, the least disambiguation that names one legal move (file, else rank, else both), x for a
// capture, =piece for a promotion, and + or # from the position the move leads to. The harness writes PGN with it;
// the engine never sees SAN.
#pragma once

#include <string>

#include "engine/board.h"

namespace harness {

// `m` must be a legal move of `b`; `b` is made and unmade and left as it was.
std::string san_of(buho::Board& b, buho::Move m);

}  // namespace harness
