// Modern move ordering by history and history-guided reductions (docs/search.md "Move ordering by history, reductions
// and extensions"): counter moves (Uiterwijk 1992), continuation and capture histories (Ethereal history.c),
// logarithmic and history-adjusted LMR (Ethereal search.c). The pure rules of engine/history_rules.h on hand-made
// inputs, MoveOrder's tables on a hand-made fail high, and searches: each flag changes the tree of version H (the
// default config) and, off, leaves it alone.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/history_rules.h"
#include "engine/move_order.h"
#include "engine/search.h"
#include "engine/search_config.h"
#include "test_data.h"

namespace history_heuristics_test {

using namespace buho;

TEST(HistoryHeuristics, EveryFlagIsOffByDefaultWithTheSourcesParameters) {
  const SearchConfig s;
  EXPECT_FALSE(s.counter_moves);
  EXPECT_FALSE(s.continuation_history);
  EXPECT_FALSE(s.capture_history);
  EXPECT_FALSE(s.lmr_log);
  EXPECT_FALSE(s.lmr_history);
  EXPECT_EQ(s.lmr_log_base, 75);       // Ethereal: 0.75
  EXPECT_EQ(s.lmr_log_divisor, 225);   // Ethereal: 2.25
  EXPECT_EQ(s.lmr_history_divisor, 5000);
  SearchConfig log_only;
  log_only.null_move = log_only.futility = log_only.lmr = false;
  EXPECT_FALSE(prunes_forward(log_only));
  log_only.lmr_log = true;
  EXPECT_TRUE(prunes_forward(log_only)) << "lmr_log is listed with the forward-pruning flags";
}

// Ethereal's stat_bonus: 16d^2 + 128(d - 1), 32 above depth 13.
TEST(HistoryHeuristics, BonusFollowsEtherealsStatBonus) {
  EXPECT_EQ(history_bonus(1), 16);
  EXPECT_EQ(history_bonus(2), 64 + 128);
  EXPECT_EQ(history_bonus(5), 400 + 512);
  EXPECT_EQ(history_bonus(13), 2704 + 1536);
  EXPECT_EQ(history_bonus(14), 32);
  EXPECT_EQ(history_bonus(0), 0);
}

// h += delta - h*|delta|/16384: from 0 the whole delta, near the bound almost nothing, never past it.
TEST(HistoryHeuristics, GravityUpdateStaysWithinTheBound) {
  EXPECT_EQ(gravity_update(0, 1000), 1000);
  EXPECT_EQ(gravity_update(0, -1000), -1000);
  EXPECT_EQ(gravity_update(8192, 1000), 8192 + 1000 - 500);
  EXPECT_EQ(gravity_update(8192, -1000), 8192 - 1000 - 500) << "a malus pulls down harder from a high value";
  EXPECT_EQ(gravity_update(-8192, 1000), -8192 + 1000 + 500);
  // Repeated bonuses approach the bound and stop there (an int16 entry never overflows).
  int h = 0;
  for (int i = 0; i < 1000; ++i) h = gravity_update(h, history_bonus(13));
  EXPECT_LE(h, kHistoryMax);
  EXPECT_GT(h, kHistoryMax - history_bonus(13));
  EXPECT_EQ(gravity_update(kHistoryMax, history_bonus(13)), kHistoryMax);
  for (int i = 0; i < 1000; ++i) h = gravity_update(h, -history_bonus(13));
  EXPECT_GE(h, -kHistoryMax);
  EXPECT_LT(h, -kHistoryMax + history_bonus(13));
  EXPECT_EQ(gravity_update(-kHistoryMax, -history_bonus(13)), -kHistoryMax);
}

TEST(HistoryHeuristics, QuietHistoriesSkipAnEasyShallowCutoff) {
  EXPECT_FALSE(quiet_histories_update(0, 3)) << "depth 0";
  EXPECT_FALSE(quiet_histories_update(3, 1)) << "the first quiet move tried, at depth <= 3";
  EXPECT_TRUE(quiet_histories_update(4, 1));
  EXPECT_TRUE(quiet_histories_update(3, 2));
}

TEST(HistoryHeuristics, OrderingKeysNeedTheirFlags) {
  SearchConfig s;
  const Move counter = Move::make(make_square(6, 0), make_square(5, 2));  // g1f3
  const Move other = Move::make(make_square(1, 0), make_square(2, 2));    // b1c3
  EXPECT_FALSE(counter_move_ordered(s, counter, counter, false)) << "off by default";
  EXPECT_EQ(continuation_key(s, 300, -100), 0);
  EXPECT_EQ(capture_history_key(s, 300), 0);
  s.counter_moves = s.continuation_history = s.capture_history = true;
  EXPECT_TRUE(counter_move_ordered(s, counter, counter, false));
  EXPECT_FALSE(counter_move_ordered(s, other, counter, false));
  EXPECT_FALSE(counter_move_ordered(s, counter, counter, true)) << "a counter move is quiet";
  EXPECT_FALSE(counter_move_ordered(s, Move(), Move(), false)) << "no counter move stored";
  EXPECT_EQ(continuation_key(s, 300, -100), 200);
  EXPECT_EQ(capture_history_key(s, 300), 2400);
  EXPECT_EQ(capture_history_key(s, -300), -2400);
}

// Ethereal's LMRTable: int(0.75 + log(d) * log(m) / 2.25).
TEST(HistoryHeuristics, LogReductionIsEtherealsTable) {
  EXPECT_EQ(lmr_log_reduction(75, 225, 1, 30), 0) << "log 1 = 0: the base alone, truncated";
  EXPECT_EQ(lmr_log_reduction(75, 225, 3, 5), 1);    // 0.75 + 1.0986 * 1.6094 / 2.25 = 1.54
  EXPECT_EQ(lmr_log_reduction(75, 225, 10, 10), 3);  // 0.75 + 2.3026^2 / 2.25 = 3.11
  EXPECT_EQ(lmr_log_reduction(75, 225, 20, 30), 5);  // 0.75 + 2.9957 * 3.4012 / 2.25 = 5.28
  EXPECT_EQ(lmr_log_reduction(175, 225, 10, 10), 4) << "the base in hundredths";
  EXPECT_EQ(lmr_log_reduction(75, 450, 10, 10), 1) << "the divisor in hundredths";
}

TEST(HistoryHeuristics, ReducedDepthWithoutTheFlagsIsTheThesis) {
  SearchConfig s;
  s.lmr_reduction = 1;
  EXPECT_EQ(lmr_reduced_depth(s, 9, 5, -20000), 8) << "new_depth - lmr_reduction; log_r and history unread";
  s.lmr_reduction = 3;
  EXPECT_EQ(lmr_reduced_depth(s, 2, 0, 0), -1) << "the thesis's reduction is not clamped";
}

TEST(HistoryHeuristics, LogAndHistoryReductionsAreClamped) {
  SearchConfig s;
  s.lmr_log = true;
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, 0), 6);
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, 20000), 6) << "history unread without lmr_history";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 0, 0), 8) << "at least one ply of reduction";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 20, 0), 1) << "the reduced search at least one ply deep";
  s.lmr_history = true;
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, 4999), 6) << "less than a divisor: no change";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, 5000), 7) << "a good history reduces less";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, 30000), 8) << "by at most two plies, and at least one ply is reduced";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, -10000), 4) << "a bad history reduces more";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, -30000), 4) << "by at most two plies";
  s.lmr_history_divisor = 1000;
  EXPECT_EQ(lmr_reduced_depth(s, 9, 3, -1000), 5);
  s.lmr_log = false;
  s.lmr_reduction = 1;
  EXPECT_EQ(lmr_reduced_depth(s, 9, 7, -5000), 6) << "lmr_history alone adjusts lmr_reduction";
  EXPECT_EQ(lmr_reduced_depth(s, 9, 7, 5000), 8) << "never below one ply of reduction";
}

