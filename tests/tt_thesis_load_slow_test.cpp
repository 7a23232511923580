// A run without its own cell of the thesis's search (kThesisTtPosition at kThesisTtDepth, version D, unlimited
// table) turns the thesis's table sizes into loads through kThesisTtPositionsReadingsV3 (harness/report/tt_study.h):
// the distinct positions that search stores under configs/versions-readings-v3.json, the readings of every such
// run. It is re-measured here from configs/tt-thesis-load.json (those presets), through the runner's own path, so
// the figure the older runs' reports print cannot go stale.
#include <gtest/gtest.h>

#include "harness/experiment/cell_enumeration.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/runner.h"
#include "harness/report/tt_study.h"
#include "harness/paths.h"

namespace tt_thesis_load_slow_test {

using namespace harness;

TEST(TtThesisLoad, TheUnlimitedCellStoresKThesisTtPositions) {
  const Experiment exp = load_experiment(project_path("configs/tt-thesis-load.json"));
  int checked = 0;
  for (const CellSpec& cell : enumerate_cells(exp, "tt-thesis-load-test")) {
    if (cell.inputs.tt_entries() < (1 << 25)) continue;  // the unlimited table only (32M entries)
    const CellRecord r = run_cell(cell, "tt-thesis-load-test");
    ASSERT_TRUE(r.completed);
    ASSERT_TRUE(r.load.has_value());
    // Barely loaded, so the count is the search's distinct positions, not what a full table kept.
    EXPECT_LT(r.load->factor(), 0.05);
    EXPECT_EQ(r.load->occupied, kThesisTtPositionsReadingsV3)
        << "update kThesisTtPositionsReadingsV3, configs/tt-thesis-load.json's description and docs/tt.md";
    ++checked;
  }
  EXPECT_EQ(checked, 1);
}

}  // namespace tt_thesis_load_slow_test
