// Standard Algebraic Notation (as EPD's `bm` and `am` operations write moves) resolved against a position:
// the one legal move the text names. The harness reads test suites with it; the engine never sees SAN.
#pragma once

#include <optional>
#include <string>

#include "engine/board.h"

namespace harness {

// The legal move of `b` that `san` names ("Nf3", "exd5", "O-O", "e8=Q+", "R1a3", with or without the check
// marks and annotation glyphs), or nullopt when no legal move or more than one fits it. A move written in UCI
// form ("e2e4") is accepted too, as some suites write their moves so.
std::optional<buho::Move> resolve_san(const buho::Board& b, const std::string& san);

}  // namespace harness
