// The broad end of search_test.cpp (label slow; the sanitizer pass of scripts/test.sh leaves it to the Release
// pass): the exact versions A, B and C return the minimax value at depth 4 on the two widest endgames of
// Search.ExactVersionsReturnTheMinimaxValue's positions, which that test checks to depth 3 only (their plain
// minimax trees were 40 % of its time under the sanitizers, for no code path the other positions miss).
#include <gtest/gtest.h>

#include <string>

#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "reference_negamax.h"

namespace search_slow_test {

using namespace buho;

TEST(Search, ExactVersionsAtDepthFourOnTheWidestEndgames) {
  const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions-readings-v1.json"));
  test::ReferenceNegamax ref{EvalConfig{}};
  for (const char* fen : {"6k1/6p1/7p/P1N5/1r3p2/7P/1b3PP1/3bR1K1 w - - 0 1",        // LCTII.FIN.05
                          "6k1/4pp1p/3p2p1/P1pPb3/R7/1r2P1PP/3B1P2/6K1 w - - 0 1"}) {  // LCTII.FIN.07
    Board board = Board::from_fen(fen);
    const Score expected = ref.negamax(board, 4, 0);
    for (const char* v : {"A", "B", "C"}) {
      SearchConfig s = book.resolve(v).search;
      if (std::string(v) != "A") s.tt_entries = 1 << 12;  // as in search_test.cpp: it orders, never changes a value
      Engine engine(s, EvalConfig{});
      EXPECT_EQ(engine.search(Board::from_fen(fen), Limits{4, 0}).score, expected) << v << " " << fen;
    }
  }
}

}  // namespace search_slow_test
