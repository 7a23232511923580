// The minimal tree (Knuth & Moore 1975) of a position at a depth: see engine/minimal_tree.h. Values come
// from memory-enhanced tests (engine/mt_driver.h), whose nodes are taken back out of the counters; the
// proof tree's nodes are counted by the search's definition: one per full-width node, and the nodes of
// quiescence at the horizon.
#include "engine/minimal_tree.h"

#include <map>
#include <tuple>
#include <unordered_map>

#include "engine/mt_driver.h"
#include "engine/search_core.h"

namespace buho {

namespace {

// What a node of the proof tree must show, from its side to move's view.
enum class Need { Exact, AtLeast, AtMost };

class MinimalTree {
 public:
  MinimalTree(DriverContext& ctx, MinimalRefutation refutation) : ctx_(ctx), refutation_(refutation) {}

  MinimalTreeCount count(int depth) {
    const SearchStats saved = ctx_.stats;
    // The value: MT-DUAL*'s steps up from -inf (a large table makes the later tests nearly free).
    Score lower = -ScoreInfinite, upper = ScoreInfinite;
    while (lower < upper && !ctx_.stopped()) {
      const Score gamma = lower + 1;
      const Score g = memory_test(ctx_, gamma, depth, 0);
      (g >= gamma ? lower : upper) = g;
    }
    MinimalTreeCount out;
    out.value = lower;
    ctx_.stats = saved;
    if (ctx_.stopped()) {
      out.completed = false;
      return out;
    }
    out.nodes = prove(Need::Exact, lower, depth, 0, /*real=*/true, &out);
    ctx_.stats = saved;
    out.completed = !ctx_.stopped();
    return out;
  }

 private:
  // Whether the current position's value (side to move) is >= bound, by a memory-enhanced test whose
  // nodes are not counted.
  bool at_least(Score bound, int depth, int ply) {
    const SearchStats saved = ctx_.stats;
    const bool yes = memory_test(ctx_, bound, depth, ply) >= bound;
    ctx_.stats = saved;
    return yes;
  }

  // The nodes of the engine's quiescence with [alpha, beta] here (and its quiescence part).
  std::uint64_t quiescence_nodes(Score alpha, Score beta, int ply, std::uint64_t* qnodes) {
    const std::uint64_t before = ctx_.stats.nodes, qbefore = ctx_.stats.qnodes;
    ctx_.quiesce(alpha, beta, ply);
    *qnodes = ctx_.stats.qnodes - qbefore;
    return ctx_.stats.nodes - before;
  }

