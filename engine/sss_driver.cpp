// Stockman's SSS* (the survey of game algorithms, §4.3 "Algoritmo SSS*"; docs/search.md). The survey's pseudocode, quoted at each case:
//
//   Insertar en LISTA el estado inicial (N = ε, s = VIVO, h = +∞)
//   Hacer siempre
//     Seleccionar y eliminar el primer estado de LISTA: p = (N, s, h).
//     Si N = ε y s = SOLUCIONADO entonces devolver h FinSi
//     ... Γ: six cases on s (VIVO = LIVE, SOLUCIONADO = SOLVED), N's type and whether N is terminal.
//
// A node N is identified by its move path from the root (the survey's Dewey numbering N.n, "hijo n,
// desde la izquierda, del nodo N"): child n is the engine's n-th move in alpha-beta's order. The root is
// MAX (the side to move at the root) and h is from MAX's view. Each interior node is expanded (LIVE, not
// terminal) exactly once and is counted as one node then; a horizon position is handed to the engine's
// quiescence with the full window (its exact value, f(N)), which counts its own nodes: the node
// accounting of engine/search_stats.h. Forward pruning (null move, futility, LMR) is not meaningful for a
// best-first search over a fixed tree and is ignored; the version's extensions shape the tree.
#include "engine/sss_driver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/checks.h"
#include "engine/search_core.h"

namespace buho {

OpenListLimitError::OpenListLimitError(std::size_t reached, std::size_t limit, int depth)
    : std::runtime_error("SSS* OPEN list reached " + std::to_string(reached) + " entries at depth " +
                         std::to_string(depth) + ", past sss_open_limit = " + std::to_string(limit) +
                         " (raise the flag or search less deep)"),
      reached_(reached) {}

namespace {

enum class Status : std::uint8_t { Live, Solved };

// Dewey numbers (child indices from the root, ply 1 first) packed eight to a word, the first ply in a word's
// highest byte: comparing the words as unsigned integers, in order, compares the paths left to right (a child index
// is below MaxMoves = 256, so one byte holds it). Kept in each node and copied into its OPEN key, so that ordering
// two states of equal h reads the key alone, not the tree (a walk to where the paths part cost about a third of the
// search's time at depth 7). Plies past kDeweyPlies share no byte; two states whose packed numbers are equal are
// then told apart by the walk.
constexpr int kDeweyWords = 4;
constexpr int kDeweyPlies = kDeweyWords * 8;
using Dewey = std::array<std::uint64_t, kDeweyWords>;
static_assert(MaxMoves <= 256, "a child index must fit in a byte of the packed Dewey numbers");

struct TreeNode;

// The order of the states of one h, left to right in the tree (Dewey order: N.1 before N.2, and a subtree
// before its right siblings). No state in OPEN is an ancestor of another, so two distinct states always
// compare.
struct OpenState {
  Dewey dewey;  // the node's, copied: see Dewey
  int node;
};
class LeftToRight {
 public:
  explicit LeftToRight(const std::vector<TreeNode>* nodes) : nodes_(nodes) {}
  bool operator()(const OpenState& a, const OpenState& b) const {
    for (int w = 0; w < kDeweyWords; ++w)
      if (a.dewey[w] != b.dewey[w]) return a.dewey[w] < b.dewey[w];
    return left_of(a.node, b.node);
  }

