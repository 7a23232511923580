// §2.4.1 The thesis's piece values, written once. The evaluation takes them as the defaults of its
// configurable values (EvalConfig), and move ordering ranks captures by them (MVV/LVA, §4.2).
#pragma once

#include <array>

#include "engine/types.h"

namespace buho {

// Centipawns by PieceType: P 100, N 300, B 310, R 500, Q 900; the king has no material value.
inline constexpr std::array<int, PIECE_TYPE_NB> kThesisPieceValue = {0, 100, 300, 310, 500, 900, 0};

}  // namespace buho
