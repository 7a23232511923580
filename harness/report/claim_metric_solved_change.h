// Metric `solved_change` of claims as data (claim_spec.h): what a version does to the positions solved, as the
// difference of solved proportions (version `to` minus `from`) at one depth over the positions named that have an
// EPD solution and where both versions answered, however their searches ended (depth_end.h answers: a search that
// ended on a mate or a limit still gave its move). Its 95 % interval is Tango's paired score interval
// (paired_proportions.h): the two versions are measured on the same positions, and it keeps a width when no
// position is discordant.
#pragma once

#include <string>
#include <vector>

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"

namespace harness {

// The part of a solved_change figure (its depth the one of `spec.figure.depths.list`) over the positions `ids`,
// its rule starting with `what`; tested against the band `spec.low`/`spec.high` (fractions of the positions).
ClaimPart solved_change_part(const ResultSet& rs, const std::string& what, const ClaimPartSpec& spec,
                             const std::vector<std::string>& ids);

}  // namespace harness
