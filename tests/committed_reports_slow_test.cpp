// The committed reports are what `harness report` computes from the committed cells: every verdict in
// results/*/REPORT.md comes from cells.jsonl (plus runs.jsonl and the hand-written notes.md), none is
// edited by hand. Each directory is copied to a temporary place, its report rebuilt there, and the
// files compared with the committed ones.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "harness/paths.h"
#include "harness/experiment/result_set.h"
#include "harness/report/writers.h"
#include "runner_test_util.h"

namespace committed_reports_slow_test {

namespace fs = std::filesystem;

// results/<name>/ holding cells.jsonl and `marker`: experiment.json for `harness run`'s directories,
// calibration-config.json for `harness calibrate`'s.
std::vector<fs::path> committed_dirs(const char* marker) {
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(fs::path(BUHO_SOURCE_DIR) / "results"))
    if (e.is_directory() && fs::exists(e.path() / "cells.jsonl") && fs::exists(e.path() / marker)) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}
std::vector<fs::path> committed_result_dirs() { return committed_dirs("experiment.json"); }

// "" when equal; else the first line that differs, both versions, so a failure is readable.
std::string first_difference(const std::string& rebuilt, const std::string& committed) {
  std::istringstream a(rebuilt), b(committed);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool more_a = bool(std::getline(a, la)), more_b = bool(std::getline(b, lb));
    if (!more_a && !more_b) return rebuilt == committed ? "" : "the files differ in their last newline";
    if (!more_a || !more_b || la != lb)
      return "line " + std::to_string(line) + ":\n  rebuilt:   " + (more_a ? la : "<end of file>") +
             "\n  committed: " + (more_b ? lb : "<end of file>");
  }
}

TEST(CommittedReports, AreExactlyWhatTheHarnessComputesFromTheCells) {
  const auto dirs = committed_result_dirs();
  ASSERT_FALSE(dirs.empty()) << "no results/*/cells.jsonl committed";
  for (const auto& dir : dirs) {
    SCOPED_TRACE(dir.string());
    runner_test::TempDir tmp;
    for (const char* f : {"experiment.json", "cells.jsonl", "cells.flag_sets.jsonl", "runs.jsonl", "notes.md"})
      if (fs::exists(dir / f)) fs::copy_file(dir / f, tmp / f);
    const harness::ResultSet rs = harness::load_results(tmp.path);
    harness::write_reports(rs, tmp.path, harness::load_thesis_data(harness::project_path("data/thesis")));
    for (const char* f : {"REPORT.md", "cells.csv", "thesis_comparison.csv", "summary.json"})
      EXPECT_EQ(first_difference(runner_test::read_text(tmp / f), runner_test::read_text(dir / f)), "")
          << (dir / f).string() << " is not what `harness report " << dir.string() << "` writes; rebuild it, never edit it";
  }
}

// A committed calibration is what `harness calibrate` decides from its committed searches: run again on a copy
// (its config and cells), it searches nothing and writes the same calibration.csv (every metric and decision).
// REPORT.md gains the new invocation's line in its runs table, so it is compared without that table.
TEST(CommittedReports, CalibrationsAreExactlyWhatCalibrateDecidesFromTheirCells) {
  for (const auto& dir : committed_dirs("calibration-config.json")) {
    SCOPED_TRACE(dir.string());
    runner_test::TempDir tmp;
    for (const char* f : {"calibration-config.json", "cells.jsonl", "cells.flag_sets.jsonl", "runs.jsonl"})
      if (fs::exists(dir / f)) fs::copy_file(dir / f, tmp / f);
    const std::string cmd = "cd '" + std::string(BUHO_SOURCE_DIR) + "' && '" + BUHO_HARNESS_BIN + "' calibrate '" +
                            (tmp / "calibration-config.json").string() + "' --out '" + tmp.path.string() +
                            "' --jobs 1 -q > '" + (tmp / "log").string() + "' 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << runner_test::read_text(tmp / "log");
    EXPECT_NE(runner_test::read_text(tmp / "log").find("searched 0 cells"), std::string::npos) << runner_test::read_text(tmp / "log");
    EXPECT_EQ(first_difference(runner_test::read_text(tmp / "calibration.csv"), runner_test::read_text(dir / "calibration.csv")), "")
        << (dir / "calibration.csv").string() << " is not what `harness calibrate` decides from the committed cells";
  }
}

// A committed match series (`harness match` with a "series") is what `harness report` computes from its pairs: each
// match's match.json and pairs.jsonl, the series.json and the notes.md written by hand (when there is one) are
// copied, and the series' and every match's REPORT.md, summary.json and games.pgn rebuilt there must equal the
// committed ones.
TEST(CommittedReports, MatchSeriesAreExactlyWhatTheHarnessComputesFromThePairs) {
  for (const auto& e : fs::directory_iterator(fs::path(BUHO_SOURCE_DIR) / "results")) {
    const fs::path dir = e.path();
    if (!e.is_directory() || !fs::exists(dir / "series.json")) continue;
    SCOPED_TRACE(dir.string());
    runner_test::TempDir tmp;
    fs::copy_file(dir / "series.json", tmp / "series.json");
    if (fs::exists(dir / "notes.md")) fs::copy_file(dir / "notes.md", tmp / "notes.md");
    std::vector<std::string> matches;
    for (const auto& m : fs::directory_iterator(dir))
      if (m.is_directory() && fs::exists(m.path() / "match.json")) {
        const std::string name = m.path().filename().string();
        matches.push_back(name);
        fs::create_directory(tmp / name);
        for (const char* f : {"match.json", "pairs.jsonl"}) fs::copy_file(m.path() / f, tmp / name / f);
      }
    ASSERT_FALSE(matches.empty());
    const auto r = runner_test::run_harness("report '" + tmp.path.string() + "'");
    ASSERT_EQ(r.code, 0) << r.output;
    for (const char* f : {"REPORT.md", "summary.json"})
      EXPECT_EQ(first_difference(runner_test::read_text(tmp / f), runner_test::read_text(dir / f)), "") << (dir / f).string();
    for (const auto& name : matches)
      for (const char* f : {"REPORT.md", "summary.json", "games.pgn"})
        EXPECT_EQ(first_difference(runner_test::read_text(tmp / name / f), runner_test::read_text(dir / name / f)), "")
            << (dir / name / f).string() << " is not what `harness report` writes from the pairs";
  }
}

}  // namespace committed_reports_slow_test
