// A factorial design's own "claims" list, the form design claims had before claims were data of the config
// (configs/README.md, "Claims"), converted in this one place into top-level claim objects (claim_spec.h), so that
// configs written that way and the experiment.json files of runs stored that way ("design": {"claims": [...]}) are
// judged by the one claim evaluator:
//  - {"id", "source", "statement", "factors", "share", "band"} (kind "share", the default): metric reduction_share of
//    the combination of `factors` (its share of the reduction from the base to the best combination), band
//    {"share_pct": 100 × band};
//  - {"kind": "node_ratio", "factors", "against", "ratio", "band", "solved"}: metric node_ratio of the combination
//    `against` + `factors` to `against` (the base when empty), band {"ratio": band}; with "solved" ({"change", "of",
//    "band"}), a second part, metric solved_change of the same two versions, band {"difference_pct": 100 × band}.
// The old form decided a claim at the deepest depth where its figure had an interval; the conversion reads the
// experiment's deepest depth (on every committed run, the same depth). The published figure goes to "published".
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/design.h"
#include "harness/experiment/json_fields.h"

namespace harness {

// The claim objects of `old` (a design's "claims" list, at JSON path `path` of `w`'s file) for design `d` of an
// experiment with `depths`; a malformed claim is a UserError naming the path.
nlohmann::json design_claims_as_claims(const nlohmann::json& old, const Design& d, const std::vector<int>& depths,
                                       const json_fields::Where& w, const std::string& path);

}  // namespace harness
