// The searcher (ch. 3–5): fail-hard NegaMax alpha-beta (Alg. 2) with quiescence (Alg. 4), iterative
// deepening (Alg. 3), aspiration (Alg. 6), minimal windows (Alg. 7), the transposition table (Alg. 8–9),
// null move (Alg. 10), futility (Alg. 11) and late move reductions (Alg. 12), each behind its flag.
//
// Node count: `stats.nodes` goes up in one place, enter_node(), which the top of every full-width node and of
// quiesce() calls (see engine/search_stats.h); the minimal tree, not a search, adds its proof tree's count. A
// position reaching the horizon goes straight to quiesce() and is counted there, once.
#include "engine/search.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>

#include "engine/eval.h"
#include "engine/minimal_tree.h"
#include "engine/move_order.h"
#include "engine/movegen.h"
#include "engine/mt_driver.h"
#include "engine/search_rules.h"
#include "engine/sss_driver.h"
#include "engine/transposition_table.h"

namespace buho {

namespace {

constexpr int kMoveStackSize = MaxPly * MaxMoves;

// Mate scores are stored relative to the node, so a mate found through a transposition keeps its
// distance from the current root.
int value_to_tt(Score v, int ply) {
  if (v >= ScoreMateBound) return v + ply;
  if (v <= -ScoreMateBound) return v - ply;
  return v;
}
Score value_from_tt(int v, int ply) {
  if (v >= ScoreMateBound) return v - ply;
  if (v <= -ScoreMateBound) return v + ply;
  return v;
}

// The kind a stored bound is read as (tt_bound_use). Alg. 9 as printed (seed L1082-L1096) cuts on a
// «LimiteInferior» entry when its value <= alpha and on a «LimiteSuperior» one when it is >= beta, while
// Alg. 8 stores a fail high as «LimiteInferior» (line 22): as printed, each kind is read as the other.
Bound bound_as_read(const SearchConfig& c, Bound stored) {
  if (c.tt_bound_use == TtBoundUse::AsDescribed || stored == Bound::Exact) return stored;
  return stored == Bound::Lower ? Bound::Upper : Bound::Lower;
}

// A stored move is tried before any move is generated (§4.6.2), so it is first checked for plausibility
// in this position. The 64-bit key already matched, so this guards only against a key collision.
bool plausible(const Board& b, Move m) {
  if (m.is_null()) return false;
  const Square from = m.from(), to = m.to();
  if (!on_board(from) || !on_board(to)) return false;
  const Piece p = b.piece_at(from);
  if (p == NoPiece || color_of(p) != b.side_to_move()) return false;
  const Piece target = b.piece_at(to);
  if (m.is_en_passant()) return type_of(p) == Pawn && to == b.ep_square() && target == NoPiece;
  if (m.is_capture()) return target != NoPiece && color_of(target) != b.side_to_move() && type_of(target) != King;
  if (target != NoPiece) return false;
  if (m.is_castle()) return type_of(p) == King;
  if (m.is_promotion() || m.is_double_push()) return type_of(p) == Pawn;
  return true;
}

bool is_draw_by_rule(const Board& b) {
  return b.is_fifty_move_draw() || b.is_insufficient_material() || b.is_repetition();
}

// The statistic that counts a granted extension of this kind (§3.6).
std::uint64_t& extension_counter(SearchStats& stats, ExtensionKind kind) {
  switch (kind) {
    case ExtensionKind::Check: return stats.ext_check;
    case ExtensionKind::SingleReply: return stats.ext_single_reply;
    case ExtensionKind::Pawn: return stats.ext_pawn;
    case ExtensionKind::KingSafety: return stats.ext_king_safety;
    case ExtensionKind::None: break;
  }
  BUHO_ASSERT(!"only a granted extension is counted");
  return stats.ext_check;
}

}  // namespace

struct Engine::Impl {
  Impl(const SearchConfig& s, const EvalConfig& e, std::unique_ptr<TranspositionTable>* lent)
      : cfg(s), eval(e), capture_value(configured_piece_values(e)), move_stack(kMoveStackSize),
        score_stack(kMoveStackSize) {
    if (!uses_tt()) return;
    // A table lent by EngineMemory of this size and scheme is taken as it is (reset as new when handed back).
    if (lent && *lent && (*lent)->entries() == std::max(1, cfg.tt_entries) && (*lent)->scheme() == cfg.tt_scheme) {
      tt = std::move(**lent);
      lent->reset();
      return;
    }
    tt.resize(cfg.tt_entries, cfg.tt_scheme);
  }

  // Read at every probe, store and prefetch: decided once, with the config (table_on below).
  bool uses_tt() const { return table_on; }

  // Subtree sizes for the schemes that keep them (docs/tt.md). Big1 and TwoBig1: the nodes entered below
  // a node and the node itself (stats.nodes after - before), so a transposition the table answers counts
  // as the one node entered and its subtree only where it was searched: each position once. BigAll also
  // counts every transposition answered by a table cut-off with the subtree stored for it (what a search
  // without the table would have visited again): `transposed_nodes` sums those extra nodes.
  std::uint64_t transposed_nodes = 0;
  void count_transposition(const TTEntry* e) {
    if (cfg.tt_scheme == ReplacementScheme::BigAll) transposed_nodes += std::max<std::uint64_t>(tt.subtree_of(e), 1) - 1;
  }
  std::uint64_t subtree_size(std::uint64_t nodes_at_entry, std::uint64_t transposed_at_entry) const {
    return (stats.nodes - nodes_at_entry) + (transposed_nodes - transposed_at_entry);
  }

  SearchConfig cfg;
  // Fail-soft at every return: the flag, or a driver that is fail-soft by definition (docs/search.md).
  const bool fail_soft = searches_fail_soft(cfg);
  // The survey's NegaScout windows in place of Alg. 7's (driver negascout).
  const bool negascout_windows = cfg.root_driver == RootDriver::NegaScout;
  // Whether the search keeps a table. Minimax searches without one (its ignored flags): none is allocated.
  // MT-SSS* and MT-DUAL* are memory-enhanced by definition: they keep one even in a version without one,
  // and so does the minimal tree, whose values and moves come from memory-enhanced tests.
  const bool table_on = cfg.root_driver != RootDriver::Minimax &&
                        (cfg.hash_move || cfg.tt_cutoffs || cfg.root_driver == RootDriver::MtSss ||
                         cfg.root_driver == RootDriver::MtDual || cfg.root_driver == RootDriver::Minimal);
  // tt_horizon (V5) stores horizon values only to read them back: without table cut-offs (B, C: the table orders
  // moves only, L1329) it would store values no one reads, and move-less entries that push out stored moves.
  const bool horizon_reads_table = cfg.tt_horizon && cfg.tt_cutoffs && table_on;
  Evaluator eval;
  // qsearch_captures compares the evaluation's configured piece values (eval.*_value), not the fixed
  // ordering values of MVV/LVA: the rule is about material won or lost, which the evaluation measures.
  std::array<int, PIECE_TYPE_NB> capture_value;
  static std::array<int, PIECE_TYPE_NB> configured_piece_values(const EvalConfig& e) {
    std::array<int, PIECE_TYPE_NB> v{};
    v[Pawn] = e.pawn_value;
    v[Knight] = e.knight_value;
    v[Bishop] = e.bishop_value;
    v[Rook] = e.rook_value;
    v[Queen] = e.queen_value;
    return v;  // the king: qsearch_searches treats it as worth more than any piece
  }
  TranspositionTable tt;
  MoveOrder order;
  Board board;
  SearchStats stats;
  std::uint64_t node_budget = 0;
  const std::atomic<bool>* external_stop = nullptr;  // Limits::stop
  bool stop = false;

