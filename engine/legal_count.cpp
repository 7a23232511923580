#include "engine/legal_count.h"

#include <bit>
#include <cstdint>

#include "engine/king_lines.h"
#include "engine/square_sets.h"

namespace buho {

namespace {

constexpr SquareSet bit(int i) { return SquareSet(1) << i; }
constexpr SquareSet kFileH = kFileA << 7;

// The squares a slider on `s` reaches along ray R (an index of kRaySteps) with `occupied` occupied, the first
// occupied square included. A positive step's first occupied square is the lowest bit of ray & occupied, a negative
// one's the highest (square_sets.h); the ray beyond it is that square's own ray, which the XOR takes away. With
// nothing in the way the sentinel bit picks h8 (for a positive step) or a1 (negative), whose rays that way are empty.
template <int R>
inline SquareSet ray_reach(int s, SquareSet occupied) {
  const SquareSet ray = kRaySets.ray[R][s];
  if constexpr (kRaySteps[R] > 0) return ray ^ kRaySets.ray[R][std::countr_zero((ray & occupied) | bit(63))];
  else return ray ^ kRaySets.ray[R][63 - std::countl_zero((ray & occupied) | bit(0))];
}
inline SquareSet diagonal_reach(int s, SquareSet occupied) {
  return ray_reach<0>(s, occupied) | ray_reach<1>(s, occupied) | ray_reach<2>(s, occupied) | ray_reach<3>(s, occupied);
}
inline SquareSet orthogonal_reach(int s, SquareSet occupied) {
  return ray_reach<4>(s, occupied) | ray_reach<5>(s, occupied) | ray_reach<6>(s, occupied) | ray_reach<7>(s, occupied);
}

// Pawn moves counted with promotions as four moves each (queen, rook, bishop, knight: generate_legal lists four).
inline int pawn_moves(SquareSet to, SquareSet promotion_rank) {
  return std::popcount(to & ~promotion_rank) + 4 * std::popcount(to & promotion_rank);
}

// The pawns of `us` in `pawns` moved one rank forward, and captured towards file a and towards file h.
template <Color Us>
inline SquareSet forward(SquareSet pawns) { return Us == White ? pawns << 8 : pawns >> 8; }
template <Color Us>
inline SquareSet capture_west(SquareSet pawns) { return Us == White ? (pawns & ~kFileA) << 7 : (pawns & ~kFileA) >> 9; }
template <Color Us>
inline SquareSet capture_east(SquareSet pawns) { return Us == White ? (pawns & ~kFileH) << 9 : (pawns & ~kFileH) >> 7; }

template <Color Us>
int count(const Board& b) {
  constexpr Color Them = ~Us;
  const SquareSet own = b.color_set(Us), enemies = b.color_set(Them), occupied = own | enemies;
  const Square ksq = b.king_square(Us);
  const int k = index64(ksq);
  auto ours = [&](PieceType t) { return b.piece_set(make_piece(Us, t)); };
  auto theirs = [&](PieceType t) { return b.piece_set(make_piece(Them, t)); };
  const SquareSet their_diagonal = theirs(Bishop) | theirs(Queen), their_orthogonal = theirs(Rook) | theirs(Queen);

  // Checkers and pins, looked for from the king as generate_legal does (engine/king_lines.h).
  SquareSet checkers = leaper_checkers(b, Us);
  SquareSet pinned = 0;
  int pins = 0;
  int pinned_square[8];
  SquareSet pin_line[8];  // the squares a pinned piece may still reach: between king and pinner, the pinner's own
  slider_lines_from_king(
      b, Us, [&](int slider, int) { checkers |= bit(slider); },
      [&](int piece, int slider, SquareSet line, int) {
        pinned |= bit(piece);
        pinned_square[pins] = piece;
        pin_line[pins++] = line | bit(slider);
      });

  // 1. King moves: the target must not be attacked once the king has left its square.
  int n = 0;
  const SquareSet without_king = occupied & ~bit(k);
  for (SquareSet x = kRaySets.king[k] & ~own; x; x &= x - 1)
    n += !b.is_attacked(from_index64(std::countr_zero(x)), Them, without_king);
  if (checkers & (checkers - 1)) return n;  // double check: only the king may move

  // The squares a move of another piece may end on: any not our own; in check, the checker's or one between it and
  // the king (a knight's or pawn's check can only be answered by taking it).
  SquareSet target = ~own;
  if (checkers) {
    const int c = std::countr_zero(checkers);
    const int step = attack_step(ksq, from_index64(c));
    target = bit(c) | (step ? squares_between(k, c, step) : 0);
  } else {
    // 2. Castling (§2.2): the squares between king and rook empty, the two the king crosses and lands on not attacked.
    const int rights = b.castling_rights() & (Us == White ? (WhiteOO | WhiteOOO) : (BlackOO | BlackOOO));
    if ((rights & (WhiteOO | BlackOO)) && !(occupied & (bit(k + 1) | bit(k + 2))) &&
        !b.is_attacked(ksq + 1, Them, occupied) && !b.is_attacked(ksq + 2, Them, occupied))
      ++n;
    if ((rights & (WhiteOOO | BlackOOO)) && !(occupied & (bit(k - 1) | bit(k - 2) | bit(k - 3))) &&
        !b.is_attacked(ksq - 1, Them, occupied) && !b.is_attacked(ksq - 2, Them, occupied))
      ++n;
  }

  // 3. Pieces not pinned: each reaches its squares within the target. A pinned knight never moves.
  for (SquareSet x = ours(Knight) & ~pinned; x; x &= x - 1) n += std::popcount(kRaySets.knight[std::countr_zero(x)] & target);
  for (SquareSet x = (ours(Bishop) | ours(Queen)) & ~pinned; x; x &= x - 1)
    n += std::popcount(diagonal_reach(std::countr_zero(x), occupied) & target);
  for (SquareSet x = (ours(Rook) | ours(Queen)) & ~pinned; x; x &= x - 1)
    n += std::popcount(orthogonal_reach(std::countr_zero(x), occupied) & target);

  // Pawns not pinned, all at once: pushes onto empty squares (a double push from the start rank through an empty
  // square), captures onto enemy pieces.
  const SquareSet empty = ~occupied;
  constexpr SquareSet promotion_rank = Us == White ? kRank1 << 56 : kRank1;
  constexpr SquareSet third_rank = Us == White ? kRank1 << 16 : kRank1 << 40;
  const SquareSet pawns = ours(Pawn) & ~pinned;
  const SquareSet single = forward<Us>(pawns) & empty;
  n += pawn_moves(single & target, promotion_rank);
  n += std::popcount(forward<Us>(single & third_rank) & empty & target);
  n += pawn_moves(capture_west<Us>(pawns) & enemies & target, promotion_rank);
  n += pawn_moves(capture_east<Us>(pawns) & enemies & target, promotion_rank);

  // Pinned pieces, each along its pin line only.
  for (int i = 0; i < pins; ++i) {
    const int s = pinned_square[i];
    const SquareSet allowed = target & pin_line[i];
    const SquareSet from = bit(s);
    if (ours(Pawn) & from) {
      const SquareSet push = forward<Us>(from) & empty;
      n += pawn_moves(push & allowed, promotion_rank);
      n += std::popcount(forward<Us>(push & third_rank) & empty & allowed);
      n += pawn_moves((capture_west<Us>(from) | capture_east<Us>(from)) & enemies & allowed, promotion_rank);
    } else {
      const SquareSet queens = ours(Queen);
      if ((ours(Bishop) | queens) & from) n += std::popcount(diagonal_reach(s, occupied) & allowed);
      if ((ours(Rook) | queens) & from) n += std::popcount(orthogonal_reach(s, occupied) & allowed);
    }
  }

  // 4. En passant: rare, so tested in full. Both pawns leave their squares and ours lands, which can expose the king
  // along a rank (the classic horizontal pin) or a pin; the captured pawn may itself be the checker.
  if (const Square ep_sq = b.ep_square(); ep_sq != NoSquare) {
    const int ep = index64(ep_sq);
    const int captured = Us == White ? ep - 8 : ep + 8;
    for (SquareSet x = ours(Pawn) & kRaySets.pawn[Them][ep]; x; x &= x - 1) {
      const SquareSet after = (occupied ^ bit(std::countr_zero(x)) ^ bit(captured)) | bit(ep);
      const bool exposed = (theirs(Knight) & kRaySets.knight[k]) ||
                           (theirs(Pawn) & ~bit(captured) & kRaySets.pawn[Us][k]) ||
                           (diagonal_reach(k, after) & their_diagonal) || (orthogonal_reach(k, after) & their_orthogonal);
      n += !exposed;
    }
  }
  return n;
}

}  // namespace

int count_legal_moves(const Board& b) { return b.side_to_move() == White ? count<White>(b) : count<Black>(b); }

}  // namespace buho
