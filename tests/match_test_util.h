// What the match tests share: the opening book they play from, a match directory's stored pairs (each line's
// checksum checked), a PGN file cut into its games, and a match directory's files as two runs of one match must
// give them byte for byte (sharded_match_check).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fmt/core.h>
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
    EXPECT_TRUE(harness::check_line(line)) << line.substr(0, 80);
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

// A match directory's files without what measures one run's wall clock and differs between any two runs: each
// pairs.jsonl line (in file order) without "seconds" and "engine_seconds" (and its checksum, which covers them), and
// REPORT.md without its line of thread time. match.json, summary.json and games.pgn as they are.
struct MatchFiles {
  std::string match_json, summary_json, pgn, report;
  std::vector<std::string> pairs;
  bool operator==(const MatchFiles&) const = default;
};

inline MatchFiles match_files_without_timing(const std::filesystem::path& dir) {
  MatchFiles f;
  f.match_json = runner_test::read_text(dir / "match.json");
  f.summary_json = runner_test::read_text(dir / "summary.json");
  f.pgn = runner_test::read_text(dir / "games.pgn");
  std::istringstream report(runner_test::read_text(dir / "REPORT.md"));
  for (std::string line; std::getline(report, line);)
    if (line.find("s of thread time") == std::string::npos) f.report += line + "\n";
  std::istringstream in(runner_test::read_text(dir / "pairs.jsonl"));
  for (std::string line; std::getline(in, line);) {
    nlohmann::json j = nlohmann::json::parse(line);
    for (const char* k : {"seconds", "engine_seconds", "line_xxh"}) j.erase(k);
    f.pairs.push_back(j.dump());
  }
  return f;
}

// The sharded-match tests' pieces (match_shards_test.cpp, match_shards_slow_test.cpp).
// The merged shards' files against the single run's: every pair, match.json, summary.json, games.pgn, REPORT.md.
inline void expect_same_match(const MatchFiles& joined, const MatchFiles& one) {
  EXPECT_EQ(joined.pairs, one.pairs);
  EXPECT_EQ(joined.match_json, one.match_json);
  EXPECT_EQ(joined.summary_json, one.summary_json);
  EXPECT_EQ(joined.pgn, one.pgn);
  EXPECT_EQ(joined.report, one.report);
}

// CONFIG in tmp/<file>.json: the match `name` (default `file`) of H against E.
inline std::filesystem::path write_config(const runner_test::TempDir& tmp, const std::string& file_name, int pairs,
                                          int nodes, std::string name = "") {
  const nlohmann::json cfg{{"name", name.empty() ? file_name : name},
                           {"match",
                            {{"players", nlohmann::json::array({"H", "E"})}, {"openings", openings()}, {"pairs", pairs},
                             {"nodes", nodes}, {"max_moves", 60}}}};
  const std::filesystem::path file = tmp / (file_name + ".json");
  runner_test::write_text(file, cfg.dump(2));
  return file;
}

inline std::string play(const std::filesystem::path& config, const std::filesystem::path& out,
                        const std::string& extra = "") {
  return fmt::format("match {} --out {} --threads 2 -q {}", config.string(), out.string(), extra);
}

}  // namespace match_test
