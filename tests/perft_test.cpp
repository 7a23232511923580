// Move generation checked against the published perft counts (data/perft.csv), depth 1 to 4.
#include <gtest/gtest.h>

#include "engine/perft.h"
#include "test_data.h"

namespace perft_test {

using namespace buho;

TEST(Perft, PublishedCountsToDepth4WithBulkCounting) {
  int checked = 0;
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth > 4) continue;
    Board b = Board::from_fen(r.fen);
    EXPECT_EQ(perft(b, r.depth, true), r.nodes) << r.name << " depth " << r.depth;
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

TEST(Perft, MakingEveryMoveGivesTheSameCounts) {
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth > 3) continue;
    Board b = Board::from_fen(r.fen);
    const std::string before = b.fen();
    EXPECT_EQ(perft(b, r.depth, false), r.nodes) << r.name << " depth " << r.depth;
    EXPECT_EQ(b.fen(), before) << "make/unmake did not restore " << r.name;
    EXPECT_TRUE(b.is_ok());
  }
}

TEST(Perft, DivideSumsToTheTotal) {
  Board b = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const auto parts = perft_divide(b, 3);
  EXPECT_EQ(parts.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& [m, n] : parts) sum += n;
  EXPECT_EQ(sum, 97862u);
}

TEST(Perft, DepthZeroIsOneLeaf) {
  Board b;
  EXPECT_EQ(perft(b, 0), 1u);
}

}  // namespace perft_test
