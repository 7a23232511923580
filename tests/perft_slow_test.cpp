// Depth-5 perft of every standard position (label "slow"): ~470 million leaves with bulk counting.
#include <gtest/gtest.h>

#include "engine/perft.h"
#include "test_data.h"

namespace perft_slow_test {

using namespace buho;

TEST(PerftSlow, PublishedCountsAtDepth5) {
  int checked = 0;
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth != 5) continue;
    Board b = Board::from_fen(r.fen);
    EXPECT_EQ(perft(b, r.depth, true), r.nodes) << r.name;
    ++checked;
  }
  EXPECT_EQ(checked, 6);
}

}  // namespace perft_slow_test
