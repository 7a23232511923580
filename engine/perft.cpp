#include "engine/perft.h"

#include "engine/legal_count.h"
#include "engine/movegen.h"

namespace buho {

std::uint64_t perft(Board& b, int depth, bool bulk) {
  if (depth <= 0) return 1;
  if (bulk && depth == 1) return std::uint64_t(count_legal_moves(b));
  Move moves[MaxMoves];
  Move* const end = generate_legal(b, moves);
  std::uint64_t nodes = 0;
  for (Move* m = moves; m != end; ++m) {
    b.make_move(*m);
    nodes += perft(b, depth - 1, bulk);
    b.unmake_move(*m);
  }
  return nodes;
}

namespace {

// perft() with a stop flag read at every node of depth >= 3 (a few thousand leaves apart at most): the plain
// perft() above stays free of it for the benchmarks.
std::uint64_t perft_stoppable(Board& b, int depth, bool bulk, const std::atomic<bool>& stop) {
  if (depth < 3) return perft(b, depth, bulk);
  if (stop.load(std::memory_order_relaxed)) return 0;
  Move moves[MaxMoves];
  Move* const end = generate_legal(b, moves);
  std::uint64_t nodes = 0;
  for (Move* m = moves; m != end; ++m) {
    b.make_move(*m);
    nodes += perft_stoppable(b, depth - 1, bulk, stop);
    b.unmake_move(*m);
  }
  return nodes;
}

}  // namespace

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Board& b, int depth, bool bulk, const std::atomic<bool>* stop) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (Move m : MoveList(b)) {
    if (stop && stop->load(std::memory_order_relaxed)) break;
    b.make_move(m);
    out.emplace_back(m, depth <= 1 ? 1 : stop ? perft_stoppable(b, depth - 1, bulk, *stop) : perft(b, depth - 1, bulk));
    b.unmake_move(m);
  }
  return out;
}

}  // namespace buho
