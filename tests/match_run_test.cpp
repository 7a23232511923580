// `harness match` end to end: the same fixed-node match gives the same PGN byte for byte on 1 and 2 threads; a match
// interrupted (^C) and killed (SIGKILL, a torn last line) resumes without losing or repeating a pair and ends with the
// PGN of an uninterrupted run; Debian's pgn-extract reads every game without an error and the engine's own rules
// replay them; the SPRT stops the match at the first pair whose LLR crosses a bound; `harness report` on a match
// directory computes its figures from the pairs; bad input exits 2 naming the input.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <set>
#include <thread>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "harness/match/match_config.h"
#include "harness/match/match_stats.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/run_log.h"
#include "pgn_replay.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_run_test {

using nlohmann::json;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
using match_test::openings;
using match_test::pgn_games;
using match_test::stored_pairs;
namespace fs = std::filesystem;

fs::path write_config(const TempDir& tmp, const std::string& name, json match) {
  match["players"] = match.value("players", json::array({"H", "E"}));
  match["openings"] = openings();
  if (!match.contains("depth")) match["nodes"] = match.value("nodes", 400);
  match["max_moves"] = match.value("max_moves", 80);
  const json cfg{{"name", name}, {"match", match}};
  const fs::path file = tmp / (name + ".json");
  write_text(file, cfg.dump(2));
  return file;
}

std::string match_args(const fs::path& config, const fs::path& out, int threads) {
  return config.string() + " --out " + out.string() + " --threads " + std::to_string(threads) + " -q";
}

TEST(MatchRun, OneAndTwoThreadsGiveTheSamePgn) {
  TempDir tmp;
  const fs::path cfg = write_config(tmp, "threads", json{{"pairs", 6}});
  const auto one = run_harness("match " + match_args(cfg, tmp / "one", 1));
  ASSERT_EQ(one.code, 0) << one.output;
  // The second directory starts from the first's match.json: the same match, so the same PGN date.
  fs::create_directories(tmp / "two");
  fs::copy_file(tmp / "one" / "match.json", tmp / "two" / "match.json");
  // (Without -q: the progress line shows the pairs, games, W/D/L, score, Elo, nElo and an ETA.)
  const auto two = run_harness("match " + cfg.string() + " --out " + (tmp / "two").string() + " --threads 2");
  ASSERT_EQ(two.code, 0) << two.output;
  EXPECT_NE(two.output.find("threads: pairs 6/6  games 12  W/D/L "), std::string::npos) << two.output;
  for (const char* part : {"  score ", "  Elo ", "  nElo ", "  ETA 0:00"})
    EXPECT_NE(two.output.find(part), std::string::npos) << part << "\n" << two.output;
  const std::string pgn = read_text(tmp / "one" / "games.pgn");
  EXPECT_EQ(pgn_games(pgn).size(), 12u);
  EXPECT_EQ(pgn, read_text(tmp / "two" / "games.pgn"));
  EXPECT_EQ(read_text(tmp / "one" / "summary.json"), read_text(tmp / "two" / "summary.json"));
  // Each directory records where, when and with what build its pairs were played (run_log.h), as `harness run` does.
  const auto runs = harness::read_run_records(tmp / "one");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].cells_run, 6u);
  EXPECT_EQ(runs[0].threads, 1);
  EXPECT_GT(runs[0].nodes, 0u);
  EXPECT_GT(runs[0].wall_seconds, 0.0);
  EXPECT_FALSE(runs[0].engine.empty());
  EXPECT_GT(runs[0].bench_signature, 0u);
  EXPECT_FALSE(runs[0].machine.cpu.empty());
  EXPECT_EQ(runs[0].note, "harness match: 6 pairs (12 games)");
  EXPECT_EQ(harness::read_run_records(tmp / "two").at(0).threads, 2);
}

