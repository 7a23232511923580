// A claim as data (configs/README.md, "Claims"): a published statement, where it was published, and the figures that
// test it, each a metric over named cells with the band its 95 % interval must lie inside. A config carries its claims
// in a top-level "claims" list (claim objects, or paths of files holding such lists: configs/claims/); the run stores
// them resolved beside the experiment in experiment.json (analysis, not an input of any cell: like the notes and the
// design). One evaluator judges every claim (harness/report/claim_evaluator.h); no band is written in C++.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/claim_figure_share.h"
#include "harness/experiment/claim_figure_tt_load.h"
#include "harness/experiment/json_fields.h"

namespace harness {

struct Experiment;

// Which depths a figure reads: a list, every depth from `min` on, every depth below `below`, or every depth.
struct DepthSelection {
  std::vector<int> list;          // non-empty: exactly these
  std::optional<int> min;         // depths >= min
  std::optional<int> below;       // depths < below
  bool each = false;              // "each" (or {"min": 4, "each": true}): one part per depth selected
  bool accepts(int depth) const;
  std::string text() const;       // " at depth 4", " at depths >= 8", " at depths < 4", "" (every depth)
};

// One size of a TT sweep: "smallest", "largest", or an entry count.
struct SweepSize {
  std::string named;  // "smallest" or "largest"; "" = `entries`
  int entries = 0;
  std::string text() const;
};

// What a part measures. Metrics:
//  - node_ratio: nodes(version `to`) / nodes(version `from`) per position x depth pair (both cells finished), over
//    the positions named (`positions`, `phase`, `thesis_position`, "each" = one part per position, else all), and
//    the depths selected; aggregated as
//      geometric_mean   each position's ratios combined by their geometric mean, then the geometric mean over the
//                       positions with its 95 % Student t interval (geometric_interval.h); over one position, its
//                       cells are the units; one cell is an exact count;
//      largest_cell / smallest_cell   the largest / smallest change over every cell ("never costs", "does not
//                       reduce"): exact, no interval;
//      falls_with_depth the mean change per depth has a negative least-squares slope and the mean beyond the first
//                       depth is below the mean at it (no band).
//  - leaves_ratio: as node_ratio, on the leaves counted (the `leaves` counter); minimal_tree_multiple: as node_ratio,
//    the last iteration's nodes of `to` over the nodes of `from`, the minimal tree (one proof tree at the cell's depth)
//    (harness/report/claim_metric_counts.h).
//  - passes_median: the median over the positions of version `version`'s null-window passes of the root in the
//    iteration at the one depth of `depths`, banded by "value" (harness/report/claim_metric_passes.h); exact.
//  - pairs_finished: every position x depth pair of `to` and `from` finished (no band; not measured otherwise).
//  - solved_change: at one depth (a list of one, or "each"), the difference of solved proportions, `to` minus `from`,
//    over the positions named that have a solution and where both answered, with Tango's paired 95 % interval
//    (claim_metric_solved_change.h); its band is a difference in percent of the positions (`difference_pct`).
//  - best_move_disagreement: over every cell of a version with an exact reference (exact_reference.h), every depth,
//    the share whose best move differs from its reference's in `phase` ÷ that share in `against_phase`
//    (claim_metric_disagreement.h).
//  - tt_node_ratio: on one position of a TT sweep at its deepest depth, nodes of scheme `to_scheme` at size `to_size`
//    / nodes of `from_scheme` at `from_size`.
//  - tt_doubling: on one position of a TT sweep, the change in nodes from doubling the table of `scheme`, for each
//    doubling from a size in `sizes_from` (a list, or `sizes_min` on; none = every doubling), at the deepest depth
//    or on nodes summed over every depth where both cells finished (`summed`).
//  - tt_load_ratio: a row of the TT study by load (claim_figure_tt_load.h), in `tt_load`.
//  - reduction_share: a factorial design's combination `to`'s share of the reduction from the base to the best
//    combination (or to the minimal tree: `share_of`) at one depth (claim_figure_share.h).
struct ClaimFigure {
  std::string metric;
  // node_ratio, leaves_ratio, minimal_tree_multiple, pairs_finished; passes_median's `version` is `to`
  std::string to, from;
  DepthSelection depths;
  std::vector<std::string> positions;   // ids; empty with no other selection = every position
  std::string phase;                    // "middlegame" / "endgame"; "" = any
  std::string against_phase;            // best_move_disagreement: the phase of the denominator
  std::optional<int> thesis_position;   // the position standing for this thesis position
  bool each_position = false;           // "positions": "each"
  std::string aggregate = "geometric_mean";
  bool beside_all_positions = false;    // "beside": "all positions": the same figure over every position, printed
  // tt_node_ratio, tt_doubling
  std::string sweep;                    // "" = the experiment's first sweep
  std::string position;                 // "" = the sweep's first position
  std::string to_scheme, from_scheme, scheme;
  SweepSize to_size, from_size;
  std::vector<int> sizes_from;
  std::optional<int> sizes_min;
  bool summed = false;
  TtLoadFigure tt_load;                 // tt_load_ratio
  std::string share_of;                 // reduction_share: kShareOfBest or kShareOfMinimalTree
  std::string match;                    // a match config's elo, nelo, llr: the match (harness/match/match_claim_spec.h)
};

struct ClaimPartSpec {
  ClaimFigure figure;
  // The band the figure's interval must lie inside, as a ratio (nodes / nodes); an absent side is unbounded.
  // reduction_share's are shares of the reduction (`share_pct`, as fractions).
  std::optional<double> low, high;
  bool difference = false;  // low/high are differences of proportions (solved_change's `difference_pct`), not ratios
  std::string label;  // the part's words in the report; "" = made from the figure
};

struct ClaimSpec {
  std::string id;
  std::string source;     // where it was published: "thesis §6.2, Figure 6.1"
  std::string statement;  // the claim in a line
  std::string published;  // the published words, quoted
  std::vector<ClaimPartSpec> parts;
};

// Reads a config's "claims" (`j`, at JSON path `path`): a list whose items are claim objects or paths (relative to the
// project root) of files holding such lists. `exp`, when given, validates versions and positions against the config's
// experiment. Throws UserError naming `file` and the JSON path. Returns the claims and, in `resolved`, the list of
// claim objects with every file read (what experiment.json stores).
std::vector<ClaimSpec> parse_claims(const nlohmann::json& j, const std::string& file, const std::string& path,
                                    const Experiment* exp, nlohmann::json& resolved);
// The same claim shape (id, source, statement, published; "parts", or one part's figure, band and label) read with
// each part's figure and band read by `part` (its JSON path, its object): the claims of a config of another kind (a
// match's: harness/match/match_claim_spec.h), whose figures are not a run's.
using ClaimPartReader = std::function<ClaimPartSpec(const json_fields::Where&, const std::string&, const nlohmann::json&)>;
std::vector<ClaimSpec> parse_claims_with(const nlohmann::json& j, const std::string& file, const std::string& path,
                                         nlohmann::json& resolved, const ClaimPartReader& part);
// The stored form back (experiment.json "claims"), without validation against an experiment.
std::vector<ClaimSpec> claims_from_json(const nlohmann::json& resolved, const std::string& where);

}  // namespace harness
