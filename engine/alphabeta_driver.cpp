// The thesis's driver (§3.4, §4.4, Alg. 6): alpha-beta with the full window, or with the aspiration window
// around the previous iteration's value when it applies and one re-search on the failing side. NegaScout's root
// is the same: the survey's NegaScout is called on the root with the window it is given (aspiration NegaScout
// when on); its windows live in the node search (WindowPolicy::NegaScout, search_move).
#include "engine/search_core.h"

namespace buho {

DriverIteration alphabeta_iteration(SearchCore& core, int depth, Score prev) {
  const SearchConfig& cfg = core.cfg;
  if (!(cfg.aspiration && cfg.iterative_deepening && depth > 1))
    return {core.search_root(-ScoreInfinite, ScoreInfinite, depth), 1};
  Score lo = prev - cfg.aspiration_window, hi = prev + cfg.aspiration_window;
  Score v = core.search_root(lo, hi, depth);
  if (core.stop) return {v, 1};
  if (v < hi && v > lo) return {v, 1};
  ++core.stats.aspiration_researches;
  if (v >= hi) {
    lo = v;
    hi = ScoreInfinite;
  } else {
    lo = -ScoreInfinite;
    hi = v;
  }
  v = core.search_root(lo, hi, depth);
  // The re-search has one side open; failing on its closed side again (search instability) leaves a bound.
  core.root_bound = v <= lo && lo > -ScoreInfinite ? ScoreBound::Upper
                    : v >= hi && hi < ScoreInfinite ? ScoreBound::Lower
                                                    : ScoreBound::Exact;
  return {v, 2};
}

}  // namespace buho