  // The node budget, or another thread's request to stop, ends the search.
  bool out_of_budget() const {
    return (node_budget && stats.nodes >= node_budget) || (external_stop && external_stop->load(std::memory_order_relaxed));
  }
  Move root_best;
  std::vector<Move> root_moves;  // Limits::root_moves of the running search (empty: every root move)
  ScoreBound root_bound = ScoreBound::Exact;  // of the current iteration's score (drive_alphabeta sets it)

  // THE place a node is counted (search_stats.h): the top of every full-width node (the alpha-beta search,
  // minimax, Scout's EVAL, the drivers of driver_context.h) and of quiescence. Returns whether to stop.
  bool enter_node(int ply) {
    ++stats.nodes;
    stats.seldepth = std::max(stats.seldepth, ply);
    if (out_of_budget()) stop = true;
    return stop;
  }

  // §2.3: one preallocated move stack for every ply; a node's moves sit above its parent's.
  std::vector<Move> move_stack;
  std::vector<std::int64_t> score_stack;
  Move pv[MaxPly + 1][MaxPly + 1];
  int pv_len[MaxPly + 1] = {};

  // pv_ordering (reading V2, §3.4 L632 / §4.6.2 L983): the last completed iteration's principal variation,
  // and for each ply whether the line from the root to it is that PV's first `ply` moves.
  Move prev_pv[MaxPly + 1];
  int prev_pv_len = 0;
  bool on_prev_pv[MaxPly + 2] = {};
  // The previous PV's move at `ply`, to be tried first, or the null move when the line has left the PV.
  Move prev_pv_move(int ply) const {
    if (!cfg.pv_ordering || ply >= prev_pv_len || !on_prev_pv[ply]) return Move();
    return prev_pv[ply];
  }

  // Verified null move (Tabibi & Netanyahu 2002): verification_off[ply] is true below a node that has
  // verified a null fail-high, where null fail-highs cut off at once (the paper's `verify` flag, kept per ply).
  bool verification_off[MaxPly + 2] = {};

  void clear() {
    if (tt.allocated()) tt.clear();
    order.clear();
    clear_eval_cache();
  }

  // A per-engine cache of static evaluations keyed by the Zobrist key. The evaluation is a function of
  // the position alone (pieces, castling rights and side to move, all in the key), so a hit returns the
  // very value evaluate() would. The slot is chosen by the key's low bits and keeps the key's high bits
  // and the value, so the whole key is compared. Allocated once with the engine, cleared with its state.
  static constexpr int kEvalCacheBits = 18;
  static constexpr int kEvalKeyShift = 16;  // low 16 bits of a slot: the value; high 48: key >> 16
  static_assert(kEvalCacheBits >= kEvalKeyShift, "the index and the stored bits must cover the whole key");
  static constexpr std::size_t kEvalCacheSlots = std::size_t(1) << kEvalCacheBits;
  // An empty slot is zero, so the cache comes zeroed from calloc, whose large blocks are fresh pages the
  // kernel maps only where a slot is used: filling its 2 MB at construction (and again at the first search's
  // clear) cost a short search many times its own time, most of the engine tests' time under ASan (page
  // faults, and a checked store per slot). A slot equal to zero is never taken as a hit: a position whose
  // key's high bits are all zero and whose value is 0 is simply evaluated each time.
  static constexpr std::uint64_t kEmptyEval = 0;
  struct FreeSlots {
    void operator()(std::uint64_t* p) const { std::free(p); }
  };
  static std::uint64_t* zeroed_slots() {
    auto* p = static_cast<std::uint64_t*>(std::calloc(kEvalCacheSlots, sizeof(std::uint64_t)));
    if (!p) throw std::bad_alloc();
    return p;
  }
  std::unique_ptr<std::uint64_t[], FreeSlots> eval_cache{zeroed_slots()};
  bool eval_cache_dirty = false;  // a slot was stored since the allocation or the last clear

  void clear_eval_cache() {
    if (eval_cache_dirty) std::memset(eval_cache.get(), 0, kEvalCacheSlots * sizeof(std::uint64_t));
    eval_cache_dirty = false;
  }
  std::uint64_t& eval_slot(std::uint64_t key) { return eval_cache[key & (kEvalCacheSlots - 1)]; }
  // Called right after a move is made, before the child node starts: its evaluation slot (and table
  // entry, when the child probes the table) begin loading while the child does its first tests.
  void prefetch_child(bool full_width) {
    __builtin_prefetch(&eval_slot(board.key()));
    if (full_width && uses_tt()) tt.prefetch(board.key());
  }
  // The deepest node whose move loop loads the next move's child entry while it searches the current move's child
  // (search() Step 7): below it the current child's subtree is small, and the line loaded stays in the cache. At
  // 1 and 2 it measured faster than without (H d11: +4-5 % and +9-10 % in medians), at 3 no faster than at 2.
  static constexpr int kLookaheadDepth = 2;
  // Whether a child that search() is called on probes the table: a full-width child does, and so does a horizon
  // child under tt_horizon (horizon() probes before quiescence). Version H's horizon probes were not prefetched,
  // and they are most of its probes: every leaf of the full-width tree.
  bool child_probes(int child_depth) const { return child_depth > 0 || horizon_reads_table; }
  // The same loads, started before the move is made (Board::key_after): the extension and reduction tests of the
  // move and make_move itself then overlap the table's cache miss, where prefetch_child's leaves the child only a
  // few tests before its probe (the probe's load was a quarter of version H's time).
  void prefetch_before_move(Move m, bool probes) {
    const std::uint64_t child = board.key_after(m);
    __builtin_prefetch(&eval_slot(child));
    if (probes && uses_tt()) tt.prefetch(child);
  }
  Score evaluate() {
    const std::uint64_t key = board.key();
    std::uint64_t& slot = eval_slot(key);
    const std::uint64_t tag = key & ~((std::uint64_t(1) << kEvalKeyShift) - 1);
    if ((slot & ~std::uint64_t(0xFFFF)) == tag && slot != kEmptyEval) return Score(std::int16_t(slot & 0xFFFF));
    const Score v = eval.evaluate(board);
    if (v >= -32768 && v <= 32767) {
      slot = tag | std::uint16_t(std::int16_t(v));
      eval_cache_dirty = true;
    }
    return v;
  }


