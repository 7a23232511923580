// Openings from a PGN file, as opening books are often given (fishtest's and cutechess's books come as EPD or PGN):
// each game's position after its moves is one opening. A game may start from its FEN tag; comments ({...} and ;),
// variations ((...), nested), NAGs ($n), move numbers and the result are skipped. A move that is not the SAN of
// exactly one legal move, or a game ending in a position with no legal move, is a UserError naming `where`, the file,
// the game's number and the move.
#pragma once

#include <string>
#include <vector>

namespace harness {

// The FEN of each game's last position, in file order (relative paths against the project root).
std::vector<std::string> load_pgn_openings(const std::string& where, const std::string& file);

}  // namespace harness
