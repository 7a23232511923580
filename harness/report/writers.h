// The writers: one per format, all reading the same rows (a ResultSet) plus the claims computed from them and,
// for a run with cells the thesis's tables give, the thesis study (harness/thesis/thesis_report.h). `write_reports` writes every file of a results directory.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "harness/experiment/result_set.h"
#include "harness/report/claim_evaluator.h"
#include "harness/report/report_notes.h"
#include "harness/thesis/thesis_report.h"
#include "harness/storage/run_log.h"

namespace harness {

struct Report {
  const ResultSet& rs;
  std::vector<Claim> claims;
  std::optional<ThesisReport> thesis;  // only for a run with cells the thesis's tables give
  std::vector<RunRecord> runs;         // DIR/runs.jsonl: where and how the cells were measured
  ReportNotes notes;                   // DIR/notes.md: written by hand, shown beside the computed verdicts
};

Report build_report(const ResultSet& rs, const ThesisData& thesis);

inline constexpr const char* kReportFile = "REPORT.md";

// writer_markdown.cpp: REPORT.md — how the numbers were measured (run log, machine, engine, bench
// signature, wall time), the node definition, the positions and why, tables shaped like the thesis's
// Appendix B (per position: versions × depths; per sweep and scheme: depths × table sizes), the
// thesis comparison as ratios, and the claims with the figures that decide them and any notes.
std::string markdown_report(const Report& report);

// writer_csv.cpp: cells.csv — tidy, one row per cell with every counter; thesis_comparison.csv.
std::string cells_csv(const ResultSet& rs);
std::string thesis_comparison_csv(const ThesisReport& thesis);

// writer_json.cpp: summary.json — totals, the tables as nested objects, comparison and claims.
std::string summary_json(const Report& report);

// "128K" for multiples of 1024, else the number.
std::string entries_label(int entries);
// A table size in bytes as a column title: "2 MiB", "64 KiB" or "1000 B".
std::string bytes_label(std::uint64_t bytes);

// Reads DIR/runs.jsonl and DIR/notes.md, then writes REPORT.md, cells.csv and summary.json into `dir`, and
// thesis_comparison.csv when the run has cells the thesis's tables give (else removes it); returns their paths.
std::vector<std::filesystem::path> write_reports(const ResultSet& rs, const std::filesystem::path& dir,
                                                 const ThesisData& thesis);

}  // namespace harness
