// What the match tests share: the opening book they play from, a match directory's stored pairs (each line's
// checksum checked), and a PGN file cut into its games.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "harness/storage/cell_store.h"
#include "runner_test_util.h"

namespace match_test {

inline std::string openings() {
  return (std::filesystem::path(BUHO_SOURCE_DIR) / "positions/openings_noob_3moves_sample.epd").string();
}

// The pairs of a pairs.jsonl as JSON, checksums checked.
inline std::vector<nlohmann::json> stored_pairs(const std::filesystem::path& dir) {
  std::vector<nlohmann::json> out;
  std::istringstream in(runner_test::read_text(dir / "pairs.jsonl"));
  for (std::string line; std::getline(in, line);) {
    EXPECT_EQ(harness::check_line(line), harness::LineCheck::ok) << line.substr(0, 80);
    out.push_back(nlohmann::json::parse(line));
  }
  return out;
}

inline std::vector<std::string> pgn_games(const std::string& pgn) {
  std::vector<std::string> games;
  for (std::size_t at = pgn.find("[Event "); at != std::string::npos;) {
    const std::size_t next = pgn.find("[Event ", at + 1);
    games.push_back(pgn.substr(at, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  return games;
}

}  // namespace match_test
