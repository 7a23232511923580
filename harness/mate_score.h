// A score read as a mate, the way UCI's `score mate N` reports it: N moves (not plies) to the mate, positive when
// the side to move mates, negative when it is mated. One reading shared by `harness search`, the UCI engine and
// cells.csv's mate_in column, so the three never disagree.
#pragma once

#include <optional>

#include "engine/types.h"

namespace harness {

// engine/types.h: a mate in n plies scores ScoreMate - n (mated: -(ScoreMate - n)); n plies are (n + 1) / 2 moves.
inline std::optional<int> mate_in_moves(buho::Score v) {
  if (v >= buho::ScoreMateBound) return (buho::ScoreMate - v + 1) / 2;
  if (v <= -buho::ScoreMateBound) return -((buho::ScoreMate + v + 1) / 2);
  return std::nullopt;
}

}  // namespace harness
