// A match config's claims (configs/README.md, "Claims"): the claim shape of a run config's (claim_spec.h: id, source,
// statement, published, parts of a figure and a band), each figure one match's:
//   {"metric": "elo" | "nelo" | "llr", "match": "<first>-vs-<second>-<limit>"}
// with its band under the metric's own name: {"elo": [low, high]} (null = unbounded). elo is the first player's
// logistic Elo, nelo its normalised Elo, each judged by its 95 % interval; llr the SPRT's log-likelihood ratio of the
// match, exact (only a match with an SPRT has one). A single match's figure may leave "match" out; a series' names
// one of its matches. A single match stores its claims resolved in match.json, a series in series.json, so `harness
// report DIR` judges them again from the stored pairs (match_claims.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/claim_spec.h"

namespace harness {

inline constexpr const char* kMatchEloMetric = "elo";
inline constexpr const char* kMatchNeloMetric = "nelo";
inline constexpr const char* kMatchLlrMetric = "llr";

// A match a claim may name: its name, and whether it has an SPRT (unknown: not checked, as in a series' stored claims
// whose match has not started).
struct MatchClaimTarget {
  std::string name;
  std::optional<bool> sprt;
};

// Reads `j` (a config's or a stored "claims" list, at JSON path `path` of `file`) against the matches it may name.
// Throws UserError naming the file and the JSON path (an unknown match: the valid names). `resolved` receives the
// list with every claims file read, as match.json / series.json store it.
std::vector<ClaimSpec> parse_match_claims(const nlohmann::json& j, const std::string& file, const std::string& path,
                                          const std::vector<MatchClaimTarget>& matches, nlohmann::json& resolved);

}  // namespace harness
