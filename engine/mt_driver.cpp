// MT-SSS* and MT-DUAL* (Plaat et al. 1996): SSS* and DUAL* recast as a sequence of null-window tests,
// each a memory-enhanced alpha-beta (MT) that reads and writes the transposition table. MT-SSS* tests
// the value against the best upper bound so far (+inf at first); each failed test returns a lower upper
// bound, and the first test that succeeds proves the value. MT-DUAL* climbs from -inf with lower bounds.
// The children are searched in the engine's order (the table's move first when hash_move is on, then
// §4.2–4.3), with the version's extensions; forward pruning (null move, futility, LMR) is not run.
#include "engine/mt_driver.h"

#include "engine/search_core.h"

namespace buho {

Score memory_test(DriverContext& ctx, Score gamma, int depth, int ply) {
  Board& board = ctx.board;
  TranspositionTable& tt = *ctx.tt;
  const std::uint64_t key = board.key();

  if (depth <= 0) {
    // A horizon position: its exact quiescence value, kept at depth 0 so that a later test (every pass
    // of MT-SSS* walks down to its leaves again) reads it instead of searching it again. A position
    // answered by the table is entered and counted as one node, like a table cut-off in alpha-beta.
    const TTEntry* e = tt.probe(key);
    if (e && e->bound == Bound::Exact && e->depth >= 0) {
      if (ctx.enter_node(ply)) return 0;
      return mate_from_table(e->value, ply);
    }
    const Score v = ctx.leaf_value(ply);
    if (ctx.stopped()) return 0;
    tt.store(key, 0, mate_to_table(v, ply), Bound::Exact, Move());
    return v;
  }

  if (ctx.enter_node(ply)) return 0;
  if (ply > 0 && ctx.draw_by_rule()) return 0;

  // The table: a stored bound of enough depth that decides the test ends the node (never at the root,
  // which must return a move).
  Move tt_move;
  if (const TTEntry* e = tt.probe(key)) {
    if (ctx.cfg.hash_move && !e->move.is_null()) tt_move = e->move;
    if (ply > 0 && e->depth >= depth) {
      const Score v = mate_from_table(e->value, ply);
      if (e->bound == Bound::Exact || (e->bound == Bound::Lower && v >= gamma) ||
          (e->bound == Bound::Upper && v < gamma)) {
        ++ctx.stats.tt_cutoffs;
        return v;
      }
    }
  }

  // The moves picked one at a time: a test that fails high on its first move orders no other.
  DriverContext::MovePicker picker(ctx, ply, tt_move);
  const int n = picker.count();
  if (n == 0) {
    const Score v = board.in_check() ? -ScoreMate + ply : 0;
    tt.store(key, depth, mate_to_table(v, ply), Bound::Exact, Move());
    return v;
  }

  Score g = -ScoreInfinite;
  Move best;
  for (int i = 0; i < n; ++i) {
    const Move m = picker.next();
    const int child_depth = depth - 1 + ctx.extension(m, ply, depth, n);
    board.make_move(m);
    const Score v = -memory_test(ctx, -gamma + 1, child_depth, ply + 1);
    board.unmake_move(m);
    if (ctx.stopped()) return 0;
    if (v > g) {
      g = v;
      best = m;
    }
    if (g >= gamma) {
      // A fail high: the refutation joins the killers and the history as in alpha-beta (§4.3).
      ++ctx.stats.beta_cutoffs;
      if (i == 0) ++ctx.stats.first_move_cutoffs;
      if (ctx.cfg.killers && !m.is_capture() && !m.is_promotion()) ctx.order.add_killer(ply, m);
      if (ctx.cfg.history) ctx.order.add_history(m, depth);
      tt.store(key, depth, mate_to_table(g, ply), Bound::Lower, m);
      if (ply == 0) ctx.root_best = m;
      return g;
    }
  }
  // Every move failed low: g is an upper bound. The move with the highest bound is kept as the table's
  // move, the one a later test with a lower gamma tries first.
  tt.store(key, depth, mate_to_table(g, ply), Bound::Upper, best);
  return g;
}

namespace {

// The bounds a sequence of tests narrows until they meet (the value).
struct Bounds {
  Score lower = -ScoreInfinite;
  Score upper = ScoreInfinite;
  void take(Score g, Score gamma) { (g >= gamma ? lower : upper) = g; }
  bool met() const { return lower >= upper; }
};

// Plaat et al. 1996: a sequence of memory-enhanced tests MT(gamma), each narrowing the bounds, until they meet;
// `next_gamma` is the only difference between MT-SSS* and MT-DUAL*.
template <class NextGamma>
Score mt_sequence(DriverContext& ctx, int depth, int* passes, Score g, NextGamma&& next_gamma) {
  Bounds b;
  int calls = 0;
  do {
    const Score gamma = next_gamma(b);
    g = memory_test(ctx, gamma, depth, 0);
    ++calls;
    if (ctx.stopped()) break;
    b.take(g, gamma);
  } while (!b.met());
  if (passes) *passes = calls;
  return g;
}

}  // namespace

Score mt_sss(DriverContext& ctx, int depth, int* passes) {
  // MT-SSS*: gamma = the best upper bound; a test that fails high proves the value.
  return mt_sequence(ctx, depth, passes, ScoreInfinite, [](const Bounds& b) { return b.upper; });
}

Score mt_dual(DriverContext& ctx, int depth, int* passes) {
  // MT-DUAL*: gamma = the best lower bound + 1; a test that fails low proves the value.
  return mt_sequence(ctx, depth, passes, -ScoreInfinite, [](const Bounds& b) { return Score(b.lower + 1); });
}

// Each memory-enhanced test is a pass.
DriverIteration mt_sss_iteration(SearchCore& core, int depth, Score) {
  DriverContext ctx = core.driver_context();
  int passes = 0;
  const Score v = mt_sss(ctx, depth, &passes);
  return {v, passes};
}
DriverIteration mt_dual_iteration(SearchCore& core, int depth, Score) {
  DriverContext ctx = core.driver_context();
  int passes = 0;
  const Score v = mt_dual(ctx, depth, &passes);
  return {v, passes};
}

}  // namespace buho
