// Modern move ordering by history and history-guided reductions (issue 50, group "ordering, reductions,
// extensions"; docs/search.md "Move ordering by history, reductions and extensions"). Each rule is a pure function of
// its inputs with its flag tested inside it; the tables the rules read live in MoveOrder (engine/move_order.h) and
// SearchCore (engine/search_core.h). Every flag here is off in versions A–H.
//
// Sources (data/feature_elo.csv):
//   counter_moves         Uiterwijk, "The countermove heuristic", ICCA J. 15(1) 1992; Ethereal src/history.c
//                         (cmtable[colour][piece][to], set on a quiet fail high) and Stockfish 15.1 src/movepick.cpp
//                         (the counter move tried right after the killers).
//   continuation_history  Ethereal src/history.c (counter-move history of the move one ply back, follow-up history of
//                         the move two plies back, summed into the quiet key; the gravity update
//                         h += delta - h*|delta|/16384 with stat_bonus = 16d^2 + 128(d-1), 32 above depth 13);
//                         Stockfish 15.1 src/search.cpp update_continuation_histories.
//   capture_history       Ethereal src/history.c (captures scored by capture history plus an MVV term; same update);
//                         Stockfish 15.1 captureHistory[piece][to][captured type].
//   lmr_log, lmr_history  Ethereal src/search.c (LMRTable = 0.75 + log(depth) * log(played) / 2.25 for quiets;
//                         R -= clamp(hist / 5000, -2, 2); R = min(depth - 1, max(R, 1))); Stockfish 15.1
//                         src/search.cpp (Reductions table, "LMR adjusted by history").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "engine/search_config.h"
#include "engine/types.h"

namespace buho {

// --- The gravity update shared by the continuation and capture histories (Ethereal src/history.c) -------------

// Ethereal's HistoryDivisor: the bound a history entry approaches but never passes.
inline constexpr int kHistoryMax = 16384;

// Ethereal's stat_bonus: 16d^2 + 128(d - 1), and 32 above depth 13 (where a cut-off says little about the order).
constexpr int history_bonus(int depth) {
  return depth > 13 ? 32 : 16 * depth * depth + 128 * std::max(depth - 1, 0);
}

// h += delta - h*|delta|/max: a bonus (delta > 0) or malus (delta < 0) whose effect shrinks as h nears +-max, so an
// entry stays within [-max, max] (|delta| <= max) and recent results weigh more than old ones.
constexpr int gravity_update(int h, int delta, int max = kHistoryMax) {
  return h + delta - h * (delta < 0 ? -delta : delta) / max;
}

// Ethereal skips the quiet-history update when a cut-off came too easily: at depth 0, or on the first quiet move
// tried at depth <= 3.
constexpr bool quiet_histories_update(int depth, int quiets_tried) {
  return depth > 0 && !(quiets_tried == 1 && depth <= 3);
}

// --- Ordering keys -------------------------------------------------------------------------------------------

// counter_moves: a quiet move that refuted the previous move (piece, to) is tried right after the killers.
inline bool counter_move_ordered(const SearchConfig& c, Move m, Move counter, bool tactical) {
  return c.counter_moves && !tactical && !counter.is_null() && m == counter;
}

// continuation_history: the quiet key's addition, the counter-move history (the previous move's piece and square,
// one ply back) plus the follow-up history (two plies back), as Ethereal's get_quiet_history sums them.
inline std::int64_t continuation_key(const SearchConfig& c, int one_ply, int two_ply) {
  return c.continuation_history ? std::int64_t(one_ply) + two_ply : 0;
}

// capture_history: the capture key's addition. Ethereal scores a capture by its capture history plus an MVV term
// of 2400 a minor piece above a pawn; this engine's MVV/LVA key gives 100 * 200 = 20000 for the same step, so the
// history is scaled by 8 to keep Ethereal's balance between the two.
inline constexpr int kCaptureHistoryScale = 8;
inline std::int64_t capture_history_key(const SearchConfig& c, int history) {
  return c.capture_history ? std::int64_t(kCaptureHistoryScale) * history : 0;
}

// --- Reductions ----------------------------------------------------------------------------------------------

// lmr_log: Ethereal's LMRTable entry, base + log(depth) * log(moves) / divisor, truncated; base and divisor in
// hundredths (Ethereal: 0.75 and 2.25). `moves` counts the move being reduced (Ethereal's `played`).
inline int lmr_log_reduction(int base_x100, int divisor_x100, int depth, int moves) {
  if (depth < 1 || moves < 1) return 0;
  return int(base_x100 / 100.0 + std::log(double(depth)) * std::log(double(moves)) / (divisor_x100 / 100.0));
}

// The depth a reduced move is searched at (Step 7c). Neither flag on: the thesis's new_depth - lmr_reduction.
// lmr_log replaces lmr_reduction by the table's entry `log_r`; lmr_history lowers the reduction by the move's
// history, clamp(history / lmr_history_divisor, -2, 2), raising it for a move with a bad one (Ethereal). With either
// flag the reduction is at least one ply and the reduced search at least one ply deep.
inline int lmr_reduced_depth(const SearchConfig& c, int new_depth, int log_r, int history) {
  if (!c.lmr_log && !c.lmr_history) return new_depth - c.lmr_reduction;
  int r = c.lmr_log ? log_r : c.lmr_reduction;
  if (c.lmr_history) r -= std::clamp(history / std::max(1, c.lmr_history_divisor), -2, 2);
  r = std::max(r, 1);
  return std::max(new_depth - r, 1);
}

// Whether the continuation tables are kept: they order quiet moves (continuation_history) and give lmr_history the
// move's history.
inline bool keeps_continuation_history(const SearchConfig& c) { return c.continuation_history || c.lmr_history; }

}  // namespace buho