  // The size of the proof that the current position meets `need` for `bound` at `depth`. `real` counts it
  // into `out` and credits transpositions already proven; otherwise it only sizes (for the Smallest
  // choice), memoised, with no credit.
  std::uint64_t prove(Need need, Score bound, int depth, int ply, bool real, MinimalTreeCount* out) {
    if (ctx_.stopped()) return 0;
    Board& board = ctx_.board;
    if (depth <= 0) {
      Score a = bound - 1, b = bound + 1;  // Exact: [v-1, v+1] decides v
      if (need == Need::AtLeast) a = bound - 1, b = bound;
      if (need == Need::AtMost) a = bound, b = bound + 1;
      std::uint64_t q = 0;
      const std::uint64_t n = quiescence_nodes(a, b, ply, &q);
      if (real) {
        out->qnodes += q;
        ++out->leaves;
      }
      return n;
    }
    const std::uint64_t key = board.key();
    if (real && proven(key, need, bound, depth)) return 1;  // a transposition: one node, as a table hit
    const auto sized_key = std::make_tuple(key, depth, int(need), bound);
    if (!real)
      if (auto it = sized_.find(sized_key); it != sized_.end()) return it->second;

    std::uint64_t n = 1;
    if (!(ply > 0 && ctx_.draw_by_rule())) {
      Move moves[MaxMoves];
      Move tt_move;
      if (const TTEntry* e = ctx_.tt->probe(key)) tt_move = e->move;
      const int count = ctx_.ordered_moves(ply, tt_move, moves);
      auto child_depth = [&](Move m) { return depth - 1 + ctx_.extension(m, ply, depth, count); };
      auto child = [&](Move m, Need child_need, Score child_bound, bool child_real) {
        const int d = child_depth(m);
        board.make_move(m);
        const std::uint64_t size = prove(child_need, child_bound, d, ply + 1, child_real, out);
        board.unmake_move(m);
        return size;
      };
      // Whether the child after m has value <= -bound, i.e. m reaches `bound` here.
      auto reaches = [&](Move m, Score target) {
        const int d = child_depth(m);
        board.make_move(m);
        const bool yes = !at_least(-target + 1, d, ply + 1);
        board.unmake_move(m);
        return yes;
      };
      if (need == Need::Exact) {
        // PV node: the best move for the exact value, every other move for "no better than v".
        int best = -1;
        for (int i = 0; i < count && best < 0; ++i)
          if (reaches(moves[i], bound)) best = i;
        BUHO_ASSERT(count == 0 || best >= 0);
        if (ply == 0 && real && best >= 0) out->best_move = moves[best];
        for (int i = 0; i < count; ++i)
          n += child(moves[i], i == best ? Need::Exact : Need::AtLeast, -bound, real);
      } else if (need == Need::AtLeast) {
        // CUT node: one refutation, proving its child's value <= -bound.
        int chosen = -1;
        std::uint64_t smallest = 0;
        for (int i = 0; i < count; ++i) {
          if (!reaches(moves[i], bound)) continue;
          if (refutation_ == MinimalRefutation::First) {
            chosen = i;
            break;
          }
          const std::uint64_t size = child(moves[i], Need::AtMost, -bound, false);
          if (chosen < 0 || size < smallest) chosen = i, smallest = size;
        }
        // No refuting move: a terminal position (mate, stalemate) meets the bound by itself.
        if (chosen >= 0) n += child(moves[chosen], Need::AtMost, -bound, real);
      } else {
        // ALL node: every move, each child proving its value >= -bound.
        for (int i = 0; i < count; ++i) n += child(moves[i], Need::AtLeast, -bound, real);
      }
    }
    if (real)
      remember(key, need, bound, depth);
    else
      sized_[sized_key] = n;
    return n;
  }

  // Bounds already proven for a position, at the depth proven.
  struct Proven {
    int depth = -1;
    Score lower = -ScoreInfinite;  // value >= lower proven
    Score upper = ScoreInfinite;   // value <= upper proven
  };
  bool proven(std::uint64_t key, Need need, Score bound, int depth) const {
    const auto it = proven_.find(key);
    if (it == proven_.end() || it->second.depth < depth) return false;
    const Proven& p = it->second;
    if (need == Need::AtLeast) return p.lower >= bound;
    if (need == Need::AtMost) return p.upper <= bound;
    return p.lower >= bound && p.upper <= bound;
  }
  void remember(std::uint64_t key, Need need, Score bound, int depth) {
    Proven& p = proven_[key];
    if (p.depth != depth) p = Proven{depth};
    if (need != Need::AtMost) p.lower = std::max(p.lower, bound);
    if (need != Need::AtLeast) p.upper = std::min(p.upper, bound);
  }

  DriverContext& ctx_;
  const MinimalRefutation refutation_;
  std::unordered_map<std::uint64_t, Proven> proven_;
  std::map<std::tuple<std::uint64_t, int, int, Score>, std::uint64_t> sized_;
};

}  // namespace

MinimalTreeCount count_minimal_tree(SearchCore& core, int depth, MinimalRefutation refutation) {
  // The memory-enhanced tests that find the value and the moves need a table, whatever the config says.
  TranspositionTable own;
  if (!core.tt.allocated()) own.resize(core.cfg.tt_entries, core.cfg.tt_scheme);
  DriverContext ctx = core.driver_context();
  if (!core.tt.allocated()) ctx.tt = &own;
  return MinimalTree(ctx, refutation).count(depth);
}

// The minimal tree as a row (driver minimal): run() gives it the target depth only (the driver does not iterate),
// so its counts are those of the one proof tree at the cell's depth, not a sum over iterations; the
// memory-enhanced tests that find its values are not counted. One pass: one tree from the root.
DriverIteration minimal_iteration(SearchCore& core, int depth, Score) {
  const MinimalTreeCount count = count_minimal_tree(core, depth, MinimalRefutation::Smallest);
  core.stats.nodes += count.nodes;
  core.stats.qnodes += count.qnodes;
  core.stats.leaves += count.leaves;
  core.root_best = count.best_move;
  if (!count.completed) core.stop = true;
  return {count.value, 1};
}

}  // namespace buho