 private:
  // Whether node x lies left of node y in the tree: the child numbers where their root paths part.
  bool left_of(int x, int y) const;
  const std::vector<TreeNode>* nodes_;
};
using BucketSet = std::set<OpenState, LeftToRight>;

// A node of the explored tree: its move from the parent, its child number, its ply and remaining depth.
// Children are linked so that a solved subtree can be purged from OPEN and its memory reused.
struct TreeNode {
  int parent = -1;
  Move move;
  int index = 0;         // n in N = M.n, from 0
  int children = 0;      // b, once the node is expanded
  int ply = 0;
  int depth = 0;
  int first_child = -1;
  int next_sibling = -1;
  std::uint32_t stamp = 0;  // tells a reused slot from the node that held it before
  Dewey dewey{};
  // Its state while in OPEN: s, h, and its place in h's bucket (the purge of case 6 erases it there
  // without a search).
  bool in_open = false;
  bool in_head = false;     // on OpenList's stack, not in a bucket
  bool in_pending = false;  // in its bucket's unordered part, at pending_at
  Status open_status = Status::Live;
  Score open_h = 0;
  BucketSet::iterator open_at;  // its place in the bucket's ordered part
  int pending_at = 0;
  // A MIN node's children in order, kept from its expansion: case 5 makes N.n+1 from them.
  std::vector<Move> moves;
};

bool LeftToRight::left_of(int x, int y) const {
  const std::vector<TreeNode>& t = *nodes_;
  if (x == y) return false;
  while (t[x].ply > t[y].ply) x = t[x].parent;
  while (t[y].ply > t[x].ply) y = t[y].parent;
  if (x == y) return false;  // an ancestor: not in OPEN together
  while (t[x].parent != t[y].parent) {
    x = t[x].parent;
    y = t[y].parent;
  }
  return t[x].index < t[y].index;
}

// The survey's LISTA. OPEN is ordered by h, highest first. The survey's list takes a state "en la cabeza
// de LISTA" (cases 1, 2, 5, 6, always with the h of the state just removed, the highest) or "delante de
// todos los estados con menor h" (case 3), and does not say where a state goes among states of equal h.
// Here equal h are ordered left to right in the tree, which every head insertion already satisfies (the
// state removed was the leftmost of the highest h, and its children, next sibling or parent take its
// place). With this order SSS* expands the leftmost of the best states, as MT-SSS*'s left-to-right passes
// do: Plaat et al.'s equivalence needs it (with equal h first come first served, SSS* evaluated more
// leaves than MT-SSS* on 5 of the 24 positions of tests/search_sss_test.cpp at depths 2-3).
//
// Held in two parts. The states inserted at the head (cases 1, 2, 5, 6, and 3 when min{h, f(N)} = h: about
// four insertions in five) go on a stack, its top the first of OPEN: each precedes every state already in
// OPEN, so the stack stays in order and all its states precede the rest (they share the h of the state
// removed, and that h never rises, since no state is inserted with a higher one). The rest, case 3's
// insertions with a lower h, go to one bucket per value of h (an h is a score: 2 * ScoreInfinite + 1 of
// them), with a two-level bitmap of the buckets that hold a state. A bucket orders its states left to right
// only when its first is wanted: nearly all the states put in a bucket are purged by case 6 before that
// (at LCTII.POS.01 depth 7, about 3 million were inserted and as many purged), and ordering them cost a
// quarter of the time. The first of OPEN is the stack's top, or when the stack is empty the first of the
// highest bucket. The order is (h, left to right) exactly as one ordered map of all the states would keep
// it; the parts only spare the work: one map of 10^5-10^6 states took a third of the time at depth 7, its
// walks down a tree far larger than the cache.
class OpenList {
 public:
  explicit OpenList(std::vector<TreeNode>* nodes)
      : nodes_(nodes), order_(nodes), buckets_(kBuckets), nonempty_(kWords, 0), summary_((kWords + 63) / 64, 0) {}

  std::size_t size() const { return size_; }

  // Inserts node n's state (n, s, h) at the head of OPEN: it precedes every state in OPEN.
  void push_head(int n, Status s, Score h) {
    BUHO_ASSERT(precedes_first(n, h));
    TreeNode& t = (*nodes_)[n];
    head_.push_back(n);
    enter(t, s, h, true);
  }

