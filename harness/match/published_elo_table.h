// The sources' annotated Elo (data/feature_elo.csv: engine, version, feature, elo_in_source_comment, source_line),
// read for published_elo_spec.h's checks and published_elo.h's comparisons.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "harness/match/published_elo_spec.h"

namespace harness {

using PublishedTable = std::vector<std::vector<std::string>>;

// The file as the config names it (relative: to the project root); a UserError naming it when unreadable.
PublishedTable read_published_table(const std::string& file);
// The source's figure for the step, when the file has it with a number.
std::optional<double> annotated_elo(const PublishedTable& rows, const PublishedSource& s, const std::string& feature);

}  // namespace harness
