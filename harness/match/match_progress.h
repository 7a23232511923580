// A match's course, pair by pair: after each counted pair (in index order, as match_tally.h counts them), the SPRT's
// log-likelihood ratio and the first player's logistic Elo with its 95 % interval, from the pairs counted so far.
// summary.json carries it ("progress") and scripts/plot.py draws it (kind "match": LLR and Elo against pairs played).
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/match/match_config.h"
#include "harness/match/match_tally.h"

namespace harness {

struct MatchProgressPoint {
  int pairs = 0;                   // counted so far
  std::optional<double> llr;       // with an SPRT
  EloInterval elo;                 // logistic, after these pairs
};

std::vector<MatchProgressPoint> match_progress(const MatchTally& t, const MatchSpec& spec);

// {"pairs": [1, 2, ...], "elo": [...], "elo_error95": [...], "llr": [...] (with an SPRT)}: one entry per counted
// pair, null where the Elo is undefined (no variance, or a score of 0 % or 100 %).
nlohmann::json match_progress_json(const std::vector<MatchProgressPoint>& points);

}  // namespace harness