  void update_pv(int ply, Move m) {
    pv[ply][ply] = m;
    for (int i = ply + 1; i < pv_len[ply + 1]; ++i) pv[ply][i] = pv[ply + 1][i];
    pv_len[ply] = std::max(pv_len[ply + 1], ply + 1);
  }

  Score search(Score alpha, Score beta, int depth, int ply, int sp, bool after_null);
  Score horizon(Score alpha, Score beta, int ply, int sp);
  std::optional<Score> read_bound(const TTEntry* e, Score& alpha, Score& beta, int ply);
  std::optional<Score> etc_cutoff(const Move* moves, int n, int depth, Score beta, int ply);
  // rule_checked: the caller has just found the position not drawn by rule (horizon() under tt_horizon).
  Score quiesce(Score alpha, Score beta, int ply, int sp, int qply, bool rule_checked = false);
  Score minimax(int depth, int ply, int sp);
  Score scout_eval(int depth, int ply, int sp);
  Score root_iteration(int depth, Score prev);  // by cfg.root_driver
  Score drive_alphabeta(int depth, Score prev);
  Score drive_minimax(int depth);
  Score drive_scout(int depth);
  Score drive_mtdf(int depth, Score first_guess);
  Score drive_minimal(int depth);
  Score search_root(Score alpha, Score beta, int depth) {  // one pass: a search of the root
    ++stats.passes;
    return search(alpha, beta, depth, 0, 0, false);
  }
  // A granted extension (§3.6) of move m at this node, counted; 0 or 1 ply.
  template <class GivesCheck>
  int extension_of(Move m, int n_legal, int ply, int depth, GivesCheck&& check) {
    const ExtensionKind extension = move_extension(cfg, board, m, n_legal, check);
    const int ext = extension != ExtensionKind::None && extension_fits(cfg, ply, depth, 1) ? 1 : 0;
    if (ext) ++extension_counter(stats, extension);
    return ext;
  }
  // The seam of the drivers in files of their own (engine/driver_context.h).
  std::function<void(const Board&)> on_leaf;
  DriverContext driver_context() {
    return DriverContext{cfg, eval, board, stats, tt.allocated() ? &tt : nullptr, order,
                         [this](int ply) { return enter_node(ply); },
                         [this](Score a, Score b, int ply) { return quiesce(a, b, ply, ply * MaxMoves, 0); },
                         [this] { return stop; }, on_leaf, root_best};
  }
  SearchResult run(const Board& root, const Limits& limits, bool keep_state);
};

Score Engine::Impl::quiesce(Score alpha, Score beta, int ply, int sp, int qply, bool rule_checked) {
  // Step 1. Count the node (enter_node; see search_stats.h).
  ++stats.qnodes;
  if (enter_node(ply)) return 0;
  pv_len[ply] = ply;

  // Step 2. Terminal by rule. After a capture the clock is reset, so only the first quiescence ply can
  // repeat; insufficient material can follow any capture.
  if (ply > 0 && !rule_checked && is_draw_by_rule(board)) return 0;
  if (ply >= MaxPly) return eval.evaluate(board);

  // Step 3. Stand pat (Alg. 4 lines 1–7). With quiescence off the horizon is the static evaluation.
  const Score stand = evaluate();
  if (qply == 0) ++stats.leaves;  // a horizon position evaluated (kLeafCountDefinition)
  if (!cfg.quiescence) return stand;
  if (stand >= beta) return fail_soft ? stand : beta;
  if (stand > alpha) alpha = stand;
  Score best = stand;  // fail-soft: the best score found, stand pat included

  // Step 4. The unstable moves: captures and promotions (§3.5); quiet checks too at the first ply when
  // qsearch_checks is on.
  BUHO_ASSERT(sp >= 0 && sp + MaxMoves <= int(move_stack.size()));  // room for any node's moves
  Move* moves = &move_stack[sp];
  std::int64_t* scores = &score_stack[sp];
  int n = 0;
  // qsearch_captures (readings Q1/Q3/Q4) may leave some captures out; promotions always stay (Q6), and a
  // capture left out is still searched at the first ply as a check when qsearch_checks asks for checks.
  auto searched_here = [&](Move m) { return qsearch_searches(board, m, cfg.qsearch_captures, capture_value); };
  if (cfg.qsearch_checks && qply == 0 && !board.in_check()) {
    Move* end = generate_legal(board, moves);
    for (Move* m = moves; m != end; ++m)
      if (((m->is_capture() || m->is_promotion()) && searched_here(*m)) || board.gives_check(*m)) moves[n++] = *m;
  } else {
    n = int(generate_legal_captures(board, moves) - moves);
    // Under `all` (the default) every capture stays: no filtering pass in the hot path.
    if (cfg.qsearch_captures != QsearchCaptures::All) {
      const int generated = n;
      n = 0;
      for (int i = 0; i < generated; ++i)
        if (searched_here(moves[i])) moves[n++] = moves[i];
    }
  }
  // Alg. 4 line 9 orders the moves; qsearch_order says whether that follows mvv_lva (Q1) or always holds (Q2).
  const bool ordered = cfg.mvv_lva || cfg.qsearch_order == QsearchOrder::MvvLva;
  if (ordered)
    for (int i = 0; i < n; ++i) scores[i] = mvv_lva(board, moves[i]);

  // Step 5. Search them (Alg. 4 lines 10–20), fail-hard, or fail-soft when fail_soft says so.
  for (int i = 0; i < n; ++i) {
    if (ordered) pick_best(moves, scores, i, n);
    const Move m = moves[i];
    board.make_move(m);
    prefetch_child(false);
    const Score v = -quiesce(-beta, -alpha, ply + 1, sp + n, qply + 1);
    board.unmake_move(m);
    if (stop) return 0;
    if (v >= beta) return fail_soft ? v : beta;
    best = std::max(best, v);
    if (v > alpha) {
      alpha = v;
      update_pv(ply, m);
    }
  }
  return fail_soft ? best : alpha;
}

// Alg. 9 lines 4-23 on an entry of enough depth: the value that ends the node (a cut-off, counted), or
// nothing, with the window narrowed by the bound. The kinds are read as tt_bound_use says.
std::optional<Score> Engine::Impl::read_bound(const TTEntry* e, Score& alpha, Score& beta, int ply) {
  const Score v = value_from_tt(e->value, ply);
  const Bound kind = bound_as_read(cfg, e->bound);
  std::optional<Score> cut;
  if (kind == Bound::Exact) cut = fail_soft ? v : std::clamp(v, alpha, beta);
  if (kind == Bound::Lower) {
    if (v >= beta) cut = fail_soft ? v : beta;
    else alpha = std::max(alpha, v);
  }
  if (kind == Bound::Upper) {
    if (v <= alpha) cut = fail_soft ? v : alpha;
    else beta = std::min(beta, v);
  }
  if (cut) {
    ++stats.tt_cutoffs;
    count_transposition(e);
  }
  return cut;
}

// Enhanced transposition cut-offs (etc; Plaat, Schaeffer, Pijls & de Bruin 1996): before a node searches its
// moves, each child's entry is looked up (by the key the move would give, without making it). A child stored with
// enough depth (the depth it would be searched at, depth - 1) whose value is at most v (an upper bound, or exact)
// is worth at least -v here; -v >= beta refutes the node at once, a cut-off found in the table that the move loop
// would have found only after searching the moves before that child. No entry is written.
std::optional<Score> Engine::Impl::etc_cutoff(const Move* moves, int n, int depth, Score beta, int ply) {
  for (int i = 0; i < n; ++i) {
    ++stats.etc_probes;
    const TTEntry* e = tt.probe(board.key_after(moves[i]));
    if (!e || e->depth < depth - 1) continue;
    const Bound kind = bound_as_read(cfg, e->bound);
    if (kind != Bound::Upper && kind != Bound::Exact) continue;
    const Score v = -value_from_tt(e->value, ply + 1);
    if (v >= beta) {
      ++stats.etc_cutoffs;
      return fail_soft ? v : beta;
    }
  }
  return std::nullopt;
}

// tt_horizon (reading V5 of version D, §4.6.2 L975): a horizon node of the full-width search (depth 0) probes
// the table and stores the value its quiescence search returned, with depth 0, so that a transposition
// reaching the horizon again (a, b, c and c, b, a: from depth 3 on) is answered by the table. The positions
// inside quiescence are never stored (L993). A node the table answers is counted as the search's node it is
// (enter_node); otherwise quiescence counts it, as without the flag.
Score Engine::Impl::horizon(Score alpha, Score beta, int ply, int sp) {
  if (ply > 0 && is_draw_by_rule(board)) return quiesce(alpha, beta, ply, sp, 0);  // 0 by the path: never stored
  const std::uint64_t key = board.key();
  if (const TTEntry* e = tt.probe(key))
    if (const auto cut = read_bound(e, alpha, beta, ply)) return enter_node(ply) ? 0 : *cut;
  const std::uint64_t nodes_at_entry = stats.nodes, transposed_at_entry = transposed_nodes;
  const Score v = quiesce(alpha, beta, ply, sp, 0, true);  // not drawn: checked above, not again
  if (stop) return 0;
  const Bound bound = v <= alpha ? Bound::Upper : v >= beta ? Bound::Lower : Bound::Exact;
  tt.store(key, 0, value_to_tt(v, ply), bound, Move(), subtree_size(nodes_at_entry, transposed_at_entry));
  return v;
}

Score Engine::Impl::search(Score alpha, Score beta, int depth, int ply, int sp, bool after_null) {
  // Step 1. Horizon: the position is handed to quiescence, which counts it (through the table first with
  // tt_horizon and table cut-offs).
  if (depth <= 0) return horizon_reads_table ? horizon(alpha, beta, ply, sp) : quiesce(alpha, beta, ply, sp, 0);

  // Step 2. Count the node (enter_node; see search_stats.h). The counts at entry measure the subtree below
  // this node for the schemes that keep subtree sizes (Big1, BigAll, TwoBig1; docs/tt.md).
  const std::uint64_t nodes_at_entry = stats.nodes, transposed_at_entry = transposed_nodes;
  if (enter_node(ply)) return 0;
  pv_len[ply] = ply;

  // Step 3. Terminal by rule (§2.2): fifty moves, insufficient material, threefold repetition.
  if (ply > 0 && is_draw_by_rule(board)) return 0;
  if (ply >= MaxPly) return eval.evaluate(board);

  const bool root = ply == 0;
  const bool in_check = board.in_check();
  const std::uint64_t key = board.key();

  // Step 4. Transposition table (§4.6, Alg. 9). The stored move orders (hash_move); a stored bound of
  // enough depth ends the node or narrows its window (tt_cutoffs). Never at the root, which must
  // return a move. Alg. 9 as printed swaps the two bound kinds (tt_bound_use=as_printed reads them so);
  // by default the text of §4.6.2 (L971-L977) is followed.
  Move tt_move;
  if (uses_tt()) {
    if (const TTEntry* e = tt.probe(key)) {
      if (cfg.hash_move && plausible(board, e->move)) tt_move = e->move;
      if (cfg.tt_cutoffs
          && !root
          && e->depth >= depth) {
        if (const auto cut = read_bound(e, alpha, beta, ply)) return *cut;
      }
    }
  }

  // Step 5. Null move (§5.2, Alg. 10). Safe because passing is almost never the best move; not in
  // check (illegal), not twice in a row (pointless), not with only king and pawns or little material
  // (zugzwang), not below null_move_min_depth, not at the root unless null_move_at_root (a root cut-off
  // has no move: run() keeps the previous iteration's), not when beta is a mate score (no static
  // value can reach it, so the null search could not cut).
  bool threat = false;
  if (null_move_allowed(cfg, eval, board, ply, depth, in_check, after_null, beta)) {
    ++stats.null_tries;
    on_prev_pv[ply + 1] = false;  // pv_ordering: a null move leaves the previous PV
    board.make_null();
    prefetch_child(child_probes(depth - null_move_reduction(cfg, board, depth) - 1));
    // A null window [beta - 1, beta] fail-hard can never show a mate score; with the threat extension the
    // window's lower edge goes down to the mate bound so that a mate against us becomes visible.
    const Score low = cfg.threat_ext ? std::min(beta - 1, -ScoreMateBound) : beta - 1;
    verification_off[ply + 1] = verification_off[ply];
    const Score v = -search(-beta, -low, depth - null_move_reduction(cfg, board, depth) - 1, ply + 1, sp, true);
    board.unmake_null();
    if (stop) return 0;
    if (v >= beta && null_fail_high_verified(cfg, ply, verification_off[ply])) {
      // Verified null move: this node searched at depth - 1 (no null move at it, verification off below);
      // a fail high there confirms the cut-off, anything else suggests zugzwang, and the node is searched
      // below at full depth with verification still on. The re-entry counts this node once more.
      verification_off[ply] = true;
      const Score w = search(alpha, beta, depth - 1, ply, sp, true);
      verification_off[ply] = false;
      if (stop) return 0;
      if (w >= beta) {
        ++stats.null_cutoffs;
        return beta;
      }
    } else if (v >= beta) {
      ++stats.null_cutoffs;
      // Fail-soft returns the null search's bound, but never a mate score: passing proves no mate.
      return fail_soft && v < ScoreMateBound ? v : beta;
    }
    // §3.6 threat extension: passing loses to a mate, so this node deserves a closer look.
    threat = threat_extends(cfg, ply, depth, v);
  }
  if (threat) {
    ++stats.ext_threat;
    ++depth;
  }
  // Limited razoring (Heinz 1998; off in every thesis version): a hopeless depth-3 node goes on at depth 2.
  if (cfg.limited_razoring
      && limited_razoring_reduces(cfg, ply, depth, in_check, alpha, beta, eval.material_balance(board),
                                  officer_count(board, ~board.side_to_move())))
    --depth;

  // Step 6. Futility condition (§5.3, Alg. 11): at depth 1 (margin 200) and 2 (razoring, 500), and only
  // there, the node's material balance is taken once (Alg. 11 line 8); Step 7a uses it per move, with the
  // balance after a capture or promotion under B2 (futility_material) and alpha at entry under A1
  // (futility_alpha).
  const int margin = futility_margin(cfg, ply, depth, in_check, alpha, beta);
  const Score material = margin >= 0 ? eval.material_balance(board) : 0;
  // P2/P3 (futility_positional): the node's positional part joins the balance, whole or within +-margin.
  const Score positional = margin >= 0 && cfg.futility_positional != FutilityPositional::None
                               ? futility_positional_part(cfg, margin, eval.evaluate(board) - material)
                               : 0;
  const Score futility_entry_alpha = alpha;
  auto futile = [&](Move m) {
    if (margin < 0) return false;
    const Score bound = futility_alpha_bound(cfg, futility_entry_alpha, alpha);
    Score balance = material;
    if (futility_reads_material_after(cfg, m)) {
      board.make_move(m);
      balance = -eval.material_balance(board);
      board.unmake_move(m);
    }
    balance += positional;
    if (balance + margin > bound) return false;  // cheap exit before the check test
    return futility_prunes(margin, balance, bound, board.gives_check(m));
  };

  // Step 7. The move loop: the hash move first, before generating (§4.6.2), then the generated moves
  // in order (§4.2–4.3). Each move goes through Steps 7a–7e.
  BUHO_ASSERT(sp >= 0 && sp + MaxMoves <= int(move_stack.size()));  // room for any node's moves
  Move* moves = &move_stack[sp];
  std::int64_t* scores = &score_stack[sp];
  int n = 0;
  bool generated = false;
  auto generate = [&] {
    n = int(generate_legal(board, moves) - moves);
    generated = true;
    // Reading A2: the generator's captures (and promotions) before its quiet moves; a stable partition, so
    // equal sort keys later still keep the generator's order within each group.
    if (cfg.generation_order == GenerationOrder::CapturesFirst)
      captures_first(moves, n);
    if (MoveOrder::any_ordering(cfg)) order.score(board, cfg, ply, moves, scores, n);
  };
  // The single-reply extension needs the number of legal moves before the first one is searched.
  if (cfg.single_reply_ext) generate();
  // Step 6b. Enhanced transposition cut-offs (etc, off in every thesis version): the children's entries first.
  if (cfg.etc && cfg.tt_cutoffs && uses_tt() && !root) {
    if (!generated) generate();
    if (const auto cut = etc_cutoff(moves, n, depth, beta, ply)) return *cut;
  }

  const Score old_alpha = alpha;
  Move best;
  Score best_score = -ScoreInfinite;  // fail-soft: the best score found (a pruned move counts as its bound)
  bool found_pv = false;  // Alg. 7's bSearchPv is !found_pv
  int searched = 0;
  int picked_ahead = -1;  // the index whose move was picked a turn early (below), -1 for none
  bool any_legal = false;
  const int child_sp = sp + MaxMoves;
  // pv_ordering (V2): on the previous iteration's PV, its move here goes first. The position is the one
  // where that move was played, so it is legal; plausible() only guards the invariant.
  Move pv_move = prev_pv_move(ply);
  if (!pv_move.is_null() && !plausible(board, pv_move)) pv_move = Move();

  for (int i = -2;; ++i) {
    Move m;
    if (i == -2) {
      // Stage: the previous iteration's PV move (pv_ordering, §4.6.2 L983 «para el primer movimiento»).
      if (pv_move.is_null()) continue;
      m = pv_move;
    } else if (i == -1) {
      // Stage: the hash move (legal: its key matched this position).
      if (tt_move.is_null() || tt_move == pv_move) continue;
      m = tt_move;
    } else {
      if (!generated) generate();
      if (i >= n) break;
      if (MoveOrder::any_ordering(cfg) && i != picked_ahead) pick_best(moves, scores, i, n);
      m = moves[i];
      if (m == tt_move || m == pv_move) continue;
    }
    // UCI's searchmoves: the root looks at the moves it was given only.
    if (root && !root_moves.empty() && std::find(root_moves.begin(), root_moves.end(), m) == root_moves.end()) continue;
    any_legal = true;

    // Step 7a. Futility (§5.3): skip a move whose material balance plus the margin cannot reach alpha.
    // Safe because the margin bounds what the positional terms can add in the one or two plies left;
    // never in check, near mate bounds or at the root unless the readings' flags say so (Step 6), never
    // for a checking move.
    if (futile(m)) {
      ++stats.futility_prunes;
      // Fail-soft: the pruned move is taken to score no more than the bound it failed to reach.
      best_score = std::max(best_score, futility_alpha_bound(cfg, futility_entry_alpha, alpha));
      continue;
    }
    // After the futility test: a pruned move's child is never entered. Extensions only deepen the child.
    prefetch_before_move(m, child_probes(depth - 1));
    // Near the horizon a child's search is short, too short for the next child's table load to hide behind its own
    // tests: the next move is picked now (the keys do not change while the node searches, so it is the move the
    // next turn would pick) and its child's entry loaded while this move's child is searched.
    if (i >= 0 && i + 1 < n && depth <= kLookaheadDepth) {
      if (MoveOrder::any_ordering(cfg)) pick_best(moves, scores, i + 1, n);
      picked_ahead = i + 1;
      prefetch_before_move(moves[i + 1], child_probes(depth - 1));
    }

    // Step 7b. Extensions (§3.6): one ply for a check, a single reply, a pawn to the 7th or a promotion,
    // or a capture next to the enemy king, whichever applies first. Safe (they only search more) and
    // bounded: none past max_extension_ply.
    bool gives_check_known = false, gives_check = false;
    auto check = [&] {
      if (!gives_check_known) {
        gives_check = board.gives_check(m);
        gives_check_known = true;
      }
      return gives_check;
    };
    const int ext = extension_of(m, generated ? n : -1, ply, depth, check);
    const int new_depth = depth - 1 + ext;

    // Step 7c. Late move reduction (§5.4, Alg. 12): after lmr_min_moves moves, at depth >= lmr_min_depth,
    // a move that is not the hash move, a killer, a capture, a promotion or a check, out of check and not
    // extended, is searched with a null window at reduced depth. Safe because a late quiet move rarely
    // raises alpha, and one that does is searched again at full depth (Step 7d). Under lmr_scope =
    // after_alpha_raised (Alg. 12 line 9: only when bSearchPv is false) only once a move has raised alpha.
    const bool reduce = lmr_scope_allows(cfg, found_pv)
                        && lmr_reduces(cfg, m, searched, depth, in_check, ext, m == tt_move,
                                       cfg.killers && order.is_killer(ply, m), check);

    // Step 7d. Search the move: the reduced search first when Step 7c applies; then, once a move has
    // raised alpha, a minimal window (§4.5, Alg. 7) re-searched with the full window on a fail high.
    // Safe because a minimal window only proves "no better than alpha", and any move that is better is
    // searched again with the real window, so the value is the full-window one.
    board.make_move(m);
    prefetch_child(child_probes(new_depth));
    verification_off[ply + 1] = verification_off[ply];
    if (cfg.pv_ordering) on_prev_pv[ply + 1] = !pv_move.is_null() && m == pv_move;
    Score v = 0;
    bool full = true;
    if (reduce) {
      ++stats.lmr_reductions;
      v = -search(-alpha - 1, -alpha, new_depth - cfg.lmr_reduction, ply + 1, child_sp, false);
      full = v > alpha && !stop;
      if (full) ++stats.lmr_researches;
    }
    if (full) {
      if (negascout_windows && searched > 0) {
        // The survey's NegaScout (§4.2.13): «valor := -NegaScout(aplicar(mov, g), depth-1, -b, -a)» with
        // «b := a+1», a null window after the first move; «si α < valor < β y no-es-primer-nodo-hijo» it is
        // searched again, «-NegaScout(aplicar(mov, g), depth-1, -β, -valor)»: from the fail-soft value up.
        v = -search(-alpha - 1, -alpha, new_depth, ply + 1, child_sp, false);
        if (v > alpha && v < beta && !stop) {
          ++stats.pvs_researches;
          v = -search(-beta, -v, new_depth, ply + 1, child_sp, false);
        }
      } else if (!negascout_windows && cfg.pvs && found_pv) {
        v = -search(-alpha - 1, -alpha, new_depth, ply + 1, child_sp, false);
        if (v > alpha && v < beta && !stop) {
          ++stats.pvs_researches;
          v = -search(-beta, -alpha, new_depth, ply + 1, child_sp, false);
        }
      } else {
        v = -search(-beta, -alpha, new_depth, ply + 1, child_sp, false);
      }
    }
    board.unmake_move(m);
    if (stop) return 0;
    ++searched;

    // Step 7e. Cut-off or alpha raise (Alg. 2, fail-hard). A fail high remembers the refutation as a
    // killer and in the history (§4.3) and stores a lower bound (Alg. 8 line 22); a move that raises
    // alpha joins the PV and the history (Alg. 5).
    if (v >= beta) {
      ++stats.beta_cutoffs;
      if (searched == 1) ++stats.first_move_cutoffs;
      if (cfg.killers && !m.is_capture() && !m.is_promotion()) order.add_killer(ply, m);
      if (cfg.history) order.add_history(m, depth);
      if (uses_tt())
        tt.store(key, depth, value_to_tt(v, ply), Bound::Lower, m, subtree_size(nodes_at_entry, transposed_at_entry));
      if (root) root_best = m;
      return fail_soft ? v : beta;
    }
    best_score = std::max(best_score, v);
    if (v > alpha) {
      alpha = v;
      best = m;
      found_pv = true;
      if (cfg.history) order.add_history(m, depth);
      update_pv(ply, m);
      if (root) root_best = m;
    }
  }

  // Step 8. No legal move: mate or stalemate (§2.2). Mate in n plies scores ScoreMate - n.
  if (!any_legal) return in_check ? -ScoreMate + ply : 0;

  // Step 9. Store (Alg. 8 line 31): exact when a move raised alpha, else an upper bound. Fail-soft stores and
  // returns the best score found: when no move raised alpha it is still an upper bound (every move's score
  // is, and a pruned move counts as the bound it failed), and a tighter one than alpha.
  const Score result = fail_soft ? best_score : alpha;
  if (uses_tt())
    tt.store(key, depth, value_to_tt(result, ply), alpha > old_alpha ? Bound::Exact : Bound::Upper, best,
             subtree_size(nodes_at_entry, transposed_at_entry));
  return result;
}

// --- Root drivers: one iteration of iterative deepening (§3.4) at `depth`, given the previous
// iteration's value `prev`. Each driver is a function of its own; root_iteration() is the one place
// that chooses.

Score Engine::Impl::root_iteration(int depth, Score prev) {
  switch (cfg.root_driver) {
    case RootDriver::AlphaBeta: return drive_alphabeta(depth, prev);
    case RootDriver::NegaScout: return drive_alphabeta(depth, prev);  // its windows live in search()
    case RootDriver::Minimax: return drive_minimax(depth);
    case RootDriver::Scout: return drive_scout(depth);
    case RootDriver::Mtdf: return drive_mtdf(depth, prev);
    case RootDriver::Sss: {  // one search of the root per iteration: one pass (docs/search.md)
      DriverContext ctx = driver_context();
      ++stats.passes;
      return stockman_sss(ctx, depth);
    }
    case RootDriver::MtSss: {  // each memory-enhanced test is a pass
      DriverContext ctx = driver_context();
      int passes = 0;
      const Score v = mt_sss(ctx, depth, &passes);
      stats.passes += std::uint64_t(passes);
      return v;
    }
    case RootDriver::MtDual: {
      DriverContext ctx = driver_context();
      int passes = 0;
      const Score v = mt_dual(ctx, depth, &passes);
      stats.passes += std::uint64_t(passes);
      return v;
    }
    case RootDriver::Minimal: return drive_minimal(depth);
  }
  // Not reached: every driver has its case (no default, so -Wswitch names a driver without one).
  return drive_alphabeta(depth, prev);
}

// The thesis's driver: alpha-beta with the full window, or with the aspiration window of Alg. 6 around
// `prev` when it applies (§4.4) and one re-search on the failing side. NegaScout's root is the same: the
// survey's NegaScout is called on the root with the window it is given (aspiration NegaScout when on).
Score Engine::Impl::drive_alphabeta(int depth, Score prev) {
  if (cfg.aspiration && cfg.iterative_deepening && depth > 1) {
    Score lo = prev - cfg.aspiration_window, hi = prev + cfg.aspiration_window;
    Score v = search_root(lo, hi, depth);
    if (stop) return v;
    if (v >= hi) {
      ++stats.aspiration_researches;
      lo = v;
      hi = ScoreInfinite;
      v = search_root(lo, hi, depth);
    } else if (v <= lo) {
      ++stats.aspiration_researches;
      lo = -ScoreInfinite;
      hi = v;
      v = search_root(lo, hi, depth);
    }
    // The re-search has one side open; failing on its closed side again (search instability) leaves a bound.
    root_bound = v <= lo && lo > -ScoreInfinite ? ScoreBound::Upper
                 : v >= hi && hi < ScoreInfinite ? ScoreBound::Lower
                                                 : ScoreBound::Exact;
    return v;
  }
  return search_root(-ScoreInfinite, ScoreInfinite, depth);
}

// Minimax (the survey's §4.1, in NegaMax form): every legal move of every node is searched, each with the
// whole window, and the node takes the best value. No table, no window, no forward pruning; the extensions
// of §3.6 but the threat extension (it needs the null move) still apply, so the tree is the one alpha-beta
// prunes. At the horizon it calls the same quiescence search as alpha-beta with the full window
// (-inf, +inf): quiescence prunes inside, but with the full window its value is exact, so the root value is
// the exact minimax value of the tree alpha-beta searches.
Score Engine::Impl::minimax(int depth, int ply, int sp) {
  if (depth <= 0) return quiesce(-ScoreInfinite, ScoreInfinite, ply, sp, 0);
  if (enter_node(ply)) return 0;  // minimax is a full-width search (search_stats.h)
  pv_len[ply] = ply;
  if (ply > 0 && is_draw_by_rule(board)) return 0;
  if (ply >= MaxPly) return eval.evaluate(board);

  BUHO_ASSERT(sp >= 0 && sp + MaxMoves <= int(move_stack.size()));
  Move* moves = &move_stack[sp];
  const int n = int(generate_legal(board, moves) - moves);
  if (n == 0) return board.in_check() ? -ScoreMate + ply : 0;
  Score best = -ScoreInfinite;
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const int ext = extension_of(m, n, ply, depth, [&] { return board.gives_check(m); });
    board.make_move(m);
    prefetch_child(false);
    const Score v = -minimax(depth - 1 + ext, ply + 1, sp + n);
    board.unmake_move(m);
    if (stop) return 0;
    if (v > best) {
      best = v;
      update_pv(ply, m);
      if (ply == 0) root_best = m;
    }
  }
  return best;
}

