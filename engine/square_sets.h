// Squares as 64-bit sets (bit index64(sq)) of the board's 0x88 squares: rays, and the squares each kind of piece
// reaches on an empty board.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace buho {

// Capture generation (§3.5's quiescence moves), the look from the king for checks and pins, and Board::is_attacked
// ask the board's piece sets which square each ray meets first, instead of walking the ray square by square: per
// 0x88 step, the squares from a square (excluded) to the edge, as bits of index64. Along a ray of a positive step
// index64 grows, so the first occupied square is the lowest bit of (ray & occupied); along a negative one the
// highest. The captures come out as the walk would give them, in the same order.
using SquareSet = std::uint64_t;
inline constexpr int kRaySteps[8] = {15, 17, -15, -17, 1, -1, 16, -16};
constexpr int ray_of(int step) {
  for (int i = 0; i < 8; ++i)
    if (kRaySteps[i] == step) return i;
  return -1;
}
struct RaySets {
  std::array<std::array<SquareSet, 64>, 8> ray{};
  std::array<SquareSet, 64> diagonal{}, orthogonal{}, knight{}, king{};  // every square reached on an empty board
  std::array<std::array<SquareSet, 64>, COLOR_NB> pawn{};  // the squares a pawn of that colour attacks
};
constexpr RaySets make_ray_sets() {
  RaySets t{};
  for (int i = 0; i < 64; ++i) {
    const Square from = from_index64(i);
    for (int r = 0; r < 8; ++r)
      for (Square to = from + kRaySteps[r]; on_board(to); to += kRaySteps[r]) t.ray[r][i] |= SquareSet(1) << index64(to);
    t.diagonal[i] = t.ray[0][i] | t.ray[1][i] | t.ray[2][i] | t.ray[3][i];
    t.orthogonal[i] = t.ray[4][i] | t.ray[5][i] | t.ray[6][i] | t.ray[7][i];
    for (int step : {14, 18, 31, 33, -14, -18, -31, -33})
      if (on_board(from + step)) t.knight[i] |= SquareSet(1) << index64(from + step);
    for (int step : {1, -1, 16, -16, 15, 17, -15, -17})
      if (on_board(from + step)) t.king[i] |= SquareSet(1) << index64(from + step);
    for (int step : {15, 17})
      if (on_board(from + step)) t.pawn[White][i] |= SquareSet(1) << index64(from + step);
    for (int step : {-15, -17})
      if (on_board(from + step)) t.pawn[Black][i] |= SquareSet(1) << index64(from + step);
  }
  return t;
}
inline constexpr RaySets kRaySets = make_ray_sets();

// The index in kRaySteps of each unit step (-17..17, offset by 17).
constexpr std::array<std::int8_t, 35> make_ray_index() {
  std::array<std::int8_t, 35> t{};
  for (int i = 0; i < 8; ++i) t[kRaySteps[i] + 17] = std::int8_t(i);
  return t;
}
inline constexpr auto kRayIndex = make_ray_index();
// The squares strictly between two squares on one line (index64 squares; `step` the 0x88 unit step from the first
// towards the second).
inline SquareSet squares_between(int from64, int to64, int step) {
  const int r = kRayIndex[step + 17];
  return kRaySets.ray[r][from64] & ~kRaySets.ray[r][to64] & ~(SquareSet(1) << to64);
}

// The a-file and the first rank (index64: bit 8 * rank + file); shifted, any file or rank.
inline constexpr SquareSet kFileA = 0x0101010101010101ULL;
inline constexpr SquareSet kRank1 = 0xFFULL;

}  // namespace buho
