// `harness match` on a clock (base time + increment per side, the engine's time manager deciding each move): a short
// match ends with legal games that Debian's pgn-extract reads, each side's clock kept move by move (time used, the
// increment added) and written as TimeControl and %clk; a side whose search outlasts its clock loses on time (a draw
// when the other side has only its king); the config's clock is checked like every key; a match at a node budget
// stores and writes nothing of clocks.
#include <gtest/gtest.h>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "harness/experiment/presets.h"
#include "harness/match/game.h"
#include "harness/match/pgn_writer.h"
#include "harness/paths.h"
#include "pgn_replay.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_clock_test {

using nlohmann::json;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
using match_test::openings;
using match_test::pgn_games;
using match_test::stored_pairs;
namespace fs = std::filesystem;

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

harness::MatchPlayer player(const std::string& version) {
  const auto v = harness::PresetBook::load(harness::project_path("configs/versions.json")).resolve(version);
  return {v.name, v.search, v.eval};
}

TEST(MatchClock, AShortClockMatchEndsWithLegalGamesAndEachSidesClockKept) {
  TempDir tmp;
  constexpr int kBase = 1000, kIncrement = 100;
  const json cfg{{"name", "clock"},
                 {"match", {{"players", {"H", "G"}}, {"openings", openings()}, {"pairs", 2},
                            {"clock", {{"base_ms", kBase}, {"increment_ms", kIncrement}}}, {"max_moves", 10}}}};
  write_text(tmp / "c.json", cfg.dump());
  const fs::path dir = tmp / "m";
  const auto r = run_harness("match " + (tmp / "c.json").string() + " --out " + dir.string() + " --threads 2 -q");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("a clock of 1 s + 0.1 s per move"), std::string::npos) << r.output;

  // pgn-extract reads every game (its log is empty when every move was legal and every tag well formed).
  const std::string pgn_file = (dir / "games.pgn").string();
  const std::string pgn_extract = fs::exists("/usr/games/pgn-extract") ? "/usr/games/pgn-extract" : "pgn-extract";
  const auto px = runner_test::run_shell(pgn_extract + " -s -r -l " + (tmp / "px.log").string() + " " + pgn_file);
  EXPECT_EQ(px.code, 0) << px.output;
  EXPECT_EQ(read_text(tmp / "px.log"), "");

  const auto games = pgn_games(read_text(dir / "games.pgn"));
  const auto pairs = stored_pairs(dir);
  ASSERT_EQ(games.size(), 4u);
  ASSERT_EQ(pairs.size(), 2u);
  std::map<int, json> by_index;
  for (const auto& p : pairs) by_index[p["pair"].get<int>()] = p;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string& game = games[i];
    const auto replay = pgn_replay::replay(game);
    EXPECT_EQ(replay.error, "") << game;
    EXPECT_EQ(replay.result_tag, replay.termination);
    EXPECT_NE(game.find("[TimeControl \"1+0.1\"]"), std::string::npos) << game;
    const json& stored = by_index.at(int(i / 2))["games"][i % 2];
    const std::size_t moves = replay.moves.size();
    EXPECT_EQ(count_of(game, "[%clk "), moves) << game;
    ASSERT_EQ(stored["used_ms"].size(), moves);
    ASSERT_EQ(stored["clocks_ms"].size(), moves);
    // Each side's clock: the base, less each search's time, plus the increment after each move (each figure stored
    // rounded down to the millisecond, so the sum may be 2 ms off); never run out in a game that did not end on time.
    std::int64_t clock[2] = {kBase, kBase};
    const int first_mover = buho::Board::from_fen(by_index.at(int(i / 2))["fen"].get<std::string>()).side_to_move();
    for (std::size_t k = 0; k < moves; ++k) {
      const int side = (first_mover + int(k)) % 2;
      const std::int64_t used = stored["used_ms"][k].get<std::int64_t>();
      const std::int64_t after = stored["clocks_ms"][k].get<std::int64_t>();
      EXPECT_GE(used, 0);
      EXPECT_NEAR(double(after), double(clock[side] - used + kIncrement), 2.0) << "game " << i << " move " << k;
      EXPECT_GT(after, 0);
      EXPECT_NE(game.find(fmt::format("[%clk {}]", harness::pgn_clock_text(after))), std::string::npos) << after;
      clock[side] = after;
    }
    const std::string end = stored["end"].get<std::string>();
    EXPECT_EQ(game.find("[Termination \"time forfeit\"]") != std::string::npos, end == "time_forfeit") << game;
  }
  // The report says a clock match is not reproducible; `harness report` rebuilds the same PGN from the pairs.
  EXPECT_NE(read_text(dir / "REPORT.md").find("**A clock match is not reproducible**"), std::string::npos);
  const json summary = json::parse(read_text(dir / "summary.json"));
  EXPECT_EQ(summary["match"]["clock"], (json{{"base_ms", kBase}, {"increment_ms", kIncrement}, {"reproducible", false}}));
  EXPECT_EQ(json::parse(read_text(dir / "match.json"))["clock"], (json{{"base_ms", kBase}, {"increment_ms", kIncrement}}));
  const std::string pgn = read_text(dir / "games.pgn");
  fs::remove(dir / "games.pgn");
  const auto report = run_harness("report " + dir.string());
  ASSERT_EQ(report.code, 0) << report.output;
  EXPECT_EQ(read_text(dir / "games.pgn"), pgn);
}

