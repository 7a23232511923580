// A played game as PGN (the PGN standard's export format): the Seven Tag Roster (Event, Site, Date, Round, White,
// Black, Result), SetUp and FEN for the opening, Termination ("normal" for an end by the rules, "adjudication"
// otherwise) and PlyCount; the moves in SAN, each with a comment holding the mover's score in pawns (mate as
// "+M3"), the depth reached and the nodes searched ("{+0.35/7 2000 nodes}", the mover's view, as cutechess writes
// its "{+0.35/7 0.12s}"); a last comment saying how the game ended; lines under 80
// characters.
#pragma once

#include <string>

#include "harness/match/game.h"

namespace harness {

struct PgnTags {
  std::string event = "?";
  std::string site = "?";
  std::string date = "????.??.??";
  std::string round = "?";
};

std::string game_pgn(const GameRecord& game, const PgnTags& tags);

// A score as a PGN comment writes it: "+0.35", "-1.20", "+M3" (mate in 3 moves), "-M2".
std::string pgn_score_text(int score);

}  // namespace harness