Score Engine::Impl::drive_minimax(int depth) {
  ++stats.passes;
  return minimax(depth, 0, 0);
}

// Pearl's Scout as the survey prints it (§4.4): «EVAL calculará el valor MiniMax de un nodo, usando a TEST
// para comprobar cuándo deberá o no explorar una rama determinada»: «v=EVAL(N1)», then for every other
// child «Si TEST(N_i, v, >) entonces v = EVAL(N_i)». In NegaMax form a child is better than v when its own
// value is below -v, and TEST — «comprobará si el valor MiniMax de un nodo es menor o mayor que un
// determinado valor» — is the null-window search of the child with the window (-v-1, -v): failing low there
// is «value < -v», i.e. the move beats v (a null-window alpha-beta answers exactly that inequality, with
// the version's table, ordering and pruning). EVAL itself has no window: it searches the first move (the
// hash move, then the version's order) exactly, with no forward pruning, and stores its exact value.
Score Engine::Impl::scout_eval(int depth, int ply, int sp) {
  if (depth <= 0) return quiesce(-ScoreInfinite, ScoreInfinite, ply, sp, 0);  // «Si N es nodo terminal v=f(N)»
  const std::uint64_t nodes_at_entry = stats.nodes, transposed_at_entry = transposed_nodes;
  if (enter_node(ply)) return 0;  // a full-width node (search_stats.h)
  pv_len[ply] = ply;
  if (ply > 0 && is_draw_by_rule(board)) return 0;
  if (ply >= MaxPly) return eval.evaluate(board);

  const std::uint64_t key = board.key();
  Move tt_move;
  if (uses_tt() && cfg.hash_move)
    if (const TTEntry* e = tt.probe(key); e && plausible(board, e->move)) tt_move = e->move;

  BUHO_ASSERT(sp >= 0 && sp + MaxMoves <= int(move_stack.size()));
  Move* moves = &move_stack[sp];
  std::int64_t* scores = &score_stack[sp];
  const int n = int(generate_legal(board, moves) - moves);
  if (n == 0) return board.in_check() ? -ScoreMate + ply : 0;
  if (cfg.generation_order == GenerationOrder::CapturesFirst)
    captures_first(moves, n);
  const bool ordered = MoveOrder::any_ordering(cfg);
  if (ordered) order.score(board, cfg, ply, moves, scores, n);

  Score v = -ScoreInfinite;
  Move best;
  bool first = true;
  const int child_sp = sp + MaxMoves;
  for (int i = -1; i < n; ++i) {
    Move m;
    if (i == -1) {
      if (tt_move.is_null()) continue;
      m = tt_move;
    } else {
      if (ordered) pick_best(moves, scores, i, n);
      m = moves[i];
      if (m == tt_move) continue;
    }
    const int ext = extension_of(m, n, ply, depth, [&] { return board.gives_check(m); });
    const int new_depth = depth - 1 + ext;
    board.make_move(m);
    prefetch_child(new_depth > 0);
    Score s;
    if (first) {
      s = -scout_eval(new_depth, ply + 1, child_sp);
    } else {
      // TEST(N_i, v, >): does this move score more than v? Its null-window search says so by failing low.
      s = -search(-v - 1, -v, new_depth, ply + 1, child_sp, false);
      if (s > v && !stop) s = -scout_eval(new_depth, ply + 1, child_sp);
    }
    board.unmake_move(m);
    if (stop) return 0;
    if (first || s > v) {
      v = s;
      best = m;
      update_pv(ply, m);
      if (ply == 0) root_best = m;
    }
    first = false;
  }
  if (uses_tt())
    tt.store(key, depth, value_to_tt(v, ply), Bound::Exact, best, subtree_size(nodes_at_entry, transposed_at_entry));
  return v;
}

