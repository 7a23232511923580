// MTD(f) as the survey prints it (§4.5), from the previous iteration's value: «mientras lowerBound < upperBound
// hacer: si g = lowerBound entonces β := g+1 sino β := g; g := AlphaBetaWithMemory(root, β-1, β, d); si g < β
// entonces upperBound := g sino lowerBound := g». AlphaBetaWithMemory is the alpha-beta node search with the
// version's table, fail-soft (the driver's row): each pass moves a bound to the value it returns, not only by
// one. The first guess is the previous iteration's value, 0 at the first iteration (Plaat's iterative-deepening
// driver starts from firstguess = 0 too); without iterative deepening it is 0.
#include "engine/search_core.h"

namespace buho {

DriverIteration mtdf_iteration(SearchCore& core, int depth, Score first_guess) {
  Score g = first_guess, lower = -ScoreInfinite, upper = ScoreInfinite;
  int passes = 0;
  while (lower < upper) {
    const Score beta = g == lower ? g + 1 : g;
    g = core.search_root(beta - 1, beta, depth);
    ++passes;
    if (core.stop) break;
    if (g < beta)
      upper = g;
    else
      lower = g;
  }
  return {g, passes};
}

}  // namespace buho
