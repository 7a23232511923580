// A game pair as stored: its index, the opening, and its two games (the first player White in the first game, Black
// in the second), each with its moves, scores, depths, nodes and end, and in a clock game each move's time used and
// the clock left after it. One line of DIR/pairs.jsonl.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/match/game.h"

namespace harness {

struct PairRecord {
  int index = 0;        // pair i plays the match's opening i (match_config.h opening_of_pair)
  std::string fen;      // that opening
  GameRecord games[2];  // the first player White, then Black
  double seconds = 0;         // wall time of the pair
  double engine_seconds = 0;  // the engines' search time in it
  // The key of the match.json it was played under (match_report.h match_key), member "match"; empty in a line
  // written before pairs carried it.
  std::string match_key;

  // The first player's half-points in game g (0, 1 or 2).
  int first_player_half_points(int g) const;
  nlohmann::json to_json() const;
  // Reads a stored line; the moves are replayed from the opening, so an illegal one is refused (UserError
  // starting with `where`).
  static PairRecord from_json(const nlohmann::json& j, const std::string& where);
};

}  // namespace harness
