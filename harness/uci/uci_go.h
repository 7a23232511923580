// UCI's `go`: what it asks for, read from its words. The session (uci_session.cpp) carries it out.
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"

namespace harness {

// `go perft N` takes N up to this, as `harness perft` does; a deeper count would run for days (and stops on `stop`).
constexpr int kMaxPerftDepth = 20;

// What `go` asked for.
struct GoRequest {
  int depth = 0;                 // 0 = no depth limit
  long long nodes = 0;           // 0 = no node limit
  long long movetime = -1;       // ms; -1 = none
  long long time[2] = {-1, -1};  // wtime, btime (ms)
  long long inc[2] = {0, 0};     // winc, binc
  long long movestogo = 0;
  bool infinite = false;
  int perft = 0;
  std::vector<buho::Move> searchmoves;  // the legal moves `searchmoves` named; empty: every root move
  // The words after `searchmoves` that are not legal moves in the position: ignored (the legal ones are searched),
  // and the session says so. When none was legal, every root move is searched.
  std::vector<std::string> ignored_searchmoves;
};

// Reads `go`'s words (`words[0]` is "go") for the position `board`. Returns "" or the error that refuses the whole
// `go` (an unknown parameter, a missing or negative number, depth/mate/perft 0, perft past kMaxPerftDepth).
std::string parse_go(const std::vector<std::string>& words, const buho::Board& board, GoRequest& g);

}  // namespace harness
