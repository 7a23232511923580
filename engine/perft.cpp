#include "engine/perft.h"

#include "engine/movegen.h"

namespace buho {

std::uint64_t perft(Board& b, int depth, bool bulk) {
  if (depth <= 0) return 1;
  Move moves[MaxMoves];
  Move* const end = generate_legal(b, moves);
  if (bulk && depth == 1) return std::uint64_t(end - moves);
  std::uint64_t nodes = 0;
  for (Move* m = moves; m != end; ++m) {
    b.make_move(*m);
    nodes += perft(b, depth - 1, bulk);
    b.unmake_move(*m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Board& b, int depth, bool bulk) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (Move m : MoveList(b)) {
    b.make_move(m);
    out.emplace_back(m, depth <= 1 ? 1 : perft(b, depth - 1, bulk));
    b.unmake_move(m);
  }
  return out;
}

}  // namespace buho