// --- MoveOrder's tables on a hand-made fail high ---

// White to move after 1.e4 e5 2.Nf3 Nc6: many quiet moves, and Nxe5 a capture.
constexpr const char* kFen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

struct Keys {
  std::vector<Move> moves;
  std::vector<std::int64_t> scores;
  std::int64_t of(Move m) const {
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (moves[i] == m) return scores[i];
    ADD_FAILURE() << m.uci() << " not generated";
    return 0;
  }
};
Keys keys(const Board& b, const SearchConfig& cfg, const MoveOrder& order, int ply) {
  Move buf[MaxMoves];
  std::int64_t sc[MaxMoves];
  const int n = int(generate_legal(b, buf) - buf);
  order.score(b, cfg, ply, buf, sc, n);
  return Keys{{buf, buf + n}, {sc, sc + n}};
}

// The line above ply 2: Black's Nc6 one ply back (its knight on c6), White's Nf3 two plies back.
MoveOrder::LineContext line_nc6_nf3() {
  MoveOrder::LineContext l;
  l.piece1 = make_piece(Black, Knight);
  l.to1 = make_square(2, 5);
  l.piece2 = make_piece(White, Knight);
  l.to2 = make_square(5, 2);
  return l;
}

TEST(HistoryHeuristics, ACounterMoveIsStoredOnAQuietFailHighAndOrderedAfterTheKillers) {
  const Board b = Board::from_fen(kFen);
  SearchConfig cfg;
  cfg.counter_moves = true;
  MoveOrder order;
  order.enable(cfg);
  const int ply = 2;
  order.set_line(ply, line_nc6_nf3());
  const Move bb5 = b.parse_uci_move("f1b5"), killer = b.parse_uci_move("d2d3"), liked = b.parse_uci_move("a2a3");
  const Move nxe5 = b.parse_uci_move("f3e5");
  EXPECT_TRUE(order.counter_move(ply).is_null());
  order.update_on_cutoff(b, ply, 6, nxe5, nullptr, 0, nullptr, 0);
  EXPECT_TRUE(order.counter_move(ply).is_null()) << "a capture is not a counter move";
  order.update_on_cutoff(b, ply, 6, bb5, nullptr, 0, nullptr, 0);
  EXPECT_EQ(order.counter_move(ply), bb5);
  order.add_killer(ply, killer);
  order.add_history(liked, 30);  // a huge thesis history: still below the counter move
  const Keys k = keys(b, cfg, order, ply);
  EXPECT_EQ(k.of(bb5), MoveOrder::kCounterMove);
  EXPECT_GT(k.of(killer), k.of(bb5));
  EXPECT_GT(k.of(bb5), k.of(liked));
  EXPECT_GT(k.of(bb5), MoveOrder::kLosingCapture + 100000) << "before the losing captures too";
  // Another line above (a different previous move): no counter move.
  MoveOrder::LineContext other = line_nc6_nf3();
  other.to1 = make_square(5, 5);
  order.set_line(ply, other);
  EXPECT_TRUE(order.counter_move(ply).is_null());
  // The flag off: the plain quiet key.
  order.set_line(ply, line_nc6_nf3());
  cfg.counter_moves = false;
  EXPECT_EQ(keys(b, cfg, order, ply).of(bb5), MoveOrder::kQuiet + order.history(bb5));
}

