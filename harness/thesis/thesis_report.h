// The thesis as one study of a report: what a run's report carries about the thesis, present only when the run has
// cells the thesis's tables give (its positions, or its TT sweep). A run of one's own carries none of it, and no
// thesis member is computed for it.
#pragma once

#include <optional>
#include <vector>

#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"
#include "harness/thesis/thesis_compare.h"
#include "harness/thesis/thesis_credibility.h"
#include "harness/thesis/thesis_fidelity.h"

namespace harness {

struct ThesisReport {
  std::vector<ComparisonRow> comparison;  // never empty: each cell the thesis's tables give, against them
  std::vector<Claim> own_claims;          // the run's claims on the thesis's own numbers (thesis_as_results)
  ThesisCredibility credibility = {};     // the thesis's own cells tested for editing; shown beside B.1-B.6 rows
  ThesisFidelity fidelity = {};           // how our verdicts and cells stand against the thesis's
};

// The thesis study of `rs`, whose claims evaluated on its own cells are `claims`; none when no cell of the run is one
// the thesis's tables give.
std::optional<ThesisReport> thesis_report(const ResultSet& rs, const ThesisData& thesis, const std::vector<Claim>& claims);

}  // namespace harness
