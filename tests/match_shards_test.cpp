// Sharded matches (harness/match/match_shards.h): `harness match --shard i/n` plays exactly the pairs k with
// k mod n = i - 1 into a directory marked as that shard, and `harness merge` of the n shards gives the directory a
// single run gives, byte for byte but the wall-clock fields (match_test_util.h match_files_without_timing): 24 pairs
// in 4 shards (the 300 pairs in 4 shards: match_shards_slow_test.cpp). Merging refuses, exit 2 naming the
// directory and the problem: shards of another match or engine, of another n, given twice, missing, unfinished, or a
// whole match.
#include <gtest/gtest.h>

#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "harness/storage/cell_store.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_shards_test {

using nlohmann::json;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
using match_test::expect_same_match;
using match_test::play;
using match_test::write_config;
namespace fs = std::filesystem;

std::vector<int> pair_indices(const fs::path& dir) {
  std::vector<int> out;
  for (const json& p : match_test::stored_pairs(dir)) out.push_back(p["pair"].get<int>());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(MatchShards, FourShardsMergedEqualOneRunByteForByte) {
  TempDir tmp;
  const fs::path cfg = write_config(tmp, "sharded", 24, 300);
  const auto single = run_harness(fmt::format("match {} --out {} --threads 1 -q", cfg.string(), (tmp / "single").string()));
  ASSERT_EQ(single.code, 0) << single.output;
  for (int i = 1; i <= 4; ++i) {
    const fs::path dir = tmp / fmt::format("shard-{}", i);
    const auto r = run_harness(play(cfg, dir, fmt::format("--shard {}/4", i)));
    ASSERT_EQ(r.code, 0) << r.output;
    // Exactly its pairs, and marked as its shard; its report says so and gives no figure.
    std::vector<int> expected;
    for (int k = i - 1; k < 24; k += 4) expected.push_back(k);
    EXPECT_EQ(pair_indices(dir), expected) << dir;
    EXPECT_EQ(json::parse(read_text(dir / "match.json"))["shard"], fmt::format("{}/4", i));
    const json summary = json::parse(read_text(dir / "summary.json"));
    EXPECT_EQ(summary["shard"], fmt::format("{}/4", i));
    EXPECT_EQ(summary["pairs_stored"], 6);
    EXPECT_FALSE(summary.contains("match")) << summary.dump();
    EXPECT_NE(read_text(dir / "REPORT.md").find(fmt::format("shard {}", i)), std::string::npos);
    EXPECT_EQ(match_test::pgn_games(read_text(dir / "games.pgn")).size(), 12u);
  }
  // Given in any order.
  const auto merged = run_harness(fmt::format("merge {0}/shard-3 {0}/shard-1 {0}/shard-4 {0}/shard-2 --out {0}/merged",
                                              tmp.path.string()));
  ASSERT_EQ(merged.code, 0) << merged.output;
  EXPECT_NE(merged.output.find("merged 4 shards: 24 pairs"), std::string::npos) << merged.output;
  const match_test::MatchFiles one = match_test::match_files_without_timing(tmp / "single");
  const match_test::MatchFiles joined = match_test::match_files_without_timing(tmp / "merged");
  ASSERT_EQ(one.pairs.size(), 24u);
  expect_same_match(joined, one);
  EXPECT_NE(joined.report.find("| pairs counted | 24 of 24 |"), std::string::npos) << joined.report;
  // The merged pairs carry their checksums and the match's key.
  const std::string key = match_test::stored_pairs(tmp / "single")[0]["match"];
  for (const json& p : match_test::stored_pairs(tmp / "merged")) EXPECT_EQ(p["match"], key);
  // The shards' run logs came along, each saying its shard.
  const std::string runs = read_text(tmp / "merged/runs.jsonl");
  EXPECT_EQ(std::count(runs.begin(), runs.end(), '\n'), 4) << runs;
  for (int i = 1; i <= 4; ++i) EXPECT_NE(runs.find(fmt::format("\"shard\":\"{}/4\"", i)), std::string::npos) << runs;

  // Merging again into the same directory (a recipe run twice) finds it done and writes the same reports.
  const auto again = run_harness(fmt::format("merge {0}/shard-1 {0}/shard-2 {0}/shard-3 {0}/shard-4 --out {0}/merged",
                                             tmp.path.string()));
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_EQ(match_test::match_files_without_timing(tmp / "merged"), joined);
  // `harness report` rebuilds a shard's report.
  const std::string shard_md = read_text(tmp / "shard-2/REPORT.md");
  fs::remove(tmp / "shard-2/REPORT.md");
  ASSERT_EQ(run_harness("report " + (tmp / "shard-2").string()).code, 0);
  EXPECT_EQ(read_text(tmp / "shard-2/REPORT.md"), shard_md);
}

void expect_refused(const runner_test::Result& r, const std::vector<std::string>& words, const fs::path& never) {
  EXPECT_EQ(r.code, 2) << r.output;
  for (const auto& w : words) EXPECT_NE(r.output.find(w), std::string::npos) << "'" << w << "' not in: " << r.output;
  EXPECT_FALSE(fs::exists(never)) << never;
}

TEST(MatchShards, MergeRefusesShardsThatDoNotMakeOneMatch) {
  TempDir tmp;
  const fs::path a = write_config(tmp, "a", 6, 100);
  const fs::path b = write_config(tmp, "b", 6, 120, "a");  // the same match at another node budget
  for (int i = 1; i <= 3; ++i)
    ASSERT_EQ(run_harness(play(a, tmp / fmt::format("a{}", i), fmt::format("--shard {}/3", i))).code, 0);
  ASSERT_EQ(run_harness(play(b, tmp / "b2", "--shard 2/3")).code, 0);
  ASSERT_EQ(run_harness(play(a, tmp / "half2", "--shard 2/2")).code, 0);
  ASSERT_EQ(run_harness(play(a, tmp / "whole")).code, 0);
  ASSERT_EQ(run_harness(play(b, tmp / "bwhole")).code, 0);
  const std::string t = tmp.path.string();
  const fs::path never = tmp / "never";
  const auto merge = [&](const std::string& dirs, const fs::path& out) {
    return run_harness(fmt::format("merge {} --out {}", dirs, out.string()));
  };

  expect_refused(merge(fmt::format("{0}/a1 {0}/b2 {0}/a3", t), never), {t + "/b2", "different matches", "'nodes'"}, never);
  expect_refused(merge(fmt::format("{0}/a1 {0}/half2", t), never), {t + "/half2", "2/2", "1/3", "same n"}, never);
  expect_refused(merge(fmt::format("{0}/a1 {0}/a2 {0}/a1 {0}/a3", t), never), {"both hold shard 1/3", "overlapping"}, never);
  expect_refused(merge(fmt::format("{0}/a1 {0}/a3", t), never), {"shard 2/3", "missing", t + "/a1"}, never);
  expect_refused(merge(fmt::format("{0}/a1 {0}/whole {0}/a3", t), never), {t + "/whole", "not a shard"}, never);
  // Another engine: the identity in match.json differs.
  fs::copy(tmp / "a2", tmp / "e2");
  json e = json::parse(read_text(tmp / "e2/match.json"));
  e["engine"] = "buho-0+sig:0000000000000000";
  write_text(tmp / "e2/match.json", e.dump(2));
  expect_refused(merge(fmt::format("{0}/a1 {0}/e2 {0}/a3", t), never), {t + "/e2", "'engine'"}, never);
  // An unfinished shard: a pair line gone.
  fs::copy(tmp / "a3", tmp / "u3");
  std::istringstream lines(read_text(tmp / "u3/pairs.jsonl"));
  std::string kept;
  for (std::string line; std::getline(lines, line);)
    if (json::parse(line)["pair"] == 2) kept += line + "\n";  // pair 5 gone (the lines are in the order played)
  write_text(tmp / "u3/pairs.jsonl", kept);
  expect_refused(merge(fmt::format("{0}/a1 {0}/a2 {0}/u3", t), never), {t + "/u3", "1 of its 2 pairs", "pair 5"}, never);
  // An --out holding another match.
  const std::string before = read_text(tmp / "bwhole/pairs.jsonl");
  const auto into_other = merge(fmt::format("{0}/a1 {0}/a2 {0}/a3", t), tmp / "bwhole");
  EXPECT_EQ(into_other.code, 2) << into_other.output;
  EXPECT_NE(into_other.output.find(t + "/bwhole"), std::string::npos) << into_other.output;
  EXPECT_EQ(read_text(tmp / "bwhole/pairs.jsonl"), before);
  // The same shards merge.
  EXPECT_EQ(merge(fmt::format("{0}/a1 {0}/a2 {0}/a3", t), tmp / "ok").code, 0);
}

TEST(MatchShards, AShardResumesOnlyAsItself) {
  TempDir tmp;
  const fs::path a = write_config(tmp, "a", 4, 100);
  const fs::path dir = tmp / "s1";
  ASSERT_EQ(run_harness(play(a, dir, "--shard 1/2 --pairs 2")).code, 0);
  EXPECT_EQ(pair_indices(dir), (std::vector<int>{0}));
  // The same shard resumes (a longer match: its pair 2 added).
  const auto resumed = run_harness(play(a, dir, "--shard 1/2"));
  ASSERT_EQ(resumed.code, 0) << resumed.output;
  EXPECT_EQ(pair_indices(dir), (std::vector<int>{0, 2}));
  const std::string pairs = read_text(dir / "pairs.jsonl");
  for (const std::string other : {"--shard 2/2", "--shard 1/3", ""}) {
    const auto r = run_harness(play(a, dir, other));
    EXPECT_EQ(r.code, 2) << other << ": " << r.output;
    EXPECT_NE(r.output.find("holds shard 1/2"), std::string::npos) << r.output;
  }
  EXPECT_EQ(read_text(dir / "pairs.jsonl"), pairs);
  // A whole run's directory does not become a shard.
  ASSERT_EQ(run_harness(play(a, tmp / "whole", "--pairs 1")).code, 0);
  const auto into_whole = run_harness(play(a, tmp / "whole", "--shard 1/2"));
  EXPECT_EQ(into_whole.code, 2) << into_whole.output;
  EXPECT_NE(into_whole.output.find("holds a whole run"), std::string::npos) << into_whole.output;
  // Bad --shard values name the option.
  for (const std::string bad : {"0/2", "3/2", "1", "a/b"}) {
    const auto r = run_harness(play(a, tmp / "never", "--shard " + bad));
    EXPECT_EQ(r.code, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find("--shard '" + bad + "'"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(tmp / "never"));
  }
  // A pair of another shard moved in by hand is refused by every reader.
  ASSERT_EQ(run_harness(play(a, tmp / "s2", "--shard 2/2 --pairs 2")).code, 0);
  write_text(dir / "pairs.jsonl", pairs + read_text(tmp / "s2/pairs.jsonl"));
  const auto report = run_harness("report " + dir.string());
  EXPECT_EQ(report.code, 2) << report.output;
  EXPECT_NE(report.output.find("not a pair of shard 1/2"), std::string::npos) << report.output;
}

}  // namespace match_shards_test
