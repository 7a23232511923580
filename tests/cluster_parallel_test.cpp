// scripts/cluster/parallel.sh: an experiment run in shards under GNU parallel (Debian's `parallel`) and joined
// with `harness merge` equals the same experiment run at once. Cells are compared line by line after sorting,
// byte for byte but for the two wall-clock fields (search_seconds, engine_seconds), which measure this run's
// time and differ between any two runs. A match config goes the same way (`harness match --shard`): the merged
// match's files equal a single run's (match_test_util.h match_files_without_timing).
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/paths.h"
#include "cluster_test_util.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace cluster_parallel_test {

using runner_test::TempDir;

using cluster_test::cells_without_timing;
using cluster_test::shell;

const std::string kConfig = cluster_test::config("cluster-test", R"({"name": "A16", "extends": "A", "flags": {"tt_entries": 65536}},
   {"name": "D16", "extends": "D", "flags": {"tt_entries": 65536}},
   {"name": "H16", "extends": "H", "flags": {"tt_entries": 65536}})");

TEST(ClusterParallel, ShardsMergedEqualOneRun) {
  ASSERT_EQ(shell("command -v parallel > /dev/null"), 0)
      << "GNU parallel is not installed: scripts/setup.sh installs it (Debian package 'parallel')";
  TempDir dir;
  runner_test::write_text(dir / "config.json", kConfig);
  const std::string script = harness::project_path("scripts/cluster/parallel.sh").string();
  const int code = shell(fmt::format("HARNESS={} bash {} {} 3 {} > {} 2>&1", BUHO_HARNESS_BIN, script,
                                     (dir / "config.json").string(), (dir / "work").string(), (dir / "log").string()));
  ASSERT_EQ(code, 0) << runner_test::read_text(dir / "log");
  // GNU parallel ran three jobs, each a shard, each successfully (its own job log).
  const std::string joblog = runner_test::read_text(dir / "work/joblog");
  for (int i = 1; i <= 3; ++i) EXPECT_NE(joblog.find(fmt::format("--shard {}/3", i)), std::string::npos) << joblog;

  const auto single = runner_test::run_harness(fmt::format("run {} --out {} --quiet --threads 1",
                                                           (dir / "config.json").string(), (dir / "single").string()));
  ASSERT_EQ(single.code, 0) << single.output;

  const auto merged = cells_without_timing(dir / "work/merged/cells.jsonl");
  const auto one = cells_without_timing(dir / "single/cells.jsonl");
  EXPECT_EQ(merged.size(), 18u);
  EXPECT_EQ(merged, one);

  // Run again: --resume skips the finished shards, and the merge finds nothing new.
  ASSERT_EQ(shell(fmt::format("HARNESS={} bash {} {} 3 {} > {} 2>&1", BUHO_HARNESS_BIN, script,
                              (dir / "config.json").string(), (dir / "work").string(), (dir / "log2").string())),
            0)
      << runner_test::read_text(dir / "log2");
  EXPECT_EQ(cells_without_timing(dir / "work/merged/cells.jsonl"), one);
}

TEST(ClusterParallel, MatchShardsMergedEqualOneRun) {
  ASSERT_EQ(shell("command -v parallel > /dev/null"), 0)
      << "GNU parallel is not installed: scripts/setup.sh installs it (Debian package 'parallel')";
  TempDir dir;
  runner_test::write_text(dir / "match.json", cluster_test::match_config("cluster-match"));
  const std::string script = harness::project_path("scripts/cluster/parallel.sh").string();
  const std::string command = fmt::format("HARNESS={} bash {} {} 3 {}", BUHO_HARNESS_BIN, script,
                                          (dir / "match.json").string(), (dir / "work").string());
  ASSERT_EQ(shell(fmt::format("{} > {} 2>&1", command, (dir / "log").string())), 0) << runner_test::read_text(dir / "log");
  const std::string joblog = runner_test::read_text(dir / "work/joblog");
  for (int i = 1; i <= 3; ++i)
    EXPECT_NE(joblog.find(fmt::format("match {} --shard {}/3", (dir / "match.json").string(), i)), std::string::npos)
        << joblog;

  const auto single = runner_test::run_harness(fmt::format("match {} --out {} --quiet --threads 1",
                                                           (dir / "match.json").string(), (dir / "single").string()));
  ASSERT_EQ(single.code, 0) << single.output;
  const auto one = match_test::match_files_without_timing(dir / "single");
  EXPECT_EQ(one.pairs.size(), 12u);
  EXPECT_EQ(match_test::match_files_without_timing(dir / "work/merged"), one);

  // Run again: every shard done, the merge finds its own earlier result and writes the same reports.
  ASSERT_EQ(shell(fmt::format("{} > {} 2>&1", command, (dir / "log2").string())), 0) << runner_test::read_text(dir / "log2");
  EXPECT_EQ(match_test::match_files_without_timing(dir / "work/merged"), one);
}

TEST(ClusterParallel, BadArgumentsExit2) {
  const std::string script = harness::project_path("scripts/cluster/parallel.sh").string();
  EXPECT_EQ(shell(fmt::format("bash {} > /dev/null 2>&1", script)), 2);
  EXPECT_EQ(shell(fmt::format("bash {} configs/quick.json zero /tmp/x > /dev/null 2>&1", script)), 2);
  EXPECT_EQ(shell(fmt::format("bash {} /nonexistent.json 2 /tmp/x > /dev/null 2>&1", script)), 2);
  TempDir dir;
  runner_test::write_text(dir / "broken.json", "{\"name\": ");
  EXPECT_EQ(shell(fmt::format("bash {} {} 2 {} > /dev/null 2>&1", script, (dir / "broken.json").string(),
                              (dir / "work").string())),
            2);
}

}  // namespace cluster_parallel_test
