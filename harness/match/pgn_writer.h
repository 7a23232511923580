// A played game as PGN (the PGN standard's export format): the Seven Tag Roster (Event, Site, Date, Round, White,
// Black, Result), SetUp and FEN for the opening, TimeControl for a clock game ("1+0.1": base and increment in seconds,
// as the standard writes a sudden-death control with increment), Termination ("normal" for an end by the rules,
// "time forfeit" for a loss on time, "adjudication" otherwise) and PlyCount; the moves in SAN, each with a comment
// holding the mover's score in pawns (mate as "+M3"), the depth reached and the nodes searched ("{+0.35/7 2000
// nodes}", the mover's view, as cutechess writes its "{+0.35/7 0.12s}"), in a clock game followed by the search's
// time and the mover's clock after the move as the %clk command of the PGN supplement writes it
// ("{+0.35/7 2000 nodes 0.120s [%clk 0:00:00.953]}"); a last comment saying how the game ended; lines under 80
// characters.
#pragma once

#include <cstdint>
#include <string>

#include "harness/match/game.h"

namespace harness {

struct PgnTags {
  std::string event = "?";
  std::string site = "?";
  std::string date = "????.??.??";
  std::string round = "?";
  std::string time_control;  // the TimeControl tag's value; empty = no tag (a game at a node budget or depth)
};

std::string game_pgn(const GameRecord& game, const PgnTags& tags);

// A score as a PGN comment writes it: "+0.35", "-1.20", "+M3" (mate in 3 moves), "-M2".
std::string pgn_score_text(int score);

// A clock's reading as the %clk command writes it: "0:01:05.250" (hours, minutes, seconds to the millisecond).
std::string pgn_clock_text(std::int64_t ms);

// A clock as the TimeControl tag writes it: base and increment in seconds, "1+0.1", "60+0".
std::string pgn_time_control(const GameClock& clock);

}  // namespace harness
