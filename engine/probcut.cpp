// Step 5d of the node search: ProbCut as modern engines do it (Stockfish 15.1 src/search.cpp:841, Step 11; Ethereal
// src/search.c:529, Step 10), after M. Buro's ProbCut (ICCA J. 18(2), 1995): a shallow search predicts a deep one.
// When a capture's search at depth - probcut_reduction holds above probcut_beta = beta + probcut_margin, the search
// at full depth is taken to fail high too. The conditions are probcut_applies() and probcut_tries()
// (engine/capture_rules.h); off in every thesis version.
#include "engine/capture_rules.h"
#include "engine/search_core.h"
#include "engine/see.h"

namespace buho {

// The captures (and promotions) are tried by MVV/LVA, as Stockfish's and Ethereal's capture pickers take them, each
// only when its static exchange could carry the static evaluation to probcut_beta. Each is first verified by
// quiescence with the null window [probcut_beta - 1, probcut_beta] (Stockfish: always; Ethereal: from depth 10),
// then, when that holds, searched at depth - probcut_reduction with the same window. The moves are generated into the
// node's own frame: the node has not generated its moves yet (its picker is built after this step), and the
// children use the frames above it. The sources also store the cut in the table (a lower bound at depth - 3); that
// store is left out here, so a ProbCut changes no entry the thesis's rules did not write.
std::optional<Score> SearchCore::probcut(Score beta, int depth, int ply) {
  const Score raised = probcut_beta(cfg, beta);
  const Score static_eval = evaluate();
  Move* moves = stack[ply].moves;
  std::int64_t* scores = stack[ply].scores;
  const int n = int(generate_legal_captures(board, moves) - moves);
  for (int i = 0; i < n; ++i) scores[i] = mvv_lva(board, moves[i]);
  for (int i = 0; i < n; ++i) {
    pick_best(moves, scores, i, n);
    const Move m = moves[i];
    if (!probcut_tries(raised, static_eval, [&] { return see(board, m, capture_value); })) continue;
    ++stats.probcut_tries;
    board.make_move(m);
    Score v = -quiesce(-raised, -raised + 1, ply + 1, 0);
    if (v >= raised && !stop) v = -search(-raised, -raised + 1, depth - cfg.probcut_reduction, ply + 1, false);
    board.unmake_move(m);
    if (stop) return Score(0);
    if (v >= raised) {
      ++stats.probcut_cutoffs;
      return fail_soft ? v : beta;
    }
  }
  return std::nullopt;
}

}  // namespace buho
