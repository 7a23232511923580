// The engine's state and node functions, seen by engine/search.cpp (the node search), engine/engine.cpp (iterative
// deepening and the facade) and the root drivers that search with the alpha-beta node function (alphabeta,
// negascout, minimax, scout, mtdf: engine/*_driver.cpp). The drivers of their own trees see it only through
// DriverContext (engine/driver_context.h). Not part of the engine's interface: the harness includes engine/search.h.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <vector>

#include "engine/driver_context.h"
#include "engine/eval.h"
#include "engine/history_rules.h"
#include "engine/move_order.h"
#include "engine/move_picker.h"
#include "engine/movegen.h"
#include "engine/node_pruning_rules.h"
#include "engine/root_driver.h"
#include "engine/search.h"
#include "engine/search_rules.h"
#include "engine/search_stack.h"
#include "engine/transposition_table.h"

namespace buho {

// The kind a stored bound is read as (tt_bound_use). Alg. 9 as printed (L1082-L1096, docs/readings.md §5) cuts on a
// «LimiteInferior» entry when its value <= alpha and on a «LimiteSuperior» one when it is >= beta, while
// Alg. 8 stores a fail high as «LimiteInferior» (line 22): as printed, each kind is read as the other.
inline Bound bound_as_read(const SearchConfig& c, Bound stored) {
  if (c.tt_bound_use == TtBoundUse::AsDescribed || stored == Bound::Exact) return stored;
  return stored == Bound::Lower ? Bound::Upper : Bound::Lower;
}

// The statistic that counts a granted extension of this kind (§3.6).
inline std::uint64_t& extension_counter(SearchStats& stats, ExtensionKind kind) {
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

// §4.5 the windows the node search gives a move once a first move is searched, chosen once from the driver's row
// and the pvs flag: the survey's NegaScout (driver negascout), Alg. 7's minimal windows (pvs), or the full window.
enum class WindowPolicy { Full, Pvs, NegaScout };
inline WindowPolicy window_policy(const SearchConfig& c) {
  if (root_driver_info(c.root_driver).negascout_windows) return WindowPolicy::NegaScout;
  return c.pvs ? WindowPolicy::Pvs : WindowPolicy::Full;
}

// What Step 5 (the null move) found: the node's value when a null fail-high cuts it off, and whether the threat
// extension (§3.6) deepens it.
struct NullMoveResult {
  std::optional<Score> cut;
  bool threat = false;
};

struct SearchCore {
  // `lent`, `lent_stack` (may be null): EngineMemory's table and stack, taken when they fit (engine/search.h).
  SearchCore(const SearchConfig& s, const EvalConfig& e, std::unique_ptr<TranspositionTable>* lent,
             std::unique_ptr<SearchStack>* lent_stack = nullptr)
      : cfg(s), eval(e), capture_value(configured_piece_values(e)), stack(take_stack(lent_stack)) {
    init_modern();
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
  // The windows of Step 7d (search_move), from the driver's row and the pvs flag.
  const WindowPolicy windows = window_policy(cfg);
  // Whether the search keeps a table (the driver's row: minimax never, the memory-enhanced drivers always).
  const bool table_on = driver_keeps_table(cfg);
  // tt_horizon (V5) stores horizon values only to read them back: without table cut-offs (B, C: the table orders
  // moves only, L1329) it would store values no one reads, and move-less entries that push out stored moves.
  const bool horizon_reads_table = cfg.tt_horizon && cfg.tt_cutoffs && table_on;
  // Whether full-width nodes keep their static evaluation (a flag of engine/node_pruning_rules.h reads it).
  const bool keeps_static_eval = needs_static_eval(cfg);
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

  // THE place a node is counted (search_stats.h; defined in engine/search.cpp, as its definition says): the top of
  // every full-width node (the alpha-beta search, minimax, Scout's EVAL, the drivers of driver_context.h) and of
  // quiescence. Returns whether to stop.
  bool enter_node(int ply);

  // The per-ply stack (engine/search_stack.h): each ply's moves, PV, and flags along the line.
  SearchStack stack;
  // A stack EngineMemory lends (as new: reset when handed back), else a new one.
  static SearchStack take_stack(std::unique_ptr<SearchStack>* lent) {
    if (!lent || !*lent) return SearchStack();
    SearchStack taken = std::move(**lent);
    lent->reset();
    return taken;
  }

  // pv_ordering (reading V2, §3.4 L632 / §4.6.2 L983): the last completed iteration's principal variation
  // (whether a ply's line is on it: PlyFrame::on_prev_pv).
  Move prev_pv[MaxPly + 1];
  int prev_pv_len = 0;
  // The previous PV's move at `ply`, to be tried first, or the null move when the line has left the PV.
  Move prev_pv_move(int ply) const {
    if (!cfg.pv_ordering || ply >= prev_pv_len || !stack[ply].on_prev_pv) return Move();
    return prev_pv[ply];
  }

  void clear() {
    if (tt.allocated()) tt.clear();
    order.clear();
  }

  // Called right after a move is made, before the child node starts: the child's table entry begins loading
  // (when the child probes the table) while the child does its first tests.
  void prefetch_child(bool full_width) {
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
  // The same load, started before the move is made (Board::key_after): the extension and reduction tests of the
  // move and make_move itself then overlap the table's cache miss, where prefetch_child's leaves the child only a
  // few tests before its probe (the probe's load was a quarter of version H's time).
  void prefetch_before_move(Move m, bool probes) {
    if (probes && uses_tt()) tt.prefetch(board.key_after(m));
  }
  // The static evaluation (§2.4), computed afresh at every call. A cache of evaluations keyed by the Zobrist key
  // (2^18 slots, 2 MB) was kept here from 2026-11-21: once the evaluation was built on the board's piece sets
  // (about 120 ns), the cache's load, a miss in the 1 MB second-level cache more often than not, cost more than
  // the evaluations it saved (version H d11 8 % faster with 2^16 slots, 13 % faster with none; A d6 17 %).
  Score evaluate() { return eval.evaluate(board); }

  void update_pv(int ply, Move m) {
    PlyFrame& f = stack[ply];
    const PlyFrame& child = stack[ply + 1];
    f.pv[ply] = m;
    for (int i = ply + 1; i < child.pv_len; ++i) f.pv[i] = child.pv[i];
    f.pv_len = std::max(child.pv_len, ply + 1);
  }

  // Steps 1-3 of every full-width node and of quiescence: count the node (enter_node), then end it when
  // the search stops, when the position is drawn by rule (§2.2; not at the root, and not when the caller
  // has just checked) or at the deepest ply. Returns the node's value when it ends here.
  std::optional<Score> start_node(int ply, bool rule_checked = false) {
    if (enter_node(ply)) return Score(0);
    stack[ply].pv_len = ply;
    if (ply > 0 && !rule_checked && board.is_draw_by_rule()) return Score(0);
    if (ply >= MaxPly) return eval.evaluate(board);
    return std::nullopt;
  }

  // --- Modern ordering, reductions and extensions (issue 50; engine/history_rules.h, engine/singular_rules.h) ---
  // Whether the line above a node is followed (the counter move and the continuation histories read it).
  const bool follows_line = cfg.counter_moves || keeps_continuation_history(cfg);
  // Whether a fail high teaches the modern tables (the moves tried before it are kept in the frame).
  const bool learns_on_cutoff = follows_line || cfg.capture_history;
  // lmr_log's table (Ethereal's LMRTable), by depth and moves searched, both capped at 63; filled when lmr_log is on.
  std::array<std::array<std::int8_t, 64>, 64> lmr_log_r{};
  void init_modern() {
    order.enable(cfg);
    if (!cfg.lmr_log) return;
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        lmr_log_r[std::size_t(d)][std::size_t(m)] =
            std::int8_t(std::clamp(lmr_log_reduction(cfg.lmr_log_base, cfg.lmr_log_divisor, d, m), -100, 100));
  }
  // The line above the node at `ply`: the moves 1 and 2 plies back (the null move and the root's parent: none).
  MoveOrder::LineContext line_above(int ply) const {
    MoveOrder::LineContext l;
    if (ply >= 1 && !stack[ply - 1].move.is_null()) {
      l.piece1 = stack[ply - 1].moved;
      l.to1 = stack[ply - 1].move.to();
    }
    if (ply >= 2 && !stack[ply - 2].move.is_null()) {
      l.piece2 = stack[ply - 2].moved;
      l.to2 = stack[ply - 2].move.to();
    }
    return l;
  }
  // The depth a move Step 7c reduces is searched at (lmr_reduced_depth), counted for lmr_log and lmr_history.
  int reduced_depth(Move m, int new_depth, int depth, int searched, int ply) {
    const int log_r = cfg.lmr_log ? lmr_log_r[std::size_t(std::min(depth, 63))][std::size_t(std::min(searched + 1, 63))]
                                  : 0;
    int history = 0;
    if (cfg.lmr_history) {
      const Piece p = board.piece_at(m.from());
      history = order.continuation(ply, 1, p, m.to()) + order.continuation(ply, 2, p, m.to());
    }
    const int d = lmr_reduced_depth(cfg, new_depth, log_r, history);
    if (cfg.lmr_log) stats.lmr_reduced_plies += std::uint64_t(std::max(new_depth - d, 0));
    if (cfg.lmr_history && d != lmr_reduced_depth(cfg, new_depth, log_r, 0)) ++stats.lmr_history_changes;
    return d;
  }

  void learn_on_cutoff(int ply, int depth, Move m, int n_quiets, int n_tacticals);
  Score search(Score alpha, Score beta, int depth, int ply, bool after_null);
  // Step 5 (engine/null_move.cpp).
  NullMoveResult null_move(Score alpha, Score beta, int depth, int ply, bool in_check, bool after_null);
  // Step 5d. ProbCut (engine/probcut.cpp): the node's value when a capture's reduced search holds above beta.
  std::optional<Score> probcut(Score beta, int depth, int ply);
  // Steps 7c–7d: the search of a move just made.
  // reduced_depth: the depth of the reduced search when `reduce` (SearchCore::reduced_depth).
  Score search_move(Score alpha, Score beta, int new_depth, int ply, bool reduce, int searched, bool found_pv,
                    int reduced_depth);
  Score horizon(Score alpha, Score beta, int ply);
  std::optional<Score> read_bound(const TTEntry* e, Score& alpha, Score& beta, int ply);
  std::optional<Score> etc_cutoff(const Move* moves, int n, int depth, Score beta, int ply);
  // rule_checked: the caller has just found the position not drawn by rule (horizon() under tt_horizon).
  Score quiesce(Score alpha, Score beta, int ply, int qply, bool rule_checked = false);
  // One pass: a search of the root by the alpha-beta node function (the driver counts it).
  Score search_root(Score alpha, Score beta, int depth) { return search(alpha, beta, depth, 0, false); }
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
                         [this](Score a, Score b, int ply) { return quiesce(a, b, ply, 0); },
                         [this] { return stop; }, on_leaf, root_best};
  }
  SearchResult run(const Board& root, const Limits& limits, bool keep_state);
  // Limits::multipv: lines 2, 3, ... of the iteration at depth d (engine/engine.cpp).
  bool search_other_lines(int d, const Limits& limits, std::chrono::steady_clock::time_point t0, SearchResult& result);
};

}  // namespace buho
