// A match config: two players (each a version of configs/versions.json or a custom flag set, as experiment configs
// write them), the openings, the limit per move, adjudication and an optional SPRT. configs/README.md describes it:
//   {"name", "description"?, "presets"?, "versions"?: [custom versions],
//    "match": {"players": [P1, P2], "openings": EPD or PGN (pgn_openings.h), "first_opening"?, "pairs",
//              "nodes" | "depth" | "clock": {"base_ms", "increment_ms"?},
//              "max_moves"?, "adjudication"?: {"win_score", "win_moves", "draw_score", "draw_moves", "draw_from_move"},
//              "sprt"?: {"nelo0", "nelo1", "alpha", "beta"}}}
// Every problem is a UserError naming the file and the JSON path. The Elo is the first player's, against the second.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/match/published_elo_spec.h"
#include "harness/match/game.h"
#include "harness/match/match_stats.h"

namespace harness {

struct MatchSpec {
  std::string name;
  std::string description;
  MatchPlayer players[2];
  nlohmann::json player_flags[2];  // every flag resolved (presets.h flags_to_json)
  std::string openings_file;       // as the config names it: an EPD file, or a PGN file (its name ends .pgn)
  std::vector<std::string> openings;  // FENs in file order
  int first_opening = 0;           // pair i plays opening (first_opening + i) mod openings.size()
  int pairs = 0;                   // the most pairs to play
  MoveLimit limit;
  Adjudication adjudication;
  bool sprt_enabled = false;
  SprtBounds sprt;
  // A single match's claims (match_claim_spec.h), resolved, as match.json stores them; null when none. Not part of
  // what decides the games (identity_json, match_key).
  nlohmann::json claims;

  const std::string& opening_of_pair(int pair) const;
  // What decides the games, as stored in DIR/match.json: everything but the pair count and the description, with
  // the players' resolved flags and the engine identity. A directory holds the pairs of one identity only.
  nlohmann::json identity_json(const std::string& engine) const;
};

MatchSpec match_spec_from_json(const nlohmann::json& j, const std::string& file);

// A config with a "series" beside its "match" section: one match per pairing and per limit, all sharing the rest of
// the match section (openings, pairs, adjudication, SPRT), each named "<first>-vs-<second>-<nodes>n" (or "-d<depth>")
// and stored in a directory of that name; every pairing at the first limit comes first:
//   "series": {"pairings": [["B", "A"], ["C", "B"], ...], "nodes": [2000, 20000]}   (or "depths": [4, 6])
// and optionally "node_savings_from": ["results/DIR", ...], runs of `harness run` whose cells give each match's node
// saving at fixed depth beside its Elo (series_node_savings.h).
// A config without one is a single match (series.is_series false, one spec). Either may carry top-level "claims"
// (match_claim_spec.h), checked against its matches before any game is played.
struct MatchSeries {
  std::string name, description;
  bool is_series = false;
  std::vector<std::string> node_savings_from;  // as the config writes them (relative to the project root)
  PublishedEloSpec published_elo;              // "published_elo": our Elo beside the sources' (published_elo_spec.h)
  nlohmann::json claims;                       // the config's "claims" resolved (match_claim_spec.h); null when none
  std::vector<MatchSpec> matches;
};
MatchSeries load_match_series(const std::filesystem::path& file);

}  // namespace harness
