#include "harness/match/published_elo.h"

#include <fmt/core.h>

#include <algorithm>

#include "harness/errors.h"
#include "harness/match/game.h"
#include "harness/match/match_stats.h"
#include "harness/match/published_elo_table.h"

namespace harness {

std::vector<PublishedComparison> compare_published_elo(const PublishedEloSpec& spec,
                                                       const std::vector<const LoadedMatch*>& matches) {
  std::vector<PublishedComparison> out;
  if (spec.empty()) return out;
  const PublishedTable rows = read_published_table(spec.file);
  std::vector<std::string> limits;
  for (const LoadedMatch* m : matches)
    if (std::find(limits.begin(), limits.end(), limit_text(m->spec.limit)) == limits.end())
      limits.push_back(limit_text(m->spec.limit));
  for (const std::string& limit : limits)
    for (const PublishedSource& s : spec.sources) {
      PublishedComparison c{limit, s.label, {}, {}};
      std::vector<double> ours, theirs;
      for (const LoadedMatch* m : matches) {
        if (limit_text(m->spec.limit) != limit) continue;
        const auto f = spec.features.find(m->spec.players[1].name);
        if (f == spec.features.end() || !f->second.count(s.label)) continue;
        const std::string& feature = f->second.at(s.label);
        const std::optional<double> elo = annotated_elo(rows, s, feature);
        if (!elo) throw UserError(fmt::format("{}: no row '{}' of {} {}", spec.file, feature, s.engine, s.version));
        PublishedRow row{m->spec.players[1].name, feature, logistic_elo(m->tally.pentanomial), *elo};
        if (row.ours.defined) {
          ours.push_back(row.ours.elo);
          theirs.push_back(row.theirs);
        }
        c.rows.push_back(std::move(row));
      }
      if (c.rows.empty()) continue;
      c.rho = spearman(ours, theirs);
      out.push_back(std::move(c));
    }
  return out;
}

}  // namespace harness
