// `harness calibrate`'s stages: map each thesis position to an LCT II position, then decide each group
// of readings in config order, each group searched with the readings chosen before it, and finally measure the
// chosen readings against the whole thesis table. The searches go through SearchCache (each one once, resumable);
// the report is calibration_report.h's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/thesis/calibration_config.h"
#include "harness/thesis/fit_metrics.h"

namespace harness {

enum class CalibrationStage { Mapping, Readings, All };
// "mapping", "readings" or "all"; anything else is a UserError naming --stage.
CalibrationStage parse_stage(const std::string& text);
const char* stage_name(CalibrationStage s);

struct MappingCandidate {
  std::string id;
  int legal_moves = 0;
  std::uint64_t lower_bound_depth3 = 0;  // nodes of the minimal depth-3 tree (tree_lower_bound.h)
  bool possible = true;  // thesis A(1), B(1) >= 1 + legal moves and A(3), B(3) >= lower_bound_depth3
  AbsoluteFit fit;            // over versions x depths of the mapping stage
};

struct PositionMapping {
  int thesis_position = 0;
  std::string pool;           // empty when pinned
  bool pinned = false;
  std::string chosen;         // the EPD id; empty when no candidate is possible
  std::vector<MappingCandidate> ranked;  // possible ones first, by distance
  // The gap between the second-best and the best candidate's median |ln ratio| (in ln units: 0.69 = a factor
  // of 2 further away); NaN with fewer than two possible candidates.
  double confidence_gap = 0;
};

struct CandidateScore {
  Reading reading;
  AbsoluteFit fit;            // on the group's versions (its version and later ones)
  StepFit step;
  EqualityFacts equalities;
  // Groups ruled by "shape" (docs/readings.md §13): every step from the group's on, fitted and held-out depths.
  ShapeFit shape_fitted, shape_held_out;
  std::vector<ShapeCell> fitted_cells;
  AbsoluteFit fit_held_out;
  PairedShape against_printed;  // fitted cells, one by one, against the printed reading's
  // Closer to the thesis's steps than the printed reading in more fitted cells than not, by the sign test at
  // kOverruleAlpha, and at two positions or more: may replace the printed reading.
  bool overrules = false;
};

// The held-out rule's level for the sign test (docs/readings.md §13).
inline constexpr double kOverruleAlpha = 0.05;

struct GroupDecision {
  ReadingGroup group;
  std::vector<std::string> readings_before;  // names of the readings it was searched with
  std::vector<CandidateScore> scores;        // in config order
  std::size_t chosen = 0;
};

struct ChosenFit {
  AbsoluteFit all;                            // every version, position and depth of the readings stage
  std::map<std::string, AbsoluteFit> by_version;
  std::size_t cells_total = 0;
};

struct CalibrationResult {
  CalibrationStage stage = CalibrationStage::All;
  std::vector<PositionMapping> mapping;
  std::map<int, std::string> mapped;         // thesis position -> EPD id used by the readings stage
  std::vector<GroupDecision> groups;
  std::vector<Reading> chosen;               // base readings, then each group's choice
  std::optional<ChosenFit> summary;
  // One line per round of mapping and readings ($.mapping_stage.rounds): what it was mapped under, what it gave.
  std::vector<std::string> rounds;
  std::size_t searched = 0;                  // searches run by this invocation (0 when everything was stored)
  std::uint64_t nodes_searched = 0;
  double wall_seconds = 0;
};

struct CalibrationOptions {
  std::filesystem::path out;
  int jobs = 1;
  CalibrationStage stage = CalibrationStage::All;
  bool progress = true;
};

// Runs the stages into `options.out` (created; locked like `harness run`): DIR/cells.jsonl (the searches),
// DIR/calibration-config.json (the config as given), DIR/runs.jsonl (machine, build, engine, wall time),
// DIR/REPORT.md and DIR/calibration.csv. Bad input is a UserError before anything is searched.
CalibrationResult run_calibration(const CalibrationConfig& cfg, const CalibrationOptions& options);

}  // namespace harness