Score Engine::Impl::drive_scout(int depth) {
  ++stats.passes;
  return scout_eval(depth, 0, 0);
}

// MTD(f) as the survey prints it (§4.5), from the previous iteration's value: «mientras lowerBound <
// upperBound hacer: si g = lowerBound entonces β := g+1 sino β := g; g := AlphaBetaWithMemory(root, β-1, β,
// d); si g < β entonces upperBound := g sino lowerBound := g». AlphaBetaWithMemory is search() with the
// version's table, fail-soft (searches_fail_soft): each pass moves a bound to the value it returns, not
// only by one. The first guess is the previous iteration's value, 0 at the first iteration (Plaat's
// iterative-deepening driver starts from firstguess = 0 too); without iterative deepening it is 0.
Score Engine::Impl::drive_mtdf(int depth, Score first_guess) {
  Score g = first_guess, lower = -ScoreInfinite, upper = ScoreInfinite;
  while (lower < upper) {
    const Score beta = g == lower ? g + 1 : g;
    g = search_root(beta - 1, beta, depth);
    if (stop) return g;
    if (g < beta)
      upper = g;
    else
      lower = g;
  }
  return g;
}

// The minimal tree as a row (driver minimal): run() gives it the target depth only, so its counts are those
// of the one proof tree at the cell's depth (engine/minimal_tree.h), not a sum over iterations; the
// memory-enhanced tests that find its values are not counted. One pass: one tree from the root.
Score Engine::Impl::drive_minimal(int depth) {
  DriverContext ctx = driver_context();
  const MinimalTreeCount count = count_minimal_tree(ctx, depth, MinimalRefutation::Smallest);
  ++stats.passes;
  stats.nodes += count.nodes;
  stats.qnodes += count.qnodes;
  stats.leaves += count.leaves;
  root_best = count.best_move;
  if (!count.completed) stop = true;
  return count.value;
}