TEST(HistoryHeuristics, ContinuationHistoryRewardsTheCutoffAndPunishesTheQuietsBeforeIt) {
  const Board b = Board::from_fen(kFen);
  SearchConfig cfg;
  cfg.continuation_history = true;
  cfg.history = false;  // the continuation key alone
  MoveOrder order;
  order.enable(cfg);
  const int ply = 2;
  order.set_line(ply, line_nc6_nf3());
  const Move bb5 = b.parse_uci_move("f1b5"), d3 = b.parse_uci_move("d2d3"), a3 = b.parse_uci_move("a2a3");
  const Move nxe5 = b.parse_uci_move("f3e5");
  const Move tried[] = {d3, a3};
  const MoveOrder::Updates u = order.update_on_cutoff(b, ply, 6, bb5, tried, 2, nullptr, 0);
  EXPECT_EQ(u.continuation, 6u) << "three moves, two tables each";
  EXPECT_EQ(u.capture, 0u);
  const Piece bishop = make_piece(White, Bishop), pawn = make_piece(White, Pawn);
  for (int back = 1; back <= 2; ++back) {
    EXPECT_EQ(order.continuation(ply, back, bishop, bb5.to()), history_bonus(6));
    EXPECT_EQ(order.continuation(ply, back, pawn, d3.to()), -history_bonus(6));
  }
  Keys k = keys(b, cfg, order, ply);
  EXPECT_EQ(k.of(bb5), MoveOrder::kQuiet + 2 * history_bonus(6));
  EXPECT_EQ(k.of(d3), MoveOrder::kQuiet - 2 * history_bonus(6));
  EXPECT_GT(k.of(d3), 0) << "a negative sum stays within the quiet category";
  EXPECT_GT(k.of(nxe5), MoveOrder::kLosingCapture) << "captures keep their category";
  // The same moves after another line: nothing learnt there.
  MoveOrder::LineContext other = line_nc6_nf3();
  other.piece1 = make_piece(Black, Pawn);
  order.set_line(ply, other);
  EXPECT_EQ(order.continuation(ply, 1, bishop, bb5.to()), 0);
  EXPECT_EQ(order.continuation(ply, 2, bishop, bb5.to()), history_bonus(6)) << "two plies back is still Nf3";
  // No move above (the root, or after a null move): no entry, no update.
  order.set_line(ply, MoveOrder::LineContext{});
  EXPECT_EQ(order.update_on_cutoff(b, ply, 6, bb5, tried, 2, nullptr, 0).continuation, 0u);
  // An easy shallow cut-off (the first quiet move at depth 3) teaches nothing.
  order.set_line(ply, line_nc6_nf3());
  EXPECT_EQ(order.update_on_cutoff(b, ply, 3, bb5, nullptr, 0, nullptr, 0).continuation, 0u);
  // Off: the plain quiet key.
  cfg.continuation_history = false;
  EXPECT_EQ(keys(b, cfg, order, ply).of(bb5), MoveOrder::kQuiet);
}

