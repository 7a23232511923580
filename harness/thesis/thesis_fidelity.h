// How faithfully the measured trees reproduce the thesis's, by the measures the readings are judged by
// (docs/readings.md, "How a reading is judged"): raw counts on the fitted depths and on the held-out ones, the
// shape (each version's count over its predecessor's, ours against the thesis's, with the direction of the
// change), the effective branching factor per version, and whether each claim part's verdict on our cells is
// the verdict the same test gives on the thesis's own tables. Cells the credibility test flags
// (thesis_credibility.h) weigh nothing here; the headline figures are also given with them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"
#include "harness/thesis/thesis_compare.h"
#include "harness/thesis/thesis_credibility.h"
#include "harness/thesis/thesis_fit.h"

namespace harness {

// One step (version `to` over `from`), over the (position, depth) cells at depths >= thesis::kFirstStepDepth that
// both sides finished. A cell's factor is max(s, 1/s) for s = (ours to/from) / (thesis's to/from).
struct StepFidelity {
  std::string from, to;            // "all" for every step pooled
  int cells = 0;
  int within_2x = 0;               // cells with factor <= 2
  int direction_agree = 0;         // cells where both changes have the same sign (both 0 counts as agreeing)
  double median_factor = 0;        // NaN without cells
  int fitted_cells = 0, fitted_within_2x = 0;      // depths kFirstStepDepth..kLastFittedDepth
  int held_out_cells = 0, held_out_within_2x = 0;  // deeper
};

// Effective branching factor of a version in one phase: over the positions of that phase both sides finished at
// `from` and `to`, the geometric mean of (N(to) / N(from))^(1 / (to - from)).
struct BranchingFactor {
  std::string version, phase;
  int from = 0, to = 0;
  int positions = 0;
  double ours = 0, thesis = 0;
};

struct ClaimAgreement {
  std::string claim, rule;
  Verdict ours = Verdict::not_measured, thesis = Verdict::not_measured;
  bool agree() const { return ours == thesis; }
};

// One of the reproduction's goals with the figure measured for it.
struct FidelityGoal {
  std::string figure, goal, measured, with_flagged;  // with_flagged: the same figure counting flagged cells ("" if equal)
  bool reached = false;
};

struct ThesisFidelity {
  bool present = false;
  int flagged_left_out = 0;  // comparison cells the credibility test flags
  std::vector<ThesisFit> raw;
  std::vector<StepFidelity> steps;  // one per step, then "all"
  std::vector<BranchingFactor> branching;
  std::vector<ClaimAgreement> claims;  // the parts measured on both sides
  std::vector<FidelityGoal> goals;
};

ThesisFidelity thesis_fidelity(const ResultSet& rs, const std::vector<ComparisonRow>& comparison,
                               const std::vector<Claim>& ours, const std::vector<Claim>& thesis_claims);

std::string fidelity_markdown(const ThesisFidelity& f);
nlohmann::json fidelity_json(const ThesisFidelity& f);

}  // namespace harness
