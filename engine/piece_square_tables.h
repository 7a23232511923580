// Appendix A's piece-square tables, shared by the evaluation (§2.4.1, every term) and the board, which keeps the
// sum of the non-king entries of each side up to date in make/unmake (Board::piece_square_sum): the evaluation then
// reads the sum instead of walking every piece of the board at every call.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace buho {

// --- Appendix A piece-square tables, exactly as printed: White's view, rank 8 in the first row. ---
using Printed = int[8][8];

inline constexpr Printed kPawnTable = {
    {0, 0, 0, 0, 0, 0, 0, 0},
    {5, 10, 15, 20, 20, 15, 10, 5},
    {4, 8, 12, 16, 16, 12, 8, 4},
    {3, 6, 9, 12, 12, 9, 6, 3},
    {2, 4, 6, 8, 8, 6, 4, 2},
    {1, 2, 3, -10, -10, 3, 2, 1},
    {0, 0, 0, -40, -40, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0},
};
inline constexpr Printed kKnightTable = {
    {-10, -10, -10, -10, -10, -10, -10, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 5, 10, 10, 5, 0, -10},
    {-10, 0, 5, 10, 10, 5, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, -30, -10, -10, -10, -10, -30, -10},
};
inline constexpr Printed kBishopTable = {
    {-10, -10, -10, -10, -10, -10, -10, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 5, 15, 15, 5, 0, -10},
    {-10, 0, 5, 15, 15, 5, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, -10, -20, -10, -10, -20, -10, -10},
};
inline constexpr Printed kRookTable = {
    {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6},
    {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6},
    {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6},
};
inline constexpr Printed kQueenTable = {
    {-24, -16, -12, -8, -8, -12, -16, -24},
    {-16, -8, -4, 0, 0, -4, -8, -16},
    {-12, -4, 0, 4, 4, 0, -4, -12},
    {-8, 0, 4, 8, 8, 4, 0, -8},
    {-8, 0, 4, 8, 8, 4, 0, -8},
    {-12, -4, 0, 4, 4, 0, -4, -12},
    {-16, -8, -4, 0, 0, -4, -8, -16},
    {-24, -16, -12, -8, -8, -12, -16, -24},
};
inline constexpr Printed kKingTable = {
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-40, -40, -40, -60, -60, -40, -40, -40},
    {-40, -40, -40, -60, -60, -40, -40, -40},
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-20, -20, -20, -20, -20, -20, -20, -20},
    {0, 20, 40, -20, 0, -20, 40, 20},
};
inline constexpr Printed kKingEndgameTable = {
    {0, 10, 20, 30, 30, 20, 10, 0},
    {10, 20, 30, 40, 40, 30, 20, 10},
    {20, 30, 40, 50, 50, 40, 30, 20},
    {30, 40, 50, 60, 60, 50, 40, 30},
    {30, 40, 50, 60, 60, 50, 40, 30},
    {20, 30, 40, 50, 50, 40, 30, 20},
    {10, 20, 30, 40, 40, 30, 20, 10},
    {0, 10, 20, 30, 30, 20, 10, 0},
};

// Slot 0 is the endgame king table; slots Pawn..King the printed tables above.
inline constexpr int KingEndgameSlot = 0;

// CHOICE (Black's orientation): Appendix A gives the tables "from White's view" only. Black reads
// them with the ranks mirrored (Black's square X8 uses White's X1 entry), not rotated by 180°.
// Reason: only the middlegame king table is asymmetric left-right (a1 0, b1 20, c1 40, d1 -20, e1 0,
// f1 -20, g1 40, h1 20); mirroring keeps the +40 on c8/g8 where Black's king lands after castling,
// as c1/g1 do for White. A rotation would reward f8/b8 instead. It also makes the evaluation exactly
// colour-symmetric, which the mirror test checks.
struct PieceSquareTables {
  // [colour][slot][0x88 square]
  std::array<std::array<std::array<std::int16_t, 128>, PIECE_TYPE_NB>, COLOR_NB> v{};
};

constexpr PieceSquareTables make_pst() {
  PieceSquareTables t{};
  const Printed* printed[PIECE_TYPE_NB] = {&kKingEndgameTable, &kPawnTable,  &kKnightTable,
                                           &kBishopTable,      &kRookTable,  &kQueenTable,
                                           &kKingTable};
  for (int slot = 0; slot < PIECE_TYPE_NB; ++slot)
    for (int rank = 0; rank < 8; ++rank)
      for (int file = 0; file < 8; ++file) {
        const Square sq = make_square(file, rank);
        t.v[White][slot][sq] = std::int16_t((*printed[slot])[7 - rank][file]);  // row 0 is rank 8
        t.v[Black][slot][sq] = std::int16_t((*printed[slot])[rank][file]);      // ranks mirrored
      }
  return t;
}

inline constexpr PieceSquareTables kPst = make_pst();

// The same tables indexed by the dense 0..63 square, for walking the board's piece sets.
struct PieceSquareTables64 {
  std::array<std::array<std::array<std::int16_t, 64>, PIECE_TYPE_NB>, COLOR_NB> v{};
};
constexpr PieceSquareTables64 make_pst64() {
  PieceSquareTables64 t{};
  for (int col = 0; col < COLOR_NB; ++col)
    for (int slot = 0; slot < PIECE_TYPE_NB; ++slot)
      for (int i = 0; i < 64; ++i) t.v[col][slot][i] = kPst.v[col][slot][from_index64(i)];
  return t;
}
inline constexpr PieceSquareTables64 kPst64 = make_pst64();

// For the board's running sum: the same tables indexed by piece (colour included) and dense square, the king's
// entries zero (the king's table depends on the game phase, which the evaluation decides; it reads the king
// itself).
struct PieceSquareSumTable {
  std::array<std::array<std::int16_t, 64>, PIECE_NB> v{};
};
constexpr PieceSquareSumTable make_piece_square_sum_table() {
  PieceSquareSumTable t{};
  for (int col = 0; col < COLOR_NB; ++col)
    for (int pt = Pawn; pt < King; ++pt)
      for (int i = 0; i < 64; ++i) t.v[make_piece(Color(col), PieceType(pt))][i] = kPst64.v[col][pt][i];
  return t;
}
inline constexpr PieceSquareSumTable kPieceSquareSum = make_piece_square_sum_table();

}  // namespace buho
