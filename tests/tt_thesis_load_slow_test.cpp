// The thesis's table sizes become loads through kThesisTtPositions (harness/report/tt_study.h): the distinct
// positions its sweep's search stores. That count depends on the readings (reading V5 doubled it; the config's
// presets are those results/tt-schemes was made with), so it is re-measured here from configs/tt-thesis-load.json, through the runner's own path: a
// reading that changes the tree cannot leave claim C9b's loads stale.
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
    EXPECT_EQ(r.load->occupied, kThesisTtPositions)
        << "update kThesisTtPositions, configs/tt-thesis-load.json's description and docs/tt.md, then re-run "
           "harness report on results/tt-schemes";
    ++checked;
  }
  EXPECT_EQ(checked, 1);
}

}  // namespace tt_thesis_load_slow_test
