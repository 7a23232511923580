// The minimal tree as a row (driver=minimal). Engine::search with it reports the one proof
// tree at the target depth that Engine::minimal_tree counts (no iterations summed), its value is the exact
// search's, and it is never above alpha-beta's last iteration with the same ordering and table.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/search.h"
#include "sss_test_support.h"

namespace search_minimal_driver_test {

using namespace buho;

// Version D's shape (ordering and table, no forward pruning), with iterative deepening and aspiration on, as
// configs/drivers.json runs it: minimal must ignore both.
SearchConfig version_d_like(RootDriver driver) {
  SearchConfig s;
  s.root_driver = driver;
  s.null_move = s.futility = s.lmr = false;
  s.tt_entries = 1 << 16;
  return s;
}

std::vector<std::string> some_lct2_positions() {
  std::vector<std::string> all = sss_test::lct2_fens();
  all.resize(std::min<std::size_t>(all.size(), 4));
  return all;
}

TEST(SearchMinimalDriver, CountsTheOneTreeEngineMinimalTreeCounts) {
  for (const std::string& fen : some_lct2_positions()) {
    for (int depth : {2, 3}) {
      SCOPED_TRACE(fen + " depth " + std::to_string(depth));
      const Board board = Board::from_fen(fen);
      const SearchResult row = Engine(version_d_like(RootDriver::Minimal), EvalConfig{}).search(board, Limits{depth, 0});
      Engine direct(version_d_like(RootDriver::AlphaBeta), EvalConfig{});
      const MinimalTreeCount tree = direct.minimal_tree(board, Limits{depth, 0}, MinimalRefutation::Smallest);
      ASSERT_TRUE(row.completed);
      EXPECT_EQ(row.stats.nodes, tree.nodes);
      EXPECT_EQ(row.stats.qnodes, tree.qnodes);
      EXPECT_EQ(row.stats.leaves, tree.leaves);
      EXPECT_EQ(row.score, tree.value);
      // One tree at the cell's depth, not a sum over iterations.
      ASSERT_EQ(row.stats.iteration_nodes.size(), 1u);
      EXPECT_EQ(row.stats.iteration_nodes[0], tree.nodes);
      EXPECT_EQ(row.stats.depth_reached, depth);
      // The best move is a legal move of the root and the first move of the PV.
      Move legal[MaxMoves];
      Move* end = generate_legal(board, legal);
      EXPECT_NE(std::find(legal, end, row.best_move), end);
      ASSERT_FALSE(row.pv.empty());
      EXPECT_EQ(row.pv.front(), row.best_move);
    }
  }
}

TEST(SearchMinimalDriver, ValueIsAlphaBetasAndNodesNeverAboveItsLastIteration) {
  for (const std::string& fen : some_lct2_positions()) {
    for (int depth : {2, 3}) {
      SCOPED_TRACE(fen + " depth " + std::to_string(depth));
      const Board board = Board::from_fen(fen);
      const SearchResult minimal = Engine(version_d_like(RootDriver::Minimal), EvalConfig{}).search(board, Limits{depth, 0});
      const SearchResult alphabeta =
          Engine(version_d_like(RootDriver::AlphaBeta), EvalConfig{}).search(board, Limits{depth, 0});
      EXPECT_EQ(minimal.score, alphabeta.score);
      EXPECT_LE(minimal.stats.nodes, alphabeta.stats.last_iteration_nodes());
      EXPECT_LE(minimal.stats.leaves, alphabeta.stats.leaves);
      // The row's best move reaches the value: after it, the opponent's exact value is minus the root's.
      Board after = board;
      after.make_move(minimal.best_move);
      const SearchResult reply =
          Engine(version_d_like(RootDriver::AlphaBeta), EvalConfig{}).search(after, Limits{depth - 1, 0});
      EXPECT_EQ(-reply.score, minimal.score);
    }
  }
}

TEST(SearchMinimalDriver, IgnoresIterationsWindowsAndForwardPruning) {
  SearchConfig s;  // version H: every flag of the thesis on
  s.root_driver = RootDriver::Minimal;
  const std::vector<std::string_view> ignored = ignored_flags(s);
  for (const char* name : {"iterative_deepening", "aspiration", "pvs", "null_move", "futility", "lmr", "tt_cutoffs"})
    EXPECT_NE(std::find(ignored.begin(), ignored.end(), std::string_view(name)), ignored.end()) << name;
  for (const char* name : {"mvv_lva", "killers", "history", "hash_move", "quiescence"})
    EXPECT_EQ(std::find(ignored.begin(), ignored.end(), std::string_view(name)), ignored.end()) << name;
}

}  // namespace search_minimal_driver_test
