#include "harness/thesis/tree_lower_bound.h"

#include <algorithm>
#include <limits>

#include "engine/board.h"
#include "engine/movegen.h"

namespace harness {

std::uint64_t alpha_beta_lower_bound_depth3(const std::string& fen) {
  buho::Board board = buho::Board::from_fen(fen);
  std::uint64_t bound = 1;  // the root
  for (const buho::Move m : buho::MoveList(board)) {
    board.make_move(m);
    ++bound;  // the root move's child
    std::uint64_t cheapest = std::numeric_limits<std::uint64_t>::max();
    for (const buho::Move r : buho::MoveList(board)) {
      board.make_move(r);
      cheapest = std::min<std::uint64_t>(cheapest, 1 + std::uint64_t(buho::MoveList(board).size()));
      board.unmake_move(r);
    }
    if (cheapest != std::numeric_limits<std::uint64_t>::max()) bound += cheapest;  // a child with no reply ends there
    board.unmake_move(m);
  }
  return bound;
}

}  // namespace harness
