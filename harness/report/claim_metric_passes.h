// The passes_median metric of a claim (claim_spec.h): the median, over the positions, of the null-window passes of
// the root in the iteration at one depth, of a driver that searches by such passes (MTD(f), MT-SSS*, MT-DUAL*).
// Plaat et al. 1996 give MTD(f)'s passes per iteration as a range (3-6), not a mean with a spread, so the figure is
// the median with its maximum beside it: an exact figure of the cells, decided without an interval (no test, no part
// in Holm's correction).
#pragma once

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"

namespace harness {

ClaimPart passes_median_part(const ResultSet& rs, const ClaimPartSpec& spec);

}  // namespace harness
