// The runner end to end through the harness binary on a tiny config: a run killed with SIGKILL and
// resumed ends with the same cells as an uninterrupted run; 1 and 2 threads give identical node
// counts; shards merged equal a single run; a changed config is refused; --fresh sets results aside.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "harness/storage/cell_store.h"
#include "harness/storage/run_log.h"
#include "runner_test_util.h"
#include "stored_cells_util.h"

namespace runner_test {

using runner_test::TempDir;
namespace fs = std::filesystem;

// 3 positions x 3 versions x 5 depths + a 2 x 2 TT sweep at depths 3-5: 45 + 12 cells, a second or two (depth 6
// took most of these tests' 10-20 s under the sanitizers, and checks no mechanism depth 5 does not). The
// versions use an 8192-entry table: the presets' 2M entries (64 MB, cleared per cell) would cost more than the
// searches, and a size apart from the sweep's keeps the two tables' cells distinct.
const std::string kVersions =
    R"([{"name": "Bs", "extends": "B", "flags": {"tt_entries": 8192}}, {"name": "Ds", "extends": "D", "flags": {"tt_entries": 8192}}, )"
    R"({"name": "Hs", "extends": "H", "flags": {"tt_entries": 8192}}])";
const std::string kConfig = R"({
  "name": "tiny",
  "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.FIN.08", "LCTII.FIN.06", "LCTII.POS.09"]}],
  "depths": {"from": 1, "to": 5},
  "versions": )" + kVersions + R"(,
  "sweeps": [{"version": "D", "positions": ["LCTII.FIN.06"], "tt_entries": [1024, 4096],
              "tt_schemes": ["always", "depth_always"], "depths": [3, 4, 5]}]
})";
constexpr std::size_t kCells = 57;

using runner_test::cells_by_key;

struct RunnerFixture : runner_test::ConfigInTempDir {
  void SetUp() override { write_config("tiny.json", kConfig); }
  void run_ok(const std::string& args) {
    const auto r = runner_test::run_harness(args);
    ASSERT_EQ(r.code, 0) << r.output;
  }
};

TEST_F(RunnerFixture, KilledAndResumedEqualsUninterrupted) {
  run_ok("run " + config.string() + " -q --threads 2 --out " + (tmp / "whole").string());
  const auto whole = cells_by_key(tmp / "whole");
  ASSERT_EQ(whole.size(), kCells);

  const fs::path out = tmp / "killed";
  const pid_t pid = runner_test::spawn_harness({"run", config.string(), "-q", "--threads", "1", "--out", out.string()});
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (runner_test::count_lines(out / "cells.jsonl") < 5 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
  const std::size_t before = harness::read_cells(out / "cells.jsonl").rows.size();
  EXPECT_GE(before, 5u);
  EXPECT_LT(before, kCells);

  const auto r = runner_test::run_harness("run " + config.string() + " -q --threads 2 --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find(std::to_string(before) + " already in"), std::string::npos) << r.output;
  EXPECT_EQ(cells_by_key(out), whole);

  // A third run finds nothing to do.
  const auto again = runner_test::run_harness("run " + config.string() + " -q --out " + out.string());
  EXPECT_NE(again.output.find("running 0 on"), std::string::npos) << again.output;
  EXPECT_EQ(cells_by_key(out), whole);

  // The run log: the killed run never finished, the resumed one is logged, the idle third one is not.
  const auto runs = harness::read_run_records(out);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].cells_run, kCells - before);
  EXPECT_EQ(runs[0].threads, 2);
  EXPECT_EQ(runs[0].engine, harness::read_cells(out / "cells.jsonl").rows.front().engine);
  EXPECT_GT(runs[0].bench_signature, 0u);
  EXPECT_GT(runs[0].machine.cores, 0u);
  EXPECT_FALSE(runs[0].machine.compiler.empty());
  EXPECT_NE(runner_test::read_text(out / "REPORT.md").find(std::to_string(runs[0].bench_signature)), std::string::npos);
}

TEST_F(RunnerFixture, OneAndTwoThreadsGiveIdenticalCounts) {
  run_ok("run " + config.string() + " -q --threads 1 --out " + (tmp / "t1").string());
  run_ok("run " + config.string() + " -q --threads 2 --out " + (tmp / "t2").string());
  EXPECT_EQ(cells_by_key(tmp / "t1"), cells_by_key(tmp / "t2"));
  EXPECT_EQ(cells_by_key(tmp / "t1").size(), kCells);
}

