// Attack questions answered with the thesis's attack table (§2.3): for each of the attacker's (at
// most 16) pieces, the table says in one look-up whether that kind of piece could reach the target
// along that difference; only then is a slider's path walked. The occupancy is a parameter so the
// same code answers "is it attacked now" and "would it be attacked after this move".
#pragma once

#include "engine/board.h"

namespace buho {

// Is `target` attacked by side `by`? `occupied(sq)` says whether a square is occupied (in the
// position being asked about); the piece standing on `ignore` (a captured piece) does not attack.
template <class Occupied>
inline bool attacked_by(const Board& b, Square target, Color by, Square ignore, Occupied occupied) {
  const int n = b.piece_count(by);
  for (int i = 0; i < n; ++i) {
    const Square s = b.piece_square(by, i);
    if (s == ignore) continue;
    const std::uint8_t bits = attack_kinds(s, target) & attack_bits_of(b.piece_at(s));
    if (!bits) continue;
    if (!is_slider_bits(bits)) return true;  // a king step, pawn capture or knight jump: no path to walk
    const int step = attack_step(s, target);
    Square sq = s + step;
    while (sq != target && !occupied(sq)) sq += step;
    if (sq == target) return true;
  }
  return false;
}

}  // namespace buho
