// The 300 pairs in 4 shards (harness/match/match_shards.h), the scale check of match_shards_test.cpp's 24
// pairs: slow, since under the sanitizers its 1,200 games took a minute of the test run's budget and go through no
// code the 24-pair test misses.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_shards_slow_test {

using nlohmann::json;
using match_test::expect_same_match;
using match_test::play;
using match_test::write_config;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;

// The check: 300 pairs played in 4 shards and merged equal a single run of them (pairs, Elo, LLR and every
// file but the wall clock's fields), byte for byte. An SPRT gives the LLR too: its bounds (+-13.8 at alpha = beta =
// 1e-6) are wide enough not to be crossed in these 300 pairs (the LLR stays within [-6.1, 0]), since a single run
// stops at a decision and its shards cannot (match_shards.h).
TEST(MatchShards, ThreeHundredPairsInFourShardsEqualOneRun) {
  TempDir tmp;
  json cfg = json::parse(read_text(write_config(tmp, "three-hundred", 300, 300)));
  cfg["match"]["sprt"] = json{{"nelo0", -10}, {"nelo1", 10}, {"alpha", 1e-6}, {"beta", 1e-6}};
  write_text(tmp / "c.json", cfg.dump(2));
  const auto t0 = std::chrono::steady_clock::now();
  const auto single = run_harness(fmt::format("match {} --out {} --threads 1 -q", (tmp / "c.json").string(),
                                              (tmp / "single").string()));
  ASSERT_EQ(single.code, 0) << single.output;
  const auto t1 = std::chrono::steady_clock::now();
  for (int i = 1; i <= 4; ++i) {
    const auto r = run_harness(play(tmp / "c.json", tmp / fmt::format("s{}", i), fmt::format("--shard {}/4", i)));
    ASSERT_EQ(r.code, 0) << r.output;
  }
  const auto merged = run_harness(fmt::format("merge {0}/s1 {0}/s2 {0}/s3 {0}/s4 --out {0}/merged", tmp.path.string()));
  ASSERT_EQ(merged.code, 0) << merged.output;
  const auto t2 = std::chrono::steady_clock::now();
  std::printf("300 pairs: single run %.1f s (1 thread), 4 shards and merge %.1f s (2 threads each)\n",
              std::chrono::duration<double>(t1 - t0).count(), std::chrono::duration<double>(t2 - t1).count());
  const match_test::MatchFiles one = match_test::match_files_without_timing(tmp / "single");
  const match_test::MatchFiles joined = match_test::match_files_without_timing(tmp / "merged");
  ASSERT_EQ(one.pairs.size(), 300u);
  expect_same_match(joined, one);
  const json summary = json::parse(one.summary_json);
  EXPECT_EQ(summary["match"]["pairs"], 300);
  EXPECT_EQ(summary["match"]["sprt"]["verdict"], "no decision") << summary["match"]["sprt"].dump();
  EXPECT_NE(summary["match"]["sprt"]["llr"], 0.0);
}

}  // namespace match_shards_slow_test