  // Inserts node n's state (n, s, h) at its place, h being below the h of the head's states.
  void insert(int n, Status s, Score h) {
    BUHO_ASSERT(h >= -ScoreInfinite && h <= ScoreInfinite);
    BUHO_ASSERT(head_.empty() || h < (*nodes_)[head_.back()].open_h);
    TreeNode& t = (*nodes_)[n];
    const int b = h + ScoreInfinite;
    if (!buckets_[b]) buckets_[b] = std::make_unique<Bucket>(order_);
    Bucket& bucket = *buckets_[b];
    t.pending_at = int(bucket.pending.size());
    bucket.pending.push_back(n);
    mark(b);
    enter(t, s, h, false);
    t.in_pending = true;
  }

  // "Seleccionar y eliminar el primer estado de LISTA". OPEN is not empty (the root's state leaves it only
  // when SSS* returns).
  int pop_first() {
    int n;
    if (!head_.empty()) {
      n = head_.back();
      head_.pop_back();
      (*nodes_)[n].in_open = false;
      --size_;
    } else {
      Bucket& bucket = *buckets_[highest()];
      order_pending(bucket);
      n = bucket.states.begin()->node;
      erase(n);
    }
    return n;
  }

  // Removes node n's state (in OPEN). A state of the stack is only marked; drop_removed() takes it off.
  void erase(int n) {
    TreeNode& t = (*nodes_)[n];
    t.in_open = false;
    --size_;
    if (t.in_head) {
      ++removed_;
      return;
    }
    const int b = t.open_h + ScoreInfinite;
    Bucket& bucket = *buckets_[b];
    if (t.in_pending) {
      const int moved = bucket.pending.back();
      bucket.pending[std::size_t(t.pending_at)] = moved;
      (*nodes_)[moved].pending_at = t.pending_at;
      bucket.pending.pop_back();
      t.in_pending = false;
    } else {
      bucket.states.erase(t.open_at);
    }
    if (bucket.states.empty() && bucket.pending.empty()) unmark(b);
  }

  // Takes the marked states off the stack, once case 6's purge has marked them all: they are the
  // descendants of the purged node, which lie together at the stack's top (the state removed was the
  // leftmost of its h, and they follow it left to right).
  void drop_removed() {
    while (removed_ > 0 && !head_.empty() && !(*nodes_)[head_.back()].in_open) {
      head_.pop_back();
      --removed_;
    }
    BUHO_ASSERT(removed_ == 0);
  }

 private:
  static constexpr int kBuckets = 2 * ScoreInfinite + 1;
  static constexpr int kWords = (kBuckets + 63) / 64;

  // The states of one h: those ordered left to right, and those inserted since the bucket was last read
  // (pending, in no order). Most states inserted in a bucket are purged by case 6 before it is read, so a
  // state is ordered only when its bucket's first is wanted.
  struct Bucket {
    explicit Bucket(const LeftToRight& order) : states(order) {}
    BucketSet states;
    std::vector<int> pending;
  };

  // Orders the bucket's pending states into its ordered part (before its first is read).
  void order_pending(Bucket& bucket) {
    if (bucket.pending.empty()) return;
    const std::vector<TreeNode>& t = *nodes_;
    std::sort(bucket.pending.begin(), bucket.pending.end(),
              [&](int x, int y) { return order_(OpenState{t[x].dewey, x}, OpenState{t[y].dewey, y}); });
    auto hint = bucket.states.end();
    for (const int n : bucket.pending) {
      TreeNode& node = (*nodes_)[n];
      // In increasing order: each is tried right after the one before.
      hint = node.open_at = bucket.states.emplace_hint(hint, OpenState{node.dewey, n});
      node.in_pending = false;
    }
    bucket.pending.clear();
  }

  void enter(TreeNode& t, Status s, Score h, bool in_head) {
    t.in_open = true;
    t.in_head = in_head;
    t.open_status = s;
    t.open_h = h;
    ++size_;
  }

