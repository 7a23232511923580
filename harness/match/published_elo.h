// Our Elo per heuristic against the sources' annotations, per limit and source (published_elo_spec.h says what a
// series config maps).
#pragma once

#include <string>
#include <vector>

#include "harness/match/match_report.h"
#include "harness/match/published_elo_spec.h"
#include "harness/report/rank_correlation.h"

namespace harness {

struct PublishedRow {
  std::string heuristic;  // the second player
  std::string feature;    // the source's step
  EloInterval ours;       // the first player's Elo against the second
  double theirs = 0;      // the source's annotation
};

struct PublishedComparison {
  std::string limit;   // limit_text of the matches
  std::string source;  // the source's label
  std::vector<PublishedRow> rows;  // in series order
  RankCorrelation rho;             // over the rows whose Elo is defined
};

// One comparison per limit and source, in series order; the file is read again (a UserError if it is gone).
std::vector<PublishedComparison> compare_published_elo(const PublishedEloSpec& spec,
                                                       const std::vector<const LoadedMatch*>& matches);

// REPORT.md's sections (one per limit and source) and summary.json's "published_elo".
std::string published_elo_markdown(const std::vector<PublishedComparison>& comparisons);
nlohmann::json published_elo_summary(const std::vector<PublishedComparison>& comparisons);

}  // namespace harness
