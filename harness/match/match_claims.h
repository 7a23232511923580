// A match's or a series' claims (match_claim_spec.h) judged from the stored pairs by the one claim evaluator's rules
// (claim_evaluator.h): elo and nelo by their 95 % interval (the interval of the mean pair score from the pentanomial,
// mapped to Elo: match_stats.h) against the band — holds when it lies inside, does not hold when wholly outside, else
// undecided (geometric_interval.h interval_verdict); llr exact, inside its band or not. Holm's correction across the
// report's interval-tested parts stands beside each raw verdict; the section is the run reports' (claims_section.h).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/claim_spec.h"
#include "harness/match/match_report.h"
#include "harness/report/claim_evaluator.h"

namespace harness {

// Each claim's parts judged on the match they name among `matches` (a match not among them, not started, is not
// measured), with Holm's correction across them all.
std::vector<Claim> evaluate_match_claims(const std::vector<ClaimSpec>& claims, const std::vector<const LoadedMatch*>& matches);

// The "## Claims" section of a match's or series' REPORT.md (empty when no part is measured) and summary.json's
// "claims" (null then); `dir`'s notes.md gives the notes written by hand under a claim.
std::string match_claims_markdown(const std::vector<Claim>& claims, const std::filesystem::path& dir);
nlohmann::json match_claims_json(const std::vector<Claim>& claims);

}  // namespace harness