  // Whether a state (n, h) precedes the first of OPEN (a check of the head insertions).
  bool precedes_first(int n, Score h) const {
    const OpenState state{(*nodes_)[n].dewey, n};
    if (!head_.empty()) {
      const TreeNode& top = (*nodes_)[head_.back()];
      return h == top.open_h && order_(state, OpenState{top.dewey, head_.back()});
    }
    if (size_ == 0) return true;
    const int b = highest();
    if (h != b - ScoreInfinite) return h > b - ScoreInfinite;
    const Bucket& bucket = *buckets_[b];
    bool first = bucket.states.empty() || order_(state, *bucket.states.begin());
    for (const int p : bucket.pending) first = first && order_(state, OpenState{(*nodes_)[p].dewey, p});
    return first;
  }

  void mark(int b) {
    nonempty_[b / 64] |= std::uint64_t(1) << (b % 64);
    summary_[b / 4096] |= std::uint64_t(1) << (b / 64 % 64);
  }
  void unmark(int b) {
    if ((nonempty_[b / 64] &= ~(std::uint64_t(1) << (b % 64))) == 0)
      summary_[b / 4096] &= ~(std::uint64_t(1) << (b / 64 % 64));
  }
  // The highest bucket that holds a state (some bucket does).
  int highest() const {
    int s = int(summary_.size()) - 1;
    while (summary_[s] == 0) --s;
    const int w = s * 64 + 63 - std::countl_zero(summary_[s]);
    return w * 64 + 63 - std::countl_zero(nonempty_[w]);
  }

  std::vector<TreeNode>* nodes_;
  LeftToRight order_;
  std::vector<int> head_;                         // the head's states, the first at the back
  int removed_ = 0;                               // states of head_ marked removed
  std::vector<std::unique_ptr<Bucket>> buckets_;  // made at the first state of its h, kept
  std::vector<std::uint64_t> nonempty_;           // a bit per bucket: it holds a state
  std::vector<std::uint64_t> summary_;            // a bit per word of nonempty_: it is not zero
  std::size_t size_ = 0;
};

class Sss {
 public:
  Sss(DriverContext& ctx, int depth) : ctx_(ctx), depth_(depth), open_(&nodes_) {}
  // Stopped, solved or past the OPEN limit: the board goes back to the root.
  ~Sss() {
    while (!line_.empty()) {
      ctx_.board.unmake_move(line_.back().move);
      line_.pop_back();
    }
  }
  Sss(const Sss&) = delete;
  Sss& operator=(const Sss&) = delete;

  Score run() {
    const int root = new_node(-1, Move(), 0, 0, depth_);
    push_head(root, Status::Live, ScoreInfinite);
    for (;;) {
      if (ctx_.stopped()) return 0;
      // "Seleccionar y eliminar el primer estado de LISTA: p = (N, s, h)."
      const int n = open_.pop_first();
      const Status s = nodes_[n].open_status;
      const Score h = nodes_[n].open_h;
      // "Si N = ε y s = SOLUCIONADO entonces devolver h."
      if (n == root && s == Status::Solved) {
        go_to(root);
        return h;
      }
      if (s == Status::Live)
        expand_live(n, h);
      else
        solved(n, h);
    }
  }

 private:
  bool is_max(int n) const { return nodes_[n].ply % 2 == 0; }

