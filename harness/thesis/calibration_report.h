// What `harness calibrate` writes (generated, never edited): DIR/REPORT.md (the run log, the mapping tables, one
// section per group of readings with each candidate's text, metrics, equality facts and the computed decision, and
// the chosen readings' fit against the thesis's tables) and DIR/calibration.csv (one row per candidate x metric).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "harness/thesis/calibration_run.h"

namespace harness {

inline constexpr const char* kCalibrationReport = "REPORT.md";
inline constexpr const char* kCalibrationCsv = "calibration.csv";

// Writes both files into `dir`; returns their paths.
std::vector<std::filesystem::path> write_calibration_report(const CalibrationConfig& cfg, const CalibrationResult& result,
                                                            const std::filesystem::path& dir);

}  // namespace harness
