// The pruning variants (docs/search.md "Pruning variants"): verified null move (Tabibi & Netanyahu
// 2002), adaptive null move (Heinz 1999) and limited razoring beside extended futility (Heinz 1998). The
// pure rules of engine/search_rules.h are asked on hand-made cases; the searches check that each flag changes
// the tree it should change and leaves the default tree alone.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/search.h"
#include "engine/search_rules.h"
#include "test_data.h"

namespace pruning_variants_test {

using namespace buho;

constexpr int kSmallTable = 65536;

SearchConfig base() {
  SearchConfig s;
  s.tt_entries = kSmallTable;
  return s;
}

SearchResult run(const SearchConfig& s, const std::string& fen, int depth) {
  Engine engine(s, EvalConfig{});
  return engine.search(Board::from_fen(fen), Limits{depth, 0});
}

TEST(PruningVariants, EveryVariantIsOffByDefault) {
  const SearchConfig s;
  EXPECT_FALSE(s.null_move_verified);
  EXPECT_FALSE(s.null_move_adaptive);
  EXPECT_FALSE(s.limited_razoring);
  // The papers' parameters are the defaults of the variants' numbers.
  EXPECT_EQ(s.null_move_adaptive_depth, 6);
  EXPECT_EQ(s.null_move_adaptive_depth_few, 8);
  EXPECT_EQ(s.razoring_margin_3, 900);
}

TEST(PruningVariants, AdaptiveReductionIsThreeAboveSixPliesAndTwoBelow) {
  const Board full = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  // Each side with two pieces: the threshold moves to 8.
  const Board thin = Board::from_fen("4k3/pp3ppp/2n5/8/8/2N5/PPR2PPP/4K3 w - - 0 1");
  SearchConfig s = base();
  s.null_move_r = 2;
  EXPECT_EQ(null_move_reduction(s, full, 10), 2) << "without the flag R is null_move_r";
  s.null_move_adaptive = true;
  EXPECT_EQ(null_move_reduction(s, full, 6), 2);
  EXPECT_EQ(null_move_reduction(s, full, 7), 3);
  EXPECT_EQ(null_move_reduction(s, thin, 7), 2);
  EXPECT_EQ(null_move_reduction(s, thin, 8), 2);
  EXPECT_EQ(null_move_reduction(s, thin, 9), 3);
  s.null_move_r = 5;
  EXPECT_EQ(null_move_reduction(s, full, 3), 2) << "the adaptive rule replaces null_move_r";
}

TEST(PruningVariants, VerificationOnlyWhereNoneWasDoneAboveAndNotAtTheRoot) {
  SearchConfig s = base();
  EXPECT_FALSE(null_fail_high_verified(s, 3, false)) << "off by default: a null fail-high cuts off";
  s.null_move_verified = true;
  EXPECT_TRUE(null_fail_high_verified(s, 3, false));
  EXPECT_FALSE(null_fail_high_verified(s, 3, true)) << "below a verification, null fail-highs cut off";
  EXPECT_FALSE(null_fail_high_verified(s, 0, false)) << "never at the root";
}

TEST(PruningVariants, LimitedRazoringFiresOnlyOnAHopelessDepthThreeNode) {
  SearchConfig s = base();
  const Score alpha = 0, beta = 1;
  // Down a queen and a pawn (-1000) against an opponent with 4 pieces: reduced.
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, alpha, beta, -1000, 4)) << "off by default";
  s.limited_razoring = true;
  EXPECT_TRUE(limited_razoring_reduces(s, 2, 3, false, alpha, beta, -1000, 4));
  EXPECT_TRUE(limited_razoring_reduces(s, 2, 3, false, alpha, beta, -900, 4)) << "material + margin <= alpha";
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, alpha, beta, -899, 4)) << "within a queen of alpha";
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 2, false, alpha, beta, -1000, 4)) << "depth 3 only";
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 4, false, alpha, beta, -1000, 4)) << "depth 3 only";
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, true, alpha, beta, -1000, 4)) << "never in check";
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, alpha, beta, -1000, 3)) << "opponent with <= 3 pieces";
  EXPECT_FALSE(limited_razoring_reduces(s, 0, 3, false, alpha, beta, -1000, 4)) << "never at the root";
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, -ScoreInfinite, beta, -1000, 4)) << "not near mate bounds";
  s.futility = false;
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, alpha, beta, -1000, 4)) << "needs futility";
}

