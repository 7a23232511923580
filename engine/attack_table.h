// §2.3 The thesis's attack table: 257 entries indexed by `to - from + 128`. Each entry says which kinds
// of piece can go from `from` to `to` in one move on an empty board, and (for sliders) the unit step.
// Whether the path is clear is checked separately by walking the step. Used for check detection,
// legality and by the evaluation.
#pragma once

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace buho {

// Bits of an attack-table entry. A "one step" bit is also covered by the corresponding slider bit
// because a slider can always move a single step.
enum AttackBits : std::uint8_t {
  AttackNone = 0,
  AttackOrthStep = 1 << 0,      // king, queen, rook: one orthogonal step
  AttackOrthSlide = 1 << 1,     // queen, rook: any orthogonal distance (one step included)
  AttackDiagStepWPawn = 1 << 2, // king, queen, bishop, white pawn: one diagonal step upwards
  AttackDiagStepBPawn = 1 << 3, // king, queen, bishop, black pawn: one diagonal step downwards
  AttackDiagSlide = 1 << 4,     // queen, bishop: any diagonal distance (one step included)
  AttackKnight = 1 << 5,        // knight jump
};

struct AttackTable {
  std::array<std::uint8_t, 257> kinds{};  // AttackBits for delta + 128
  std::array<std::int8_t, 257> step{};    // unit step along the delta (0 when not on a line)
};

constexpr AttackTable make_attack_table() {
  AttackTable t{};
  const int orth[4] = {1, -1, 16, -16};
  const int diag[4] = {15, 17, -15, -17};
  for (int s : orth) {
    for (int n = 1; n < 8; ++n) {
      int d = s * n + 128;
      t.kinds[d] |= AttackOrthSlide;
      if (n == 1) t.kinds[d] |= AttackOrthStep;
      t.step[d] = std::int8_t(s);
    }
  }
  for (int s : diag) {
    for (int n = 1; n < 8; ++n) {
      int d = s * n + 128;
      t.kinds[d] |= AttackDiagSlide;
      if (n == 1) t.kinds[d] |= (s > 0 ? AttackDiagStepWPawn : AttackDiagStepBPawn);
      t.step[d] = std::int8_t(s);
    }
  }
  for (int s : {14, 18, 31, 33, -14, -18, -31, -33}) t.kinds[s + 128] |= AttackKnight;
  return t;
}

inline constexpr AttackTable kAttackTable = make_attack_table();

// Which AttackBits let piece `p` move along a delta (queen and king included, pawns by colour).
constexpr std::uint8_t attack_bits_of(Piece p) {
  switch (p) {
    case WPawn: return AttackDiagStepWPawn;
    case BPawn: return AttackDiagStepBPawn;
    case WKnight: case BKnight: return AttackKnight;
    case WBishop: case BBishop: return AttackDiagSlide;
    case WRook: case BRook: return AttackOrthSlide;
    case WQueen: case BQueen: return AttackOrthSlide | AttackDiagSlide;
    case WKing: case BKing: return AttackOrthStep | AttackDiagStepWPawn | AttackDiagStepBPawn;
    default: return AttackNone;
  }
}

constexpr std::uint8_t attack_kinds(Square from, Square to) { return kAttackTable.kinds[to - from + 128]; }
constexpr int attack_step(Square from, Square to) { return kAttackTable.step[to - from + 128]; }
constexpr bool is_slider_bits(std::uint8_t bits) { return bits & (AttackOrthSlide | AttackDiagSlide); }

}  // namespace buho
