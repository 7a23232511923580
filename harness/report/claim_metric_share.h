// Metric `reduction_share` of claims as data (claim_figure_share.h): a factorial design's combination's share of the
// reduction from the base to the depth's best combination, or to the minimal tree, read from the effects study's
// figures at the depth (effects_study.h effects_at_depth: the positions where every version of the design searched to
// the depth, the best combination the one with the smallest geometric mean ratio to the base). An arithmetic mean
// over positions with its 95 % Student t interval, judged strictly against the band (holds: the interval inside it;
// does not hold: wholly outside; else undecided, and with fewer than two positions).
#pragma once

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"

namespace harness {

ClaimPart reduction_share_part(const ResultSet& rs, const ClaimPartSpec& spec);

}  // namespace harness
