// The node search (ch. 3–5): fail-hard NegaMax alpha-beta (Alg. 2) with quiescence (Alg. 4), minimal windows
// (Alg. 7), the transposition table (Alg. 8–9), null move (Alg. 10), futility (Alg. 11) and late move reductions
// (Alg. 12), each behind its flag, each flag tested inside its rule (engine/search_rules.h). One helper a heuristic:
// the null move is engine/null_move.cpp, the futility family engine/futility.h, the search of a move (its window
// policy chosen once from the driver's row) search_move() below. Iterative deepening (Alg. 3) and the engine's
// facade are engine/engine.cpp; the root drivers (aspiration, Alg. 6, among them) engine/root_driver.h. The
// engine's state is SearchCore (engine/search_core.h).
//
// Node count: `stats.nodes` goes up in one place, enter_node(), which the top of every full-width node and of
// quiesce() calls (see engine/search_stats.h); the minimal tree, not a search, adds its proof tree's count. A
// position reaching the horizon goes straight to quiesce() and is counted there, once.
#include "engine/capture_rules.h"
#include "engine/futility.h"
#include "engine/move_picker.h"
#include "engine/node_pruning_rules.h"
#include "engine/search_core.h"
#include "engine/singular_rules.h"
#include "engine/see.h"

namespace buho {

// THE place a node is counted (kNodeCountDefinition, engine/search_stats.h).
bool SearchCore::enter_node(int ply) {
  ++stats.nodes;
  stats.seldepth = std::max(stats.seldepth, ply);
  stack.note_entered(ply);  // unlike seldepth never restored (the minimal tree restores stats): what a reset rewrites
  if (out_of_budget()) stop = true;
  return stop;
}

Score SearchCore::quiesce(Score alpha, Score beta, int ply, int qply, bool rule_checked) {
  // Steps 1-2. Count the node (enter_node; see search_stats.h); terminal by rule. After a capture the clock is
  // reset, so only the first quiescence ply can repeat; insufficient material can follow any capture.
  ++stats.qnodes;
  if (const auto ended = start_node(ply, rule_checked)) return *ended;

  // Step 3. Stand pat (Alg. 4 lines 1–7). With quiescence off the horizon is the static evaluation.
  const Score stand = evaluate();
  if (qply == 0) ++stats.leaves;  // a horizon position evaluated (kLeafCountDefinition)
  if (!cfg.quiescence) return stand;
  if (stand >= beta) return fail_soft ? stand : beta;
  if (stand > alpha) alpha = stand;
  Score best = stand;  // fail-soft: the best score found, stand pat included

  // Step 4. The unstable moves: captures and promotions (§3.5); quiet checks too at the first ply when
  // qsearch_checks is on.
  Move* moves = stack[ply].moves;
  std::int64_t* scores = stack[ply].scores;
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
  MovePicker picker = MovePicker::of_generated(board, cfg, order, moves, scores, n, ordered);
  // Modern heuristics, captures (engine/capture_rules.h): delta pruning, then a losing static exchange, each move
  // tested in that order (Stockfish's). Their in-check test is taken only when one of them is on.
  const bool selective = cfg.delta_pruning || cfg.qsearch_see;
  const bool in_check = selective && board.in_check();
  for (Move m = picker.next(); !m.is_null(); m = picker.next()) {
    if (selective) {
      const int victim = m.is_en_passant() ? capture_value[Pawn]
                         : m.is_capture()  ? capture_value[type_of(board.piece_at(m.to()))]
                                           : 0;
      if (delta_prunes(cfg, in_check, m, stand, victim, alpha, [&] { return board.gives_check(m); },
                       [&] { return eval.is_endgame(board); })) {
        ++stats.delta_prunes;
        best = std::max(best, stand + victim + cfg.delta_margin);  // fail-soft: the bound it failed to reach
        continue;
      }
      if (qsearch_see_skips(cfg, in_check, m, [&] { return see_loses(board, m, capture_value); })) {
        ++stats.qsearch_see_skips;
        continue;
      }
    }
    board.make_move(m);
    const Score v = -quiesce(-beta, -alpha, ply + 1, qply + 1);
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
std::optional<Score> SearchCore::read_bound(const TTEntry* e, Score& alpha, Score& beta, int ply) {
  const Score v = mate_from_table(e->value, ply);
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
std::optional<Score> SearchCore::etc_cutoff(const Move* moves, int n, int depth, Score beta, int ply) {
  for (int i = 0; i < n; ++i) {
    ++stats.etc_probes;
    const TTEntry* e = tt.probe(board.key_after(moves[i]));
    if (!e || e->depth < depth - 1) continue;
    const Bound kind = bound_as_read(cfg, e->bound);
    if (kind != Bound::Upper && kind != Bound::Exact) continue;
    const Score v = -mate_from_table(e->value, ply + 1);
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
Score SearchCore::horizon(Score alpha, Score beta, int ply) {
  if (ply > 0 && board.is_draw_by_rule()) return quiesce(alpha, beta, ply, 0);  // 0 by the path: never stored
  const std::uint64_t key = board.key();
  if (const TTEntry* e = tt.probe(key))
    if (const auto cut = read_bound(e, alpha, beta, ply)) return enter_node(ply) ? 0 : *cut;
  const std::uint64_t nodes_at_entry = stats.nodes, transposed_at_entry = transposed_nodes;
  const Score v = quiesce(alpha, beta, ply, 0, true);  // not drawn: checked above, not again
  if (stop) return 0;
  const Bound bound = v <= alpha ? Bound::Upper : v >= beta ? Bound::Lower : Bound::Exact;
  tt.store(key, 0, mate_to_table(v, ply), bound, Move(), subtree_size(nodes_at_entry, transposed_at_entry));
  return v;
}

// Steps 7c–7d of search(), the move just made: the reduced null-window search when Step 7c reduces it (§5.4 Alg. 12),
// re-searched at full depth when it beats alpha; then the window the driver's row chose once (SearchCore::windows).
// Safe because a minimal window only proves "no better than alpha", and any move that is better is searched again
// with the real window, so the value is the full-window one.
Score SearchCore::search_move(Score alpha, Score beta, int new_depth, int ply, bool reduce, int searched,
                              bool found_pv, int reduced_depth) {
  if (reduce) {
    ++stats.lmr_reductions;
    const Score v = -search(-alpha - 1, -alpha, reduced_depth, ply + 1, false);
    if (v <= alpha || stop) return v;
    ++stats.lmr_researches;
  }
  switch (windows) {
    case WindowPolicy::NegaScout:
      // The survey's NegaScout (§4.2.13): «valor := -NegaScout(aplicar(mov, g), depth-1, -b, -a)» with «b := a+1», a
      // null window after the first move; «si α < valor < β y no-es-primer-nodo-hijo» it is searched again,
      // «-NegaScout(aplicar(mov, g), depth-1, -β, -valor)»: from the fail-soft value up.
      if (searched > 0) {
        Score v = -search(-alpha - 1, -alpha, new_depth, ply + 1, false);
        if (v > alpha && v < beta && !stop) {
          ++stats.pvs_researches;
          v = -search(-beta, -v, new_depth, ply + 1, false);
        }
        return v;
      }
      break;
    case WindowPolicy::Pvs:
      // §4.5 Alg. 7: once a move has raised alpha, a minimal window, re-searched with the full window on a fail high.
      if (found_pv) {
        Score v = -search(-alpha - 1, -alpha, new_depth, ply + 1, false);
        if (v > alpha && v < beta && !stop) {
          ++stats.pvs_researches;
          v = -search(-beta, -alpha, new_depth, ply + 1, false);
        }
        return v;
      }
      break;
    case WindowPolicy::Full: break;
  }
  return -search(-beta, -alpha, new_depth, ply + 1, false);
}

// What a fail high of `m` at `ply` teaches the modern tables (counter_moves, continuation_history, capture_history;
// engine/history_rules.h), with the moves tried before it in the node's frame.
void SearchCore::learn_on_cutoff(int ply, int depth, Move m, int n_quiets, int n_tacticals) {
  const PlyFrame& f = stack[ply];
  if (cfg.counter_moves && !m.is_capture() && !m.is_promotion() && m == order.counter_move(ply))
    ++stats.counter_move_cutoffs;
  const MoveOrder::Updates u =
      order.update_on_cutoff(board, ply, depth, m, f.quiets_tried, n_quiets, f.tacticals_tried, n_tacticals);
  stats.cont_history_updates += u.continuation;
  stats.capture_history_updates += u.capture;
}

Score SearchCore::search(Score alpha, Score beta, int depth, int ply, bool after_null) {
  // Step 1. Horizon: the position is handed to quiescence, which counts it (through the table first with
  // tt_horizon and table cut-offs).
  if (depth <= 0) return horizon_reads_table ? horizon(alpha, beta, ply) : quiesce(alpha, beta, ply, 0);

  // Step 2. Count the node (enter_node; see search_stats.h). The counts at entry measure the subtree below
  // this node for the schemes that keep subtree sizes (Big1, BigAll, TwoBig1; docs/tt.md).
  // Step 3 (in start_node). Terminal by rule (§2.2): fifty moves, insufficient material, threefold repetition.
  const std::uint64_t nodes_at_entry = stats.nodes, transposed_at_entry = transposed_nodes;
  if (const auto ended = start_node(ply)) return *ended;

  // Step 3b. Mate-distance pruning (mate_distance_pruning, off in every thesis version; Stockfish 15.1 search.cpp
  // Step 3): the window within the mate distances of this ply; closed, the node cannot matter (node_pruning_rules.h).
  if (const MateDistanceWindow w = mate_distance_window(cfg, ply, alpha, beta); w.cut) {
    ++stats.mdp_cutoffs;
    return fail_soft ? w.alpha : std::min(w.alpha, beta);  // fail-hard: within the window the parent gave
  } else {
    alpha = w.alpha;
    beta = w.beta;
  }

  const bool root = ply == 0;
  const bool in_check = board.in_check();
  const std::uint64_t key = board.key();
  // singular_ext (engine/singular_rules.h): the node of an excluded-move search, which leaves the hash move out and
  // neither reads nor writes its position's table entry.
  const Move excluded = stack[ply].excluded;
  const bool table_here = uses_tt() && excluded.is_null();
  // The modern ordering's line (engine/history_rules.h): this node's move is none until its loop makes one (the
  // null move's child sees none), and its keys read the moves 1 and 2 plies above.
  if (follows_line) {
    stack[ply].move = Move();
    stack[ply].moved = NoPiece;
    order.set_line(ply, line_above(ply));
  }

  // Step 4. Transposition table (§4.6, Alg. 9). The stored move orders (hash_move); a stored bound of
  // enough depth ends the node or narrows its window (tt_cutoffs). Never at the root, which must
  // return a move. Alg. 9 as printed swaps the two bound kinds (tt_bound_use=as_printed reads them so);
  // by default the text of §4.6.2 (L971-L977) is followed.
  Move tt_move;
  Score tt_value = 0;  // singular_ext: the entry's value, kind and depth
  Bound tt_kind = Bound::Upper;
  int tt_depth = -1;
  if (table_here) {
    if (const TTEntry* e = tt.probe(key)) {
      if (cfg.hash_move && plausible(board, e->move)) tt_move = e->move;
      if (cfg.singular_ext) {
        tt_value = mate_from_table(e->value, ply);
        tt_kind = bound_as_read(cfg, e->bound);
        tt_depth = e->depth;
      }
      if (tt_cutoff_applies(cfg, ply, e->depth, depth))
        if (const auto cut = read_bound(e, alpha, beta, ply)) return *cut;
    }
  }

  // Step 4b. The node's static evaluation, kept in its frame only when a flag reads it (needs_static_eval), and
  // "improving" (Stockfish 15.1 Step 6): the evaluation above the one two plies up the line (node_pruning_rules.h).
  Score static_eval = kNoStaticEval;
  bool improving = false;
  if (keeps_static_eval) {
    static_eval = stack[ply].static_eval = in_check ? kNoStaticEval : evaluate();
    improving = is_improving(cfg, in_check, static_eval, ply >= 2 ? stack[ply - 2].static_eval : kNoStaticEval,
                             ply >= 4 ? stack[ply - 4].static_eval : kNoStaticEval);
    if (improving) ++stats.improving_nodes;
  }
  // Step 4c. Razoring (razoring; Stockfish 15.1 Step 7): an evaluation far below alpha asks quiescence whether the node
  // can reach alpha at all; a fail-low there ends the node.
  if (razoring_applies(cfg, ply, depth, in_check, alpha, static_eval)) {
    ++stats.razoring_tries;
    const Score v = quiesce(alpha - 1, alpha, ply, 0);
    if (stop) return 0;
    if (v < alpha) {
      ++stats.razoring_cutoffs;
      return fail_soft ? v : alpha;
    }
  }
  // Step 4d. Reverse futility (reverse_futility; Stockfish 15.1 Step 8, Ethereal Step 7): a non-PV node whose
  // evaluation stands a depth-wide margin above beta fails high without searching.
  if (reverse_futility_prunes(cfg, ply, depth, in_check, alpha, beta, static_eval, improving)) {
    ++stats.rfp_cutoffs;
    return fail_soft ? static_eval : beta;
  }

  // Step 5. Null move (§5.2, Alg. 10; engine/null_move.cpp): a cut-off ends the node; a null search that
  // finds a mate against the side to move extends it by one ply (§3.6 threat extension).
  // An excluded-move search tries none (Stockfish 15.1 Step 9: !excludedMove).
  const NullMoveResult null_result = null_move(alpha, beta, depth, ply, in_check, after_null || !excluded.is_null());
  if (null_result.cut) return *null_result.cut;
  if (null_result.threat) {
    ++stats.ext_threat;
    ++depth;
  }
  // Limited razoring (Heinz 1998; off in every thesis version): a hopeless depth-3 node goes on at depth 2.
  if (limited_razoring_reduces(cfg, ply, depth, in_check, alpha, beta, [&] { return eval.material_balance(board); },
                               [&] { return officer_count(board, ~board.side_to_move()); }))
    --depth;
  // Step 5b. Internal iterative deepening (iid; Slate & Atkin 1977, Ethereal): a PV node the table gives no move
  // searches itself shallower first, and the move that search stores is tried first.
  if (iid_applies(cfg, ply, depth, alpha, beta, uses_tt(), !tt_move.is_null())) {
    ++stats.iid_searches;
    search(alpha, beta, depth - cfg.iid_reduction, ply, after_null);
    if (stop) return 0;
    stack[ply].pv_len = ply;  // the shallower search's PV is not this node's
    if (const TTEntry* e = tt.probe(key); e && plausible(board, e->move)) tt_move = e->move;
  }
  // Step 5c. Internal iterative reductions (iir; Ethereal Step 11): a non-PV node the table gives no move goes on
  // shallower.
  if (iir_reduces(cfg, ply, depth, alpha, beta, uses_tt(), !tt_move.is_null())) {
    ++stats.iir_reductions;
    depth -= cfg.iir_reduction;
  }
  // Step 5d. ProbCut (probcut, off in every thesis version; engine/probcut.cpp): a capture whose reduced search
  // beats beta by a margin ends a null-window node.
  if (probcut_applies(cfg, ply, depth, in_check, alpha, beta))
    if (const auto cut = probcut(beta, depth, ply)) return *cut;

  // Step 6. The futility condition (§5.3, Alg. 11; engine/futility.h), taken once for the node.
  const Futility futility(cfg, eval, board, ply, depth, in_check, alpha, beta);

  // Step 6a. Singular extension with multi-cut (singular_ext, Stockfish 15.1 Step 15; engine/singular_rules.h): the
  // node without its hash move, at half depth, in a null window below the stored value. Made before the picker
  // generates this node's moves (the excluded search uses this ply's frame). Off in versions A–H.
  bool singular = false;
  if (singular_tested(cfg, ply, depth, !excluded.is_null(), tt_move, tt_kind, tt_depth, tt_value)) {
    const Score sb = singular_beta(cfg, tt_value, depth);
    ++stats.singular_searches;
    stack[ply].excluded = tt_move;
    const Score v = search(sb - 1, sb, singular_depth(depth), ply, false);
    stack[ply].excluded = Move();
    if (stop) return 0;
    switch (singular_outcome(v, sb, beta)) {
      case SingularOutcome::Extend:
        singular = extension_fits(cfg, ply, depth, 1);
        if (singular) ++stats.singular_extensions;
        break;
      case SingularOutcome::MultiCut: ++stats.multi_cuts; return fail_soft ? sb : beta;
      case SingularOutcome::None: break;
    }
  }

  // The node's moves, in MovePicker's stages (engine/move_picker.h): the previous iteration's PV move
  // (pv_ordering, §4.6.2 L983 «para el primer movimiento») and the hash move (legal: its key matched this
  // position) before generating (§4.6.2), then the generated moves in order (§4.2–4.3). The single-reply extension
  // needs the number of legal moves before the first one is searched.
  // pv_ordering (V2): on the previous iteration's PV, its move here goes first. The position is the one
  // where that move was played, so it is legal; plausible() only guards the invariant.
  Move pv_move = prev_pv_move(ply);
  if (!pv_move.is_null() && !plausible(board, pv_move)) pv_move = Move();
  PlyFrame& frame = stack[ply];
  PlyFrame& child = stack[ply + 1];
  MovePicker picker(board, cfg, order, ply, frame.moves, frame.scores, pv_move, tt_move,
                    cfg.single_reply_ext ? MovePicker::Generation::Now : MovePicker::Generation::Lazy);
  // Step 6b. Enhanced transposition cut-offs (etc, off in every thesis version): the children's entries first,
  // before any move is searched (so the moves are generated now).
  if (etc_applies(cfg, table_here, ply)) {
    const auto children = picker.generated_moves();
    if (const auto cut = etc_cutoff(children.data(), int(children.size()), depth, beta, ply)) return *cut;
  }

  // Step 6c. A futile node (§5.3): when the balance before any move (B1) plus the margin cannot reach alpha, Step 7a
  // prunes every move that does not give check, and alpha cannot rise before a move is searched (A1 and A2 agree
  // then). When no legal move gives check, the loop would prune them all, search nothing and store the upper bound
  // alpha with no move: that ending is taken here from the moves as generated, without ordering them (their keys and
  // the selection were a fifth of version H's search). Any check, or a table move not among the moves generated, and
  // the loop runs as always. The counts are the loop's: one futility prune per legal move.
  if (futility.prunes_node(ply, alpha)) {
    if (const int pruned = moves_all_futile(board, pv_move, tt_move); pruned > 0) {
      stats.futility_prunes += std::uint64_t(pruned);
      if (table_here)
        tt.store(key, depth, mate_to_table(alpha, ply), Bound::Upper, Move(),
                 subtree_size(nodes_at_entry, transposed_at_entry));
      return alpha;
    }
  }

  // Step 7. The move loop: each move goes through Steps 7a–7e.
  const Score old_alpha = alpha;
  Move best;
  Score best_score = -ScoreInfinite;  // fail-soft: the best score found (a pruned move counts as its bound)
  bool found_pv = false;  // Alg. 7's bSearchPv is !found_pv
  int searched = 0;
  int considered = 0;  // moves taken from the picker, pruned ones included (late_move_pruning's count)
  bool any_legal = false;
  int n_quiets = 0, n_tacticals = 0;  // the moves tried so far, when a modern table learns from a fail high

  for (Move m = picker.next(); !m.is_null(); m = picker.next()) {
    // UCI's searchmoves: the root looks at the moves it was given only.
    if (root && !root_moves.empty() && std::find(root_moves.begin(), root_moves.end(), m) == root_moves.end()) continue;
    if (m == excluded) continue;  // the singular test's node leaves its hash move out
    any_legal = true;
    if (cfg.see_ordering && picker.stage() == PickStage::BadCaptures) ++stats.see_bad_captures;

    // Step 7a0. Late move pruning (late_move_pruning; Stockfish 15.1 Step 13, Ethereal Step 13): past a count of
    // moves that grows with depth, the remaining quiet moves are skipped.
    if (late_move_prunes(cfg, ply, depth, in_check, considered++, m, m == tt_move || m == pv_move,
                         cfg.killers && order.is_killer(ply, m), best_score, improving,
                         [&] { return eval.non_pawn_material(board, board.side_to_move()); })) {
      ++stats.lmp_prunes;
      // The rule's count only grows and best_score only rises while moves are skipped, so past the first quiet move
      // it prunes, it prunes every later one: they are counted and not picked (the picking was a fifth of I's time).
      if (picker.stage() == PickStage::Quiets) {
        stats.lmp_prunes += std::uint64_t(picker.skip_remaining_quiets(excluded));
        break;
      }
      continue;
    }
    // Step 7a. Futility (§5.3): skip a move whose material balance plus the margin cannot reach alpha.
    // Safe because the margin bounds what the positional terms can add in the one or two plies left;
    // never in check, near mate bounds or at the root unless the readings' flags say so (Step 6), never
    // for a checking move.
    if (futility.prunes(m, alpha)) {
      ++stats.futility_prunes;
      // Fail-soft: the pruned move is taken to score no more than the bound it failed to reach.
      best_score = std::max(best_score, futility.alpha_bound(alpha));
      continue;
    }
    // Step 7a'. SEE pruning (see_pruning, off in every thesis version; engine/capture_rules.h): at shallow depth, once
    // a move has been searched, a move past the good captures whose static exchange is below a depth-scaled
    // threshold is skipped.
    if (see_prunes(cfg, m, ply, depth, in_check, searched, best_score,
                   picker.stage() == PickStage::TableMove || picker.stage() == PickStage::GoodCaptures,
                   [&] { return eval.non_pawn_material(board, board.side_to_move()) > 0; },
                   [&] { return see(board, m, capture_value); })) {
      ++stats.see_prunes;
      continue;
    }
    // After the futility test: a pruned move's child is never entered. Extensions only deepen the child.
    prefetch_before_move(m, child_probes(depth - 1));
    // Near the horizon a child's search is short, too short for the next child's table load to hide behind its own
    // tests: the next move is picked now (the keys do not change while the node searches, so it is the move the
    // next turn would pick) and its child's entry loaded while this move's child is searched.
    if (depth <= kLookaheadDepth)
      if (const Move ahead = picker.pick_ahead(); !ahead.is_null()) prefetch_before_move(ahead, child_probes(depth - 1));

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
    int ext = extension_of(m, picker.count_if_generated(), ply, depth, check);
    if (singular && m == tt_move) ext = 1;  // Step 6a found it singular (at most one ply a move, as §3.6's)
    const int new_depth = depth - 1 + ext;

    // Step 7c. Late move reduction (§5.4, Alg. 12): after lmr_min_moves moves, at depth >= lmr_min_depth,
    // a move that is not the hash move, a killer, a capture, a promotion or a check, out of check and not
    // extended, is searched with a null window at reduced depth. Safe because a late quiet move rarely
    // raises alpha, and one that does is searched again at full depth (Step 7d). Under lmr_scope =
    // after_alpha_raised (Alg. 12 line 9: only when bSearchPv is false) only once a move has raised alpha.
    const bool reduce = lmr_scope_allows(cfg, found_pv)
                        && lmr_reduces(cfg, m, searched, depth, in_check, ext, m == tt_move,
                                       cfg.killers && order.is_killer(ply, m), check);
    const int reduced = reduce ? reduced_depth(m, new_depth, depth, searched, ply) : new_depth;
    if (follows_line) {
      frame.move = m;
      frame.moved = board.piece_at(m.from());
    }

    // Step 7d. Search the move (search_move): reduced first when Step 7c applies, then in the window the driver's
    // row chose (windows).
    board.make_move(m);
    prefetch_child(child_probes(new_depth));
    child.verification_off = frame.verification_off;
    if (cfg.pv_ordering) child.on_prev_pv = !pv_move.is_null() && m == pv_move;
    const Score v = search_move(alpha, beta, new_depth, ply, reduce, searched, found_pv, reduced);
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
      if (learns_on_cutoff) learn_on_cutoff(ply, depth, m, n_quiets, n_tacticals);
      if (table_here)
        tt.store(key, depth, mate_to_table(v, ply), Bound::Lower, m, subtree_size(nodes_at_entry, transposed_at_entry));
      if (root) root_best = m;
      return fail_soft ? v : beta;
    }
    if (learns_on_cutoff) {
      if (m.is_capture() || m.is_promotion()) frame.tacticals_tried[n_tacticals++] = m;
      else frame.quiets_tried[n_quiets++] = m;
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
  // The excluded-move search's node with no other move fails low (Stockfish 15.1: alpha): the hash move is singular.
  if (!any_legal) return !excluded.is_null() ? alpha : in_check ? -ScoreMate + ply : 0;

  // Step 9. Store (Alg. 8 line 31): exact when a move raised alpha, else an upper bound. Fail-soft stores and
  // returns the best score found: when no move raised alpha it is still an upper bound (every move's score
  // is, and a pruned move counts as the bound it failed), and a tighter one than alpha.
  const Score result = fail_soft ? best_score : alpha;
  if (table_here)
    tt.store(key, depth, mate_to_table(result, ply), alpha > old_alpha ? Bound::Exact : Bound::Upper, best,
             subtree_size(nodes_at_entry, transposed_at_entry));
  return result;
}

}  // namespace buho
