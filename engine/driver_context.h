// What the best-first drivers (engine/sss_driver.cpp, engine/mt_driver.cpp, engine/minimal_tree.cpp) may use of
// the engine: the board, the counters, the table, the move ordering, and the engine's own quiescence and stop test.
// They see the engine only through this, so they search the same positions in the same order (the engine's one
// MovePicker), and count nodes by the same definition (engine/search_stats.h), as the thesis's alpha-beta. (The
// drivers that search with the alpha-beta node function see engine/search_core.h instead.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>

#include "engine/board.h"
#include "engine/checks.h"
#include "engine/move_order.h"
#include "engine/move_picker.h"
#include "engine/movegen.h"
#include "engine/search_config.h"
#include "engine/search_rules.h"
#include "engine/search_stats.h"
#include "engine/transposition_table.h"

namespace buho {

struct DriverContext {
  const SearchConfig& cfg;
  const Evaluator& eval;
  Board& board;
  SearchStats& stats;
  TranspositionTable* tt;  // nullptr when the engine has none
  MoveOrder& order;
  // Counts a full-width node entered at `ply` (the engine's enter_node, the one place `nodes` goes up) and returns
  // whether the search must stop (node budget or another thread's request).
  std::function<bool(int ply)> enter_node;
  // The engine's quiescence (Alg. 4) of the current position at `ply` with the window [alpha, beta], from
  // the side to move's view; it counts its own nodes (through the same enter_node). Fail-hard, like alpha-beta's.
  std::function<Score(Score alpha, Score beta, int ply)> quiesce;
  // Whether the search has been stopped (set by enter_node and by quiescence).
  std::function<bool()> stopped;
  // Observes each horizon position a driver evaluates (tests); empty = none.
  const std::function<void(const Board&)>& on_leaf;
  Move& root_best;  // the root move the iteration found (the engine reports it)

  // Draw by rule (§2.2; Board::is_draw_by_rule).
  bool draw_by_rule() const { return board.is_draw_by_rule(); }

  // The legal moves of the current position at `ply` in the order of the engine's alpha-beta (§4.2–4.3), from the
  // engine's one picker (engine/move_picker.h): `first` (a hash move, when legal) and then the moves picked by the
  // same selection on the same keys (the largest key first). One difference: before the keys, the moves are put in
  // the order of their encoding, not the generator's (MovePicker::Generation::NowByEncoding). The generator walks
  // the piece lists, which unmaking a capture may permute, so its order of equal keys depends on the path searched
  // before; SSS*'s children N.1 ... N.b must be the same every time N is generated, and Plaat's equivalence of SSS*
  // and MT-SSS* needs both to see one order. Picked one at a time (next(), a null move after the last), as
  // alpha-beta picks them: a node that fails high on its first move does not select the order of the rest
  // (ordering every move first, a selection over all of them at every node, took a tenth of MT-DUAL*'s time).
  class MovePicker {
   public:
    MovePicker(const DriverContext& ctx, int ply, Move first)
        : picker_(ctx.board, ctx.cfg, ctx.order, ply, moves_, scores_, Move(), first,
                  buho::MovePicker::Generation::NowByEncoding) {}
    int count() const { return picker_.count(); }  // the legal moves, `first` among them
    Move next() { return picker_.next(); }

   private:
    Move moves_[MaxMoves];
    std::int64_t scores_[MaxMoves];
    buho::MovePicker picker_;
  };

  // All of MovePicker's moves in its order, into `out`. Returns the count.
  int ordered_moves(int ply, Move first, Move* out) const {
    MovePicker picker(*this, ply, first);
    int k = 0;
    for (Move m = picker.next(); !m.is_null(); m = picker.next()) out[k++] = m;
    return k;
  }

  // §3.6 the extension one move earns at a node with `depth` to go, as alpha-beta grants it: check,
  // single reply, pawn and king-safety extensions within the cap. (The threat extension rests on a
  // null-move search, a forward-pruning device these drivers do not run: it is ignored.)
  int extension(Move m, int ply, int depth, int legal_moves) const {
    const ExtensionKind kind = move_extension(cfg, board, m, legal_moves, [&] { return board.gives_check(m); });
    return kind != ExtensionKind::None && extension_fits(cfg, ply, depth, 1) ? 1 : 0;
  }

  // The exact value of a horizon position (the engine's quiescence with the full window), from the side to
  // move's view; the observer sees it first.
  Score leaf_value(int ply) {
    if (on_leaf) on_leaf(board);
    return quiesce(-ScoreInfinite, ScoreInfinite, ply);
  }
};

}  // namespace buho
