// Singular extension with multi-cut (flag singular_ext; Stockfish 15.1 src/search.cpp Step 15; docs/search.md "Move
// ordering by history, reductions and extensions"): the pure rules of engine/singular_rules.h on hand-made inputs,
// the excluded-move search's node on a hand-made table (it neither cuts from nor stores into its position's entry),
// and searches: the flag changes version H's tree and, off, leaves it alone.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "engine/search.h"
#include "engine/search_core.h"
#include "engine/singular_rules.h"
#include "test_data.h"

namespace singular_extension_test {

using namespace buho;

TEST(SingularExtension, OffByDefaultWithStockfishsParameters) {
  const SearchConfig s;
  EXPECT_FALSE(s.singular_ext);
  EXPECT_EQ(s.singular_min_depth, 4);
  EXPECT_EQ(s.singular_tt_depth, 3);
  EXPECT_EQ(s.singular_margin, 2);
  SearchConfig exact;
  exact.null_move = exact.futility = exact.lmr = false;
  exact.singular_ext = true;
  EXPECT_TRUE(prunes_forward(exact)) << "multi-cut prunes: listed with the forward-pruning flags";
}

TEST(SingularExtension, TestedOnlyOnAGoodDeepEnoughHashMove) {
  SearchConfig s;
  const Move tt = Move::make(make_square(4, 1), make_square(4, 3));
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 7, 50)) << "off by default";
  s.singular_ext = true;
  EXPECT_TRUE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 7, 50));
  EXPECT_TRUE(singular_tested(s, 3, 8, false, tt, Bound::Exact, 5, 50)) << "exact, depth - 3";
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 4, 50)) << "an entry shallower than depth - 3";
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Upper, 9, 50)) << "an upper bound says nothing good";
  EXPECT_FALSE(singular_tested(s, 0, 8, false, tt, Bound::Lower, 9, 50)) << "never at the root";
  EXPECT_FALSE(singular_tested(s, 3, 3, false, tt, Bound::Lower, 9, 50)) << "depth >= 4";
  EXPECT_TRUE(singular_tested(s, 3, 4, false, tt, Bound::Lower, 1, 50));
  EXPECT_FALSE(singular_tested(s, 3, 8, true, tt, Bound::Lower, 9, 50)) << "not inside an excluded-move search";
  EXPECT_FALSE(singular_tested(s, 3, 8, false, Move(), Bound::Lower, 9, 50)) << "no hash move";
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 9, ScoreMateBound)) << "not a mate score";
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 9, -ScoreMateBound - 5));
  s.singular_min_depth = 9;
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 9, 50)) << "singular_min_depth";
  s.singular_min_depth = 4;
  s.singular_tt_depth = 1;
  EXPECT_FALSE(singular_tested(s, 3, 8, false, tt, Bound::Lower, 6, 50)) << "singular_tt_depth";
}

TEST(SingularExtension, WindowDepthAndOutcome) {
  SearchConfig s;
  EXPECT_EQ(singular_beta(s, 100, 8), 100 - 2 * 8);
  s.singular_margin = 5;
  EXPECT_EQ(singular_beta(s, -40, 6), -40 - 30);
  EXPECT_EQ(singular_depth(4), 1);
  EXPECT_EQ(singular_depth(8), 3);
  EXPECT_EQ(singular_depth(9), 4);
  // value < singular beta: extend; else singular beta >= beta: multi-cut; else nothing.
  EXPECT_EQ(singular_outcome(79, 80, 50), SingularOutcome::Extend);
  EXPECT_EQ(singular_outcome(80, 80, 50), SingularOutcome::MultiCut);
  EXPECT_EQ(singular_outcome(80, 80, 80), SingularOutcome::MultiCut);
  EXPECT_EQ(singular_outcome(80, 80, 81), SingularOutcome::None);
  EXPECT_EQ(singular_outcome(200, 80, 81), SingularOutcome::None);
}

