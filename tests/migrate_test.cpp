// `harness migrate DIR` (harness/storage/results_format.h): a run's results directory of the older format (lines
// with an FNV-1a checksum, lines with none, experiment.json without "results_format") is rewritten into the current
// one: every line ends with its line_xxh checksum over the same text as before, experiment.json carries the format
// number, and `harness report` gives the same report. A second migration changes nothing; a directory that is not a
// run's results is refused with exit 2 and left untouched.
#include <gtest/gtest.h>

#include <filesystem>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_inputs.h"  // fnv1a_hex
#include "harness/experiment/result_set.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/results_format.h"
#include "runner_test_util.h"

namespace migrate_test {

using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
namespace fs = std::filesystem;

const char* const kConfig = R"({"name": "migrated", "positions": [{"epd": "POSITIONS", "ids": ["LCTII.FIN.01", "LCTII.POS.01"]}],
  "depths": {"from": 1, "to": 2}, "versions": ["A", "H"]})";

std::vector<std::string> lines_of(const fs::path& file) {
  std::vector<std::string> out;
  std::istringstream in(read_text(file));
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The text before a line's checksum member, `}` closing it: what every kind of line agrees on.
std::string body_of(const std::string& line) {
  const std::size_t at = line.rfind(",\"line_");
  return at == std::string::npos ? line : line.substr(0, at) + "}";
}

// `line` (a line_xxh line) as the older format wrote it: with the line_fnv checksum.
std::string with_fnv(const std::string& line) {
  const std::string body = body_of(line);
  return body.substr(0, body.size() - 1) + ",\"line_fnv\":\"" + harness::fnv1a_hex(body) + "\"}";
}

// A finished run of 8 small cells, then made a directory of the older format by text: experiment.json without
// "results_format" and "line_checksums", cells.jsonl's first three lines left with their XXH3-64 checksum, the rest
// and the flag-set file's lines with an FNV-1a checksum. Returns the directory; `current` gets the run's own lines.
fs::path old_format_dir(const TempDir& dir, std::vector<std::string>& current) {
  std::string config = kConfig;
  config.replace(config.find("POSITIONS"), 9, (fs::path(BUHO_SOURCE_DIR) / "positions/lct2.epd").string());
  write_text(dir / "config.json", config);
  const fs::path out = dir / "out";
  const auto r = run_harness("run " + (dir / "config.json").string() + " --out " + out.string() + " --quiet");
  EXPECT_EQ(r.code, 0) << r.output;
  current = lines_of(out / harness::kCellsFile);
  EXPECT_EQ(current.size(), 8u);
  std::string cells;
  for (std::size_t i = 0; i < current.size(); ++i) cells += (i < 3 ? current[i] : with_fnv(current[i])) + "\n";
  write_text(out / harness::kCellsFile, cells);
  std::string sets;
  for (const auto& line : lines_of(harness::flag_sets_file(out / harness::kCellsFile))) sets += with_fnv(line) + "\n";
  write_text(harness::flag_sets_file(out / harness::kCellsFile), sets);
  nlohmann::json exp = nlohmann::json::parse(read_text(out / harness::kExperimentFile));
  EXPECT_EQ(exp.value(harness::kResultsFormatKey, 0), harness::kResultsFormat);  // what `harness run` writes
  exp.erase(harness::kResultsFormatKey);
  exp.erase("line_checksums");
  write_text(out / harness::kExperimentFile, exp.dump(2) + "\n");
  return out;
}

TEST(Migrate, AnOlderDirectoryBecomesCurrentWithTheSameCellsAndReport) {
  TempDir dir;
  std::vector<std::string> current;
  const fs::path out = old_format_dir(dir, current);
  if (HasFailure()) return;
  const fs::path sets_file = harness::flag_sets_file(out / harness::kCellsFile);
  const std::vector<std::string> old_sets = lines_of(sets_file);
  const auto before = run_harness("report " + out.string());
  ASSERT_EQ(before.code, 0) << before.output;
  const std::string report_before = read_text(out / "REPORT.md"), csv_before = read_text(out / "cells.csv");

  const auto m = run_harness("migrate " + out.string());
  ASSERT_EQ(m.code, 0) << m.output;
  EXPECT_NE(m.output.find("cells.jsonl: 5 line(s) with an FNV-1a checksum now carry XXH3-64 (line_xxh)\n"),
            std::string::npos)
      << m.output;
  EXPECT_NE(m.output.find("cells.flag_sets.jsonl: " + std::to_string(old_sets.size()) + " line(s) with an FNV-1a"),
            std::string::npos)
      << m.output;
  EXPECT_NE(m.output.find("experiment.json: results_format 1 (was none)"), std::string::npos) << m.output;
  // Each line as the current store writes it: the run's own bytes, checksum included.
  EXPECT_EQ(lines_of(out / harness::kCellsFile), current);
  for (const auto& line : lines_of(sets_file)) EXPECT_TRUE(harness::check_line(line)) << line;
  const nlohmann::json exp = nlohmann::json::parse(read_text(out / harness::kExperimentFile));
  EXPECT_EQ(exp.value(harness::kResultsFormatKey, 0), harness::kResultsFormat);
  EXPECT_TRUE(exp.value("line_checksums", false));
  EXPECT_EQ(harness::read_cells(out / harness::kCellsFile).rows.size(), current.size());
  for (const auto& e : fs::directory_iterator(out))  // no temporary file or lock left
    EXPECT_EQ(e.path().filename().string().find("migrating"), std::string::npos) << e.path();
  EXPECT_FALSE(fs::exists(out / ".harness.lock"));

  const auto after = run_harness("report " + out.string());
  ASSERT_EQ(after.code, 0) << after.output;
  EXPECT_EQ(read_text(out / "REPORT.md"), report_before);
  EXPECT_EQ(read_text(out / "cells.csv"), csv_before);
}

TEST(Migrate, ASecondMigrationChangesNothing) {
  TempDir dir;
  std::vector<std::string> current;
  const fs::path out = old_format_dir(dir, current);
  if (HasFailure()) return;
  ASSERT_EQ(run_harness("migrate " + out.string()).code, 0);
  std::vector<std::pair<fs::path, std::string>> files;
  for (const auto& e : fs::directory_iterator(out)) files.emplace_back(e.path(), read_text(e.path()));
  const auto again = run_harness("migrate " + out.string());
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_NE(again.output.find("results_format 1 already; nothing changed"), std::string::npos) << again.output;
  EXPECT_EQ(std::size_t(std::distance(fs::directory_iterator(out), fs::directory_iterator())), files.size());
  for (const auto& [file, text] : files) EXPECT_EQ(read_text(file), text) << file;
}

TEST(Migrate, ADamagedLineIsRefusedAndNothingChanges) {
  TempDir dir;
  std::vector<std::string> current;
  const fs::path out = old_format_dir(dir, current);
  if (HasFailure()) return;
  std::string cells = read_text(out / harness::kCellsFile);
  const std::size_t at = cells.rfind("\"nodes\":");  // a line_fnv line's counter, edited
  ASSERT_NE(at, std::string::npos);
  cells.insert(at + 8, "1");
  write_text(out / harness::kCellsFile, cells);
  const std::string exp = read_text(out / harness::kExperimentFile);
  const auto m = run_harness("migrate " + out.string());
  EXPECT_EQ(m.code, 2) << m.output;
  EXPECT_NE(m.output.find("cells.jsonl:8: the line does not match its checksum"), std::string::npos) << m.output;
  EXPECT_EQ(read_text(out / harness::kCellsFile), cells);
  EXPECT_EQ(read_text(out / harness::kExperimentFile), exp);
}

// A line without a checksum (the format before checksums, whose runs are kept at tag results-history) is refused as
// a damaged one is, naming the line and where the code that reads it is kept; nothing changes.
TEST(Migrate, ALineWithoutAChecksumIsRefusedAndNothingChanges) {
  TempDir dir;
  std::vector<std::string> current;
  const fs::path out = old_format_dir(dir, current);
  if (HasFailure()) return;
  std::vector<std::string> lines = lines_of(out / harness::kCellsFile);
  lines[4] = body_of(lines[4]);
  std::string cells;
  for (const auto& line : lines) cells += line + "\n";
  write_text(out / harness::kCellsFile, cells);
  const std::string sets = read_text(harness::flag_sets_file(out / harness::kCellsFile));
  const std::string exp = read_text(out / harness::kExperimentFile);
  const auto m = run_harness("migrate " + out.string());
  EXPECT_EQ(m.code, 2) << m.output;
  EXPECT_NE(m.output.find("cells.jsonl:5: the line does not match its checksum"), std::string::npos) << m.output;
  EXPECT_NE(m.output.find("git checkout results-history"), std::string::npos) << m.output;
  EXPECT_EQ(read_text(out / harness::kCellsFile), cells);
  EXPECT_EQ(read_text(harness::flag_sets_file(out / harness::kCellsFile)), sets);
  EXPECT_EQ(read_text(out / harness::kExperimentFile), exp);
}

// A calibration's directory (`harness calibrate`: calibration-config.json and cells.jsonl, no experiment.json) has its
// lines rewritten alike: a copy of the committed results/mapping-v5, its lines carrying line_fnv, migrated reads back
// as the same cells with every line checked, and a second migration changes nothing.
TEST(Migrate, ACalibrationsLinesBecomeCurrentWithTheSameCells) {
  TempDir dir;
  const fs::path copy = dir / "mapping-v5";
  fs::copy(fs::path(BUHO_SOURCE_DIR) / "results/mapping-v5", copy, fs::copy_options::recursive);
  // Its lines in the older format whatever the committed copy's (it is migrated once, with results/).
  for (const fs::path& f : {copy / "cells.jsonl", copy / "cells.flag_sets.jsonl"}) {
    std::string text;
    for (const std::string& line : lines_of(f))
      text += (line.find("\"line_xxh\"") == std::string::npos ? line : with_fnv(line)) + "\n";
    write_text(f, text);
  }
  const std::vector<std::string> before = lines_of(copy / "cells.jsonl");
  ASSERT_FALSE(before.empty());
  const auto old_cells = harness::read_cells(copy / "cells.jsonl");
  const auto r = run_harness("migrate " + copy.string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("cells.jsonl: " + std::to_string(before.size()) + " line(s) with an FNV-1a checksum"),
            std::string::npos) << r.output;
  const std::vector<std::string> after = lines_of(copy / "cells.jsonl");
  ASSERT_EQ(after.size(), before.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    EXPECT_NE(after[i].find("\"line_xxh\""), std::string::npos) << i;
    EXPECT_EQ(body_of(after[i]), body_of(before[i])) << i;
  }
  const auto new_cells = harness::read_cells(copy / "cells.jsonl");
  ASSERT_EQ(new_cells.rows.size(), old_cells.rows.size());
  for (std::size_t i = 0; i < new_cells.rows.size(); ++i)
    EXPECT_EQ(new_cells.rows[i].to_json(), old_cells.rows[i].to_json()) << i;
  EXPECT_FALSE(fs::exists(copy / "experiment.json"));
  const auto again = run_harness("migrate " + copy.string());
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_EQ(lines_of(copy / "cells.jsonl"), after);
}

TEST(Migrate, ADirectoryThatIsNotARunsResultsIsRefusedWithExitTwo) {
  TempDir dir;
  const auto missing = run_harness("migrate " + (dir / "none").string());
  EXPECT_EQ(missing.code, 2) << missing.output;
  EXPECT_NE(missing.output.find("none: not a directory"), std::string::npos) << missing.output;
  fs::create_directories(dir / "empty");
  write_text(dir / "empty" / "notes.txt", "x");
  const auto empty = run_harness("migrate " + (dir / "empty").string());
  EXPECT_EQ(empty.code, 2) << empty.output;
  EXPECT_NE(empty.output.find("empty: not a run's or a calibration's results directory"), std::string::npos) << empty.output;
  EXPECT_EQ(read_text(dir / "empty" / "notes.txt"), "x");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "empty"), fs::directory_iterator()), 1);
  fs::create_directories(dir / "match");
  write_text(dir / "match" / "match.json", "{}");
  write_text(dir / "match" / "pairs.jsonl", "");
  const auto match = run_harness("migrate " + (dir / "match").string());
  EXPECT_EQ(match.code, 2) << match.output;
  EXPECT_NE(match.output.find("match: not a run's or a calibration's results directory (it holds a match"), std::string::npos)
      << match.output;
  // A format newer than this build's is refused by migrate as by every reader.
  fs::create_directories(dir / "newer");
  write_text(dir / "newer" / "experiment.json", R"({"results_format": 99, "experiment": {}, "engine": "e"})" "\n");
  write_text(dir / "newer" / "cells.jsonl", "");
  const auto newer = run_harness("migrate " + (dir / "newer").string());
  EXPECT_EQ(newer.code, 2) << newer.output;
  EXPECT_NE(newer.output.find("results_format 99 is newer"), std::string::npos) << newer.output;
}

}  // namespace migrate_test