// Starts the match and ends it with `signal` once `lines` pairs are stored; the process must still have been
// running. Returns its wait status.
int stop_after(const std::vector<std::string>& args, const fs::path& pairs, std::size_t lines, int signal) {
  const pid_t pid = runner_test::spawn_harness(args);
  for (int i = 0; i < 60000 && runner_test::count_lines(pairs) < lines; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_EQ(::kill(pid, signal), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

TEST(MatchRun, InterruptedAndKilledMatchResumesWithoutLosingOrRepeatingAPair) {
  TempDir tmp;
  constexpr int kPairs = 24;
  const fs::path cfg = write_config(tmp, "resume", json{{"pairs", kPairs}});
  const fs::path dir = tmp / "m", pairs = dir / "pairs.jsonl";
  const std::vector<std::string> args = {"match", cfg.string(), "--out", dir.string(), "--threads", "2", "-q"};
  // ^C: the pairs in flight are dropped, the process says so and exits 130.
  const int interrupted = stop_after(args, pairs, 2, SIGINT);
  ASSERT_TRUE(WIFEXITED(interrupted));
  EXPECT_EQ(WEXITSTATUS(interrupted), 130);
  const std::size_t after_interrupt = stored_pairs(dir).size();
  ASSERT_LT(after_interrupt, std::size_t(kPairs));
  // SIGKILL: nothing runs at its end; then a line cut off as a crash mid-write would leave it.
  const int killed = stop_after(args, pairs, after_interrupt + 2, SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(killed)) << "the match ended before it was killed";
  const std::size_t after_kill = stored_pairs(dir).size();
  ASSERT_LT(after_kill, std::size_t(kPairs));
  { std::ofstream(pairs, std::ios::app) << R"({"pair":999,"fen":"rnbqkbnr/pppppppp/8/8)"; }
  const auto resumed = run_harness("match " + match_args(cfg, dir, 2));
  ASSERT_EQ(resumed.code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("incomplete last line"), std::string::npos) << resumed.output;

  std::set<int> seen;
  for (const json& p : stored_pairs(dir)) EXPECT_TRUE(seen.insert(p["pair"].get<int>()).second) << p["pair"];
  EXPECT_EQ(seen.size(), std::size_t(kPairs));
  EXPECT_EQ(*seen.rbegin(), kPairs - 1);
  // The same games as a match never stopped.
  fs::create_directories(tmp / "whole");
  fs::copy_file(dir / "match.json", tmp / "whole" / "match.json");
  const auto whole = run_harness("match " + match_args(cfg, tmp / "whole", 1));
  ASSERT_EQ(whole.code, 0) << whole.output;
  EXPECT_EQ(read_text(dir / "games.pgn"), read_text(tmp / "whole" / "games.pgn"));
}

TEST(MatchRun, PgnIsReadByPgnExtractAndReplayedByTheEngine) {
  TempDir tmp;
  const fs::path cfg = write_config(tmp, "pgn", json{{"pairs", 4}, {"nodes", 300}});
  const fs::path dir = tmp / "m";
  const auto r = run_harness("match " + match_args(cfg, dir, 2));
  ASSERT_EQ(r.code, 0) << r.output;
  const std::string pgn_file = (dir / "games.pgn").string();
  // pgn-extract parses every game and checks every move; it writes its complaints to the log file. Debian installs
  // it in /usr/games.
  const std::string pgn_extract = fs::exists("/usr/games/pgn-extract") ? "/usr/games/pgn-extract" : "pgn-extract";
  const auto px = runner_test::run_shell(pgn_extract + " -s -r -l " + (tmp / "px.log").string() + " " + pgn_file);
  EXPECT_EQ(px.code, 0) << px.output;
  // (It exits 0 even on a game it cannot read, such as an illegal move: "Failed to make move 2. Ke3 in the game"
  // goes to the log, which is empty when every game was read.)
  EXPECT_EQ(read_text(tmp / "px.log"), "");
  const auto counted = runner_test::run_shell(pgn_extract + " -o /dev/null -l " + (tmp / "count.log").string() + " " + pgn_file);
  EXPECT_NE(read_text(tmp / "count.log").find("8 games matched out of 8"), std::string::npos) << read_text(tmp / "count.log");

  const auto games = pgn_games(read_text(dir / "games.pgn"));
  const auto pairs = stored_pairs(dir);
  ASSERT_EQ(games.size(), 8u);
  ASSERT_EQ(pairs.size(), 4u);
  std::map<int, json> by_index;
  for (const auto& p : pairs) by_index[p["pair"].get<int>()] = p;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto replay = pgn_replay::replay(games[i]);
    EXPECT_EQ(replay.error, "") << games[i];
    EXPECT_EQ(replay.result_tag, replay.termination);
    const json& stored = by_index.at(int(i / 2))["games"][i % 2];
    std::string moves;
    for (const auto& m : replay.moves) {
      if (!moves.empty()) moves += ' ';
      moves += m;
    }
    EXPECT_EQ(moves, stored["moves"].get<std::string>());
    EXPECT_EQ(replay.result_tag, stored["result"].get<std::string>());
    EXPECT_NE(games[i].find("[Termination \""), std::string::npos);
    EXPECT_NE(games[i].find("[SetUp \"1\"]"), std::string::npos);
  }
}

// The first pair at which the LLR crosses a bound ends the match, and `harness report` tells the verdict from the
// pairs stored.
TEST(MatchRun, SprtStopsAtTheFirstCrossingAndTheReportComputesTheVerdict) {
  TempDir tmp;
  const json sprt{{"nelo0", 0}, {"nelo1", 40}, {"alpha", 0.1}, {"beta", 0.1}};
  const fs::path cfg = write_config(tmp, "sprt", json{{"pairs", 60}, {"players", {"H", "A"}}, {"sprt", sprt}});
  const fs::path dir = tmp / "m";
  const auto r = run_harness("match " + match_args(cfg, dir, 2));
  ASSERT_EQ(r.code, 0) << r.output;
  const harness::SprtBounds bounds{0, 40, 0.1, 0.1};
  std::map<int, json> by_index;
  for (const auto& p : stored_pairs(dir)) by_index[p["pair"].get<int>()] = p;
  harness::Pentanomial penta{};
  int decided_at = -1;
  for (int i = 0; i < 60 && by_index.count(i); ++i) {
    int half_points = 0;
    for (int g = 0; g < 2; ++g) {
      const std::string res = by_index[i]["games"][g]["result"].get<std::string>();
      const int white = res == "1-0" ? 2 : res == "0-1" ? 0 : 1;
      half_points += g == 0 ? white : 2 - white;
    }
    ++penta[std::size_t(half_points)];
    if (harness::sprt_verdict(harness::sprt_llr(penta, bounds), bounds) != harness::SprtVerdict::running) {
      decided_at = i;
      break;
    }
  }
  ASSERT_GE(decided_at, 0) << "the SPRT did not decide in 60 pairs";
  ASSERT_LT(decided_at, 59);
  const json summary = json::parse(read_text(dir / "summary.json"));
  EXPECT_EQ(summary["match"]["pairs"].get<int>(), decided_at + 1);
  // Pairs the other thread finished beyond the deciding one (while an earlier pair was still being played) are kept
  // and named, not counted.
  EXPECT_EQ(summary["match"]["stored_not_counted"].get<std::size_t>(), by_index.size() - std::size_t(decided_at + 1));
  EXPECT_EQ(summary["match"]["pentanomial"], json(penta));
  EXPECT_EQ(summary["match"]["sprt"]["verdict"], "H1 accepted (nElo >= 40)");

  fs::remove(dir / "REPORT.md");
  const auto report = run_harness("report " + dir.string());
  ASSERT_EQ(report.code, 0) << report.output;
  EXPECT_NE(report.output.find("verdict: H1 accepted"), std::string::npos) << report.output;
  EXPECT_NE(report.output.find(fmt::format("pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2): {}, {}, {}, {}, {}\n",
                                           penta[0], penta[1], penta[2], penta[3], penta[4])),
            std::string::npos)
      << report.output;
  EXPECT_NE(report.output.find(fmt::format("W/D/L {}/", summary["match"]["wins"].get<int>())), std::string::npos);
  const std::string md = read_text(dir / "REPORT.md");
  EXPECT_NE(md.find(fmt::format("| pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2) | {}, {}, {}, {}, {} |", penta[0],
                                penta[1], penta[2], penta[3], penta[4])),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| normalised Elo | "), std::string::npos);
}

TEST(MatchRun, BadInputExitsTwoNamingTheProblem) {
  TempDir tmp;
  const auto expect_refused = [&](const json& cfg, const std::string& words) {
    const fs::path file = tmp / "bad.json";
    write_text(file, cfg.dump());
    const auto r = run_harness("match " + file.string() + " --out " + (tmp / "never").string() + " -q");
    EXPECT_EQ(r.code, 2) << cfg.dump() << "\n" << r.output;
    EXPECT_NE(r.output.find(words), std::string::npos) << cfg.dump() << "\n" << r.output;
    EXPECT_FALSE(fs::exists(tmp / "never"));
  };
  const json good{{"name", "bad"}, {"match", {{"players", {"H", "G"}}, {"openings", openings()}, {"pairs", 2}, {"nodes", 100}}}};
  expect_refused(json{{"name", "bad"}}, "missing required key 'match'");
  json j = good;
  j["match"]["players"] = {"H", "Z"};
  expect_refused(j, "$.match.players[1]");
  j = good;
  j["match"]["depth"] = 3;
  expect_refused(j, "exactly one limit per move");
  j = good;
  j["match"]["sprt"] = {{"nelo0", 2}, {"nelo1", 0}};
  expect_refused(j, "$.match.sprt: nelo0 (2) must be below nelo1 (0)");
  j = good;
  j["match"]["openings"] = "no/such.epd";
  expect_refused(j, "$.match.openings");
  j = good;
  j["match"]["color"] = "white";
  expect_refused(j, "unknown key 'color'");
  const auto missing = run_harness("match " + (tmp / "absent.json").string());
  EXPECT_EQ(missing.code, 2) << missing.output;
  // Another match's directory is refused, naming what differs.
  const fs::path a = tmp / "a.json";
  write_text(a, good.dump());
  ASSERT_EQ(run_harness("match " + match_args(a, tmp / "dir", 1)).code, 0);
  json other = good;
  other["match"]["nodes"] = 200;
  write_text(a, other.dump());
  const auto clash = run_harness("match " + match_args(a, tmp / "dir", 1));
  EXPECT_EQ(clash.code, 2) << clash.output;
  EXPECT_NE(clash.output.find("its 'nodes' differs"), std::string::npos) << clash.output;
}

// A series: one match per pairing and node budget, each in its own directory, and the series' table computed from
// them; `harness report` rebuilds it byte for byte.
TEST(MatchRun, SeriesPlaysEveryPairingAtEveryBudget) {
  TempDir tmp;
  const json cfg{{"name", "series"},
                 {"versions", json::array({json{{"name", "H-lmr"}, {"extends", "H"}, {"flags", {{"lmr", false}}}}})},
                 {"match", {{"openings", openings()}, {"pairs", 2}, {"max_moves", 40}}},
                 {"series", {{"pairings", json::array({json::array({"H", "G"}), json::array({"H", "H-lmr"})})}, {"nodes", {200, 300}}}}};
  write_text(tmp / "s.json", cfg.dump());
  const fs::path dir = tmp / "out";
  const auto r = run_harness("match " + match_args(tmp / "s.json", dir, 2));
  ASSERT_EQ(r.code, 0) << r.output;
  const json summary = json::parse(read_text(dir / "summary.json"));
  ASSERT_EQ(summary["series"].size(), 4u) << summary.dump();
  const std::vector<std::string> names = {"H-vs-G-200n", "H-vs-H-lmr-200n", "H-vs-G-300n", "H-vs-H-lmr-300n"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(summary["series"][i]["name"], names[i]);
    const json one = json::parse(read_text(dir / names[i] / "summary.json"));
    EXPECT_EQ(summary["series"][i]["pentanomial"], one["match"]["pentanomial"]) << names[i];
    EXPECT_EQ(one["match"]["pairs"], 2);
    EXPECT_EQ(json::parse(read_text(dir / names[i] / "match.json"))["nodes"], i < 2 ? 200 : 300);
  }
  const std::string md = read_text(dir / "REPORT.md");
  EXPECT_NE(md.find("| H-vs-H-lmr-300n | H | H-lmr | 300 nodes | 2 of 2 |"), std::string::npos) << md;
  fs::remove(dir / "REPORT.md");
  const auto report = run_harness("report " + dir.string());
  ASSERT_EQ(report.code, 0) << report.output;
  EXPECT_EQ(read_text(dir / "REPORT.md"), md);
  // A series names its players and limits itself.
  json bad = cfg;
  bad["match"]["nodes"] = 100;
  write_text(tmp / "bad.json", bad.dump());
  const auto refused = run_harness("match " + match_args(tmp / "bad.json", tmp / "never", 1));
  EXPECT_EQ(refused.code, 2) << refused.output;
  EXPECT_NE(refused.output.find("$.match.nodes"), std::string::npos) << refused.output;
}

// The openings file is named in match.json by its path and size; a pair stored from an opening the file no longer
// gives is refused on resume.
TEST(MatchRun, ChangedOpeningsAreRefusedOnResume) {
  TempDir tmp;
  const std::string first = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"a\";\n";
  const std::string second = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"b\";\n";
  write_text(tmp / "book.epd", first + second);
  const json cfg{{"name", "book"},
                 {"match", {{"players", {"H", "G"}}, {"openings", (tmp / "book.epd").string()}, {"pairs", 1}, {"nodes", 200}, {"max_moves", 20}}}};
  write_text(tmp / "c.json", cfg.dump());
  ASSERT_EQ(run_harness("match " + match_args(tmp / "c.json", tmp / "m", 1)).code, 0);
  write_text(tmp / "book.epd", second + first);
  const auto r = run_harness("match " + match_args(tmp / "c.json", tmp / "m", 1) + " --pairs 2");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("pair 1 was played from"), std::string::npos) << r.output;
}

// A stored pair edited after it was written (its result changed, or its checksum removed) is refused by every reader,
// naming the file and line; deleting the line plays that pair again.
TEST(MatchRun, AnEditedPairLineIsRefused) {
  TempDir tmp;
  const fs::path cfg = write_config(tmp, "edited", json{{"pairs", 2}, {"nodes", 200}, {"max_moves", 30}});
  const fs::path dir = tmp / "m";
  ASSERT_EQ(run_harness("match " + match_args(cfg, dir, 1)).code, 0);
  const std::string original = read_text(dir / "pairs.jsonl");
  const auto first_end = original.find('\n');
  std::string line = original.substr(0, first_end);
  const auto at = line.find("\"result\":\"");
  ASSERT_NE(at, std::string::npos);
  const std::string result = line.substr(at + 10, 3);
  line.replace(at + 10, 3, result == "1-0" ? "0-1" : "1-0");
  write_text(dir / "pairs.jsonl", line + original.substr(first_end));
  const auto report = run_harness("report " + dir.string());
  EXPECT_EQ(report.code, 2) << report.output;
  EXPECT_NE(report.output.find("pairs.jsonl:1: the pair line does not match its checksum"), std::string::npos)
      << report.output;
  EXPECT_EQ(run_harness("match " + match_args(cfg, dir, 1)).code, 2);
  // Without the line, the pair is played again, to the same games.
  write_text(dir / "pairs.jsonl", original.substr(first_end + 1));
  ASSERT_EQ(run_harness("match " + match_args(cfg, dir, 1)).code, 0);
  EXPECT_EQ(stored_pairs(dir).size(), 2u);
  std::set<std::string> lines_before, lines_after;
  for (const auto& p : stored_pairs(dir)) lines_after.insert(p["games"].dump());
  std::istringstream in(original);
  for (std::string l; std::getline(in, l);) lines_before.insert(json::parse(l)["games"].dump());
  EXPECT_EQ(lines_before, lines_after);
}

TEST(MatchRun, ShippedMatchConfigsLoad) {
  const harness::MatchSeries series = harness::load_match_series(fs::path(BUHO_SOURCE_DIR) / "configs/match-h-vs-g.json");
  ASSERT_FALSE(series.is_series);
  const harness::MatchSpec& m = series.matches.front();
  EXPECT_EQ(m.players[0].name, "H");
  EXPECT_EQ(m.players[1].name, "G");
  EXPECT_EQ(m.limit.nodes, 2000u);
  EXPECT_EQ(m.openings.size(), 2013u);
  EXPECT_TRUE(m.sprt_enabled);
  EXPECT_NE(m.players[0].search.lmr, m.players[1].search.lmr);
}


// A match.json written before a flag existed lacks it in its players' flags; its pairs were played with the flag's
// default (configs/README.md), so the match resumes. A stored flag whose value differs is still another match.
TEST(MatchRun, AFlagAddedSinceThePairsWerePlayedTakesItsDefaultOnResume) {
  TempDir tmp;
  const fs::path cfg = write_config(tmp, "older", json{{"pairs", 1}, {"nodes", 200}, {"max_moves", 20}});
  const fs::path dir = tmp / "m";
  ASSERT_EQ(run_harness("match " + match_args(cfg, dir, 1)).code, 0);
  const json played = json::parse(read_text(dir / "match.json"));
  ASSERT_TRUE(played["players"][0]["flags"].contains("etc"));

  json older = played;
  for (auto& player : older["players"]) player["flags"].erase("etc");
  write_text(dir / "match.json", older.dump(2));
  const auto resumed = run_harness("match " + match_args(cfg, dir, 1) + " --pairs 2");
  EXPECT_EQ(resumed.code, 0) << resumed.output;
  EXPECT_EQ(stored_pairs(dir).size(), 2u);

  json changed = json::parse(read_text(dir / "match.json"));
  changed["players"][0]["flags"]["etc"] = !changed["players"][0]["flags"]["etc"].get<bool>();
  write_text(dir / "match.json", changed.dump(2));
  const auto refused = run_harness("match " + match_args(cfg, dir, 1) + " --pairs 3");
  EXPECT_EQ(refused.code, 2) << refused.output;
  EXPECT_NE(refused.output.find("holds the pairs of another match"), std::string::npos) << refused.output;
}

}  // namespace match_run_test
