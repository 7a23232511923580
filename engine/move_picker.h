// The one move picker (§4.2–4.3, §4.6.2): every node function that orders moves — the alpha-beta search, Scout's
// EVAL, quiescence and the drivers of engine/driver_context.h — takes its moves from a MovePicker, one at a time,
// in stages (named as Ethereal names its own):
//
//   1. the table move: the previous iteration's PV move (pv_ordering, §4.6.2 L983), then the hash move (§4.6.2),
//      both tried before any move is generated;
//   2. the generated moves, picked by the largest MoveOrder key, whose categories are the remaining stages in the
//      order §4.2 gives them: good captures (and promotions), killers, bad captures, quiet moves by history.
//
// The generated stages are one selection over one key array (pick_best), not separate lists: a selection swaps
// the move it takes with the one in its place, so the order among equal keys — every quiet move of version A, every
// quiet move without history — depends on the moves picked before it, and only one selection over every move gives
// the trees the versions have always had. (Ethereal tries its bad captures last; §4.2 puts "captures that lose
// material" after the killers and before the quiet moves, and so does MoveOrder's key.) A node that fails high on
// its first move never orders the rest.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/board.h"
#include "engine/move_order.h"
#include "engine/movegen.h"
#include "engine/search_config.h"

namespace buho {

// A stored move is tried before any move is generated (§4.6.2), so it is first checked for plausibility in this
// position. The 64-bit key already matched, so this guards only against a key collision.
inline bool plausible(const Board& b, Move m) {
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

// The stage a move came from (MovePicker::stage).
enum class PickStage : std::uint8_t {
  TableMove,     // the PV move or the hash move, before generating
  GoodCaptures,  // winning or equal captures and promotions (mvv_lva)
  Killers,       // §4.3.2
  BadCaptures,   // captures that lose material (mvv_lva)
  Quiets,        // quiet moves, by history when it is on (§4.3.1)
  Generated,     // no ordering heuristic on: the generator's order (version A)
  Done,
};

class MovePicker {
 public:
  // How the generated moves are laid out before the keys.
  enum class Generation : std::uint8_t {
    // The generator's order (captures and promotions first under generation_order captures_first), generated when
    // the generated stages begin: after the table moves were searched, as §4.6.2 wants.
    Lazy,
    // The same, generated now: the single-reply extension and Scout need the number of legal moves first.
    Now,
    // Generated now and put in the order of their encoding first (captures first under captures_first): the drivers
    // of driver_context.h, whose trees must not depend on the piece lists that unmaking a capture permutes. The
    // table move is kept only when it is among the generated moves.
    NowByEncoding,
  };

  // The moves of the node at `ply` of `board`, in the buffers `moves` and `scores` (MaxMoves each): `pv_move` and
  // `table_move` first (each null for none; the caller has checked them), then the generated moves in order.
  MovePicker(const Board& board, const SearchConfig& cfg, const MoveOrder& order, int ply, Move* moves,
             std::int64_t* scores, Move pv_move, Move table_move, Generation generation = Generation::Lazy)
      : board_(board), cfg_(cfg), order_(order), ply_(ply), moves_(moves), scores_(scores), pv_(pv_move),
        table_(table_move), ordered_(MoveOrder::any_ordering(cfg)), by_encoding_(generation == Generation::NowByEncoding) {
    if (generation == Generation::Lazy) return;
    generate();
    if (by_encoding_ && !table_.is_null() && std::find(moves_, moves_ + n_, table_) == moves_ + n_) table_ = Move();
  }

  // Quiescence's picker: `n` moves already generated into `moves`, with their MVV/LVA keys in `scores` when
  // `ordered`; no table move, and every move a capture, a promotion or a check of the first ply.
  static MovePicker of_generated(const Board& board, const SearchConfig& cfg, const MoveOrder& order, Move* moves,
                                 std::int64_t* scores, int n, bool ordered) {
    MovePicker p(board, cfg, order, 0, moves, scores, Move(), Move(), Generation::Lazy);
    p.n_ = n;
    p.generated_ = true;
    p.ordered_ = ordered;
    p.table_stage_ = 2;
    p.quiescence_ = true;
    return p;
  }

  // Every generated move, generated now if the generated stages have not begun (a look at every child before any
  // is searched: enhanced transposition cut-offs); not yet in the picking order.
  std::span<const Move> generated_moves() {
    if (!generated_) generate();
    return {moves_, std::size_t(n_)};
  }

  // The legal moves, once generated (-1 before).
  int count_if_generated() const { return generated_ ? n_ : -1; }
  int count() const { return n_; }

  // The next move, or the null move after the last.
  Move next() {
    if (table_stage_ == 0) {
      table_stage_ = 1;
      if (!pv_.is_null()) return pv_;
    }
    if (table_stage_ == 1) {
      table_stage_ = 2;
      if (!table_.is_null() && table_ != pv_) return table_;
    }
    if (!generated_) generate();
    while (i_ < n_) {
      const int i = i_++;
      if (ordered_ && i != picked_ahead_) pick_best(moves_, scores_, i, n_);
      const Move m = moves_[i];
      if (m == table_ || m == pv_) continue;
      last_generated_ = i;
      return m;
    }
    last_generated_ = -1;
    done_ = true;
    return Move();
  }

  // The generated move the next turn will consider, picked now (the keys do not change while the node searches,
  // so it is the move that turn would pick): a node near the horizon loads its child's table entry while it
  // searches the current move. Null when the last move returned was not a generated one, or none is left.
  Move pick_ahead() {
    if (last_generated_ < 0 || i_ >= n_) return Move();
    if (ordered_) pick_best(moves_, scores_, i_, n_);
    picked_ahead_ = i_;
    return moves_[i_];
  }

  // Ends the picking after a move of the Quiets stage: every move not yet returned has a key no higher, so it is a
  // quiet move too (not a capture, a promotion or a killer; MoveOrder's categories do not overlap). Returns how many
  // of them the loop would have taken, the table moves and `skipped` (the singular test's excluded move) left out
  // as next() and the loop leave them out. Late move pruning, once it skips one such move, skips every later one.
  int skip_remaining_quiets(Move skipped) {
    BUHO_ASSERT(stage() == PickStage::Quiets);
    int n = 0;
    for (int i = i_; i < n_; ++i) {
      const Move m = moves_[i];
      BUHO_ASSERT(scores_[i] < MoveOrder::kLosingCapture);
      n += m != table_ && m != pv_ && m != skipped;
    }
    i_ = n_;
    last_generated_ = -1;
    done_ = true;
    return n;
  }

  // The stage the last move returned came from.
  PickStage stage() const {
    if (done_) return PickStage::Done;
    if (last_generated_ < 0) return PickStage::TableMove;
    if (quiescence_) return PickStage::GoodCaptures;
    if (!ordered_) return PickStage::Generated;
    const std::int64_t key = scores_[last_generated_];
    if (key >= MoveOrder::kGoodCapture) return PickStage::GoodCaptures;
    if (key >= MoveOrder::kKiller) return PickStage::Killers;
    if (key >= MoveOrder::kLosingCapture) return PickStage::BadCaptures;
    return PickStage::Quiets;
  }

 private:
  void generate() {
    n_ = int(generate_legal(board_, moves_) - moves_);
    generated_ = true;
    if (by_encoding_) {
      sort_by_encoding();
    } else if (cfg_.generation_order == GenerationOrder::CapturesFirst) {
      // Reading A2: the generator's captures (and promotions) before its quiet moves; a stable partition, so equal
      // sort keys later still keep the generator's order within each group.
      captures_first(moves_, n_);
    }
    if (ordered_) order_.score(board_, cfg_, ply_, moves_, scores_, n_);
  }

  // By encoding, with captures and promotions first under CapturesFirst: one sort of 32-bit keys whose top bit
  // (above the 21 bits of a move) sends a quiet move after them. (Sorting by encoding and then a stable partition
  // gave the same order and cost a temporary buffer per node.)
  void sort_by_encoding() {
    static_assert(sizeof(Move) == sizeof(std::uint32_t));
    const bool captures_first = cfg_.generation_order == GenerationOrder::CapturesFirst;
    std::uint32_t keys[MaxMoves];
    for (int i = 0; i < n_; ++i) {
      const Move m = moves_[i];
      BUHO_ASSERT(m.raw() < (1u << 31));
      keys[i] = m.raw() | (captures_first && !m.is_capture() && !m.is_promotion() ? 1u << 31 : 0u);
    }
    std::sort(keys, keys + n_);
    for (int i = 0; i < n_; ++i) moves_[i] = Move::from_raw(keys[i] & ~(1u << 31));
  }

  const Board& board_;
  const SearchConfig& cfg_;
  const MoveOrder& order_;
  int ply_;
  Move* moves_;
  std::int64_t* scores_;
  Move pv_, table_;
  bool ordered_;
  bool by_encoding_;
  bool generated_ = false;
  bool quiescence_ = false;
  bool done_ = false;
  int table_stage_ = 0;      // 0: the PV move is next; 1: the hash move is next; 2: past the table moves
  int n_ = 0, i_ = 0;
  int picked_ahead_ = -1;    // the index picked a turn early (pick_ahead), -1 for none
  int last_generated_ = -1;  // the index of the last move returned when it was a generated one, else -1
};

}  // namespace buho
