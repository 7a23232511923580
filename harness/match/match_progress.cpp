#include "harness/match/match_progress.h"

namespace harness {

std::vector<MatchProgressPoint> match_progress(const MatchTally& t, const MatchSpec& spec) {
  std::vector<MatchProgressPoint> out;
  Pentanomial p{};
  for (const PairRecord* pair : t.counted) {
    ++p[std::size_t(pentanomial_index(pair->first_player_half_points(0), pair->first_player_half_points(1)))];
    MatchProgressPoint point;
    point.pairs = int(out.size()) + 1;
    if (spec.sprt_enabled) point.llr = sprt_llr(p, spec.sprt);
    point.elo = logistic_elo(p);
    out.push_back(point);
  }
  return out;
}

nlohmann::json match_progress_json(const std::vector<MatchProgressPoint>& points) {
  nlohmann::json pairs = nlohmann::json::array(), elo = nlohmann::json::array(), error = nlohmann::json::array(),
                 llr = nlohmann::json::array();
  bool any_llr = false;
  for (const MatchProgressPoint& q : points) {
    pairs.push_back(q.pairs);
    elo.push_back(q.elo.defined ? nlohmann::json(q.elo.elo) : nlohmann::json(nullptr));
    error.push_back(q.elo.defined ? nlohmann::json(q.elo.error) : nlohmann::json(nullptr));
    llr.push_back(q.llr ? nlohmann::json(*q.llr) : nlohmann::json(nullptr));
    any_llr = any_llr || q.llr.has_value();
  }
  nlohmann::json j{{"pairs", pairs}, {"elo", elo}, {"elo_error95", error}};
  if (any_llr) j["llr"] = llr;
  return j;
}

}  // namespace harness