// The rule asks its dear arguments (the material count, the opponent's pieces) only once the cheaper conditions hold:
// with the flag off, or at another depth, the searcher's callables are never called.
TEST(PruningVariants, LimitedRazoringAsksItsCountsOnlyWhenTheCheapTestsHold) {
  SearchConfig s = base();
  int asked = 0;
  auto material = [&] { ++asked; return Score(-1000); };
  auto pieces = [&] { ++asked; return 4; };
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, 0, 1, material, pieces)) << "off by default";
  EXPECT_EQ(asked, 0) << "the flag is tested inside the rule, before any count";
  s.limited_razoring = true;
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 4, false, 0, 1, material, pieces)) << "depth 3 only";
  EXPECT_EQ(asked, 0);
  EXPECT_TRUE(limited_razoring_reduces(s, 2, 3, false, 0, 1, material, pieces));
  EXPECT_EQ(asked, 2);
  EXPECT_FALSE(limited_razoring_reduces(s, 2, 3, false, 0, 1, [] { return Score(-899); }, pieces))
      << "a callable's value is the one compared";
}

// Step 4's condition: tt_cutoffs, an entry at least as deep, never at the root.
TEST(PruningVariants, ATableCutOffNeedsTheFlagEnoughDepthAndNotTheRoot) {
  SearchConfig s = base();
  s.tt_cutoffs = true;
  EXPECT_TRUE(tt_cutoff_applies(s, 2, 5, 5));
  EXPECT_TRUE(tt_cutoff_applies(s, 2, 6, 5));
  EXPECT_FALSE(tt_cutoff_applies(s, 2, 4, 5)) << "an entry shallower than the node";
  EXPECT_FALSE(tt_cutoff_applies(s, 0, 9, 5)) << "never at the root";
  s.tt_cutoffs = false;
  EXPECT_FALSE(tt_cutoff_applies(s, 2, 9, 5)) << "the table orders moves only";
}

// Step 6b's condition: etc, tt_cutoffs and a table, never at the root.
TEST(PruningVariants, EtcAppliesWithATableWhoseBoundsCutAndNotAtTheRoot) {
  SearchConfig s = base();
  EXPECT_FALSE(etc_applies(s, true, 3)) << "off by default";
  s.etc = true;
  s.tt_cutoffs = true;
  EXPECT_TRUE(etc_applies(s, true, 3));
  EXPECT_FALSE(etc_applies(s, false, 3)) << "no table";
  EXPECT_FALSE(etc_applies(s, true, 0)) << "never at the root";
  s.tt_cutoffs = false;
  EXPECT_FALSE(etc_applies(s, true, 3)) << "the table's bounds must cut";
}

// Step 6c's condition: a margin, not the root, B1 (the node's balance decides every move), and a balance that the
// margin cannot lift above alpha.
TEST(PruningVariants, AFutileNodeNeedsAMarginBOneAndABalanceBelowAlpha) {
  SearchConfig s = base();
  s.futility_material = FutilityMaterial::BeforeMove;
  EXPECT_TRUE(futility_prunes_node(s, 200, 3, -400, -100));
  EXPECT_TRUE(futility_prunes_node(s, 200, 3, -300, -100)) << "balance + margin == alpha prunes";
  EXPECT_FALSE(futility_prunes_node(s, 200, 3, -299, -100)) << "within the margin of alpha";
  EXPECT_FALSE(futility_prunes_node(s, -1, 3, -1000, 0)) << "no margin: futility does not apply";
  EXPECT_FALSE(futility_prunes_node(s, 200, 0, -1000, 0)) << "never at the root";
  s.futility_material = FutilityMaterial::AfterMove;
  EXPECT_FALSE(futility_prunes_node(s, 200, 3, -1000, 0)) << "B2: a capture's balance is read after it";
}

