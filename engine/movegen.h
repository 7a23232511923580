// §2.3 Legal move generation. Pins and checks are found once from the king with the attack table,
// so every generated move is legal and no make/unmake is needed to test it.
#pragma once

#include "engine/board.h"

namespace buho {

// Writes the legal moves of `b` from `out` on and returns one past the last. `out` must have room
// for MaxMoves moves. The order is fixed by the position (piece-list order), not by move quality.
Move* generate_legal(const Board& b, Move* out);
// Legal captures (en passant included) and promotions only: the quiescence search's moves (§3.5).
Move* generate_legal_captures(const Board& b, Move* out);
int count_legal(const Board& b);

// A list of moves with room for every legal move, on the stack.
struct MoveList {
  Move moves[MaxMoves];
  Move* last = moves;
  explicit MoveList(const Board& b) : last(generate_legal(b, moves)) {}
  const Move* begin() const { return moves; }
  const Move* end() const { return last; }
  int size() const { return int(last - moves); }
};

enum class GameState { Ongoing, Checkmate, Stalemate, Repetition, FiftyMoves, InsufficientMaterial };
GameState game_state(const Board& b);

}  // namespace buho
