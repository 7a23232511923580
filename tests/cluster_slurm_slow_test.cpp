// scripts/cluster/slurm.sh on a real Slurm: a private single-node cluster (Debian's slurm-wlm with munge, started
// by scripts/cluster/slurm-local.sh in a temporary directory, loopback only) runs an experiment as a job array of
// three shards and a merge job that waits for them; the merged cells equal the same experiment run at once, line
// for line after sorting (byte for byte but the two wall-clock fields). A match goes the same way (`harness match
// --shard` in the array): the merged match's files equal a single run's. Label `slow`: it starts daemons.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/paths.h"
#include "cluster_test_util.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace cluster_slurm_slow_test {

using runner_test::TempDir;

using cluster_test::cells_without_timing;
using cluster_test::shell;

const std::string kConfig = cluster_test::config("slurm-test", R"({"name": "A16", "extends": "A", "flags": {"tt_entries": 65536}},
   {"name": "H16", "extends": "H", "flags": {"tt_entries": 65536}})");

// Stops the daemons whatever happens to the test.
struct LocalSlurm {
  std::string script, dir;
  ~LocalSlurm() { shell(fmt::format("bash {} stop {} > /dev/null 2>&1", script, dir)); }
};

TEST(ClusterSlurm, ArrayShardsMergedEqualOneRun) {
  if (::geteuid() != 0) GTEST_SKIP() << "the local Slurm daemons need root (CI runs as root)";
  ASSERT_EQ(shell("command -v slurmctld > /dev/null && command -v munged > /dev/null"), 0)
      << "slurm-wlm and munge are not installed: scripts/setup.sh installs them";
  TempDir dir;
  runner_test::write_text(dir / "config.json", kConfig);
  runner_test::write_text(dir / "match.json", cluster_test::match_config("slurm-match"));
  const std::string local = harness::project_path("scripts/cluster/slurm-local.sh").string();
  const std::string submit = harness::project_path("scripts/cluster/slurm.sh").string();
  LocalSlurm slurm{local, (dir / "slurm").string()};
  ASSERT_EQ(shell(fmt::format("bash {} start {} > {} 2>&1", local, slurm.dir, (dir / "start.log").string())), 0)
      << runner_test::read_text(dir / "start.log");
  const std::string env = fmt::format("SLURM_CONF={}/slurm.conf HARNESS={}", slurm.dir, BUHO_HARNESS_BIN);
  ASSERT_EQ(shell(fmt::format("{} bash {} {} 3 {} > {} 2>&1", env, submit, (dir / "config.json").string(),
                              (dir / "work").string(), (dir / "submit.log").string())),
            0)
      << runner_test::read_text(dir / "submit.log");
  // A match, in the same cluster: its shards play pairs (`harness match --shard`) and its merge joins them.
  ASSERT_EQ(shell(fmt::format("{} bash {} {} 3 {} > {} 2>&1", env, submit, (dir / "match.json").string(),
                              (dir / "match-work").string(), (dir / "submit-match.log").string())),
            0)
      << runner_test::read_text(dir / "submit-match.log");

  // Wait for the queue to empty (the merge job runs last), at most five minutes.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  for (;;) {
    const int empty = shell(fmt::format("{} squeue -h | grep -q . ; test $? -ne 0", env));
    if (empty == 0) break;
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "Slurm jobs still queued after 5 minutes";
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  ASSERT_TRUE(std::filesystem::exists(dir / "work/merged/cells.jsonl"))
      << "no merged results; logs in " << (dir / "work/logs").string() << ": "
      << runner_test::read_text(dir / "submit.log");

  const auto single = runner_test::run_harness(fmt::format("run {} --out {} --quiet --threads 1",
                                                           (dir / "config.json").string(), (dir / "single").string()));
  ASSERT_EQ(single.code, 0) << single.output;
  const auto merged = cells_without_timing(dir / "work/merged/cells.jsonl");
  EXPECT_EQ(merged.size(), 12u);
  EXPECT_EQ(merged, cells_without_timing(dir / "single/cells.jsonl"));

  ASSERT_TRUE(std::filesystem::exists(dir / "match-work/merged/pairs.jsonl"))
      << "no merged match; logs in " << (dir / "match-work/logs").string() << ": "
      << runner_test::read_text(dir / "submit-match.log");
  for (int i = 1; i <= 3; ++i)
    EXPECT_NE(runner_test::read_text(dir / fmt::format("match-work/shard-{}/match.json", i)).find(fmt::format("\"{}/3\"", i)),
              std::string::npos);
  const auto single_match = runner_test::run_harness(fmt::format(
      "match {} --out {} --quiet --threads 1", (dir / "match.json").string(), (dir / "single-match").string()));
  ASSERT_EQ(single_match.code, 0) << single_match.output;
  const auto one = match_test::match_files_without_timing(dir / "single-match");
  EXPECT_EQ(one.pairs.size(), 12u);
  EXPECT_EQ(match_test::match_files_without_timing(dir / "match-work/merged"), one);
}

}  // namespace cluster_slurm_slow_test