TEST_F(RunnerFixture, ShardsMergedEqualOneRun) {
  run_ok("run " + config.string() + " -q --out " + (tmp / "single").string());
  for (int i = 1; i <= 3; ++i)
    run_ok("run " + config.string() + " -q --shard " + std::to_string(i) + "/3 --out " + (tmp / ("s" + std::to_string(i))).string());
  EXPECT_LT(cells_by_key(tmp / "s1").size(), kCells);
  run_ok("merge " + (tmp / "s1").string() + " " + (tmp / "s2").string() + " " + (tmp / "s3").string() + " --out " +
         (tmp / "merged").string());
  EXPECT_EQ(cells_by_key(tmp / "merged"), cells_by_key(tmp / "single"));
  EXPECT_TRUE(fs::exists(tmp / "merged" / "REPORT.md"));
  // Each shard's run record travels to the merged directory, once (merging again adds none).
  EXPECT_EQ(harness::read_run_records(tmp / "merged").size(), 3u);
  run_ok("merge " + (tmp / "s1").string() + " --out " + (tmp / "merged").string());
  EXPECT_EQ(harness::read_run_records(tmp / "merged").size(), 3u);

  // A shard of another config is refused.
  TempDir other;
  std::string changed = kConfig;
  const std::string bs = R"({"name": "Bs", "extends": "B", "flags": {"tt_entries": 8192}}, )";
  changed.replace(changed.find(bs), bs.size(), "");
  runner_test::write_text(other / "c.json", changed);
  run_ok("run " + (other / "c.json").string() + " -q --shard 1/9 --out " + (other / "o").string());
  const auto r = runner_test::run_harness("merge " + (tmp / "s1").string() + " " + (other / "o").string() + " --out " +
                                          (tmp / "merged2").string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("different experiments"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(tmp / "merged2"));
}

TEST_F(RunnerFixture, ChangedConfigIsRefusedAndFreshSetsOldResultsAside) {
  const fs::path out = tmp / "out";
  run_ok("run " + config.string() + " -q --shard 1/6 --out " + out.string());
  const std::string before = runner_test::read_text(out / "cells.jsonl");

  // The same config with version H's LMR tuned differently: results would differ.
  std::string changed = kConfig;
  const std::string h = R"({"name": "Hs", "extends": "H", "flags": {"tt_entries": 8192}})";
  changed.replace(changed.find(h), h.size(), R"({"name": "H2", "extends": "H", "flags": {"tt_entries": 8192, "lmr_min_moves": 3}})");
  runner_test::write_text(config, changed);
  const auto r = runner_test::run_harness("run " + config.string() + " -q --out " + out.string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("different experiment"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--fresh"), std::string::npos) << r.output;
  EXPECT_EQ(runner_test::read_text(out / "cells.jsonl"), before);

  const std::string runs_before = runner_test::read_text(out / "runs.jsonl");
  run_ok("run " + config.string() + " -q --fresh --shard 1/6 --out " + out.string());
  int backups = 0, run_backups = 0;
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("cells.jsonl.bak-", 0) == 0 && name.find(".flag_sets") == std::string::npos) {
      ++backups;
      EXPECT_EQ(runner_test::read_text(e.path()), before);
      // Its flag sets went aside with it: the cells set aside still read.
      EXPECT_TRUE(fs::exists(harness::flag_sets_file(e.path()))) << harness::flag_sets_file(e.path());
      EXPECT_FALSE(harness::read_cells(e.path()).rows.empty());
    }
    if (e.path().filename().string().rfind("runs.jsonl.bak-", 0) == 0) {
      ++run_backups;
      EXPECT_EQ(runner_test::read_text(e.path()), runs_before);
    }
  }
  EXPECT_EQ(backups, 1);
  // The run log goes aside with the cells it describes; the new log holds only the new run.
  EXPECT_EQ(run_backups, 1);
  EXPECT_EQ(harness::read_run_records(out).size(), 1u);
}

TEST_F(RunnerFixture, ReportRebuildsTheSameFiles) {
  const fs::path out = tmp / "out";
  run_ok("run " + config.string() + " -q --out " + out.string());
  const std::string md = runner_test::read_text(out / "REPORT.md"), csv = runner_test::read_text(out / "cells.csv");
  fs::remove(out / "REPORT.md");
  fs::remove(out / "cells.csv");
  run_ok("report " + out.string());
  EXPECT_EQ(runner_test::read_text(out / "REPORT.md"), md);
  EXPECT_EQ(runner_test::read_text(out / "cells.csv"), csv);
}

}  // namespace runner_test
