// The modern node-pruning heuristics (docs/search.md, "Node pruning before the move loop"), each off in versions A–H:
// mate-distance pruning, the node's static evaluation and the "improving" condition, reverse futility (static null
// move), razoring as modern engines do it, late move (move-count) pruning, internal iterative reductions and internal
// iterative deepening. Pure functions of their inputs, each testing its own flag; engine/search.cpp calls exactly
// these, and tests/node_pruning_test.cpp asks them on hand-made inputs.
//
// "PV node": this engine does not type its nodes. A node searched with an open window (beta - alpha > 1) is a PV
// node; a null-window node (beta - alpha == 1) is not. Under PVS that is the distinction Stockfish's PvNode and
// Ethereal's PvNode (beta - alpha != 1) draw.
#pragma once

#include <algorithm>

#include "engine/search_config.h"
#include "engine/search_rules.h"
#include "engine/search_stack.h"
#include "engine/types.h"

namespace buho {

inline bool is_pv_window(Score alpha, Score beta) { return beta - alpha > 1; }

// --- Mate-distance pruning (Stockfish 15.1 src/search.cpp Step 3; Ethereal src/search.c) ---
// A node at `ply` can neither be mated sooner than now (-ScoreMate + ply, the score of a mate on the board here) nor
// mate sooner than with its next move (ScoreMate - ply - 1). The window is narrowed to those bounds; when it closes,
// no line below can change the parent's choice and the node returns alpha. Never at the root, which must return a
// move. Sound: it never changes a value the window can see, only spares the nodes of lines that cannot matter.
struct MateDistanceWindow {
  Score alpha;
  Score beta;
  bool cut;  // alpha >= beta: the node ends with value alpha
};
inline MateDistanceWindow mate_distance_window(const SearchConfig& c, int ply, Score alpha, Score beta) {
  if (!c.mate_distance_pruning || ply == 0) return {alpha, beta, false};
  const Score a = std::max(alpha, Score(-ScoreMate + ply));
  const Score b = std::min(beta, Score(ScoreMate - ply - 1));
  return {a, b, a >= b};
}

// --- The node's static evaluation and "improving" (Stockfish 15.1 src/search.cpp Step 6; Ethereal src/search.c
// Step 6) ---
// Whether the search needs the static evaluation of its full-width nodes (kept per ply, PlyFrame::static_eval). Only
// these flags read it (late_move_pruning reads it only through improving), so versions A–H make no evaluation they
// did not make before.
inline bool needs_static_eval(const SearchConfig& c) { return c.improving || c.reverse_futility || c.razoring; }

// Stockfish 15.1: improving when the static evaluation is above the one two plies earlier (the same side to move);
// when that node was in check (no evaluation), above the one four plies earlier; when neither is known, improving.
// Never improving in check. Ethereal: eval > (ns-2)->eval, false in check. Without the `improving` flag the rules
// that read it take their non-improving form (improving = false): the smaller LMP counts and the full RFP margin.
inline bool is_improving(const SearchConfig& c, bool in_check, Score eval, Score eval_2_plies_ago,
                         Score eval_4_plies_ago) {
  if (!c.improving || in_check || eval == kNoStaticEval) return false;
  if (eval_2_plies_ago != kNoStaticEval) return eval > eval_2_plies_ago;
  if (eval_4_plies_ago != kNoStaticEval) return eval > eval_4_plies_ago;
  return true;
}

// --- Reverse futility pruning, "static null move", "beta pruning" (Stockfish 15.1 src/search.cpp:780 Step 8,
// "futility pruning: child node"; Ethereal src/search.c:484 Step 7) ---
// A non-PV node, not in check, at depth <= reverse_futility_depth, whose static evaluation stands at or above beta
// and holds it even after giving back reverse_futility_margin a ply (one ply fewer when improving), is taken to
// fail high: it returns the evaluation (fail-soft) or beta (fail-hard). Not at the root; not with an evaluation at a
// mate score (Stockfish: eval < 28031, no static value proves a win). Stockfish 15.1: depth < 8 and
// futility_margin(d, improving) = 165 * (d - improving) of its units, 79 cp at its 208 units a pawn (Ethereal:
// 85 cp a ply up to depth 8), less a history term (statScore / 303) this engine does not keep.
inline bool reverse_futility_prunes(const SearchConfig& c, int ply, int depth, bool in_check, Score alpha, Score beta,
                                    Score eval, bool improving) {
  return c.reverse_futility
         && ply > 0
         && !is_pv_window(alpha, beta)
         && !in_check
         && depth <= c.reverse_futility_depth
         && eval != kNoStaticEval
         && eval < ScoreMateBound
         && eval >= beta
         && eval - c.reverse_futility_margin * (depth - (improving ? 1 : 0)) >= beta;
}

// --- Razoring as modern engines do it (Stockfish 15.1 src/search.cpp Step 7) ---
// A node, not in check, whose static evaluation lies more than razoring_margin_base + razoring_margin_depth * depth^2
// below alpha asks quiescence with the null window [alpha - 1, alpha] whether it can reach alpha; when quiescence
// fails low too the node returns that fail-low (the searcher does it: this rule says when to ask). Stockfish 15.1:
// eval < alpha - 369 - 254 * depth^2 of its units, 177 + 122 * depth^2 cp at its 208 units a pawn; no depth limit and
// no PV test (the depth^2 term keeps it to the lowest depths). Not at the root, which must return a move.
inline bool razoring_applies(const SearchConfig& c, int ply, int depth, bool in_check, Score alpha, Score eval) {
  return c.razoring
         && ply > 0
         && !in_check
         && eval != kNoStaticEval
         && eval < alpha - c.razoring_margin_base - c.razoring_margin_depth * depth * depth;
}

// --- Late move pruning, move-count pruning (Stockfish 15.1 src/search.cpp:989 Step 13 and futility_move_count;
// Ethereal src/search.c:595 Step 13, LateMovePruningCounts) ---
// Stockfish 15.1's count: (3 + depth^2) / 2, or 3 + depth^2 when improving (Ethereal's table is close: 3, 4, 6, 10,
// ... and 5, 7, 11, 17, ... for depths 1-8).
inline int late_move_count(int depth, bool improving) { return (3 + depth * depth) / (improving ? 1 : 2); }

// Once `moves_before` moves of the node (pruned ones included: Stockfish's moveCount) have reached the count, a quiet
// move (not a capture or a promotion; quiet checks included, as Stockfish's picker skips its quiet stage) is skipped.
// Not the table move or a killer (Stockfish's refutation stage is not skipped), not in check (Stockfish's evasion
// stage ignores the skip; Ethereal would skip quiet evasions too), not at the root, only once the best
// score found is above a mated score (a line that does not lose is known) and when the mover has non-pawn material
// (Stockfish's pos.non_pawn_material(us)). Stockfish and Ethereal prune PV nodes too, and so does this rule.
// `mover_non_pawn` is a value or a callable (lazy_value), asked last.
template <class NonPawn>
inline bool late_move_prunes(const SearchConfig& c, int ply, int depth, bool in_check, int moves_before, Move m,
                             bool is_table_move, bool is_killer, Score best_score, bool improving,
                             NonPawn&& mover_non_pawn) {
  return c.late_move_pruning
         && ply > 0
         && !in_check
         && !m.is_capture()
         && !m.is_promotion()
         && !is_table_move
         && !is_killer
         && best_score > -ScoreMateBound
         && moves_before >= late_move_count(depth, improving)
         && lazy_value(mover_non_pawn) > 0;
}

// --- Internal iterative reductions (Ethereal src/search.c Step 11; Stockfish 15.1 src/search.cpp Step 10) ---
// A node with no table move, at depth >= iir_min_depth, is searched iir_reduction plies shallower: a position the
// table does not know at that depth is rarely where the tree matters. Ethereal: a cut node at depth >= 7 without a
// table move, one ply; this engine does not type cut nodes and takes every non-PV node (the cut nodes are among
// them). Stockfish 15.1 reduces PV nodes by 3 and cut nodes at depth >= 9 by 2. Only with the table and the hash move
// (without them no node has a table move), never at the root.
inline bool iir_reduces(const SearchConfig& c, int ply, int depth, Score alpha, Score beta, bool table_on,
                        bool has_table_move) {
  return c.iir
         && table_on
         && c.hash_move
         && ply > 0
         && !is_pv_window(alpha, beta)
         && depth >= c.iir_min_depth
         && depth > c.iir_reduction  // the reduced node stays a full-width one
         && !has_table_move;
}

// --- Internal iterative deepening (Slate & Atkin 1977, Chess 4.5; Marsland 1986; Ethereal's IIDDepth = 3 before it
// moved to IIR) ---
// A PV node with no table move, at depth >= iid_min_depth, first searches itself iid_reduction plies shallower with
// the same window, so that the table holds a best move to try first. Needs the table and the hash move (the move
// comes back through the table); never at the root, whose move the previous iteration already gives.
inline bool iid_applies(const SearchConfig& c, int ply, int depth, Score alpha, Score beta, bool table_on,
                        bool has_table_move) {
  return c.iid
         && table_on
         && c.hash_move
         && ply > 0
         && is_pv_window(alpha, beta)
         && depth >= c.iid_min_depth
         && depth > c.iid_reduction  // the first search is a full-width one, which stores a move
         && !has_table_move;
}

}  // namespace buho
