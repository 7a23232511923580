// A cell bounded by nodes as well as depth (the config's `node_budget`, the per-cell node limit): a real run whose
// deeper cells reach the limit stores them as stopped (completed false), not as failures, with the move of their last
// completed iteration scored against the EPD's; the same run again stores the same cells (a node limit is
// deterministic, unlike a time limit); and the report marks them and counts them apart.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/version_ratios.h"
#include "runner_test_util.h"

namespace node_limit_test {

using namespace harness;
using nlohmann::json;

constexpr std::uint64_t kLimit = 20000;

// Runs two versions on three WAC positions at depths 2 and 6 under the limit into `out`.
void run_limited(const runner_test::TempDir& dir, const std::string& out) {
  const json c = json::parse(R"({
    "name": "node-limit",
    "positions": [{"epd": "positions/wac.epd", "ids": ["WAC.001", "WAC.002", "WAC.003"]}],
    "depths": [2, 6],
    "versions": ["A", "H"],
    "node_budget": 20000
  })");
  runner_test::write_text(dir / "run.json", c.dump());
  const auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + (dir / out).string());
  ASSERT_EQ(r.code, 0) << r.output;
}

TEST(NodeLimit, ACellStoppedByItsNodeLimitIsRecordedAsStoppedAndReported) {
  runner_test::TempDir dir;
  run_limited(dir, "one");
  const ResultSet rs = load_results(dir / "one");
  EXPECT_TRUE(rs.failed.empty());  // stopped is not failed
  int stopped = 0, stopped_h = 0, stopped_a = 0;
  for (const auto& r : rs.records()) {
    const std::string identity = r.identity();
    EXPECT_TRUE(r.failure.empty()) << identity;
    if (r.completed) {
      EXPECT_LE(r.depth_reached, r.inputs.depth) << identity;
      continue;
    }
    ++stopped;
    (r.inputs.version == "H" ? stopped_h : stopped_a) += 1;
    EXPECT_GE(r.nodes(), kLimit) << identity;
    EXPECT_LT(r.depth_reached, r.inputs.depth) << identity;  // the last completed iteration's depth
    EXPECT_FALSE(r.best_move.empty()) << identity;            // its answer, scored against the EPD's bm
    ASSERT_TRUE(r.solve.has_value()) << identity;
  }
  // Plain alpha-beta (A) passes 20,000 nodes well before depth 6 on every one of these positions.
  EXPECT_EQ(stopped_a, 3);
  EXPECT_GE(stopped, 3);

  const std::string md = runner_test::read_text(dir / "one" / "REPORT.md");
  EXPECT_NE(md.find("- Node budget: 20000 nodes per cell; cells that reached it are marked (Nb)"), std::string::npos) << md;
  EXPECT_NE(md.find("Stopped by the budget |"), std::string::npos);
  const json summary = json::parse(runner_test::read_text(dir / "one" / "summary.json"));
  ASSERT_TRUE(summary.contains("version_ratios"));
  EXPECT_EQ(summary["version_ratios"]["node_budget"], kLimit);
  const json& deep = summary["version_ratios"]["depths"][1];
  ASSERT_EQ(deep["depth"], 6);
  EXPECT_EQ(deep["versions"][0]["version"], "H");
  EXPECT_EQ(deep["versions"][0]["stopped_by_budget"]["base"], stopped_a);
  EXPECT_EQ(deep["versions"][0]["stopped_by_budget"]["version"], stopped_h);
  // No pair with a stopped cell enters the ratio: at depth 6 every base cell was stopped.
  EXPECT_EQ(deep["versions"][0]["positions"], 0);
  EXPECT_EQ(deep["versions"][0]["solved"]["positions"], 3);

  // The same run again: the same cells, node for node and move for move.
  run_limited(dir, "two");
  const ResultSet again = load_results(dir / "two");
  ASSERT_EQ(again.measured(), rs.measured());
  for (const auto& r : rs.records()) {
    const std::string identity = r.identity();
    const CellRecord* other = again.find(identity);
    ASSERT_NE(other, nullptr) << identity;
    EXPECT_EQ(other->nodes(), r.nodes()) << identity;
    EXPECT_EQ(other->completed, r.completed) << identity;
    EXPECT_EQ(other->best_move, r.best_move) << identity;
  }
}

}  // namespace node_limit_test
