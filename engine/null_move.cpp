// Step 5 of the node search: the null move (§5.2, Alg. 10), verified (Tabibi & Netanyahu 2002) when
// null_move_verified says so, and the threat extension it finds (§3.6). Its conditions are the rules of
// engine/search_rules.h (null_move_allowed, null_move_reduction, null_fail_high_verified, threat_extends).
#include "engine/search_core.h"

namespace buho {

// §5.2 null move: safe because passing is almost never the best move; not in check (illegal), not twice in a row
// (pointless), not with only king and pawns or little material (zugzwang), not below null_move_min_depth, not at the
// root unless null_move_at_root (a root cut-off has no move: run() keeps the previous iteration's), not when beta is
// a mate score (no static value can reach it, so the null search could not cut).
NullMoveResult SearchCore::null_move(Score alpha, Score beta, int depth, int ply, bool in_check, bool after_null) {
  if (!null_move_allowed(cfg, eval, board, ply, depth, in_check, after_null, beta)) return {};
  ++stats.null_tries;
  PlyFrame& frame = stack[ply];
  PlyFrame& child = stack[ply + 1];
  child.on_prev_pv = false;  // pv_ordering: a null move leaves the previous PV
  board.make_null();
  prefetch_child(child_probes(depth - null_move_reduction(cfg, board, depth) - 1));
  // A null window [beta - 1, beta] fail-hard can never show a mate score; with the threat extension the
  // window's lower edge goes down to the mate bound so that a mate against us becomes visible.
  const Score low = cfg.threat_ext ? std::min(beta - 1, -ScoreMateBound) : beta - 1;
  child.verification_off = frame.verification_off;
  const Score v = -search(-beta, -low, depth - null_move_reduction(cfg, board, depth) - 1, ply + 1, true);
  board.unmake_null();
  if (stop) return {Score(0)};
  if (v >= beta && null_fail_high_verified(cfg, ply, frame.verification_off)) {
    // Verified null move: this node searched at depth - 1 (no null move at it, verification off below);
    // a fail high there confirms the cut-off, anything else suggests zugzwang, and the node is searched
    // at full depth with verification still on. The re-entry counts this node once more.
    frame.verification_off = true;
    const Score w = search(alpha, beta, depth - 1, ply, true);
    frame.verification_off = false;
    if (stop) return {Score(0)};
    if (w >= beta) {
      ++stats.null_cutoffs;
      return {beta};
    }
  } else if (v >= beta) {
    ++stats.null_cutoffs;
    // Fail-soft returns the null search's bound, but never a mate score: passing proves no mate.
    return {fail_soft && v < ScoreMateBound ? v : beta};
  }
  // §3.6 threat extension: passing loses to a mate, so this node deserves a closer look.
  return {std::nullopt, threat_extends(cfg, ply, depth, v)};
}

}  // namespace buho