SearchResult Engine::Impl::run(const Board& root, const Limits& limits, bool keep_state) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!keep_state) clear();
  if (tt.allocated()) {
    tt.counters = {};
    tt.new_search();
  }
  transposed_nodes = 0;
  stats = SearchStats{};
  board = root;
  node_budget = limits.node_budget;
  external_stop = limits.stop;
  on_leaf = limits.on_leaf;
  root_moves = searches_root_moves(cfg.root_driver) ? limits.root_moves : std::vector<Move>{};
  stop = false;

  SearchResult result;
  const int target = std::max(1, std::min(limits.depth, MaxPly - 1));
  // The minimal tree is one tree at the target depth (drive_minimal), never a sum over iterations.
  const int first = cfg.iterative_deepening && cfg.root_driver != RootDriver::Minimal ? 1 : target;
  Score prev = 0;
  verification_off[0] = false;
  prev_pv_len = 0;  // pv_ordering: no previous iteration yet (nor ever without iterative deepening)
  on_prev_pv[0] = true;
  for (int d = first; d <= target; ++d) {
    const std::uint64_t before = stats.nodes, passes_before = stats.passes;
    root_best = Move();
    root_bound = ScoreBound::Exact;
    pv_len[0] = 0;
    const Score v = root_iteration(d, prev);
    stats.iteration_nodes.push_back(stats.nodes - before);
    stats.iteration_passes.push_back(stats.passes - passes_before);
    if (stop) break;
    prev = v;
    result.score = v;
    // §5.2 with null_move_at_root: a root null cut-off returns beta without a move, like Alg. 10 at any
    // node. It needs a finite beta (Step 5), so it happens only inside an aspiration window (Alg. 6),
    // never in the first iteration. After the first search's cut-off the fail-high re-search [beta, +inf]
    // cannot try the null move and searches the moves; when no move of the iteration beat its alpha
    // (that re-search finds nothing above beta, or the fail-low re-search [-inf, V] is cut by the null
    // move), the iteration keeps the previous iteration's move and PV, with its own value. Without a
    // root null move every completed iteration has a move (or the root has none): nothing else changes.
    if (!root_best.is_null() || result.best_move.is_null()) {
      result.best_move = root_best;
      result.pv.assign(pv[0], pv[0] + pv_len[0]);
      if (result.pv.empty() || result.pv.front() != root_best) result.pv.assign(1, root_best);
    }
    prev_pv_len = int(std::min<std::size_t>(result.pv.size(), MaxPly));
    std::copy_n(result.pv.begin(), prev_pv_len, prev_pv);
    stats.depth_reached = d;
    if (limits.on_iteration)
      limits.on_iteration({d, stats.seldepth, v, root_bound, stats.nodes,
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), result.pv});
    // Alg. 3 line 3: a mate score ends the deepening, once the iteration is deep enough to have seen
    // every shorter mate (a mate grafted from the table can be longer than the depth searched).
    if (std::abs(v) >= ScoreMateBound && ScoreMate - std::abs(v) <= d) break;
  }
  result.completed = !stop;
  if (result.best_move.is_null()) {
    // Stopped inside the first iteration, or no legal move: report the first legal move, if any.
    Move buf[MaxMoves];
    Move* end = generate_legal(board, buf);
    if (end != buf) result.best_move = !root_best.is_null() ? root_best : !root_moves.empty() ? root_moves.front() : buf[0];
    if (result.pv.empty() && !result.best_move.is_null()) result.pv.assign(1, result.best_move);
    if (end == buf) result.score = board.in_check() ? -ScoreMate : 0;
  }

  if (tt.allocated()) {
    stats.tt_probes = tt.counters.probes;
    stats.tt_hits = tt.counters.hits;
    stats.tt_stores = tt.counters.stores;
    stats.tt_overwrites = tt.counters.overwrites;
    stats.tt_collisions = tt.counters.collisions;
    stats.tt_refused = tt.counters.refused;
    stats.tt_occupied = tt.occupied_slots();
    stats.tt_capacity = tt.capacity_slots();
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  result.stats = stats;
  return result;
}

