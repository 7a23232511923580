// Metric tt_load_ratio of the claim evaluator (claim_figure_tt_load.h): one scheme's row of the transposition-table
// study (tt_study.h) over the tables whose load lies in the figure's range — nodes ÷ the unlimited table, the gain per
// doubling, or nodes ÷ another scheme's at equal memory — as the geometric mean over positions with its 95 %
// interval, tested against the part's band. The rows are the study's own (the same figures as its tables).
#pragma once

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"

namespace harness {

ClaimPart tt_load_part(const ResultSet& rs, const ClaimPartSpec& spec);

}  // namespace harness
