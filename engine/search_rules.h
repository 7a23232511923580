// The conditions of the forward-pruning techniques (§5.2–5.4) and of the extensions (§3.6), as pure
// functions. The searcher calls exactly these, and the tests check their exclusions directly (no null
// move in check or twice in a row; futility never skips a checking move; LMR never reduces captures,
// checks or promotions; no extension pushes a line past max_extension_ply).
#pragma once

#include <algorithm>

#include <cstdlib>
#include <type_traits>

#include "engine/board.h"
#include "engine/eval.h"
#include "engine/search_config.h"

namespace buho {

// §5.2.2 "little material" (L1167-L1168). King and pawns only never allows a null move (L1167, its own
// item in the list). Beyond that, null_move_material_rule: mover_non_pawn (W1/W2/W4) asks the mover's
// non-pawn material to reach null_move_min_material; eval_endgame (W3) refuses any position the
// evaluation calls an endgame ("el movimiento nulo es evitado en posiciones de finales de juego", L1165,
// with the endgame of §2.4.3 L476), by the evaluator's own test. Both count in the evaluation's values.
inline bool null_move_material_allows(const SearchConfig& c, const Evaluator& eval, const Board& b) {
  const int pieces = eval.non_pawn_material(b, b.side_to_move());
  if (pieces <= 0) return false;
  switch (c.null_move_material_rule) {
    case NullMoveMaterialRule::MoverNonPawn: return pieces >= c.null_move_min_material;
    case NullMoveMaterialRule::EvalEndgame: return !eval.is_endgame(b);
  }
  return false;
}

// §5.2 Alg. 10 and §5.2.2: not in check (the pass would be illegal), not right after a null move (two
// passes in a row prove nothing), not with only king and pawns or little material (zugzwang), not when
// beta is a mate score (no static value can reach it). Alg. 10 itself has no minimum depth and no root
// exclusion: null_move_min_depth (N1 = 1, N2 = 3, N3 = 4) and null_move_at_root (N3) are the readings.
// At the root a cut-off returns beta without a move: see SearchCore::run (engine/engine.cpp) for the move kept then.
inline bool null_move_allowed(const SearchConfig& c, const Evaluator& eval, const Board& b, int ply, int depth,
                              bool in_check, bool after_null, Score beta) {
  return c.null_move
         && (ply > 0 || c.null_move_at_root)
         && depth >= c.null_move_min_depth
         && !in_check
         && !after_null
         && beta < ScoreMateBound
         && null_move_material_allows(c, eval, b);
}

// Pieces of `c` other than the king and the pawns: the "pieces" Heinz's rules count.
inline int officer_count(const Board& b, Color c) {
  return b.count(c, Knight) + b.count(c, Bishop) + b.count(c, Rook) + b.count(c, Queen);
}

// The null move's depth reduction R (§5.2: the null search runs at depth - R - 1). Adaptive null move
// (Heinz, ICCA J. 22(3), 1999): R = 3 when the remaining depth exceeds 6 plies, R = 2 below; when both
// sides have fewer than 3 pieces the threshold is 8 (the paper's safety rule for thin material). Without
// the flag, null_move_r.
inline int null_move_reduction(const SearchConfig& c, const Board& b, int depth) {
  if (!c.null_move_adaptive) return c.null_move_r;
  const bool few = officer_count(b, White) < 3 && officer_count(b, Black) < 3;
  return depth > (few ? c.null_move_adaptive_depth_few : c.null_move_adaptive_depth) ? 3 : 2;
}

// Verified null move (Tabibi & Netanyahu, ICGA J. 25(3), 2002): a null fail-high at a node where
// verification is still on (no verification above it on the path) does not cut off; the node is searched
// at depth - 1 with verification off in that subtree. Not at the root (null_move_at_root cuts as before).
inline bool null_fail_high_verified(const SearchConfig& c, int ply, bool verification_off) {
  return c.null_move_verified && ply > 0 && !verification_off;
}

// A rule's argument that is dear to compute (a material count) may be passed as a callable, asked only once the
// cheaper conditions before it hold; a plain value is taken as it is (the tests pass values).
template <class T>
constexpr auto lazy_value(T&& x) {
  if constexpr (std::is_invocable_v<T>) return x();
  else return x;
}

// Limited razoring (Heinz, ICCA J. 21(2), 1998, beside extended futility): at a pre-pre-frontier node
// (depth 3), out of check, away from mate bounds, with the opponent holding more than 3 pieces, a material
// balance so low that even razoring_margin_3 (a queen) cannot lift it to alpha reduces the node to depth 2,
// where the depth-2 futility margin (a rook: Heinz's extended futility) prunes its quiet moves. Heinz also
// spares a node reached by an extended move; this engine's thesis versions extend nothing, so that test is
// left out. Needs futility (without it the reduced node would prune nothing). `material` and `opponent_pieces`
// are values or callables (lazy_value): the searcher passes callables, so a node with the flag off counts nothing.
template <class Material, class Pieces>
inline bool limited_razoring_reduces(const SearchConfig& c, int ply, int depth, bool in_check, Score alpha,
                                     Score beta, Material&& material, Pieces&& opponent_pieces) {
  const bool near_mate = alpha <= -ScoreMateBound || alpha >= ScoreMateBound
                         || beta <= -ScoreMateBound || beta >= ScoreMateBound;
  return c.limited_razoring && c.futility
         && ply > 0
         && depth == 3
         && !in_check
         && !near_mate
         && lazy_value(opponent_pieces) > 3
         && lazy_value(material) + c.razoring_margin_3 <= alpha;
}

// §5.3 Alg. 11, node part: frontier (depth 1) and pre-frontier (depth 2) nodes, not in check. The root is
// excluded unless futility_at_root (F2: Alg. 11 has no exclusion). With futility_mate_guard (prose L1190)
// not when alpha (at entry) or beta is near a mate score, an infinite bound included; without it, as
// Alg. 11 lines 9 and 11 print it, the bounds are not tested (an infinite alpha simply never prunes).
// Returns the margin, or -1 when futility does not apply.
inline int futility_margin(const SearchConfig& c, int ply, int depth, bool in_check, Score alpha, Score beta) {
  const bool near_mate = alpha <= -ScoreMateBound || alpha >= ScoreMateBound
                         || beta <= -ScoreMateBound || beta >= ScoreMateBound;
  if (!c.futility
      || (ply == 0 && !c.futility_at_root)
      || in_check
      || (depth != 1 && depth != 2)
      || (c.futility_mate_guard && near_mate))
    return -1;
  return depth == 1 ? c.futility_margin_1 : c.futility_margin_2;
}

// §5.3 which alpha a move is compared with: A2 the current one (raised by earlier moves), or A1 alpha at
// node entry (Alg. 11 lines 8-13 set Poda once, before the move loop).
inline Score futility_alpha_bound(const SearchConfig& c, Score alpha_at_entry, Score alpha_now) {
  return c.futility_alpha == FutilityAlpha::Entry ? alpha_at_entry : alpha_now;
}

// §5.3 whether the move's own change of material enters the test: under B2 (after_move, prose L1186) a
// capture or a promotion is judged by the balance after it; under B1 (before_move, Alg. 11 line 8) every
// move is judged by the node's balance before it, so a capture is pruned like a quiet move.
inline bool futility_reads_material_after(const SearchConfig& c, Move m) {
  return c.futility_material == FutilityMaterial::AfterMove && (m.is_capture() || m.is_promotion());
}

// Whether any move's balance is read after it (B2): then the node's balance alone does not decide every move.
inline bool futility_reads_material_after_any(const SearchConfig& c) {
  return c.futility_material == FutilityMaterial::AfterMove;
}

// §5.3 P2/P3 (futility_positional): the node's positional part (its static evaluation less its material
// balance) that the futility balance adds: whole (P3), or held within +-margin (P2: L1186 says the margin
// «representa el valor posicional más grande que se podría obtener», so no position is taken to be worth more).
inline Score futility_positional_part(const SearchConfig& c, int margin, Score positional) {
  switch (c.futility_positional) {
    case FutilityPositional::Bounded: return std::clamp<Score>(positional, -margin, margin);
    case FutilityPositional::Full: return positional;
    case FutilityPositional::None: break;
  }
  return 0;
}

// §5.3, move part: skip the move when the material balance (before or after it, above) plus the margin
// cannot reach alpha (current or at entry, above), unless it gives check (too dynamic to judge by
// material; Alg. 11 line 16).
inline bool futility_prunes(int margin, Score material, Score alpha, bool gives_check) {
  return margin >= 0
         && material + margin <= alpha
         && !gives_check;
}

// §4.6 Alg. 9 (Step 4): a stored bound ends the node or narrows its window only under tt_cutoffs, from an entry
// searched at least as deep as this node, and never at the root, which must return a move.
inline bool tt_cutoff_applies(const SearchConfig& c, int ply, int entry_depth, int depth) {
  return c.tt_cutoffs && ply > 0 && entry_depth >= depth;
}

// Step 6c, §5.3 a futile node: under B1 (the node's balance decides every move) when the balance before any move
// plus the margin cannot reach alpha, every move that does not give check is pruned. Not at the root, which must
// return a move. `balance` is the node's material plus its positional part (futility_positional_part).
inline bool futility_prunes_node(const SearchConfig& c, int margin, int ply, Score balance, Score alpha) {
  return margin >= 0
         && ply > 0
         && !futility_reads_material_after_any(c)
         && balance + margin <= alpha;
}

// Enhanced transposition cut-offs (Plaat, Schaeffer, Pijls & de Bruin 1996): the children's table entries are read
// before any move is searched, when the search keeps a table whose bounds cut (tt_cutoffs); never at the root, which
// must return a move.
inline bool etc_applies(const SearchConfig& c, bool table_on, int ply) {
  return c.etc && c.tt_cutoffs && table_on && ply > 0;
}

// §5.4 Alg. 12 scope. Under L2 (after_alpha_raised) a move is reduced only in the `si no` branch of line 9's
// `si bSearchPv`, i.e. once a move has raised alpha at this node (line 29). In a null-window node such a
// move returns beta at once (lines 25-26), so L2 reduces in full-window (PV) nodes only. Under L1
// (every_node) the move count alone decides (prose L1208).
inline bool lmr_scope_allows(const SearchConfig& c, bool alpha_raised) {
  return c.lmr_scope == LmrScope::EveryNode || alpha_raised;
}

// §5.4 Alg. 12: after lmr_min_moves moves, at depth >= lmr_min_depth, out of check, not an extended
// move, not the hash move or a killer, not a capture or a promotion, and (asked last, being the
// dearest test) not a check.
template <class GivesCheck>
inline bool lmr_reduces(const SearchConfig& c, Move m, int searched, int depth, bool in_check, int extension,
                        bool is_hash_move, bool is_killer, GivesCheck gives_check) {
  return c.lmr
         && searched >= c.lmr_min_moves
         && depth >= c.lmr_min_depth
         && !in_check
         && extension == 0
         && !is_hash_move
         && !is_killer
         && !m.is_capture()
         && !m.is_promotion()
         && !gives_check();
}

// --- Extensions (§3.6): at most one ply per move, none past max_extension_ply ---------------------

// Which rule extends a move. One move earns at most one ply, so the rules are asked in this order and
// the first that applies names the extension (the searcher counts it under that name).
enum class ExtensionKind { None, Check, SingleReply, Pawn, KingSafety };

// §3.6 pawn extension: a pawn moving to its seventh rank, or promoting, is about to change the material
// balance by a queen, which the horizon would otherwise hide.
inline bool pawn_push_extends(const Board& b, Move m) {
  return type_of(b.piece_at(m.from())) == Pawn
         && (m.is_promotion() || relative_rank(b.side_to_move(), rank_of(m.to())) == 6);
}

// §3.6 king-safety extension, our reading of "the king's safety drops sharply": a capture on a square
// next to the enemy king breaks its shelter.
inline bool king_shelter_capture(const Board& b, Move m) {
  if (!m.is_capture()) return false;
  const Square k = b.king_square(~b.side_to_move());
  return std::abs(file_of(k) - file_of(m.to())) <= 1 && std::abs(rank_of(k) - rank_of(m.to())) <= 1;
}

// The extension a move earns by the switched-on rules, before the cap. `legal_moves` is the number of
// legal moves of the node, or -1 when they are not generated yet (single_reply_ext has them generated
// first). `gives_check` is asked only when check_ext is on (it costs a test).
template <class GivesCheck>
inline ExtensionKind move_extension(const SearchConfig& c, const Board& b, Move m, int legal_moves,
                                    GivesCheck gives_check) {
  if (c.check_ext && gives_check()) return ExtensionKind::Check;
  if (c.single_reply_ext && legal_moves == 1) return ExtensionKind::SingleReply;
  if (c.pawn_ext && pawn_push_extends(b, m)) return ExtensionKind::Pawn;
  if (c.king_safety_ext && king_shelter_capture(b, m)) return ExtensionKind::KingSafety;
  return ExtensionKind::None;
}

// §3.6 cap: an extension of `ext` plies at `ply` with `depth` to go is granted only while the line's
// horizon stays within max_extension_ply plies of the root, so a chain of checks cannot run away.
inline bool extension_fits(const SearchConfig& c, int ply, int depth, int ext) {
  return ply + depth + ext <= c.max_extension_ply;
}

// §3.6 threat extension: the null-move search (§5.2) returned a mate against the side to move, so
// passing loses and this node deserves one more ply (within the cap).
inline bool threat_extends(const SearchConfig& c, int ply, int depth, Score null_value) {
  return c.threat_ext
         && null_value <= -ScoreMateBound
         && extension_fits(c, ply, depth, 1);
}

}  // namespace buho