// A clock of 1 ms: White's first search cannot end within it (the soft target and the hard limit are 1 ms, both
// counted from later than the clock's start), so White loses on time before any move is played.
TEST(MatchClock, ASearchThatOutlastsItsClockLosesOnTime) {
  harness::MoveLimit limit;
  limit.clock = harness::GameClock{1, 0};
  harness::GameMemory memory;
  harness::GameRecord g;
  ASSERT_TRUE(harness::play_game(player("H"), player("G"), buho::Board().fen(), limit, {}, memory, g));
  EXPECT_EQ(g.end, harness::GameEnd::time_forfeit);
  EXPECT_EQ(g.result, -1);
  EXPECT_TRUE(g.moves.empty());
  EXPECT_EQ(g.end_text.rfind("White loses on time: its search took ", 0), 0u) << g.end_text;
  EXPECT_FALSE(harness::is_adjudication(g.end));
  harness::PgnTags tags;
  tags.time_control = harness::pgn_time_control(limit.clock);
  const std::string pgn = harness::game_pgn(g, tags);
  EXPECT_NE(pgn.find("[TimeControl \"0.001+0\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"time forfeit\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
  const auto replay = pgn_replay::replay(pgn);
  EXPECT_EQ(replay.error, "");
  EXPECT_EQ(replay.termination, "0-1");

  // The side on time has only its king: it can never mate, so the game is drawn.
  harness::GameRecord bare;
  ASSERT_TRUE(harness::play_game(player("H"), player("G"), "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", limit, {}, memory, bare));
  EXPECT_EQ(bare.end, harness::GameEnd::time_forfeit);
  EXPECT_EQ(bare.result, 0);
  EXPECT_NE(bare.end_text.find("Black has only its king, a draw"), std::string::npos) << bare.end_text;
}

TEST(MatchClock, TheClockIsCheckedLikeEveryKey) {
  TempDir tmp;
  const auto expect_refused = [&](const json& cfg, const std::string& words) {
    write_text(tmp / "bad.json", cfg.dump());
    const auto r = run_harness("match " + (tmp / "bad.json").string() + " --out " + (tmp / "never").string() + " -q");
    EXPECT_EQ(r.code, 2) << cfg.dump() << "\n" << r.output;
    EXPECT_NE(r.output.find(words), std::string::npos) << cfg.dump() << "\n" << r.output;
    EXPECT_FALSE(fs::exists(tmp / "never"));
  };
  const json good{{"name", "bad"},
                  {"match", {{"players", {"H", "G"}}, {"openings", openings()}, {"pairs", 1},
                             {"clock", {{"base_ms", 1000}, {"increment_ms", 100}}}}}};
  json j = good;
  j["match"]["nodes"] = 1000;
  expect_refused(j, "exactly one limit per move");
  j = good;
  j["match"]["clock"]["base_ms"] = 0;
  expect_refused(j, "$.match.clock.base_ms: 0 is out of range");
  j = good;
  j["match"]["clock"] = {{"increment_ms", 100}};
  expect_refused(j, "$.match.clock");
  j = good;
  j["match"]["clock"]["moves"] = 40;
  expect_refused(j, "unknown key 'moves'");
  j = good;
  j["match"]["clock"] = 1000;
  expect_refused(j, "$.match.clock: expected {\"base_ms\", \"increment_ms\"}");
  // A series gives its limits itself.
  j = good;
  j["match"].erase("players");
  j["series"] = {{"pairings", json::array({json::array({"H", "G"})})}, {"nodes", {100}}};
  expect_refused(j, "$.match.clock");
}

// A match at a node budget stores no times and writes no clock: its files stay as they were before clocks existed.
TEST(MatchClock, ANodeMatchCarriesNoClock) {
  TempDir tmp;
  const json cfg{{"name", "nodes"},
                 {"match", {{"players", {"H", "G"}}, {"openings", openings()}, {"pairs", 1}, {"nodes", 200}, {"max_moves", 10}}}};
  write_text(tmp / "c.json", cfg.dump());
  const auto r = run_harness("match " + (tmp / "c.json").string() + " --out " + (tmp / "m").string() + " -q");
  ASSERT_EQ(r.code, 0) << r.output;
  const std::string pairs = read_text(tmp / "m" / "pairs.jsonl");
  EXPECT_EQ(pairs.find("clocks_ms"), std::string::npos);
  EXPECT_EQ(pairs.find("used_ms"), std::string::npos);
  const std::string pgn = read_text(tmp / "m" / "games.pgn");
  EXPECT_EQ(pgn.find("TimeControl"), std::string::npos);
  EXPECT_EQ(pgn.find("%clk"), std::string::npos);
  EXPECT_EQ(read_text(tmp / "m" / "REPORT.md").find("not reproducible"), std::string::npos);
}

}  // namespace match_clock_test
