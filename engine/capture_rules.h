// The capture heuristics of modern engines (docs/search.md "Captures: static exchange, delta pruning and ProbCut"),
// each off in versions A–H, as pure rules: the search asks exactly these, each tests its own flag first, and
// tests/capture_heuristics_test.cpp asks them on hand-made inputs. Static exchange values come from engine/see.h in
// the evaluation's piece values (SearchCore::capture_value), or in the fixed ordering values for move ordering.
// A rule whose argument is dear (a SEE, a check test) takes it as a value or a callable (lazy_value), asked only once
// the cheaper conditions hold.
#pragma once

#include "engine/search_config.h"
#include "engine/search_rules.h"
#include "engine/see.h"
#include "engine/types.h"

namespace buho {

// Whether a move's static exchange loses material (see < 0), without the exchange where the answer is known: a
// capture (not a promotion) of a victim worth at least its attacker can at worst trade the attacker for the victim.
// The sign is all that see_ordering and qsearch_see ask.
inline bool see_loses(const Board& b, Move m, const PieceValues& value) {
  if (m.is_capture() && !m.is_promotion()) {
    const int victim = value[m.is_en_passant() ? Pawn : type_of(b.piece_at(m.to()))];
    if (victim >= value[type_of(b.piece_at(m.from()))]) return false;
  }
  return see(b, m, value) < 0;
}

// see_ordering (Ethereal movepicker.c: a noisy move is a good capture when it wins SEE >= its threshold, else it waits
// in the bad-noisy stage; Stockfish 15.1 movepick.cpp likewise splits captures at a SEE threshold): a capture is
// ordered among the bad captures, after the killers, when its static exchange loses material (see < 0). Without the
// flag the thesis's split stands: a lower-valued victim on a defended square (is_losing_capture, §4.2). `loses` is
// whether the exchange loses (see_loses), a value or a callable.
template <class LosingByValue, class SeeLoses>
inline bool capture_ordered_bad(const SearchConfig& c, LosingByValue&& losing_by_value, SeeLoses&& loses) {
  if (!c.see_ordering) return lazy_value(losing_by_value);
  return lazy_value(loses);
}

// qsearch_see (Stockfish 15.1 src/search.cpp:1536, "Do not search moves with negative SEE values"; Ethereal's
// qsearch takes only the noisy moves that win SEE): quiescence skips a move (a capture, or a quiet check under
// qsearch_checks) whose static exchange loses material. Never in check, where the moves are escapes, and never a
// promotion, which quiescence always searches in this engine (reading Q6; Stockfish tests promotions too).
template <class SeeLoses>
inline bool qsearch_see_skips(const SearchConfig& c, bool in_check, Move m, SeeLoses&& loses) {
  return c.qsearch_see
         && !in_check
         && !m.is_promotion()
         && lazy_value(loses);
}

// delta_pruning (classic delta pruning, Chess Programming Wiki "Delta Pruning"; the per-move form of Stockfish 15.1
// src/search.cpp:1510, qsearch futility: stand pat + margin + the captured piece's value <= alpha skips the move):
// in quiescence a capture that could not lift alpha even if it won its victim for nothing and the position gained
// delta_margin more. Not in check, not a promotion, not a capture that gives check (Stockfish), and not in an endgame
// (the evaluation's §2.4.3 test; the wiki: off in the late endgame, where a lone capture may decide), asked last.
// `victim` is the captured piece's value (0 for none).
template <class GivesCheck, class Endgame>
inline bool delta_prunes(const SearchConfig& c, bool in_check, Move m, Score stand_pat, int victim, Score alpha,
                         GivesCheck&& gives_check, Endgame&& endgame) {
  return c.delta_pruning
         && !in_check
         && !m.is_promotion()
         && stand_pat + victim + c.delta_margin <= alpha
         && !lazy_value(gives_check)
         && !lazy_value(endgame);
}

// see_pruning (Ethereal src/search.c:635, Step 15 "Static Exchange Evaluation Pruning", with its search.h margins;
// Stockfish 15.1 src/search.cpp:1007 and :1030 prune captures and quiets the same way with other margins): at depth
// <= see_pruning_depth a move whose static exchange is below a depth-scaled threshold is skipped: a quiet move below
// -see_quiet_margin * depth, a capture or promotion below -see_noisy_margin * depth^2. Not at the root, not in check,
// not before a move has been searched and only while the best score is not a mated one (Ethereal's `best >
// -TBWIN_IN_MAX`, Stockfish's `bestValue > VALUE_TB_LOSS_IN_MAX_PLY`), not without non-pawn material (Stockfish), and
// not a table move or a good capture (Ethereal prunes only past its good-noisy stage): `picked_early` says so.
inline int see_pruning_threshold(const SearchConfig& c, Move m, int depth) {
  const bool noisy = m.is_capture() || m.is_promotion();
  return noisy ? -c.see_noisy_margin * depth * depth : -c.see_quiet_margin * depth;
}
template <class HasPieces, class See>
inline bool see_prunes(const SearchConfig& c, Move m, int ply, int depth, bool in_check, int searched, Score best,
                       bool picked_early, HasPieces&& has_pieces, See&& see_value) {
  return c.see_pruning
         && ply > 0
         && !in_check
         && depth <= c.see_pruning_depth
         && searched > 0
         && best > -ScoreMateBound
         && !picked_early
         && lazy_value(has_pieces)
         && lazy_value(see_value) < see_pruning_threshold(c, m, depth);
}

// probcut (Stockfish 15.1 src/search.cpp:841, Step 11; Ethereal src/search.c:529, Step 10): at depth >= probcut_depth,
// in a node that is not on the principal variation (beta - alpha == 1: this engine has no PV-node flag, and a
// null window is what every node off the PV is searched with under PVS), out of check, not at the root, with beta
// away from mate scores, a capture whose reduced search beats probcut_beta = beta + probcut_margin is taken as
// proof that the full search would fail high.
inline bool probcut_applies(const SearchConfig& c, int ply, int depth, bool in_check, Score alpha, Score beta) {
  return c.probcut
         && ply > 0
         && depth >= c.probcut_depth
         && !in_check
         && beta - alpha == 1
         && beta > -ScoreMateBound && beta < ScoreMateBound;
}
inline Score probcut_beta(const SearchConfig& c, Score beta) { return beta + c.probcut_margin; }
// The captures ProbCut tries: those whose static exchange alone could carry the static evaluation to probcut_beta
// (Stockfish's and Ethereal's capture picker with threshold probcut_beta - static eval).
template <class See>
inline bool probcut_tries(Score probcut_beta, Score static_eval, See&& see_value) {
  return lazy_value(see_value) >= probcut_beta - static_eval;
}

}  // namespace buho
