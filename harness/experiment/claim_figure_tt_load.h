// The figure of metric tt_load_ratio (configs/README.md, "Claims"): a row of the transposition-table study
// (harness/report/tt_study.h) for one scheme over the tables whose load lies in a range, as a geometric mean over
// positions with its 95 % interval. Read here; judged by harness/report/claim_metric_tt_load.h.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/json_fields.h"

namespace harness {

inline constexpr const char* kTtLoadMetric = "tt_load_ratio";

struct TtLoadFigure {
  std::string scheme;
  // What the scheme's nodes are divided by: "reference" (the unlimited table of the same position and depth),
  // "doubling" (nodes at the next larger table ÷ these, per doubling: the gain of Figure 6.3), or another scheme's
  // name (its nodes at equal memory on the same sweep, position and depth; the load is then that scheme's table's).
  std::string against = "reference";
  // The tables' loads: [load_min, load_below), either side open; or, with thesis_table, the study's load band
  // holding the load of the thesis's table of that many entries on the thesis's own tree (claim C9b).
  std::optional<double> load_min, load_below;
  std::optional<int> thesis_table;
};

// Reads `j` (a figure whose metric is kTtLoadMetric) at JSON path `path`; throws UserError naming `w` and the path.
TtLoadFigure parse_tt_load_figure(const json_fields::Where& w, const std::string& path, const nlohmann::json& j);

}  // namespace harness
