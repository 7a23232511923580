#include "harness/report/writers.h"

#include "harness/storage/output_lock.h"

#include <fmt/core.h>

namespace harness {

Report build_report(const ResultSet& rs, const ThesisData& thesis) {
  std::vector<Claim> claims = evaluate_claims(rs);
  std::optional<ThesisReport> thesis_study = thesis_report(rs, thesis, claims);
  return Report{rs, std::move(claims), std::move(thesis_study), {}, {}};
}

std::string entries_label(int entries) {
  return entries % 1024 == 0 ? fmt::format("{}K", entries / 1024) : fmt::format("{}", entries);
}

std::string bytes_label(std::uint64_t bytes) {
  if (bytes % (1u << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes % (1u << 10) == 0) return fmt::format("{} KiB", bytes >> 10);
  return fmt::format("{} B", bytes);
}

std::vector<std::filesystem::path> write_reports(const ResultSet& rs, const std::filesystem::path& dir,
                                                 const ThesisData& thesis) {
  Report report = build_report(rs, thesis);
  report.runs = read_run_records(dir);
  report.notes = read_report_notes(dir);
  std::vector<std::filesystem::path> files = {dir / kReportFile, dir / "cells.csv", dir / "summary.json"};
  const ReportFilesLock lock(dir);
  write_file_atomically(files[0], markdown_report(report));
  write_file_atomically(files[1], cells_csv(rs));
  write_file_atomically(files[2], summary_json(report));
  // thesis_comparison.csv only for a run with cells the thesis's tables give (thesis positions, or the thesis's TT
  // sweep): no header-only file beside a run of one's own, and none left over from an earlier report of the same cells.
  const auto thesis_csv = dir / "thesis_comparison.csv";
  if (!report.thesis) {
    std::error_code ec;
    std::filesystem::remove(thesis_csv, ec);
  } else {
    write_file_atomically(thesis_csv, thesis_comparison_csv(*report.thesis));
    files.push_back(thesis_csv);
  }
  return files;
}

}  // namespace harness
