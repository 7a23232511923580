// The capture heuristics of modern engines (engine/capture_rules.h; docs/search.md "Captures: static exchange, delta
// pruning and ProbCut"): see_ordering, qsearch_see, delta_pruning, see_pruning and probcut. Each pure rule is asked on
// hand-made inputs; each flag is shown off by default, acting only when on (its parameters alone change nothing), and
// changing the tree of version H (the default config) on LCT II positions, where its counter counts what it did.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "engine/capture_rules.h"
#include "engine/move_order.h"
#include "engine/search.h"
#include "engine/see.h"
#include "test_data.h"

namespace capture_heuristics_test {

using namespace buho;

SearchConfig base() {
  SearchConfig s;
  s.tt_entries = 1 << 16;
  return s;
}

struct Totals {
  std::uint64_t nodes = 0, qnodes = 0, see_bad_captures = 0, qsearch_see_skips = 0, delta_prunes = 0,
                see_prunes = 0, probcut_tries = 0, probcut_cutoffs = 0;
};
Totals totals(const SearchConfig& s, int depth, std::size_t n = 6) {
  Totals t;
  for (const auto& fen : test_data::lct2_fens(n)) {
    Engine engine(s, EvalConfig{});
    const SearchResult r = engine.search(Board::from_fen(fen), Limits{depth, 0});
    t.nodes += r.stats.nodes;
    t.qnodes += r.stats.qnodes;
    t.see_bad_captures += r.stats.see_bad_captures;
    t.qsearch_see_skips += r.stats.qsearch_see_skips;
    t.delta_prunes += r.stats.delta_prunes;
    t.see_prunes += r.stats.see_prunes;
    t.probcut_tries += r.stats.probcut_tries;
    t.probcut_cutoffs += r.stats.probcut_cutoffs;
  }
  return t;
}

Move move_of(const Board& b, const std::string& uci) {
  const Move m = b.parse_uci_move(uci);
  EXPECT_FALSE(m.is_null()) << uci;
  return m;
}

TEST(CaptureHeuristics, EveryFlagIsOffByDefaultWithItsSourcesParameters) {
  const SearchConfig s;
  EXPECT_FALSE(s.see_ordering);
  EXPECT_FALSE(s.qsearch_see);
  EXPECT_FALSE(s.delta_pruning);
  EXPECT_FALSE(s.see_pruning);
  EXPECT_FALSE(s.probcut);
  EXPECT_EQ(s.delta_margin, 200);       // Chess Programming Wiki
  EXPECT_EQ(s.see_pruning_depth, 9);    // Ethereal SEEPruningDepth
  EXPECT_EQ(s.see_quiet_margin, 64);    // Ethereal SEEQuietMargin -64
  EXPECT_EQ(s.see_noisy_margin, 19);    // Ethereal SEENoisyMargin -19
  EXPECT_EQ(s.probcut_depth, 5);        // Ethereal ProbCutDepth, Stockfish depth > 4
  EXPECT_EQ(s.probcut_margin, 100);     // Ethereal ProbCutMargin
  EXPECT_EQ(s.probcut_reduction, 4);    // both engines: depth - 4
  // The two main-search rules prune forward (the exact reference switches them off); the quiescence rules, like
  // qsearch_captures, choose quiescence's moves and are not listed.
  SearchConfig one;
  for (const auto flag : kForwardPruningFlags) one.*flag = false;
  one.see_pruning = true;
  EXPECT_TRUE(prunes_forward(one));
  one.see_pruning = false;
  one.probcut = true;
  EXPECT_TRUE(prunes_forward(one));
  one.probcut = false;
  one.qsearch_see = one.delta_pruning = one.see_ordering = true;
  EXPECT_FALSE(prunes_forward(one));
}

// --- see_ordering ---

TEST(CaptureHeuristics, SeeOrderingSplitsCapturesByStaticExchangeInsteadOfValue) {
  SearchConfig s = base();
  EXPECT_TRUE(capture_ordered_bad(s, true, false)) << "off: the split by value stands";
  EXPECT_FALSE(capture_ordered_bad(s, false, true));
  s.see_ordering = true;
  EXPECT_FALSE(capture_ordered_bad(s, true, false)) << "by the exchange, not by value";
  EXPECT_TRUE(capture_ordered_bad(s, false, true));
  int asked = 0;
  EXPECT_FALSE(capture_ordered_bad(s, [&] { ++asked; return true; }, false));
  EXPECT_EQ(asked, 0) << "under see_ordering the value test is not asked";
}

// Rxd5 takes a knight defended by the queen, but the e4 pawn retakes the queen: losing by value (§4.2: a less
// valuable victim on a defended square), winning a knight by static exchange. The move's key moves category.
TEST(CaptureHeuristics, SeeOrderingMovesAValueLosingButSoundCaptureToTheGoodCaptures) {
  const Board b = Board::from_fen("3q2k1/8/8/3n4/4P3/8/8/3R2K1 w - - 0 1");
  const Move rxn = move_of(b, "d1d5");
  ASSERT_TRUE(is_losing_capture(b, rxn));
  EXPECT_EQ(see(b, rxn, kOrderValue), 300);
  MoveOrder order;
  std::int64_t key = 0;
  SearchConfig s = base();
  order.score(b, s, 1, &rxn, &key, 1);
  EXPECT_LT(key, MoveOrder::kKiller) << "by value: after the killers";
  EXPECT_GE(key, MoveOrder::kLosingCapture);
  s.see_ordering = true;
  order.score(b, s, 1, &rxn, &key, 1);
  EXPECT_GE(key, MoveOrder::kGoodCapture) << "by SEE: a good capture";
  // The queen taking a knight defended by a pawn loses by value and by exchange: a bad capture under either split.
  const Board q = Board::from_fen("6k1/8/4p3/3n4/8/8/8/3Q2K1 w - - 0 1");
  const Move qxn = move_of(q, "d1d5");
  order.score(q, s, 1, &qxn, &key, 1);
  EXPECT_LT(key, MoveOrder::kKiller);
  EXPECT_GE(key, MoveOrder::kLosingCapture);
}

// see_loses answers see() < 0, skipping the exchange only where a victim worth at least its attacker makes it known.
TEST(CaptureHeuristics, SeeLosesIsTheSignOfTheExchange) {
  const char* cases[][2] = {
      {"4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5"},            // queen takes a defended pawn: loses
      {"3q2k1/8/8/3n4/4P3/8/8/3R2K1 w - - 0 1", "d1d5"},         // rook takes a knight, the pawn retakes the queen
      {"6k1/8/4p3/3n4/8/8/8/3Q2K1 w - - 0 1", "d1d5"},           // queen takes a knight defended by a pawn: loses
      {"4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1", "e4d5"},             // pawn takes a rook: wins, known by value
      {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"},              // a promotion: the exchange decides
      {"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"},            // a promotion onto a defended square
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"},             // en passant
  };
  for (const auto& [fen, uci] : cases) {
    const Board b = Board::from_fen(fen);
    const Move m = move_of(b, uci);
    EXPECT_EQ(see_loses(b, m, kOrderValue), see(b, m, kOrderValue) < 0) << fen << " " << uci;
  }
  const Board q = Board::from_fen("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1");
  EXPECT_TRUE(see_loses(q, move_of(q, "e1e5"), kOrderValue));
  const Board p = Board::from_fen("4k3/8/8/3r4/4P3/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(see_loses(p, move_of(p, "e4d5"), kOrderValue));
}

// --- qsearch_see ---

TEST(CaptureHeuristics, QsearchSeeSkipsLosingExchangesOnlyOutOfCheckAndNeverAPromotion) {
  const Board b = Board::from_fen("4k3/1P6/3p4/4p3/8/8/8/4QK2 w - - 0 1");
  const Move qxp = move_of(b, "e1e5");
  const Move promo = move_of(b, "b7b8q");
  SearchConfig s = base();
  EXPECT_FALSE(qsearch_see_skips(s, false, qxp, true)) << "off by default";
  s.qsearch_see = true;
  EXPECT_TRUE(qsearch_see_skips(s, false, qxp, true));
  EXPECT_FALSE(qsearch_see_skips(s, false, qxp, false)) << "an exchange that does not lose is searched";
  EXPECT_FALSE(qsearch_see_skips(s, true, qxp, true)) << "never in check";
  EXPECT_FALSE(qsearch_see_skips(s, false, promo, true)) << "never a promotion";
  // On the board: the queen taking the defended pawn loses the queen for a pawn.
  EXPECT_TRUE(qsearch_see_skips(s, false, qxp, [&] { return see_loses(b, qxp, kOrderValue); }));
}

// --- delta_pruning ---

TEST(CaptureHeuristics, DeltaPruningSkipsACaptureThatCannotReachAlphaEvenWithTheMargin) {
  const Board b = Board::from_fen("4k3/1P6/3p4/4p3/8/8/8/4QK2 w - - 0 1");
  const Move qxp = move_of(b, "e1e5");
  const Move promo = move_of(b, "b7b8q");
  SearchConfig s = base();
  const Score stand = -400, alpha = -100;
  const int pawn = 100;
  EXPECT_FALSE(delta_prunes(s, false, qxp, stand, pawn, alpha, false, false)) << "off by default";
  s.delta_pruning = true;
  EXPECT_TRUE(delta_prunes(s, false, qxp, stand, pawn, alpha, false, false)) << "-400 + 100 + 200 <= -100";
  EXPECT_TRUE(delta_prunes(s, false, qxp, stand, pawn, -100, false, false)) << "equality prunes";
  EXPECT_FALSE(delta_prunes(s, false, qxp, stand, pawn, -101, false, false)) << "within the margin of alpha";
  EXPECT_FALSE(delta_prunes(s, false, qxp, stand, 300, alpha, false, false)) << "a knight would reach alpha";
  EXPECT_FALSE(delta_prunes(s, true, qxp, stand, pawn, alpha, false, false)) << "never in check";
  EXPECT_FALSE(delta_prunes(s, false, promo, stand, 0, alpha, false, false)) << "never a promotion";
  EXPECT_FALSE(delta_prunes(s, false, qxp, stand, pawn, alpha, true, false)) << "never a checking capture";
  EXPECT_FALSE(delta_prunes(s, false, qxp, stand, pawn, alpha, false, true)) << "never in an endgame";
  s.delta_margin = 400;
  EXPECT_FALSE(delta_prunes(s, false, qxp, stand, pawn, alpha, false, false)) << "the margin is delta_margin";
  // The dear tests are asked last: a capture that could reach alpha never asks for a check or the endgame.
  int asked = 0;
  EXPECT_FALSE(delta_prunes(s, false, qxp, 0, pawn, alpha, [&] { ++asked; return false; },
                            [&] { ++asked; return false; }));
  EXPECT_EQ(asked, 0);
}

// --- see_pruning ---

TEST(CaptureHeuristics, SeePruningThresholdsScaleWithDepthLinearlyForQuietsAndSquaredForCaptures) {
  const Board b = Board::from_fen("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1");
  const Move capture = move_of(b, "e1e5"), quiet = move_of(b, "e1e2");
  const SearchConfig s = base();
  EXPECT_EQ(see_pruning_threshold(s, quiet, 1), -64);
  EXPECT_EQ(see_pruning_threshold(s, quiet, 3), -192);
  EXPECT_EQ(see_pruning_threshold(s, capture, 1), -19);
  EXPECT_EQ(see_pruning_threshold(s, capture, 3), -171);
}

TEST(CaptureHeuristics, SeePruningSkipsALosingMoveAtShallowDepthAfterTheFirstMoveOnly) {
  const Board b = Board::from_fen("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1");
  const Move capture = move_of(b, "e1e5"), quiet = move_of(b, "e1e2");
  SearchConfig s = base();
  const int ply = 2, depth = 3, searched = 1;
  const Score best = 0;
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, false, searched, best, false, true, -800)) << "off by default";
  s.see_pruning = true;
  EXPECT_TRUE(see_prunes(s, capture, ply, depth, false, searched, best, false, true, -800));
  EXPECT_TRUE(see_prunes(s, capture, ply, depth, false, searched, best, false, true, -172)) << "below -19*9";
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, false, searched, best, false, true, -171)) << "at the threshold";
  EXPECT_TRUE(see_prunes(s, quiet, ply, depth, false, searched, best, false, true, -300)) << "below -64*3";
  EXPECT_FALSE(see_prunes(s, quiet, ply, depth, false, searched, best, false, true, -192));
  EXPECT_FALSE(see_prunes(s, capture, 0, depth, false, searched, best, false, true, -800)) << "never at the root";
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, true, searched, best, false, true, -800)) << "never in check";
  EXPECT_FALSE(see_prunes(s, capture, ply, 10, false, searched, best, false, true, -8000)) << "depth <= 9 only";
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, false, 0, best, false, true, -800)) << "a move searched first";
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, false, searched, -ScoreMate + 5, false, true, -800))
      << "not while the best score is mated";
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, false, searched, best, true, true, -800))
      << "never a table move or a good capture";
  EXPECT_FALSE(see_prunes(s, capture, ply, depth, false, searched, best, false, false, -800))
      << "not without non-pawn material";
  // On the board: the queen taking a defended pawn at depth 3.
  EXPECT_TRUE(see_prunes(s, capture, ply, depth, false, searched, best, false, true,
                         [&] { return see(b, capture, kOrderValue); }));
}

