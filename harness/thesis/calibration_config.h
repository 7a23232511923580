// A calibration config (configs/README.md "Calibration"): which thesis table to fit, which LCT II positions
// may stand for each thesis position, and which readings of the thesis's text (each a set of flag values) to
// weigh, group by group. Read and checked in full before anything is searched: every mistake (an unknown flag,
// an unknown version, an empty pool) is a UserError naming the file and the JSON path.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/experiment_config.h"
#include "harness/experiment/presets.h"

namespace harness {

// One reading the text allows, as flag values. Its flags apply to `from_version` and every later version
// only (e.g. a PV ordering read into "D: ... variación principal" applies from D on).
struct Reading {
  std::string name;         // "Q2", "L2", ...
  nlohmann::json flags;     // {"flag": value}, checked against the flag table
  std::string from_version;
  std::string text;         // the Spanish line quoted with its seed line (docs/readings.md)
};

// How a group picks its reading: criteria in order, each breaking the previous one's ties; a tie on every
// criterion keeps the candidate listed first.
enum class Criterion {
  Equalities,  // most cells where we agree with the thesis on "X = X-1" / "X != X-1"
  Step,        // smallest median |ln(step ratio ours / step ratio thesis)| of X over X-1
  Absolute,    // smallest median |ln(ours / thesis)| over the group's versions
  // The held-out rule (docs/readings.md §13): the first candidate is the printed algorithm and stays unless another
  // is closer to the thesis's step (the group's step, fitted depths, flagged thesis cells left out) in more cells
  // than not by a sign test, and at two positions or more; held-out depths are scored beside it and never decide.
  // Alone in its rule.
  Shape,
};
const char* criterion_name(Criterion c);

struct ReadingGroup {
  std::string name;
  std::string version;                  // the version that introduces the heuristic (F null move, H LMR, ...)
  std::string step_lower, step_upper;   // the step measured: X-1 -> X unless the config says "step": [lo, hi]
  std::vector<Criterion> rule;
  std::string rule_text;                // as written ("equalities then step")
  std::string note;                     // prose for the report
  std::vector<Reading> candidates;      // today's reading first (ties keep it)
  // Held-out depths of this group ("held_out_depths"), a subset of the stage's; empty = the stage's. A group from
  // version A may leave out depth 9, whose version-A trees cost 10^9 nodes a search under every reading.
  std::vector<int> held_out_depths;
};

// Candidate positions for thesis positions, chosen by EPD id prefix.
struct PositionPool {
  std::string name;                     // "middlegame"
  std::vector<std::string> prefixes;    // "LCTII.POS."
  std::vector<int> thesis_positions;    // the thesis positions drawn from this pool
  std::vector<PositionSpec> candidates; // the EPD positions whose id starts with a prefix, in file order
};

struct CalibrationConfig {
  std::string name;
  std::string description;
  std::filesystem::path file;           // where it was read from
  std::string source_text;              // the file's bytes, stored in the output directory as given
  std::filesystem::path thesis_table;   // thesis_position,version,depth,nodes
  PresetBook presets;
  std::vector<std::string> versions;    // the ladder, in order (A..H): "X-1" is the previous entry
  std::vector<PositionSpec> epd;        // every position of the EPD file
  std::vector<Reading> base;            // readings applied before any group (and in the mapping stage)

  // Mapping stage.
  std::map<int, std::string> pinned;    // thesis position -> EPD id given by the config
  std::vector<PositionPool> pools;
  std::vector<Reading> mapping_readings;  // applied over the base while mapping
  std::vector<int> mapping_depths;
  std::uint64_t mapping_budget = 0;
  // Mapping and readings depend on each other (a quiescence reading moves every count): with rounds > 1 the
  // mapping is fitted again under the readings just chosen, and the readings again on that mapping, until the
  // mapping stops changing or the rounds run out ($.mapping_stage.rounds, 1-5, default 1).
  int mapping_rounds = 1;

  // Readings stage.
  std::vector<int> reading_depths;
  std::uint64_t reading_budget = 0;
  std::vector<ReadingGroup> groups;
  // Held-out depths ($.readings_stage.held_out): searched for the groups ruled by "shape" and reported beside the
  // fitted depths, never used to decide. Empty = none.
  std::vector<int> held_out_depths;
  std::uint64_t held_out_budget = 0;

  int version_index(const std::string& v) const;  // -1 if not in the ladder
  // The held-out depths searched and reported for group g: its own if it names them, else the stage's.
  const std::vector<int>& held_out_depths_of(const ReadingGroup& g) const;
  const PositionSpec* find_position(const std::string& id) const;
  // Whether every thesis position in `wanted` is pinned.
  bool all_pinned(const std::vector<int>& wanted) const;
};

CalibrationConfig load_calibration_config(const std::filesystem::path& file);
// The same from parsed JSON; `file` names the source in messages.
CalibrationConfig parse_calibration_config(const nlohmann::json& j, const std::string& file);

// The engine configs of `version` with `readings` applied in order (each only from its from_version on).
VersionSpec version_with_readings(const CalibrationConfig& cfg, const std::string& version,
                                  const std::vector<Reading>& readings);

}  // namespace harness
