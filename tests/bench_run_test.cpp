// `harness bench run`: it runs the two sizes through `harness run` in a fresh process and prints each one's harness
// share and the cost of a cell added, then the larger run's harness time by stage. Its figures are timings (not
// asserted here); the cell and line counts are not.
#include <gtest/gtest.h>

#include <string>

#include "harness/paths.h"  // the bench reads the bundled positions from the project
#include "runner_test_util.h"

namespace bench_run_test {

TEST(BenchRun, RunsBothSizesAndPrintsTheCostOfACellAdded) {
  runner_test::TempDir dir;
  const auto r = runner_test::run_harness("bench run --cells 320 --dir " + dir.path.string());
  ASSERT_EQ(r.code, 0) << r.output;
  // 320 cells: versions A-H on 40 positions; a sixteenth: 100 (the smallest run) on 13 positions, 104 cells.
  EXPECT_NE(r.output.find("\n     104 "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\n     320 "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("harness time per cell added, from 104 to 320 cells:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("harness time of the 320-cell run by stage (% of engine time): setup "), std::string::npos)
      << r.output;
  // --dir keeps what was run: the config and the stored cells of each size.
  EXPECT_TRUE(std::filesystem::exists(dir / "320/out/cells.jsonl"));
  const auto report = runner_test::run_harness("report " + (dir / "320/out").string());
  EXPECT_NE(report.output.find("320 of 320 cells measured"), std::string::npos) << report.output;
}

// --depth and --threads reach the run: its config's depth, `harness run -jJ`'s thread count in its log.
TEST(BenchRun, RunsTheDepthAndThreadsAsked) {
  runner_test::TempDir dir;
  const auto r = runner_test::run_harness("bench run --cells 160 --depth 2 -j2 --dir " + dir.path.string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.rfind("depth-2 cells, harness run -j2\n", 0), 0u) << r.output;
  EXPECT_NE(r.output.find("\n     160 "), std::string::npos) << r.output;
  const auto log = runner_test::read_text(dir / "160/run.log");
  EXPECT_NE(log.find("on 2 thread(s)"), std::string::npos) << log;
  const auto config = runner_test::read_text(dir / "160/config.json");
  EXPECT_NE(config.find("\"from\": 2"), std::string::npos) << config;
  EXPECT_EQ(runner_test::run_harness("bench run --cells 160 --depth 0").code, 2);
}

TEST(BenchRun, RefusesATooSmallCount) {
  const auto r = runner_test::run_harness("bench run --cells 5");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_EQ(r.output.rfind("error: ", 0), 0u) << r.output;
}

}  // namespace bench_run_test
