#include "harness/match/series_node_savings.h"

#include "harness/experiment/presets.h"
#include "harness/paths.h"

namespace harness {

NodeSavingSources::NodeSavingSources(const std::vector<std::string>& dirs) {
  for (const auto& d : dirs) {
    const std::filesystem::path p(d);
    runs_.emplace_back(d, std::make_unique<ResultSet>(load_results(p.is_absolute() ? p : project_path(d))));
  }
}

std::optional<NodeSaving> NodeSavingSources::find(const nlohmann::json& first_flags, const nlohmann::json& second_flags) const {
  for (const auto& [dir, rs] : runs_) {
    const VersionSpec* first = nullptr;
    const VersionSpec* second = nullptr;
    for (const auto& v : rs->experiment.versions) {
      const nlohmann::json flags = flags_to_json(v.search, v.eval);
      if (!first && flags == first_flags) first = &v;
      if (!second && flags == second_flags) second = &v;
    }
    if (!first || !second) continue;
    // The deepest depth at which both searched some position completely (a cell stopped by a node budget holds a
    // truncated count), and the positions where they both did.
    NodeSaving s{dir, first->name, second->name, 0, {}};
    for (int d : rs->experiment.depths) {
      std::vector<double> ratios;
      for (const auto& p : rs->experiment.positions) {
        const CellRecord* a = rs->version_cell(p.id, first->name, d);
        const CellRecord* b = rs->version_cell(p.id, second->name, d);
        if (a && b && a->completed && b->completed && a->nodes() > 0 && b->nodes() > 0)
          ratios.push_back(double(a->nodes()) / double(b->nodes()));
      }
      if (!ratios.empty() && d >= s.depth) {
        s.depth = d;
        s.ratio = geometric_interval(ratios);
      }
    }
    if (s.depth == 0) continue;
    return s;
  }
  return std::nullopt;
}

std::string node_elo_reading(const std::optional<NodeSaving>& saving, const EloInterval& elo) {
  if (!saving || !saving->ratio.has_interval() || !elo.defined) return std::string(verdict_text(Verdict::undecided));
  const bool saves = saving->ratio.below_one(), costs = saving->ratio.above_one();
  const bool gains = elo.elo - elo.error > 0, loses = elo.elo + elo.error < 0;
  if (saves && loses) return "saves nodes, loses Elo";
  if (costs && gains) return "loses nodes, gains Elo";
  if ((saves && gains) || (costs && loses)) return "agree";
  return std::string(verdict_text(Verdict::undecided));
}

}  // namespace harness