// --- probcut ---

TEST(CaptureHeuristics, ProbCutOnlyInDeepEnoughNullWindowNodesAwayFromMate) {
  SearchConfig s = base();
  EXPECT_FALSE(probcut_applies(s, 2, 6, false, 99, 100)) << "off by default";
  s.probcut = true;
  EXPECT_TRUE(probcut_applies(s, 2, 6, false, 99, 100));
  EXPECT_TRUE(probcut_applies(s, 2, 5, false, 99, 100));
  EXPECT_FALSE(probcut_applies(s, 2, 4, false, 99, 100)) << "depth >= 5";
  EXPECT_FALSE(probcut_applies(s, 2, 6, false, 0, 100)) << "not in a full-window (PV) node";
  EXPECT_FALSE(probcut_applies(s, 2, 6, true, 99, 100)) << "never in check";
  EXPECT_FALSE(probcut_applies(s, 0, 6, false, 99, 100)) << "never at the root";
  EXPECT_FALSE(probcut_applies(s, 2, 6, false, ScoreMateBound - 1, ScoreMateBound)) << "beta a mate score";
  EXPECT_FALSE(probcut_applies(s, 2, 6, false, -ScoreMateBound - 1, -ScoreMateBound));
  EXPECT_EQ(probcut_beta(s, 100), 200);
  // A capture is tried when its exchange could carry the static evaluation to probcut_beta.
  EXPECT_TRUE(probcut_tries(200, 150, 50));
  EXPECT_FALSE(probcut_tries(200, 150, 49));
  EXPECT_TRUE(probcut_tries(200, 300, -100)) << "an evaluation already above it tries a losing capture too";
}