// The excluded-move search's node (PlyFrame::excluded set) on a position whose entry would cut it off: it neither
// reads the entry (it searches) nor overwrites it, and it leaves the excluded move out.
TEST(SingularExtension, TheExcludedSearchNeitherCutsFromNorStoresIntoItsEntry) {
  SearchConfig s;
  s.tt_entries = 1 << 12;
  SearchCore core(s, EvalConfig{}, nullptr);
  core.clear();
  core.board = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  const Move bb5 = core.board.parse_uci_move("f1b5");
  const std::uint64_t key = core.board.key();
  core.tt.store(key, 20, 500, Bound::Lower, bb5);
  const int ply = 2;
  // Without an excluded move the entry ends the node at once.
  EXPECT_EQ(core.search(0, 1, 3, ply, false), 1);
  EXPECT_EQ(core.stats.nodes, 1u);
  EXPECT_EQ(core.stats.tt_cutoffs, 1u);
  // With Bb5 excluded the node is searched, and its entry is the one stored before.
  core.stack[ply].excluded = bb5;
  core.search(0, 1, 3, ply, false);
  core.stack[ply].excluded = Move();
  EXPECT_GT(core.stats.nodes, 1u);
  const TTEntry* e = core.tt.probe(key);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->depth, 20);
  EXPECT_EQ(e->value, 500);
  EXPECT_EQ(e->bound, Bound::Lower);
  EXPECT_EQ(e->move, bb5);
  EXPECT_NE(core.stack[ply].pv[ply], bb5) << "the excluded move is never searched";
}

// A node whose only legal move is excluded fails low: that move is singular.
TEST(SingularExtension, AnExcludedOnlyMoveFailsLow) {
  SearchConfig s;
  s.tt_entries = 1 << 12;
  SearchCore core(s, EvalConfig{}, nullptr);
  core.clear();
  core.board = Board::from_fen("7k/8/8/8/8/8/6q1/7K w - - 0 1");  // Kxg2 only
  const Move only = core.board.parse_uci_move("h1g2");
  core.stack[1].excluded = only;
  EXPECT_EQ(core.search(-37, -36, 4, 1, false), -37) << "alpha, not a mate or stalemate score";
  core.stack[1].excluded = Move();
  EXPECT_NE(core.search(-37, -36, 4, 1, false), -37) << "with the move: Kxg2 is a draw, above the window";
}

struct Totals {
  std::vector<std::uint64_t> nodes;
  std::uint64_t searches = 0, extensions = 0, multi_cuts = 0;
};
Totals run(const SearchConfig& s, int depth, std::size_t n = 4) {
  Totals r;
  for (const auto& fen : test_data::lct2_fens(n)) {
    Engine engine(s, EvalConfig{});
    const SearchResult res = engine.search(Board::from_fen(fen), Limits{depth, 0});
    r.nodes.push_back(res.stats.nodes);
    r.searches += res.stats.singular_searches;
    r.extensions += res.stats.singular_extensions;
    r.multi_cuts += res.stats.multi_cuts;
  }
  return r;
}

SearchConfig h() {
  SearchConfig s;
  s.tt_entries = 1 << 16;
  return s;
}

TEST(SingularExtension, OffTheTreeIsVersionHs) {
  SearchConfig off = h();
  off.singular_margin = 0;
  off.singular_min_depth = 1;
  const Totals a = run(h(), 6), b = run(off, 6);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(b.searches, 0u);
}

TEST(SingularExtension, ChangesTheTreeExtendsAndCutsOff) {
  SearchConfig on = h();
  on.singular_ext = true;
  const Totals a = run(h(), 8), b = run(on, 8);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_GT(b.searches, 0u);
  EXPECT_GT(b.extensions, 0u);
  EXPECT_GT(b.multi_cuts, 0u);
  EXPECT_LE(b.extensions + b.multi_cuts, b.searches);
}

TEST(SingularExtension, AMateIsStillFound) {
  SearchConfig on = h();
  on.singular_ext = true;
  const Board b = Board::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");  // Rd8#
  Engine engine(on, EvalConfig{});
  const SearchResult r = engine.search(b, Limits{7, 0});
  EXPECT_EQ(r.score, ScoreMate - 1);
  EXPECT_EQ(r.best_move.uci(), "d1d8");
}

}  // namespace singular_extension_test
