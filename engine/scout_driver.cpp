// Pearl's Scout as the survey prints it (§4.4): «EVAL calculará el valor MiniMax de un nodo, usando a TEST
// para comprobar cuándo deberá o no explorar una rama determinada»: «v=EVAL(N1)», then for every other
// child «Si TEST(N_i, v, >) entonces v = EVAL(N_i)». In NegaMax form a child is better than v when its own
// value is below -v, and TEST — «comprobará si el valor MiniMax de un nodo es menor o mayor que un
// determinado valor» — is the null-window search of the child with the window (-v-1, -v): failing low there
// is «value < -v», i.e. the move beats v (a null-window alpha-beta answers exactly that inequality, with
// the version's table, ordering and pruning). EVAL itself has no window: it searches the first move (the
// hash move, then the version's order) exactly, with no forward pruning, and stores its exact value.
#include "engine/move_picker.h"
#include "engine/search_core.h"

namespace buho {

namespace {

Score scout_eval(SearchCore& core, int depth, int ply) {
  const SearchConfig& cfg = core.cfg;
  Board& board = core.board;
  if (depth <= 0) return core.quiesce(-ScoreInfinite, ScoreInfinite, ply, 0);  // «Si N es nodo terminal v=f(N)»
  const std::uint64_t nodes_at_entry = core.stats.nodes, transposed_at_entry = core.transposed_nodes;
  if (const auto ended = core.start_node(ply)) return *ended;  // a full-width node (search_stats.h)

  const std::uint64_t key = board.key();
  Move tt_move;
  if (core.uses_tt() && cfg.hash_move)
    if (const TTEntry* e = core.tt.probe(key); e && plausible(board, e->move)) tt_move = e->move;

  // The moves: the hash move first, then the version's order (engine/move_picker.h), generated before the first.
  PlyFrame& frame = core.stack[ply];
  MovePicker picker(board, cfg, core.order, ply, frame.moves, frame.scores, Move(), tt_move,
                    MovePicker::Generation::Now);
  const int n = picker.count();
  if (n == 0) return board.in_check() ? -ScoreMate + ply : 0;

  Score v = -ScoreInfinite;
  Move best;
  bool first = true;
  for (Move m = picker.next(); !m.is_null(); m = picker.next()) {
    const int ext = core.extension_of(m, n, ply, depth, [&] { return board.gives_check(m); });
    const int new_depth = depth - 1 + ext;
    board.make_move(m);
    core.prefetch_child(new_depth > 0);
    Score s;
    if (first) {
      s = -scout_eval(core, new_depth, ply + 1);
    } else {
      // TEST(N_i, v, >): does this move score more than v? Its null-window search says so by failing low.
      s = -core.search(-v - 1, -v, new_depth, ply + 1, false);
      if (s > v && !core.stop) s = -scout_eval(core, new_depth, ply + 1);
    }
    board.unmake_move(m);
    if (core.stop) return 0;
    if (first || s > v) {
      v = s;
      best = m;
      core.update_pv(ply, m);
      if (ply == 0) core.root_best = m;
    }
    first = false;
  }
  if (core.uses_tt())
    core.tt.store(key, depth, mate_to_table(v, ply), Bound::Exact, best, core.subtree_size(nodes_at_entry, transposed_at_entry));
  return v;
}

}  // namespace

DriverIteration scout_iteration(SearchCore& core, int depth, Score) { return {scout_eval(core, depth, 0), 1}; }

}  // namespace buho
