// SSS*, MT-SSS*, MT-DUAL* and the minimal tree, the broad checks (label slow; the sanitizer pass of scripts/test.sh leaves them to the
// Release pass): Stockman's SSS*, MT-SSS* and MT-DUAL* return the value of plain minimax on 107 positions, and
// the minimal tree is never larger than an exact driver's tree on 28.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/root_driver.h"
#include "engine/minimal_tree.h"
#include "sss_test_support.h"

namespace search_sss_slow_test {

using namespace buho;
using namespace buho::sss_test;

// Mates, stalemates and bare-king endings: mate scores and nodes without a move.
const char* kMates[] = {
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",          // back-rank mate in one
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1",  // Qxf7# in one
    "2r3k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",        // trade on c8
    "6k1/8/6K1/8/8/8/8/5Q2 w - - 0 1",                // queen and king against king
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",                  // rook mate in one
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                 // stalemate
    "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",                 // the same with white to move: Qg7# in one
    "4k3/8/4K3/8/8/8/8/R7 w - - 0 1",                 // Ra8#
};

void expect_minimax_value(const std::vector<std::string>& fens, int min_depth, int max_depth, int& checked) {
  PlainMinimax ref{EvalConfig{}};
  for (const std::string& fen : fens)
    for (int depth = min_depth; depth <= max_depth; ++depth) {
      Board board = Board::from_fen(fen);
      const Score expected = ref.negamax(board, depth);
      for (RootDriver d : kExactDrivers) {
        const SearchResult r = run(exact_config(d), fen, depth);
        EXPECT_EQ(r.score, expected) << driver_name(d) << " " << fen << " depth " << depth;
        Move moves[MaxMoves];
        const bool has_moves = generate_legal(board, moves) != moves;
        EXPECT_EQ(r.best_move.is_null(), !has_moves) << driver_name(d) << " " << fen << " depth " << depth;
      }
      ++checked;
    }
}

// 64 random positions, the 35 of LCT II and 8 mates and stalemates: 107 positions, each at depths 1-2 and
// the cheaper ones deeper (plain minimax takes seconds at depth 3 on a middlegame and at depth 4 on most
// endgames, so few of those).
TEST(SearchSss, DriversReturnThePlainMinimaxValue) {
  int checked = 0;
  const std::vector<std::string> random = random_positions(64, 12);
  expect_minimax_value(random, 1, 2, checked);
  expect_minimax_value(std::vector<std::string>(random.begin(), random.begin() + 4), 3, 3, checked);
  const std::vector<std::string> lct2 = lct2_fens();
  expect_minimax_value(lct2, 1, 2, checked);
  const std::vector<std::string> endgames(lct2.end() - 9, lct2.end());  // LCTII.FIN.01-09
  expect_minimax_value(endgames, 3, 3, checked);
  expect_minimax_value(std::vector<std::string>(endgames.begin(), endgames.begin() + 1), 4, 4, checked);
  const std::vector<std::string> mates(std::begin(kMates), std::end(kMates));
  expect_minimax_value(mates, 1, 3, checked);
  expect_minimax_value(std::vector<std::string>(mates.begin() + 3, mates.end()), 4, 4, checked);  // few pieces
  EXPECT_EQ(checked, 64 * 2 + 4 + 35 * 2 + 9 + 1 + 8 * 3 + 5);
}

// The minimal tree proves the value every exact driver finds, and is never larger than any of their trees
// for the same position, depth, order and table (one search at the depth, no forward pruning).
void expect_minimal_tree_smallest(MinimalRefutation refutation, int max_depth, int* larger_than_some) {
  std::vector<std::string> fens = random_positions(16, 99);
  const std::vector<std::string> lct2 = lct2_fens();
  fens.insert(fens.end(), lct2.begin(), lct2.begin() + 8);
  fens.insert(fens.end(), lct2.end() - 4, lct2.end());
  for (const std::string& fen : fens)
    for (int depth = 1; depth <= max_depth; ++depth) {
      Engine minimal(exact_config(RootDriver::AlphaBeta), EvalConfig{});
      const MinimalTreeCount m = minimal.minimal_tree(Board::from_fen(fen), Limits{depth, 0}, refutation);
      EXPECT_TRUE(m.completed);
      EXPECT_GT(m.nodes, 0u);
      EXPECT_LE(m.qnodes, m.nodes);
      for (RootDriver d : {RootDriver::AlphaBeta, RootDriver::Sss, RootDriver::MtSss, RootDriver::MtDual}) {
        const SearchResult r = run(exact_config(d), fen, depth);
        EXPECT_EQ(m.value, r.score) << driver_name(d) << " " << fen << " depth " << depth;
        if (m.nodes > r.stats.nodes) {
          ++*larger_than_some;
          ADD_FAILURE_AT(__FILE__, __LINE__) << "minimal " << m.nodes << " > " << driver_name(d) << " "
                                             << r.stats.nodes << " " << fen << " depth " << depth;
        }
      }
    }
}

TEST(SearchSss, MinimalTreeIsNeverLargerThanAnExactDriver) {
  int larger = 0;
  expect_minimal_tree_smallest(MinimalRefutation::Smallest, 3, &larger);
  EXPECT_EQ(larger, 0);
}

}  // namespace search_sss_slow_test
