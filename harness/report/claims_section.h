// The "## Claims" section of a report and its summary.json member, one form for every report that judges claims (a
// run's: studies.cpp ClaimsStudy; a match's and a series': harness/match/match_claims.h): each claim's verdict beside
// Holm's, its source, each part's rule, figures and verdicts, and the note written by hand under it (notes.md).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/report/claim_evaluator.h"
#include "harness/report/report_notes.h"

namespace harness {

// "## Claims\n\n" + `intro` (the report's own words on what its figures are, ending in a blank line), then the claims.
// `thesis_own`, when given, holds the same claims tested on the thesis's own tables, printed under each part.
std::string claims_section_markdown(const std::string& intro, const std::vector<Claim>& claims, const ReportNotes& notes,
                                    const std::vector<Claim>* thesis_own = nullptr);
// summary.json's "claims": each claim with its verdicts and parts (p-values to 9 decimals).
nlohmann::json claims_summary_json(const std::vector<Claim>& claims);

}  // namespace harness