TEST(HistoryHeuristics, CaptureHistoryMovesCapturesWithinTheirCategory) {
  // White to move: Nxe5 (knight takes pawn) and Bxf7+ (bishop takes pawn) both good captures by MVV/LVA.
  const Board b = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  SearchConfig cfg;
  cfg.capture_history = true;
  MoveOrder order;
  order.enable(cfg);
  const Move nxe5 = b.parse_uci_move("f3e5"), bxf7 = b.parse_uci_move("c4f7"), o_o = b.parse_uci_move("e1g1");
  const std::int64_t nxe5_before = keys(b, cfg, order, 0).of(nxe5);
  const Move tried[] = {nxe5};
  const MoveOrder::Updates u = order.update_on_cutoff(b, 0, 8, bxf7, nullptr, 0, tried, 1);
  EXPECT_EQ(u.capture, 2u);
  EXPECT_EQ(u.continuation, 0u);
  EXPECT_EQ(order.capture_history_of(b, bxf7), history_bonus(8));
  EXPECT_EQ(order.capture_history_of(b, nxe5), -history_bonus(8));
  const Keys k = keys(b, cfg, order, 0);
  EXPECT_EQ(k.of(nxe5), nxe5_before - kCaptureHistoryScale * history_bonus(8));
  EXPECT_GT(k.of(bxf7), k.of(nxe5));
  // A quiet fail high punishes the captures tried before it.
  const Move both[] = {nxe5, bxf7};
  EXPECT_EQ(order.update_on_cutoff(b, 0, 8, o_o, nullptr, 0, both, 2).capture, 2u);
  EXPECT_LT(order.capture_history_of(b, bxf7), history_bonus(8));
  cfg.capture_history = false;
  EXPECT_EQ(keys(b, cfg, order, 0).of(nxe5), nxe5_before) << "off: MVV/LVA alone";
}

TEST(HistoryHeuristics, ClearEmptiesTheModernTables) {
  const Board b = Board::from_fen(kFen);
  SearchConfig cfg;
  cfg.counter_moves = cfg.continuation_history = cfg.capture_history = true;
  MoveOrder order;
  order.enable(cfg);
  order.set_line(2, line_nc6_nf3());
  const Move bb5 = b.parse_uci_move("f1b5"), nxe5 = b.parse_uci_move("f3e5");
  order.update_on_cutoff(b, 2, 6, bb5, nullptr, 0, &nxe5, 1);
  order.clear();
  order.set_line(2, line_nc6_nf3());
  EXPECT_TRUE(order.counter_move(2).is_null());
  EXPECT_EQ(order.continuation(2, 1, make_piece(White, Bishop), bb5.to()), 0);
  EXPECT_EQ(order.capture_history_of(b, nxe5), 0);
}

