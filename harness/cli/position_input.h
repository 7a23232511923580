// Turning what a user typed into a position, with errors that name the input.
#pragma once

#include <string>

#include "engine/board.h"

namespace harness {

// Parses a FEN (or "startpos") given on the command line as `option`; a bad FEN throws UserError
// naming the option and the problem. Dropped castling rights are reported on stderr.
buho::Board board_from_user_fen(const std::string& fen, const std::string& option);

}  // namespace harness
