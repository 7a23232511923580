// The figure of metric reduction_share (configs/README.md, "Claims"): a factorial design's combination's share of
// the reduction in nodes from the design's base to its best combination (Schaeffer 1989's "history + transposition
// table give about 99 % of the reduction") or to the minimal tree, at one depth, as the effects study computes it
// (harness/report/effects_study.h): per position (N_base − N) ÷ (N_base − N_reference) over the positions where every
// version of the design searched to the depth and the reference lies below the base, an arithmetic mean with its 95 %
// Student t interval. Banded by "share_pct" ([95, 105]: the share in % of the reduction). Read here; judged by
// harness/report/claim_metric_share.h.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/json_fields.h"

namespace harness {

struct ClaimFigure;
struct ClaimPartSpec;
struct Experiment;

inline constexpr const char* kReductionShareMetric = "reduction_share";

// What the reduction is taken to: the depth's best combination (the smallest geometric mean ratio to the base) or the
// design's minimal tree (its "minimal_tree" depths, design.h).
inline constexpr const char* kShareOfBest = "best_combination";
inline constexpr const char* kShareOfMinimalTree = "minimal_tree";

// Reads `j` (a figure whose metric is kReductionShareMetric: "to", one depth in "depths", optional "of") at JSON path
// `path` into `f` (its `to`, `depths`, `share_of`); `exp`, when given, must have a factorial design with `to` among
// its combinations. Throws UserError naming `w` and the path.
void parse_reduction_share_figure(const json_fields::Where& w, const std::string& path, const nlohmann::json& j,
                                  const Experiment* exp, ClaimFigure& f);
// Reads a reduction_share part's band {"share_pct": [low, high]} (in % of the reduction; null: unbounded) into
// `p.low`/`p.high` as fractions.
void parse_share_band(const json_fields::Where& w, const std::string& path, const nlohmann::json& b, ClaimPartSpec& p);

}  // namespace harness