// The material balance the rule reads, on a board: White to move, down a queen for a pawn.
TEST(PruningVariants, LimitedRazoringReadsTheBoardsMaterial) {
  const Board b = Board::from_fen("r1b1kb1r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1B1KB1R w KQkq - 0 1");
  const Evaluator eval(EvalConfig{});
  SearchConfig s = base();
  s.limited_razoring = true;
  const Score material = eval.material_balance(b);
  EXPECT_LE(material, -800);
  EXPECT_EQ(officer_count(b, Black), 7);
  EXPECT_TRUE(limited_razoring_reduces(s, 1, 3, false, 100, 101, material, officer_count(b, Black)));
  EXPECT_FALSE(limited_razoring_reduces(s, 1, 3, false, -ScoreMateBound + 1, -ScoreMateBound + 2, material,
                                        officer_count(b, Black)));
}

// Sums over a few LCT II positions at depth 6, one search per config.
struct Totals {
  std::uint64_t nodes = 0, null_tries = 0, null_cutoffs = 0, futility = 0;
  std::vector<std::string> moves;
};
Totals totals(const SearchConfig& s, int depth = 6, std::size_t n = 6) {
  Totals t;
  for (const auto& fen : test_data::lct2_fens(n)) {
    const SearchResult r = run(s, fen, depth);
    t.nodes += r.stats.nodes;
    t.null_tries += r.stats.null_tries;
    t.null_cutoffs += r.stats.null_cutoffs;
    t.futility += r.stats.futility_prunes;
    t.moves.push_back(r.best_move.uci());
  }
  return t;
}

TEST(PruningVariants, VerifiedNullMoveGrowsTheTreeOfPlainRThree) {
  SearchConfig r3 = base();
  r3.null_move_r = 3;
  SearchConfig verified = r3;
  verified.null_move_verified = true;
  const Totals plain = totals(r3), checked = totals(verified);
  ASSERT_GT(plain.null_cutoffs, 0u);
  // Every verified cut-off costs a depth-1 search that plain R = 3 does not make.
  EXPECT_GT(checked.nodes, plain.nodes);
  EXPECT_GT(checked.null_tries, 0u);
}

TEST(PruningVariants, AdaptiveNullMoveIsPlainRTwoAtShallowDepthsOnly) {
  SearchConfig r2 = base();
  SearchConfig adaptive = r2;
  adaptive.null_move_adaptive = true;
  // At depth 6 no node has more than 6 plies left: adaptive R is 2 everywhere, the same tree as R = 2.
  EXPECT_EQ(totals(adaptive, 6, 3).nodes, totals(r2, 6, 3).nodes);
  // At depth 9 the nodes with more than 6 plies left null at R = 3: a smaller tree.
  EXPECT_LT(totals(adaptive, 9, 2).nodes, totals(r2, 9, 2).nodes);
}

TEST(PruningVariants, LimitedRazoringChangesTheTreeOfFutility) {
  const SearchConfig plain = base();
  SearchConfig razor = plain;
  razor.limited_razoring = true;
  const Totals a = totals(plain, 7, 6), b = totals(razor, 7, 6);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_LT(b.nodes, a.nodes) << "a reduced node is a smaller subtree";
  // Without futility the flag does nothing.
  SearchConfig no_fut = plain, no_fut_razor = plain;
  no_fut.futility = no_fut_razor.futility = false;
  no_fut_razor.limited_razoring = true;
  EXPECT_EQ(totals(no_fut, 5, 3).nodes, totals(no_fut_razor, 5, 3).nodes);
}

}  // namespace pruning_variants_test
