// Elo beside nodes: a series' matches joined with their first player's node saving at fixed depth, from committed
// runs of `harness run` that the series config names ("series": {..., "node_savings_from": ["results/DIR", ...]}).
// A match's players are found among a run's versions by their resolved flags (never by name: "H" in a match and
// "H" in a run built under other readings are different engines). The saving is nodes(first) ÷ nodes(second),
// the geometric mean over the positions both versions searched completely at the deepest depth where any did, with
// its 95 % Student t interval (geometric_interval.h); the reading beside each match is computed from both intervals.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/match/match_stats.h"
#include "harness/report/geometric_interval.h"

namespace harness {

struct NodeSaving {
  std::string source;                 // the results directory, as the config names it
  std::string first, second;          // the versions' names in that run
  int depth = 0;                      // the deepest depth both searched completely on some position
  GeometricInterval ratio;            // nodes(first) ÷ nodes(second) over those positions
};

// The runs named by node_savings_from, each loaded once (load_results: a directory that is not a run is a
// UserError naming it).
class NodeSavingSources {
 public:
  NodeSavingSources(const std::vector<std::string>& dirs);
  // The first run (in config order) holding a version with each player's flags; nullopt when none does.
  std::optional<NodeSaving> find(const nlohmann::json& first_flags, const nlohmann::json& second_flags) const;

 private:
  std::vector<std::pair<std::string, std::unique_ptr<ResultSet>>> runs_;
};

// From both 95 % intervals: "saves nodes, loses Elo" (ratio interval below 1, Elo interval below 0), "loses nodes,
// gains Elo" (above 1, above 0), "agree" (both intervals on the same side: fewer nodes and more Elo, or more nodes
// and less Elo), otherwise "undecided" (an interval that meets 1 or 0, or no saving measured).
std::string node_elo_reading(const std::optional<NodeSaving>& saving, const EloInterval& elo);

}  // namespace harness