// --- Each flag on the searches of version H ---

// Off, the parameters of a flag do nothing: the flag is tested inside each rule.
TEST(CaptureHeuristics, ParametersAloneDoNotChangeTheTree) {
  SearchConfig moved = base();
  moved.delta_margin = 0;
  moved.see_pruning_depth = 128;
  moved.see_quiet_margin = moved.see_noisy_margin = 0;
  moved.probcut_depth = 1;
  moved.probcut_margin = 0;
  moved.probcut_reduction = 1;
  const Totals plain = totals(base(), 5, 3), same = totals(moved, 5, 3);
  EXPECT_EQ(same.nodes, plain.nodes);
  EXPECT_EQ(same.qnodes, plain.qnodes);
  EXPECT_EQ(plain.see_bad_captures + plain.qsearch_see_skips + plain.delta_prunes + plain.see_prunes +
                plain.probcut_tries + plain.probcut_cutoffs,
            0u)
      << "nothing is counted with the flags off";
}

TEST(CaptureHeuristics, SeeOrderingChangesTheTree) {
  SearchConfig on = base();
  on.see_ordering = true;
  const Totals off = totals(base(), 6), with = totals(on, 6);
  EXPECT_NE(with.nodes, off.nodes);
  EXPECT_GT(with.see_bad_captures, 0u);
}

