// The swap algorithm (engine/see.h). Each turn the side to capture takes with its least valuable piece that attacks
// the target through the squares still occupied; the gains form a swap list which is then folded back from the end,
// each side taking the better of capturing and stopping (negamax over the list).
#include "engine/see.h"

#include <algorithm>
#include <cstdint>

#include "engine/attack_table.h"

namespace buho {

namespace {

constexpr std::uint64_t bit(Square sq) { return std::uint64_t(1) << index64(sq); }

// The square of `by`'s least valuable piece that attacks `target` through `occupied` (pieces off the board in the
// exchange are no longer in `occupied`), or NoSquare.
Square least_valuable_attacker(const Board& b, Square target, Color by, std::uint64_t occupied,
                               const PieceValues& value) {
  Square best = NoSquare;
  int best_value = 0;
  const int n = b.piece_count(by);
  for (int i = 0; i < n; ++i) {
    const Square s = b.piece_square(by, i);
    if (s == target || !(occupied & bit(s))) continue;
    const Piece p = b.piece_at(s);
    const std::uint8_t bits = attack_kinds(s, target) & attack_bits_of(p);
    if (!bits) continue;
    if (is_slider_bits(bits)) {
      const int step = attack_step(s, target);
      Square sq = s + step;
      while (sq != target && !(occupied & bit(sq))) sq += step;
      if (sq != target) continue;
    }
    const int v = type_of(p) == King ? 1 << 20 : value[type_of(p)];
    if (best == NoSquare || v < best_value) {
      best = s;
      best_value = v;
    }
  }
  return best;
}

}  // namespace

int see(const Board& b, Move m, const PieceValues& value) {
  if (m.is_castle()) return 0;
  const Square from = m.from(), to = m.to();
  const Color us = b.side_to_move();
  auto worth = [&](PieceType t) { return t == King ? 1 << 20 : value[t]; };

  std::uint64_t occupied = b.occupancy();
  int gain[40];
  int d = 0;
  // The first capture: the victim (the en-passant pawn is beside the target), and a promotion's gain.
  PieceType on_target = m.is_en_passant() ? Pawn : type_of(b.piece_at(to));
  gain[0] = on_target == NoPieceType ? 0 : value[on_target];
  PieceType attacker = type_of(b.piece_at(from));
  if (m.is_promotion()) {
    gain[0] += value[m.promotion()] - value[Pawn];
    attacker = m.promotion();
  }
  if (m.is_en_passant()) occupied &= ~bit(make_square(file_of(to), rank_of(from)));
  occupied &= ~bit(from);
  occupied |= bit(to);

  Color side = ~us;
  // Each turn is a real capture: `side` takes the piece on the target (`attacker`, the last to capture) with its
  // least valuable attacker, gaining that piece less what the other side had gained so far.
  while (d < 39) {
    const Square s = least_valuable_attacker(b, to, side, occupied, value);
    if (s == NoSquare) break;
    if (attacker == King) {
      // The king captured into an attack: that capture was illegal, so the exchange ended before it.
      --d;
      break;
    }
    ++d;
    gain[d] = worth(attacker) - gain[d - 1];
    attacker = type_of(b.piece_at(s));
    occupied &= ~bit(s);
    side = ~side;
  }
  // Fold back from the end: each side takes the better of capturing and standing (negamax over the list).
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

}  // namespace buho