  // Γ for s = LIVE: cases 1 (MAX, not terminal), 2 (MIN, not terminal) and 3 (terminal).
  void expand_live(int n, Score h) {
    go_to(n);
    const int ply = nodes_[n].ply, depth = nodes_[n].depth;
    if (depth <= 0) {
      // Case 3, a horizon position: "Insertar el estado (N, SOLUCIONADO, min{h, f(N)}) en LISTA, delante
      // de todos los estados con menor h que este estado."
      const Score v = ctx_.leaf_value(ply);
      if (ctx_.stopped()) return;
      insert_ordered(n, std::min(h, from_max(v, ply)), h);
      return;
    }
    if (ctx_.enter_node(ply)) return;
    Move moves[MaxMoves];
    const bool draw = ply > 0 && ctx_.draw_by_rule();
    const int b = draw ? 0 : ctx_.ordered_moves(ply, Move(), moves);
    if (b == 0) {
      // Case 3 for a node terminal by the rules (§2.2): a draw, mate or stalemate.
      const Score v = !draw && ctx_.board.in_check() ? -ScoreMate + ply : 0;
      insert_ordered(n, std::min(h, from_max(v, ply)), h);
      return;
    }
    nodes_[n].children = b;
    if (is_max(n)) {
      // Case 1: "Si N es MAX entonces Para n = b hasta 1 hacer Insertar el estado (N.n, s, h) en la
      // cabeza de LISTA." Pushing b first leaves N.1 at the head.
      int ids[MaxMoves];
      for (int i = 0; i < b; ++i) ids[i] = add_child(n, moves[i], i, b);
      for (int i = b - 1; i >= 0; --i) push_head(ids[i], Status::Live, h);
    } else {
      // Case 2: "sino /*N es MIN*/ Insertar el estado (N.1, s, h) en la cabeza de LISTA."
      nodes_[n].moves.assign(moves, moves + b);
      push_head(add_child(n, moves[0], 0, b), Status::Live, h);
    }
  }

  // Γ for s = SOLVED (N ≠ ε): cases 5 and 6 (case 4 is the return in run()).
  void solved(int n, Score h) {
    const int m = nodes_[n].parent;
    if (is_max(n)) {
      // Case 5, N a MAX node under a MIN node M: "Sea N = M.n. Si n ≠ b entonces Insertar (M.n + 1, VIVO,
      // h) en la cabeza de LISTA. sino Insertar (M, SOLUCIONADO, h) en la cabeza de LISTA." The solved
      // child's subtree is no longer needed.
      const int next = nodes_[n].index + 1;
      free_children(m);
      if (next < nodes_[m].children) {
        go_to(m);  // the extension rules read the position
        const Move move = nodes_[m].moves[next];  // a copy: add_child may move nodes_
        push_head(add_child(m, move, next, nodes_[m].children), Status::Live, h);
      } else {
        nodes_[m].moves = {};
        push_head(m, Status::Solved, h);
      }
    } else {
      // Case 6, N a MIN node under a MAX node M: "Insertar (M, SOLUCIONADO, h) en la cabeza de LISTA.
      // Eliminar de LISTA todos aquellos estados sucesores de M." N has the highest h in OPEN, so M's
      // value is h and N is M's best child.
      if (m == 0) ctx_.root_best = nodes_[n].move;
      free_children(m);
      push_head(m, Status::Solved, h);
    }
  }

  // f(N) from MAX's view: the engine's values are from the side to move's.
  static Score from_max(Score v, int ply) { return ply % 2 == 0 ? v : -v; }

  int new_node(int parent, Move move, int index, int ply, int depth) {
    int id;
    if (!free_.empty()) {
      id = free_.back();
      free_.pop_back();
    } else {
      id = int(nodes_.size());
      nodes_.emplace_back();
    }
    TreeNode& t = nodes_[id];
    // Every field but those OpenList sets on insertion; a reused slot keeps the storage of `moves`.
    t.parent = parent;
    t.move = move;
    t.index = index;
    t.children = 0;
    t.ply = ply;
    t.depth = depth;
    t.first_child = -1;
    t.next_sibling = -1;
    t.stamp = ++stamp_;
    t.dewey = parent == -1 ? Dewey{} : nodes_[parent].dewey;
    if (parent != -1 && ply <= kDeweyPlies) t.dewey[(ply - 1) / 8] |= std::uint64_t(index) << (8 * (7 - (ply - 1) % 8));
    t.in_open = false;
    t.in_head = false;
    t.in_pending = false;
    t.moves.clear();
    return id;
  }

