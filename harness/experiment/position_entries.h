// A config's "positions": entries of an EPD file (all, some by id, or one annotated) or inline FENs, each checked
// (a FEN parsed, an id looked up with the file's nearest ids named), in table order (configs/README.md).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/experiment_config.h"
#include "harness/experiment/solution.h"
#include "harness/experiment/json_fields.h"

namespace harness {

// The positions, and into `solutions` the EPD bm/am of those that have them; a mistake fails through `w` with the
// JSON path.
std::vector<PositionSpec> parse_positions(const json_fields::Where& w, const nlohmann::json& j,
                                          std::map<std::string, Solution>& solutions);

}  // namespace harness
