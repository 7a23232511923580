// An experiment's design: a base version and k factors (each a set of flag values applied to the base) that the
// config expands into versions, so that an ablation is data and not a list of hand-written versions.
//  - "factorial": every one of the 2^k combinations (Schaeffer 1989 ran every combination of his enhancements, to
//    see how they overlap); the combination of no factor is the base itself, under its own name ("A"), the others
//    are named by the base and the factors they set, in the design's factor order: "A+history", "A+history+killers".
//  - "leave_one_out": the base and the base with each factor alone ("H-lmr"): what each adds to the rest. Its
//    factors set the values that switch a heuristic off ({"lmr": false}).
// A factorial design may also count the minimal tree (Knuth & Moore 1975; engine/minimal_tree.h) at some of the
// experiment's depths ("minimal_tree": [1, 2, 3, 4]): one more version, "minimal_tree", the base with every
// factor's flags and the driver `minimal`, so that each combination's share of the reduction can be read against
// the smallest tree that proves the value as well as against the best combination. The minimal tree depends on
// what the value and the horizon's quiescence depend on (evaluation, quiescence, extensions), which no factor may
// change; the factors' ordering flags only pick among equally small proofs (the principal variation's move when
// several reach the value), and the minimal tree searches no window and prunes nothing forward, so a design whose
// base or factors prune forward is refused one (it would be no yardstick for them).
// The design is analysis, not an input of any cell: it is stored beside the resolved experiment in experiment.json
// (like the notes), so that `harness report DIR` rebuilds the effects study (harness/report/effects_study.h)
// without the config. A claim about the design is a claim as data of the config (claim_spec.h: metrics
// reduction_share, node_ratio, solved_change); the design's own "claims" list of earlier configs and stored runs is
// converted into those in one place (design_claims.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/json_fields.h"

namespace harness {

class PresetBook;

struct DesignFactor {
  std::string name;      // letters, digits and '_' (it appears in version names after '+' or '-')
  nlohmann::json flags;  // {flag: value}: what the factor sets on the base, each value different from the base's
};

struct Design {
  enum class Kind { Factorial, LeaveOneOut };
  Kind kind = Kind::Factorial;
  std::string base;                   // the base version's name
  std::vector<DesignFactor> factors;  // in the design's order (the config's keys, sorted by name)
  std::vector<int> minimal_tree_depths;  // factorial designs only: where the minimal tree is counted (none: empty)

  // A factorial runs 2^k versions, so k stays small; a leave-one-out runs k + 1, bounded only by the 32-bit
  // masks below (a modern stack of 17 heuristics is one design).
  static constexpr std::size_t kMaxFactors = 10;
  static constexpr std::size_t kMaxLeaveOneOutFactors = 31;
  static constexpr std::size_t max_factors(Kind k) { return k == Kind::Factorial ? kMaxFactors : kMaxLeaveOneOutFactors; }
  // The version that counts the minimal tree (when minimal_tree_depths is not empty).
  static constexpr const char* kMinimalTreeVersion = "minimal_tree";

  // "factorial" or "leave_one_out": the config key.
  std::string kind_text() const;
  // The combinations the design runs, as masks over `factors` (bit i: factor i set): every mask for a
  // factorial, 0 and each single bit for a leave-one-out set; 0 (the base) first.
  std::vector<std::uint32_t> combinations() const;
  // The version that runs a combination: the base's name for 0, else "base+f1+f2" (factorial) or "base-f"
  // (leave-one-out).
  std::string version_name(std::uint32_t mask) const;
  // The mask of the named factors (each must be one of the design's).
  std::uint32_t mask_of(const std::vector<std::string>& names) const;
  // "killers+history", or "none" for 0.
  std::string factors_text(std::uint32_t mask) const;

  nlohmann::json to_json() const;
  // A stored design (experiment.json's "design"); a malformed one is a UserError naming `where`.
  static Design from_json(const nlohmann::json& j, const std::string& where);
};

// The design of a config ("factorial" or "leave_one_out", at most one), validated against `book` (the base must
// resolve; every flag must exist and change the base; factors set disjoint flags); nullopt when the config has
// none. `versions` receives the versions it adds, as PresetBook version objects {"name", "extends", "description",
// "flags"} in combination order, the base first (for the base: its name alone, {"name": base}, unless the config
// lists it itself), then the minimal tree's version when the design counts it (its depths are
// Design::minimal_tree_depths); `taken` are the names the config's own versions use (no other design version may
// reuse one). Mistakes fail through `w` naming the JSON path ("$.factorial.factors.killers.killerz"). `depths` are
// the experiment's: the minimal tree's must be among them.
std::optional<Design> parse_design(const nlohmann::json& config, const json_fields::Where& w, const PresetBook& book,
                                   const std::vector<std::string>& taken, const std::vector<int>& depths,
                                   std::vector<nlohmann::json>& versions);
// The same from the design's own object `j` at the JSON path `path` (a grid's factorial design, grid.h, is read here
// too, so both forms give the same versions).
Design parse_design_object(Design::Kind kind, const nlohmann::json& j, const std::string& path, const json_fields::Where& w,
                           const PresetBook& book, const std::vector<std::string>& taken, const std::vector<int>& depths,
                           std::vector<nlohmann::json>& versions);

}  // namespace harness