  // Child `i` of `n`, reached by `move`, the i-th of n's b ordered legal moves, with the depth alpha-beta
  // gives it.
  int add_child(int n, Move move, int i, int b) {
    const int ply = nodes_[n].ply, depth = nodes_[n].depth;
    const int child_depth = depth - 1 + ctx_.extension(move, ply, depth, b);
    const int c = new_node(n, move, i, ply + 1, child_depth);
    nodes_[c].next_sibling = nodes_[n].first_child;
    nodes_[n].first_child = c;
    return c;
  }

  // Removes every descendant of `n` from OPEN (case 6's purge) and frees their slots.
  void free_children(int n) {
    std::vector<int>& stack = scratch_;
    stack.clear();
    for (int c = nodes_[n].first_child; c != -1; c = nodes_[c].next_sibling) stack.push_back(c);
    nodes_[n].first_child = -1;
    while (!stack.empty()) {
      const int x = stack.back();
      stack.pop_back();
      for (int c = nodes_[x].first_child; c != -1; c = nodes_[c].next_sibling) stack.push_back(c);
      if (nodes_[x].in_open) open_.erase(x);
      nodes_[x].stamp = 0;
      nodes_[x].moves.clear();
      free_.push_back(x);
    }
    open_.drop_removed();
  }

  // The survey's two insertions (see OpenList): "en la cabeza de LISTA", and case 3's "delante de todos los
  // estados con menor h", which is the head too when min{h, f(N)} = h (N was the leftmost of the highest h).
  void push_head(int n, Status s, Score h) {
    open_.push_head(n, s, h);
    check_open_limit();
  }
  void insert_ordered(int n, Score value, Score h) {
    if (value == h)
      open_.push_head(n, Status::Solved, h);
    else
      open_.insert(n, Status::Solved, value);
    check_open_limit();
  }
  void check_open_limit() {
    const std::uint64_t size = open_.size();
    if (size > ctx_.stats.open_peak) ctx_.stats.open_peak = size;
    if (size > std::uint64_t(ctx_.cfg.sss_open_limit)) throw OpenListLimitError(size, std::size_t(ctx_.cfg.sss_open_limit), depth_);
  }

  // Moves the board to node `n`: back to the deepest node the current line shares with n's, then down.
  void go_to(int n) {
    target_.clear();
    for (int x = n; nodes_[x].parent != -1; x = nodes_[x].parent) target_.push_back({x, nodes_[x].stamp, nodes_[x].move});
    std::reverse(target_.begin(), target_.end());
    std::size_t common = 0;
    while (common < line_.size() && common < target_.size() && line_[common].id == target_[common].id &&
           line_[common].stamp == target_[common].stamp)
      ++common;
    while (line_.size() > common) {
      ctx_.board.unmake_move(line_.back().move);
      line_.pop_back();
    }
    for (std::size_t i = common; i < target_.size(); ++i) {
      ctx_.board.make_move(target_[i].move);
      line_.push_back(target_[i]);
    }
  }

  struct Step {
    int id;
    std::uint32_t stamp;
    Move move;
  };

  DriverContext& ctx_;
  const int depth_;
  std::vector<TreeNode> nodes_;  // before open_, whose order reads it
  OpenList open_;
  std::vector<int> free_;
  std::vector<int> scratch_;
  std::vector<Step> line_, target_;  // the board's current line from the root, and the one wanted
  std::uint32_t stamp_ = 0;
};

}  // namespace

Score stockman_sss(DriverContext& ctx, int depth) {
  Sss sss(ctx, depth);
  return sss.run();
}

// One search of the root per iteration: one pass (docs/search.md).
DriverIteration sss_iteration(SearchCore& core, int depth, Score) {
  DriverContext ctx = core.driver_context();
  return {stockman_sss(ctx, depth), 1};
}

}  // namespace buho
