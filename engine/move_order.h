// §4.2–4.3 Move ordering: MVV/LVA for captures (static), killers and history (dynamic). The searcher
// asks for one sort key per move and picks the largest remaining one; equal keys keep generation order,
// so the order (and every node count) is a function of the position and the tables only.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/piece_values.h"
#include "engine/search_config.h"

namespace buho {

// Piece values for ordering: the thesis's material values (§2.4.1), and the king worth 1000 as an
// attacker, so that 100*victim - 10*attacker is never negative, as §4.2 wants. Fixed, not the
// evaluation's configurable values, so changing an eval.*_value moves no move-ordering decision.
inline constexpr std::array<int, PIECE_TYPE_NB> kOrderValue = [] {
  auto v = kThesisPieceValue;
  v[King] = 1000;
  return v;
}();

// MVV/LVA key of a capture or promotion, without the category constant: 100*victim - 10*attacker,
// a promotion counting as winning (promoted value - pawn).
int mvv_lva(const Board& b, Move m);

// Picks the best-scored move of [i, n) into position i, swapping it with moves[i] (selection: cheap when a
// cut-off comes early). The selection step of MovePicker (engine/move_picker.h), the one picker of every node.
// The best is the first move of the highest key (a later equal key does not displace it). The loop keeps the best
// so far with conditional moves, not a branch: the branch went whichever way the keys happened to lie, and its
// mispredictions were a third of the search function's time in version H's profile (a two-pass version, the
// highest key and then the first move with it, measured no faster).
inline void pick_best(Move* moves, std::int64_t* scores, int i, int n) {
  int best = i;
  std::int64_t top = scores[i];
  for (int j = i + 1; j < n; ++j) {
    const bool higher = scores[j] > top;
    best = higher ? j : best;
    top = higher ? scores[j] : top;
  }
  if (best != i) {
    std::swap(moves[i], moves[best]);
    std::swap(scores[i], scores[best]);
  }
}
// Reading A2 (generation_order captures_first): the generator's captures and promotions before its quiet
// moves, each group in the generator's order: what std::stable_partition does, without the heap buffer it
// asks for at every call (2-3 % of the search's time in malloc and _Temporary_buffer).
inline void captures_first(Move* moves, int n) {
  Move quiet[MaxMoves];
  int captures = 0, quiets = 0;
  for (int i = 0; i < n; ++i) {
    if (moves[i].is_capture() || moves[i].is_promotion()) moves[captures++] = moves[i];
    else quiet[quiets++] = moves[i];
  }
  std::copy(quiet, quiet + quiets, moves + captures);
}

// §4.2 "captures that lose material": the victim is worth less than the attacker and the square is
// defended. (The thesis gives no test; without a static exchange evaluator this is the cheapest honest one.)
bool is_losing_capture(const Board& b, Move m);

// §3.5 Alg. 4 line 8 «Generar movimientos inestables» (L690, docs/readings.md §1): whether quiescence searches the
// generated capture or promotion `m` under `rule` (readings Q1-Q4, docs/readings.md §1). `value` is
// indexed by PieceType; the caller passes the evaluation's configured piece values, so eval.*_value moves
// these decisions as it moves the evaluation. The king counts as worth more than any piece. A promotion is
// always searched (Q6); a quiet move (a check from qsearch_checks) is not this rule's business: true.
bool qsearch_searches(const Board& b, Move m, QsearchCaptures rule, const std::array<int, PIECE_TYPE_NB>& value);

class MoveOrder {
 public:
  // Sort-key categories, far apart so no score of one can reach the next.
  static constexpr std::int64_t kCategory = std::int64_t(1) << 56;
  static constexpr std::int64_t kGoodCapture = 4 * kCategory;  // winning/equal captures, promotions
  static constexpr std::int64_t kKiller = 3 * kCategory;       // + the killer's counter
  static constexpr std::int64_t kLosingCapture = 2 * kCategory;
  static constexpr std::int64_t kQuiet = 1 * kCategory;        // + history
  static constexpr std::int64_t kHistoryCap = kCategory - 1;
  // counter_moves (engine/history_rules.h): the counter move sits right below every killer (a killer's counter is
  // at least 1) and above the losing captures and the quiet moves.
  static constexpr std::int64_t kCounterMove = kKiller;

