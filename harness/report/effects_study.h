// The effects study of an experiment with a design (harness/experiment/design.h), computed from its cells. Per depth,
// on the positions where every version of the design finished (completed, not failed):
//  - each factor alone against the base: the node ratio (base with the factor ÷ base; for a leave-one-out set,
//    the base without the heuristic ÷ the base) as a geometric mean over positions with its 95 % interval;
//  - for a factorial design, on log nodes (a ratio when taken back out of the logarithm):
//    * each factor's main effect: the mean log nodes of the combinations that set it minus the mean of those that
//      do not (the usual 2^k effect), i.e. its node ratio averaged over every setting of the other factors;
//    * each pair's interaction: factor a's effect among the combinations that set b minus its effect among those
//      that do not (twice the usual 2^k interaction, so that it reads as a ratio of ratios): below 1, a saves more
//      once b is there (they help each other); above 1, a saves less (they overlap: Schaeffer 1989 found the
//      history heuristic and the transposition table largely do the same work);
//    * every combination's share of the achievable reduction, per position (N_base − N_combination) ÷ (N_base −
//      N_best), N_best being the nodes of the depth's best combination (the smallest geometric mean ratio to the
//      base), averaged over the positions where the best is below the base, with a 95 % Student t interval;
//    * where the design counts the minimal tree at the depth (design.h "minimal_tree") and its cell finished at a
//      position, every combination's share of the reduction to it as well, per position (N_base − N_combination) ÷
//      (N_base − N_minimal), averaged in the same way over the positions where the minimal tree is below the base:
//      how much of what could be saved at all each combination saves (1 would be a search that enters the minimal
//      tree and nothing else; an iteratively deepened search also enters its shallower iterations' trees);
//    * the best combination of each size (number of factors);
//    * each published claim of the config (design.h's DesignClaim: a share of the achievable reduction, or a node
//      ratio between two combinations as a geometric mean over positions) tested at every depth, and decided at
//      the deepest depth with an interval: "holds" only when the interval lies inside the claim's band, "does not
//      hold" when it lies wholly outside, "undecided" otherwise (or with fewer than two positions); beside a
//      node-ratio claim with a published change in positions solved (design.h SolvedClaim), the difference of
//      solved proportions over the positions with an EPD solution, with Tango's paired 95 % interval
//      (paired_proportions.h), decided against its own band in the same way at the deepest depth.
// Every figure and verdict is computed from cells.jsonl by `harness report`; the claims and their bands are the
// config's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"
#include "harness/report/paired_proportions.h"

namespace harness {

// An arithmetic mean over positions with its 95 % Student t interval (n - 1 degrees of freedom): for shares,
// which may be negative or above 1 at a position and so are no ratios.
struct MeanInterval {
  std::size_t n = 0;
  double mean = 0, low = 0, high = 0;  // low = high = mean when n < 2
  bool has_interval() const { return n >= 2; }
};
MeanInterval mean_interval(const std::vector<double>& values);

struct EffectsPair {
  std::size_t a = 0, b = 0;  // factor indices, a < b
  GeometricInterval ratio;
};

struct EffectsCombination {
  std::uint32_t mask = 0;
  std::string version;
  GeometricInterval ratio;  // ÷ the base
  MeanInterval share;       // of the achievable reduction (to the best combination)
  MeanInterval share_to_minimal;  // of the reduction to the minimal tree (n = 0: not measured here)
};

struct DesignClaimTest {
  int depth = 0;
  MeanInterval share;       // a share claim's figure
  GeometricInterval ratio;  // a node-ratio claim's figure
  double summed_ratio = 0;  // beside it: Σ nodes of the claim's combination ÷ Σ nodes of `against` (the largest tree decides)
  // Node-ratio claims, beside the ratio (Heinz 1998 put positions solved beside nodes saved): of the positions
  // measured that have an EPD solution, how many the `against` combination and the claim's combination solve.
  int solvable = 0, solved_against = 0, solved_with = 0;
  PairedDifference solved;     // the difference of solved proportions, with - against, over the `solvable` positions
  // Against the claim's SolvedClaim band, when it has one; not measured ("cannot be measured here") when no
  // position is solvable.
  Verdict solved_verdict = Verdict::not_measured;
  Verdict verdict = Verdict::undecided;
  bool has_interval() const { return share.has_interval() || ratio.has_interval(); }
};

struct EffectsAtDepth {
  int depth = 0;
  std::vector<std::string> positions;           // where every version of the design finished
  std::vector<GeometricInterval> alone;         // per factor: the factor's version ÷ the base
  // Factorial designs only (empty otherwise):
  std::vector<GeometricInterval> main_effects;  // per factor
  std::vector<EffectsPair> interactions;        // every pair a < b
  std::vector<EffectsCombination> combinations;  // every mask, in mask order
  std::uint32_t best = 0;                       // the combination with the smallest geometric mean ratio
  GeometricInterval minimal_ratio;              // the minimal tree ÷ the base (n = 0: not measured here)
  std::vector<std::uint32_t> best_of_size;      // [size] -> mask, sizes 0..k
  std::vector<DesignClaimTest> claims;           // per claim of the design
};

struct DesignClaimVerdict {
  Verdict verdict = Verdict::undecided;  // at the deepest depth with an interval; undecided when none has one
  int depth = 0;        // that depth (0: none)
  // A node-ratio claim's change in positions solved, when it has one: decided likewise at the deepest depth with
  // solvable positions (not measured, "cannot be measured here", when no depth has any).
  Verdict solved_verdict = Verdict::not_measured;
  int solved_depth = 0;
};

struct EffectsStudy {
  bool present = false;  // the experiment has a design
  Design design;
  std::vector<EffectsAtDepth> depths;
  std::vector<DesignClaimVerdict> verdicts;  // per claim of the design
};

// Holds / does not hold / undecided for a share interval against a claim's band [low, high].
Verdict share_verdict(const MeanInterval& m, double low, double high);

// A claim tested on the nodes of every combination at the positions of one depth (nodes[position][combination
// index], combinations in `masks` order): a share claim reads the combination's share (computed beforehand, in
// `at.combinations`), a node-ratio claim the ratio of `against` + `factors` to `against` per position, with the
// positions both solve (solved[position][combination index]: 1, 0, or -1 where the position has no solution) and
// their paired difference.
DesignClaimTest test_claim(const Design& d, const DesignClaim& claim, const std::vector<std::uint32_t>& masks,
                           const std::vector<std::vector<double>>& nodes, const std::vector<std::vector<int>>& solved,
                           const EffectsAtDepth& at);

// The shares of the reduction from base[p] to reference[p], (base - combination) / (base - reference), at the
// positions where the reference lies below the base (a reference of 0 is no cell: the position is left out).
MeanInterval reduction_share(const std::vector<double>& base, const std::vector<double>& combination,
                             const std::vector<double>& reference);

EffectsStudy build_effects_study(const ResultSet& rs);
std::string effects_markdown(const EffectsStudy& st);
nlohmann::json effects_json(const EffectsStudy& st);

}  // namespace harness
