// UCI's `position startpos|fen <FEN> [moves m1 m2 ...]` read into a board, for harness/uci/uci_session.cpp.
//
// A game of any length is taken. The board keeps a bounded history (buho::Board::MaxHistory make() records, less
// room for the deepest search), and what a search reads of that history is only repetition: positions since the
// last capture or pawn move (Board::is_repetition). So when the history is full the board is rebuilt from the FEN
// of a later position, and the moves since replayed: the position `halfmove clock` plies back, whose FEN ends the
// part of the game a repetition can reach. The rebuilt board searches as the whole game's would. Only when the
// halfmove clock itself passes kUciKeptPlies (a game past the fifty-move rule by far, where every line is drawn
// anyway) are the positions older than that forgotten.
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"

namespace harness {

// The plies of history a board read from `position` keeps at most after a rebuild (half the room there is).
inline constexpr int kUciRoomForGame = buho::Board::MaxHistory - 2 * buho::MaxPly;
inline constexpr int kUciKeptPlies = kUciRoomForGame / 2;

// Reads `words` (the `position` command split at spaces, words[0] == "position") into `board`. Returns "" or the
// error (without the "info string error: " prefix); `board` is then unspecified.
std::string read_uci_position(const std::vector<std::string>& words, buho::Board& board);

}  // namespace harness