TEST(CaptureHeuristics, QsearchSeeShrinksQuiescence) {
  SearchConfig on = base();
  on.qsearch_see = true;
  const Totals off = totals(base(), 6), with = totals(on, 6);
  EXPECT_GT(with.qsearch_see_skips, 0u);
  EXPECT_LT(with.qnodes, off.qnodes);
  EXPECT_LT(with.nodes, off.nodes);
}

TEST(CaptureHeuristics, DeltaPruningShrinksQuiescence) {
  SearchConfig on = base();
  on.delta_pruning = true;
  const Totals off = totals(base(), 6), with = totals(on, 6);
  EXPECT_GT(with.delta_prunes, 0u);
  EXPECT_NE(with.nodes, off.nodes);
  EXPECT_LT(with.qnodes, off.qnodes);
}

TEST(CaptureHeuristics, SeePruningChangesTheTree) {
  SearchConfig on = base();
  on.see_pruning = true;
  const Totals off = totals(base(), 6), with = totals(on, 6);
  EXPECT_GT(with.see_prunes, 0u);
  EXPECT_NE(with.nodes, off.nodes);
}

TEST(CaptureHeuristics, ProbCutCutsNodesOffAndChangesTheTree) {
  SearchConfig on = base();
  on.probcut = true;
  const Totals off = totals(base(), 7), with = totals(on, 7);
  EXPECT_GT(with.probcut_tries, 0u);
  EXPECT_GT(with.probcut_cutoffs, 0u);
  EXPECT_LE(with.probcut_cutoffs, with.probcut_tries);
  EXPECT_NE(with.nodes, off.nodes);
  // Below probcut_depth nothing is tried.
  EXPECT_EQ(totals(on, 4, 3).probcut_tries, 0u);
}

}  // namespace capture_heuristics_test
