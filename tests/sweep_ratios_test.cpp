// A TT sweep's schemes and sizes over its positions (harness/report/sweep_ratios.h): on a tiny real sweep of two
// schemes × two sizes on three LCT II positions, REPORT.md's table and summary.json's member exist, the reference is
// the first scheme at the largest size, and each row's ratio equals the geometric mean this test computes itself from
// the cells; a sweep of one position gets no such table.
#include "harness/report/sweep_ratios.h"

#include <gtest/gtest.h>

#include <cmath>

#include "harness/experiment/experiment_config.h"
#include "harness/report/writers.h"
#include "runner_test_util.h"

namespace sweep_ratios_test {

using namespace harness;
using nlohmann::json;

TEST(SweepRatios, ASweepOnThreePositionsGetsAGeometricMeanTableAgainstItsReference) {
  runner_test::TempDir dir;
  runner_test::write_text(dir / "sweep.json", R"({
    "name": "small-sweep",
    "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01", "LCTII.CMB.01", "LCTII.FIN.01"]}],
    "depths": [3, 4],
    "sweeps": [{"version": "D", "tt_entries": [256, 4096], "tt_schemes": ["always", "depth"]}]
  })");
  const auto out = dir / "out";
  const auto r = runner_test::run_harness("run " + (dir / "sweep.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const json summary = json::parse(runner_test::read_text(out / "summary.json"));
  ASSERT_TRUE(summary.contains("sweep_ratios")) << summary.dump();
  const json& s = summary["sweep_ratios"][0];
  EXPECT_EQ(s["reference"]["scheme"], "always");
  EXPECT_EQ(s["reference"]["entries"], 4096);
  EXPECT_EQ(s["depth"], 4);
  ASSERT_EQ(s["rows"].size(), 3u);  // always 256, depth 256, depth 4096

  const ResultSet rs = load_results(out);
  for (const json& row : s["rows"]) {
    double logs = 0;
    int n = 0;
    for (const auto& p : rs.experiment.positions) {
      const CellRecord* ref = rs.sweep_cell("tt", p.id, "always", 4096, 4);
      const CellRecord* cell = rs.sweep_cell("tt", p.id, row["scheme"].get<std::string>(), row["entries"].get<int>(), 4);
      ASSERT_TRUE(ref && cell);
      logs += std::log(double(cell->nodes()) / double(ref->nodes()));
      ++n;
    }
    EXPECT_EQ(row["n"], n);
    EXPECT_NEAR(row["mean"].get<double>(), std::exp(logs / n), 1e-6) << row.dump();
    EXPECT_LE(row["low"].get<double>(), row["mean"].get<double>());
    EXPECT_GE(row["high"].get<double>(), row["mean"].get<double>());
  }
  const std::string md = runner_test::read_text(out / "REPORT.md");
  EXPECT_NE(md.find("### Sweep `tt` (version D) at depth 4"), std::string::npos) << md;
  EXPECT_NE(md.find("| depth | 4096 | 3 | "), std::string::npos) << md;
}

TEST(SweepRatios, ASweepOfOnePositionGetsNone) {
  runner_test::TempDir dir;
  runner_test::write_text(dir / "one.json", R"({
    "name": "one-position",
    "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.FIN.01"]}],
    "depths": [3],
    "sweeps": [{"version": "D", "tt_entries": [256, 4096], "tt_schemes": ["always", "depth"]}]
  })");
  const auto out = dir / "out";
  ASSERT_EQ(runner_test::run_harness("run " + (dir / "one.json").string() + " -q --out " + out.string()).code, 0);
  const json summary = json::parse(runner_test::read_text(out / "summary.json"));
  EXPECT_FALSE(summary.contains("sweep_ratios"));
  EXPECT_EQ(runner_test::read_text(out / "REPORT.md").find("## Sweeps over their positions"), std::string::npos);
}

}  // namespace sweep_ratios_test