// --- Searches: version H (the default config) with and without each flag ---

SearchConfig h() {
  SearchConfig s;
  s.tt_entries = 1 << 16;
  return s;
}

struct Totals {
  std::vector<std::uint64_t> nodes;
  SearchStats sum;
};
Totals run(const SearchConfig& s, int depth = 7, std::size_t n = 4) {
  Totals r;
  for (const auto& fen : test_data::lct2_fens(n)) {
    Engine engine(s, EvalConfig{});
    const SearchResult res = engine.search(Board::from_fen(fen), Limits{depth, 0});
    r.nodes.push_back(res.stats.nodes);
    r.sum.nodes += res.stats.nodes;
    r.sum.counter_move_cutoffs += res.stats.counter_move_cutoffs;
    r.sum.cont_history_updates += res.stats.cont_history_updates;
    r.sum.capture_history_updates += res.stats.capture_history_updates;
    r.sum.lmr_reduced_plies += res.stats.lmr_reduced_plies;
    r.sum.lmr_history_changes += res.stats.lmr_history_changes;
    r.sum.lmr_reductions += res.stats.lmr_reductions;
  }
  return r;
}

TEST(HistoryHeuristics, OffTheTreeIsVersionHsAndNothingIsCounted) {
  SearchConfig off = h();
  // The parameters alone change nothing while their flags are off.
  off.lmr_log_base = 300;
  off.lmr_log_divisor = 50;
  off.lmr_history_divisor = 1;
  const Totals a = run(h(), 6), b = run(off, 6);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(b.sum.counter_move_cutoffs + b.sum.cont_history_updates + b.sum.capture_history_updates +
                b.sum.lmr_reduced_plies + b.sum.lmr_history_changes,
            0u);
}

TEST(HistoryHeuristics, CounterMovesChangeTheTreeAndCutOff) {
  SearchConfig on = h();
  on.counter_moves = true;
  const Totals a = run(h()), b = run(on);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_GT(b.sum.counter_move_cutoffs, 0u);
}

TEST(HistoryHeuristics, ContinuationHistoryChangesTheTree) {
  SearchConfig on = h();
  on.continuation_history = true;
  const Totals a = run(h()), b = run(on);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_GT(b.sum.cont_history_updates, 0u);
}

TEST(HistoryHeuristics, CaptureHistoryChangesTheTree) {
  SearchConfig on = h();
  on.capture_history = true;
  const Totals a = run(h()), b = run(on);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_GT(b.sum.capture_history_updates, 0u);
}

TEST(HistoryHeuristics, LogReductionsReduceMoreThanOnePlyAndShrinkTheTree) {
  SearchConfig on = h();
  on.lmr_log = true;
  const Totals a = run(h(), 8), b = run(on, 8);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_GT(b.sum.lmr_reduced_plies, b.sum.lmr_reductions) << "deep late moves lose more than the thesis's ply";
  EXPECT_LT(b.sum.nodes, a.sum.nodes);
  // Without lmr the table reduces nothing.
  SearchConfig no_lmr = h(), no_lmr_log = h();
  no_lmr.lmr = no_lmr_log.lmr = false;
  no_lmr_log.lmr_log = true;
  EXPECT_EQ(run(no_lmr, 5, 2).nodes, run(no_lmr_log, 5, 2).nodes);
}

// At depth 8 few continuation entries reach Ethereal's 5000 (one ply of adjustment): the test reads them by 500.
TEST(HistoryHeuristics, HistoryAdjustedReductionsChangeTheTree) {
  SearchConfig on = h();
  on.lmr_log = on.lmr_history = true;
  on.lmr_history_divisor = 500;
  SearchConfig log_only = h();
  log_only.lmr_log = true;
  const Totals a = run(log_only, 8), b = run(on, 8);
  EXPECT_NE(a.nodes, b.nodes);
  EXPECT_GT(b.sum.lmr_history_changes, 0u);
  EXPECT_GT(b.sum.cont_history_updates, 0u) << "lmr_history keeps the continuation tables it reads";
}

}  // namespace history_heuristics_test
