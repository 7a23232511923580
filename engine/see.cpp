// The swap algorithm (engine/see.h). Each turn the side to capture takes with its least valuable piece that attacks
// the target through the squares still occupied; the gains form a swap list which is then folded back from the end,
// each side taking the better of capturing and stopping (negamax over the list).
#include "engine/see.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/attack_table.h"

namespace buho {

namespace {

constexpr std::uint64_t bit(Square sq) { return std::uint64_t(1) << index64(sq); }

// reach[p][t]: the squares (index64 bits) from which piece `p` attacks target `t` when nothing stands between:
// the same attack_kinds test the exchange makes, as one mask per piece and target.
using ReachTable = std::array<std::array<std::uint64_t, 64>, 16>;

constexpr ReachTable make_reach_table() {
  ReachTable r{};
  for (int p = 0; p < 16; ++p)
    for (int t = 0; t < 64; ++t)
      for (int s = 0; s < 64; ++s)
        if (s != t && (attack_kinds(from_index64(s), from_index64(t)) & attack_bits_of(Piece(p))))
          r[p][t] |= std::uint64_t(1) << s;
  return r;
}

// Built when the program starts (65,536 tests: past clang's constant-evaluation step limit); never written after.
const ReachTable kReach = make_reach_table();

// The pieces of `by` whose kind of move reaches `target` from where they stand, ignoring what stands between: the
// only ones that can ever capture on it in the exchange, as pieces only leave the board there.
std::uint64_t reaching(const Board& b, Square target, Color by) {
  const int t = index64(target);
  std::uint64_t set = 0;
  for (PieceType k : {Pawn, Knight, Bishop, Rook, Queen, King}) {
    const Piece p = make_piece(by, k);
    set |= b.piece_set(p) & kReach[p][t];
  }
  return set;
}

// Those pieces in piece-list order (the order that breaks ties between attackers of equal value), with their
// worth: collected once per exchange, so each turn looks at a few pieces and not at all of them.
struct Candidates {
  std::array<Square, 16> square;
  std::array<int, 16> worth;
  int n = 0;
};

Candidates candidates_of(const Board& b, std::uint64_t reach, Color by, const PieceValues& value) {
  Candidates c;
  const int n = b.piece_count(by);
  for (int i = 0; i < n && reach; ++i) {
    const Square s = b.piece_square(by, i);
    if (!(reach & bit(s))) continue;
    reach &= ~bit(s);
    const Piece p = b.piece_at(s);
    c.square[c.n] = s;
    c.worth[c.n] = type_of(p) == King ? 1 << 20 : value[type_of(p)];
    ++c.n;
  }
  return c;
}

// The square of the least valuable of `c` that attacks `target` through `occupied` (pieces off the board in the
// exchange are no longer in `occupied`), the first in piece-list order among equals, or NoSquare.
Square least_valuable_attacker(const Board& b, Square target, const Candidates& c, std::uint64_t occupied) {
  Square best = NoSquare;
  int best_value = 0;
  for (int i = 0; i < c.n; ++i) {
    const Square s = c.square[i];
    if (!(occupied & bit(s)) || (best != NoSquare && c.worth[i] >= best_value)) continue;
    const std::uint8_t bits = attack_kinds(s, target) & attack_bits_of(b.piece_at(s));
    if (is_slider_bits(bits)) {
      const int step = attack_step(s, target);
      Square sq = s + step;
      while (sq != target && !(occupied & bit(sq))) sq += step;
      if (sq != target) continue;
    }
    best = s;
    best_value = c.worth[i];
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

  // No piece of theirs can reach the target: the first capture stands (the case of most quiet moves).
  const std::uint64_t their_reach = reaching(b, to, ~us) & occupied;
  if (!their_reach) return gain[0];
  const std::array<Candidates, COLOR_NB> candidates{
      candidates_of(b, us == White ? reaching(b, to, White) : their_reach, White, value),
      candidates_of(b, us == Black ? reaching(b, to, Black) : their_reach, Black, value)};
  Color side = ~us;
  // Each turn is a real capture: `side` takes the piece on the target (`attacker`, the last to capture) with its
  // least valuable attacker, gaining that piece less what the other side had gained so far.
  while (d < 39) {
    const Square s = least_valuable_attacker(b, to, candidates[side], occupied);
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
