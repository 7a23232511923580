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
//    * the best combination of each size (number of factors).
// A published claim about a design (Schaeffer 1989's share, Plaat et al.'s or Heinz's node ratios) is a claim as data
// of the config (claim_spec.h), judged by the one claim evaluator: a share by metric reduction_share, which reads
// effects_at_depth below (claim_metric_share.h).
// Every figure is computed from cells.jsonl by `harness report`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"

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
};

struct EffectsStudy {
  bool present = false;  // the experiment has a design
  Design design;
  std::vector<EffectsAtDepth> depths;
};

// The shares of the reduction from base[p] to reference[p], (base - combination) / (base - reference), at the
// positions where the reference lies below the base (a reference of 0 is no cell: the position is left out).
MeanInterval reduction_share(const std::vector<double>& base, const std::vector<double>& combination,
                             const std::vector<double>& reference);

// The study's figures at one depth of `d` (rs's design): what build_effects_study computes at each depth.
EffectsAtDepth effects_at_depth(const ResultSet& rs, const Design& d, int depth);
EffectsStudy build_effects_study(const ResultSet& rs);
std::string effects_markdown(const EffectsStudy& st);
nlohmann::json effects_json(const EffectsStudy& st);

}  // namespace harness