TableLayout transposition_table_layout(ReplacementScheme scheme) {
  return {TranspositionTable::slots_per_entry(scheme), TranspositionTable::bytes_per_slot(scheme),
          TranspositionTable::bytes_per_entry(scheme)};
}

std::size_t transposition_table_bytes(const SearchConfig& c) {
  return std::size_t(c.tt_entries) * TranspositionTable::bytes_per_entry(c.tt_scheme);
}

const TranspositionTable* Engine::transposition_table() const {
  return impl_->tt.allocated() ? &impl_->tt : nullptr;
}

EngineMemory::EngineMemory() = default;
EngineMemory::~EngineMemory() = default;

Engine::Engine(const SearchConfig& search, const EvalConfig& eval, EngineMemory* memory)
    : impl_(std::make_unique<Impl>(search, eval, memory ? &memory->table_ : nullptr)), memory_(memory) {}

Engine::~Engine() {
  if (!memory_ || !impl_->tt.allocated()) return;
  impl_->tt.reset_as_new();
  memory_->table_ = std::make_unique<TranspositionTable>(std::move(impl_->tt));
}

SearchResult Engine::search(const Board& root, const Limits& limits, bool keep_state) {
  return impl_->run(root, limits, keep_state);
}

MinimalTreeCount Engine::minimal_tree(const Board& root, const Limits& limits, MinimalRefutation refutation) {
  Impl& e = *impl_;
  e.clear();
  // The memory-enhanced tests that find the value and the moves need a table, whatever the config says.
  TranspositionTable own;
  if (!e.tt.allocated()) own.resize(e.cfg.tt_entries, e.cfg.tt_scheme);
  e.stats = SearchStats{};
  e.board = root;
  e.node_budget = limits.node_budget;
  e.external_stop = limits.stop;
  e.on_leaf = nullptr;
  e.stop = false;
  DriverContext ctx = e.driver_context();
  if (!e.tt.allocated()) ctx.tt = &own;
  return count_minimal_tree(ctx, std::max(1, std::min(limits.depth, MaxPly - 1)), refutation);
}

bool searches_root_moves(RootDriver driver) {
  return driver == RootDriver::AlphaBeta || driver == RootDriver::NegaScout || driver == RootDriver::Mtdf;
}

}  // namespace buho