  void clear();

  // Fills scores[i] for moves[i]. Uses only the heuristics `cfg` turns on; with none on every key is
  // equal and the generation order stands (version A).
  void score(const Board& b, const SearchConfig& cfg, int ply, const Move* moves, std::int64_t* scores, int n) const;
  static bool any_ordering(const SearchConfig& cfg) { return cfg.mvv_lva || cfg.killers || cfg.history; }

  // §4.3.2: a quiet move that caused a cut-off at `ply`.
  void add_killer(int ply, Move m);
  bool is_killer(int ply, Move m) const { return killers_[ply][0].move == m || killers_[ply][1].move == m; }
  struct Killer {
    Move move;
    std::uint32_t count = 0;
  };
  const std::array<Killer, 2>& killers(int ply) const { return killers_[ply]; }

  // §4.3.1 Alg. 5: a sufficiently good move (cut-off or alpha raise) found with `depth` plies to go.
  void add_history(Move m, int depth);
  std::int64_t history(Move m) const { return history_[index64(m.from())][index64(m.to())]; }

  // --- Modern ordering by history (issue 50; rules in engine/history_rules.h). Off in versions A–H: no table is
  // allocated and no key changes unless a flag asks. ---
  // What the keys of the node at `ply` read of the line above it: the moves 1 and 2 plies back, by the piece that
  // made each and its destination (NoPiece for none, or for the null move). search() sets it before the node's
  // moves are scored.
  struct LineContext {
    Piece piece1 = NoPiece;
    Square to1 = 0;
    Piece piece2 = NoPiece;
    Square to2 = 0;
  };
  // Allocates (zeroed) the tables the flags of `cfg` use; the others stay empty.
  void enable(const SearchConfig& cfg);
  void set_line(int ply, const LineContext& line) { lines_[std::size_t(ply)] = line; }
  const LineContext& line(int ply) const { return lines_[std::size_t(ply)]; }
  // counter_moves: the quiet move that last refuted the previous move of the line at `ply` (null for none).
  Move counter_move(int ply) const;
  // continuation_history: the entry for the move (p, to) after the move `back` plies up (1 or 2) of the line at
  // `ply`; 0 when there is no such move.
  int continuation(int ply, int back, Piece p, Square to) const;
  // capture_history: the entry of a capture (or promotion) m of position b.
  int capture_history_of(const Board& b, Move m) const;
  // What a fail high of `best` at `ply` with `depth` to go taught the modern tables (the quiet and tactical moves
  // tried before it, in `quiets` and `tacticals`, best not among them): the counter move, the bonus to best and the
  // malus to the moves tried before it (Ethereal's update_history_heuristics / update_capture_histories). Returns
  // the counts of continuation and capture entries updated.
  struct Updates {
    std::uint64_t continuation = 0, capture = 0;
  };
  Updates update_on_cutoff(const Board& b, int ply, int depth, Move best, const Move* quiets, int n_quiets,
                           const Move* tacticals, int n_tacticals);

 private:
  // The entry, or null when the table is off or the line has no such move.
  std::int16_t* continuation_slot(int ply, int back, Piece p, Square to);
  std::int16_t& capture_entry(const Board& b, Move m);
  std::array<LineContext, MaxPly + 2> lines_{};
  std::vector<Move> counters_;                  // [piece][to]: 16 x 64
  std::vector<std::int16_t> continuation_[2];   // [1 or 2 plies back][(piece, to) of that move][(piece, to)]
  std::vector<std::int16_t> capture_;           // [piece][to][captured type]: 16 x 64 x 7

  std::array<std::array<Killer, 2>, MaxPly + 1> killers_{};
  std::array<std::array<std::int64_t, 64>, 64> history_{};
};

}  // namespace buho
