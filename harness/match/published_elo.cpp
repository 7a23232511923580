#include "harness/match/published_elo.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "harness/errors.h"
#include "harness/match/game.h"
#include "harness/match/match_stats.h"
#include "harness/match/match_tally.h"
#include "harness/match/published_elo_table.h"
#include "harness/report/markdown_text.h"
#include "harness/report/stable_number.h"

namespace harness {

using nlohmann::json;

namespace {


std::string against_text(const PublishedRow& r) {
  if (!r.ours.defined) return "-";
  if (r.theirs < r.ours.elo - r.ours.error) return "ours higher";
  if (r.theirs > r.ours.elo + r.ours.error) return "ours lower";
  return "inside";
}

std::string rho_text(const RankCorrelation& r) {
  if (!r.defined) return fmt::format("not defined (n = {})", r.n);
  if (!r.has_interval) return fmt::format("rho = {:+.2f} (n = {}; no interval)", r.rho, r.n);
  return fmt::format("rho = {:+.2f} [{:+.2f}, {:+.2f}] (n = {})", r.rho, r.low, r.high, r.n);
}

}  // namespace

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

std::string published_elo_markdown(const std::vector<PublishedComparison>& comparisons) {
  std::string md;
  for (const PublishedComparison& c : comparisons) {
    md += fmt::format(
        "\n## Elo at {} beside {}'s annotations\n\nOur Elo: the first player's against the version without the "
        "heuristic, from the pentanomial, with its 95 % interval. Theirs: the Elo {}'s source comments give the same "
        "step (the file and line are in the data file). Their figures were measured at a clock, in their engine "
        "with its evaluation and the rest of its stack; ours at a fixed node count, in this one. Spearman's rank "
        "correlation over the heuristics with a defined Elo, with its 95 % interval (Fisher's z, Bonett & Wright's "
        "standard error): {}. The last column compares their figure with our interval: *inside*, or ours *lower* or "
        "*higher* (their figure outside our interval); why they differ is written by hand, in notes.md.\n\n"
        "| heuristic left out | {}'s step | our Elo | theirs | theirs against our interval |\n"
        "| --- | --- | --- | ---: | --- |\n",
        c.limit, c.source, c.source, rho_text(c.rho), c.source);
    for (const PublishedRow& r : c.rows)
      md += fmt::format("| {} | {} | {} | {:+.0f} | {} |\n", table_cell(r.heuristic), table_cell(r.feature),
                        elo_text(r.ours), r.theirs, against_text(r));
  }
  return md;
}

json published_elo_summary(const std::vector<PublishedComparison>& comparisons) {
  json out = json::array();
  for (const PublishedComparison& c : comparisons) {
    json rows = json::array();
    for (const PublishedRow& r : c.rows)
      rows.push_back({{"heuristic", r.heuristic},
                      {"feature", r.feature},
                      {"elo", r.ours.defined ? json(stable_number(r.ours.elo)) : json(nullptr)},
                      {"error95", r.ours.defined ? json(stable_number(r.ours.error)) : json(nullptr)},
                      {"theirs", r.theirs}});
    json rho = {{"n", c.rho.n}, {"rho", c.rho.defined ? json(stable_number(c.rho.rho)) : json(nullptr)}};
    if (c.rho.has_interval) {
      rho["low"] = stable_number(c.rho.low);
      rho["high"] = stable_number(c.rho.high);
    }
    out.push_back({{"limit", c.limit}, {"source", c.source}, {"spearman", rho}, {"rows", rows}});
  }
  return out;
}

}  // namespace harness
