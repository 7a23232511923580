// cells.csv as tidy data a pandas user loads without a script of their own: every committed results/*/cells.csv is
// read by pandas (tests/cells_csv_pandas.py, under Debian's python3 with python3-pandas from scripts/setup.sh),
// which checks a column per flag that differs between the versions, each typed as its flag and equal to
// experiment.json's value, depth_reached, mate_in and tt_fill. The checker is shown to fail on a doctored file.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "harness/paths.h"
#include "runner_test_util.h"

namespace tidy_csv_test {

namespace fs = std::filesystem;

// Debian's interpreter, which scripts/setup.sh installs python3-pandas for (a python3 earlier on PATH, e.g. a
// pyenv one, may not have it).
std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

std::string checker() { return (harness::project_path("tests/cells_csv_pandas.py")).string(); }

std::vector<fs::path> committed_dirs() {
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(harness::project_path("results")))
    if (fs::exists(e.path() / "cells.csv") && fs::exists(e.path() / "experiment.json")) dirs.push_back(e.path());
  return dirs;
}

TEST(TidyCsv, EveryCommittedCellsCsvLoadsInPandasWithItsFlagColumns) {
  const auto dirs = committed_dirs();
  ASSERT_FALSE(dirs.empty());
  std::string args;
  for (const auto& d : dirs) args += " '" + d.string() + "'";
  const auto r = runner_test::run_shell(python() + " " + checker() + args + " 2>&1");
  ASSERT_EQ(r.code, 0) << r.output;
  for (const auto& d : dirs) EXPECT_NE(r.output.find("ok " + d.string() + ":"), std::string::npos) << r.output;
  // The versions runs carry their switches as columns (pvs differs between A and H), the mates run its mates.
  EXPECT_NE(r.output.find("thesis-versions: 432 rows, 0 mates, flag columns: aspiration "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("pruning-cost-mates: 3360 rows, 0 mates"), std::string::npos) << r.output;
}

TEST(TidyCsv, TheCheckerFailsOnAMissingFlagColumnAndAWrongMate) {
  const fs::path source = harness::project_path("results/thesis-versions");
  runner_test::TempDir tmp;
  fs::copy_file(source / "experiment.json", tmp.path / "experiment.json");
  const std::string csv = runner_test::read_text(source / "cells.csv");
  ASSERT_NE(csv.find(",pvs,"), std::string::npos);
  std::string renamed = csv;
  renamed.replace(renamed.find(",pvs,"), 5, ",pvz,");
  runner_test::write_text(tmp.path / "cells.csv", renamed);
  auto r = runner_test::run_shell(python() + " " + checker() + " '" + tmp.path.string() + "' 2>&1");
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("flag pvs differs between versions but has no column"), std::string::npos) << r.output;

  // A score of 123 cp given a mate_in: the header's mate_in column, the first row's field under it set to 2.
  const std::size_t header_end = csv.find('\n');
  const std::string header = csv.substr(0, header_end);
  int column = 0;
  for (std::size_t at = 0; at < header.find(",mate_in,"); ++at) column += header[at] == ',';
  ++column;
  const std::size_t row_end = csv.find('\n', header_end + 1);
  std::string row = csv.substr(header_end + 1, row_end - header_end - 1);
  std::size_t start = 0;
  for (int c = 0; c < column; ++c) start = row.find(',', start) + 1;
  ASSERT_EQ(row[start], ',') << "the first row is not a mate: its mate_in is empty";
  row.insert(start, "2");
  runner_test::write_text(tmp.path / "cells.csv", header + "\n" + row + csv.substr(row_end));
  r = runner_test::run_shell(python() + " " + checker() + " '" + tmp.path.string() + "' 2>&1");
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_NE(r.output.find("mate_in set on a score that is not a mate"), std::string::npos) << r.output;
}

}  // namespace tidy_csv_test
