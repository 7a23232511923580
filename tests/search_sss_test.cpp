// Stockman's SSS*, MT-SSS*, MT-DUAL* and the minimal tree. Each driver returns the value
// of plain minimax; SSS* and MT-SSS* evaluate the same leaves when the table keeps every entry (Plaat et al.
// 1996); the OPEN limit ends SSS* with an error; the minimal tree is never larger than an exact driver's.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "engine/minimal_tree.h"
#include "engine/sss_driver.h"
#include "sss_test_support.h"

namespace search_sss_test {

using namespace buho;
using namespace buho::sss_test;

// Plaat, Schaeffer, Pijls & de Bruin (1996): MT-SSS* evaluates the same leaves as Stockman's SSS* when
// both see the children in one order and the table loses nothing. The conditions here: a static order
// (MVV/LVA only: no killers, history or hash move, whose keys change as the search goes), a table far
// larger than the tree (2^18 two-slot entries for trees of a few thousand nodes), no extensions, one
// search at the depth (no iterative deepening), and depths 1-3, where only horizon positions transpose:
// MT answers a transposed horizon position from the table and SSS* evaluates it again, so the leaves are
// compared as sets of positions.
TEST(SearchSss, StockmanAndMtSssEvaluateTheSameLeaves) {
  auto leaves = [](RootDriver d, const std::string& fen, int depth, Score* value) {
    SearchConfig s = exact_config(d);
    s.killers = s.history = s.hash_move = false;
    s.tt_entries = 1 << 18;
    std::set<std::uint64_t> keys;
    Limits limits;
    limits.on_leaf = [&](const Board& b) { keys.insert(b.key()); };
    *value = run(s, fen, depth, limits).score;
    return keys;
  };
  std::vector<std::string> fens = random_positions(12, 7);
  const std::vector<std::string> lct2 = lct2_fens();
  fens.insert(fens.end(), lct2.begin(), lct2.begin() + 6);
  fens.insert(fens.end(), lct2.end() - 6, lct2.end());
  int compared = 0;
  for (const std::string& fen : fens)
    for (int depth = 1; depth <= 3; ++depth) {
      Score v_sss = 0, v_mt = 0;
      const std::set<std::uint64_t> sss = leaves(RootDriver::Sss, fen, depth, &v_sss);
      const std::set<std::uint64_t> mt = leaves(RootDriver::MtSss, fen, depth, &v_mt);
      EXPECT_EQ(v_sss, v_mt) << fen << " depth " << depth;
      EXPECT_EQ(sss.size(), mt.size()) << fen << " depth " << depth;
      EXPECT_TRUE(sss == mt) << fen << " depth " << depth;
      EXPECT_FALSE(sss.empty());
      ++compared;
    }
  EXPECT_EQ(compared, 24 * 3);
}

// The leaves differ once the order does: with killers and history (keys that change as each search goes)
// the two are no longer bound to the same leaves, so the test above is not true by construction.
TEST(SearchSss, DynamicOrderingBreaksTheLeafEquivalence) {
  int differ = 0;
  const std::vector<std::string> lct2 = lct2_fens();
  for (const std::string& fen : std::vector<std::string>(lct2.begin(), lct2.begin() + 8)) {
    std::set<std::uint64_t> sets[2];
    int i = 0;
    for (RootDriver d : {RootDriver::Sss, RootDriver::MtSss}) {
      SearchConfig s = exact_config(d);
      s.tt_entries = 1 << 18;
      Limits limits;
      limits.on_leaf = [&](const Board& b) { sets[i].insert(b.key()); };
      run(s, fen, 3, limits);
      ++i;
    }
    if (sets[0] != sets[1]) ++differ;
  }
  EXPECT_GT(differ, 0);
}

// SSS*'s OPEN list past sss_open_limit: an error naming the size reached, not a crash; the engine searches
// again afterwards.
TEST(SearchSss, OpenListLimitIsAnError) {
  SearchConfig s = exact_config(RootDriver::Sss);
  s.sss_open_limit = 50;
  const std::string fen = lct2_fens().front();
  Engine engine(s, EvalConfig{});
  try {
    engine.search(Board::from_fen(fen), Limits{3, 0});
    FAIL() << "no error";
  } catch (const OpenListLimitError& e) {
    EXPECT_EQ(e.reached(), 51u);
    EXPECT_NE(std::string(e.what()).find("51 entries"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("sss_open_limit = 50"), std::string::npos) << e.what();
  }
  // Within the limit the same engine finds the value, and reports the OPEN list's peak.
  SearchConfig roomy = exact_config(RootDriver::Sss);
  const SearchResult ok = Engine(roomy, EvalConfig{}).search(Board::from_fen(fen), Limits{2, 0});
  EXPECT_EQ(engine.search(Board::from_fen(fen), Limits{1, 0}).score,
            Engine(exact_config(RootDriver::AlphaBeta), EvalConfig{}).search(Board::from_fen(fen), Limits{1, 0}).score);
  EXPECT_GT(ok.stats.open_peak, 0u);
  EXPECT_LE(ok.stats.open_peak, 50u * 50u);
}

// Why the smallest refutation: "the best move known in advance" (the first refuting move, the table's move
// first) can leave the count above alpha-beta's, which refuted with a move of a smaller subtree. Found by the
// test above at depth 4 (before it ran the smallest refutation); the smallest refutation is not above it.
TEST(SearchSss, FirstRefutationCanExceedAlphaBetaAndTheSmallestDoesNot) {
  const std::string fen = "2n1k1r1/1n1p4/8/p2p1p2/1b6/3b2PP/1p6/R2Kn3 b - - 1 46";
  const std::uint64_t alphabeta = run(exact_config(RootDriver::AlphaBeta), fen, 4).stats.nodes;
  Engine engine(exact_config(RootDriver::AlphaBeta), EvalConfig{});
  const MinimalTreeCount first = engine.minimal_tree(Board::from_fen(fen), Limits{4, 0}, MinimalRefutation::First);
  const MinimalTreeCount smallest = engine.minimal_tree(Board::from_fen(fen), Limits{4, 0}, MinimalRefutation::Smallest);
  EXPECT_GT(first.nodes, alphabeta);
  EXPECT_LE(smallest.nodes, alphabeta);
  EXPECT_LT(smallest.nodes, first.nodes);
  EXPECT_EQ(first.value, smallest.value);
}

// Each iteration of SSS* is one search of the root: one pass (docs/search.md), as alpha-beta's is. Every driver=sss
// cell of results/drivers recorded 0 before.
TEST(SearchSss, EachIterationIsOnePass) {
  SearchConfig c;
  c.root_driver = RootDriver::Sss;
  c.iterative_deepening = true;
  Engine engine(c, EvalConfig{});
  const SearchResult r = engine.search(Board::from_fen("8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1"), Limits{4, 0});
  EXPECT_EQ(r.stats.passes, 4u);
  EXPECT_EQ(r.stats.iteration_passes, (std::vector<std::uint64_t>{1, 1, 1, 1}));
}

}  // namespace search_sss_test
