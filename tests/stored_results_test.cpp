// Stored results under hostile use: a second line for a cell that disagrees with the first is refused by `report`
// and by a resumed `run` as by `merge`; `report` sets a cut-off last line aside as `run` does; many `report`s at
// once on one directory never fail (each writes through a temporary file of its own, one set at a time).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/experiment/cell_inputs.h"  // fnv1a_hex
#include "harness/experiment/result_set.h"  // kCellsFile
#include "harness/storage/cell_store.h"  // with_checksum
#include "harness/storage/results_format.h"
#include "runner_test_util.h"

namespace stored_results_test {

using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
namespace fs = std::filesystem;

const char* const kConfig = R"({"name": "stored", "positions": [{"epd": "POSITIONS", "ids": ["LCTII.FIN.01", "LCTII.POS.01"]}],
  "depths": {"from": 1, "to": 2}, "versions": ["A", "H"]})";

// A finished run of 8 small cells in DIR/out.
fs::path finished_run(const TempDir& dir) {
  std::string config = kConfig;
  config.replace(config.find("POSITIONS"), 9, (fs::path(BUHO_SOURCE_DIR) / "positions/lct2.epd").string());
  write_text(dir / "config.json", config);
  const auto r = run_harness("run " + (dir / "config.json").string() + " --out " + (dir / "out").string() + " --quiet");
  EXPECT_EQ(r.code, 0) << r.output;
  return dir / "out";
}

std::vector<std::string> lines_of(const fs::path& file) {
  std::vector<std::string> out;
  std::istringstream in(read_text(file));
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(StoredResults, ASecondLineThatDisagreesIsRefusedByReportAndResume) {
  TempDir dir;
  const fs::path out = finished_run(dir);
  auto lines = lines_of(out / harness::kCellsFile);
  ASSERT_EQ(lines.size(), 8u);
  // The first cell again with another node count and a checksum of its own (with_checksum, as the harness writes
  // lines): it passes every check of its own, and disagrees with the cell's other line.
  nlohmann::json j = nlohmann::json::parse(lines[0]);
  j.erase("line_xxh");
  j["nodes"] = j["nodes"].get<std::uint64_t>() + 100;
  const std::string body = harness::with_checksum(j.dump());
  write_text(out / harness::kCellsFile, body + "\n" + read_text(out / harness::kCellsFile));
  const auto report = run_harness("report " + out.string());
  EXPECT_EQ(report.code, 2) << report.output;
  EXPECT_NE(report.output.find("is stored twice with different counters"), std::string::npos) << report.output;
  const auto resume = run_harness("run " + (dir / "config.json").string() + " --out " + out.string() + " --quiet");
  EXPECT_EQ(resume.code, 2) << resume.output;
  EXPECT_NE(resume.output.find("is stored twice with different counters"), std::string::npos) << resume.output;
  // The same line twice, alike: one cell.
  write_text(out / harness::kCellsFile, lines[0] + "\n" + read_text(out / harness::kCellsFile).substr(body.size() + 1));
  const auto alike = run_harness("report " + out.string());
  EXPECT_EQ(alike.code, 0) << alike.output;
  EXPECT_NE(alike.output.find("8 of 8 cells measured"), std::string::npos) << alike.output;
}

TEST(StoredResults, ReportSetsACutOffLastLineAside) {
  TempDir dir;
  const fs::path out = finished_run(dir);
  const auto lines = lines_of(out / harness::kCellsFile);
  std::string text;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) text += lines[i] + "\n";
  text += lines.back().substr(0, 40);  // the last cell cut off mid-write
  write_text(out / harness::kCellsFile, text);
  const auto r = run_harness("report " + out.string());
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("an incomplete last line (40 bytes"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("7 of 8 cells measured"), std::string::npos) << r.output;
  EXPECT_EQ(lines_of(out / harness::kCellsFile).size(), 7u);
  int aside = 0;
  for (const auto& e : fs::directory_iterator(out)) aside += e.path().filename().string().find("cells.jsonl.torn-") == 0;
  EXPECT_EQ(aside, 1);
  // The same command resumes: the cell runs again and the report is whole.
  const auto resume = run_harness("run " + (dir / "config.json").string() + " --out " + out.string() + " --quiet");
  EXPECT_EQ(resume.code, 0) << resume.output;
  EXPECT_EQ(lines_of(out / harness::kCellsFile).size(), 8u);
}

// Twenty reports at once, twice over: every one succeeds and no temporary file is left (the 1,000 beside a
// resuming run are scripts/stress_reports.sh's, too long for a test).
TEST(StoredResults, ConcurrentReportsAllSucceed) {
  TempDir dir;
  const fs::path out = finished_run(dir);
  const std::string expected = read_text(out / "REPORT.md");
  for (int round = 0; round < 2; ++round) {
    std::vector<pid_t> pids;
    for (int i = 0; i < 20; ++i) pids.push_back(runner_test::spawn_harness({"report", out.string()}));
    for (const pid_t pid : pids) {
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a report failed: status " << status;
    }
  }
  for (const auto& e : fs::directory_iterator(out))
    EXPECT_EQ(e.path().filename().string().find(".tmp-"), std::string::npos) << e.path();
  EXPECT_EQ(read_text(out / "REPORT.md").size(), expected.size());
}

// A cell that fails for a reason of its own (SSS*'s OPEN list past its limit) is stored as failed with the reason,
// the run goes on and ends well, the report lists it outside every table, and a resume does not repeat it.
TEST(StoredResults, ACellThatFailsIsStoredAsFailedAndTheRunGoesOn) {
  TempDir dir;
  std::string config = R"({"name": "failing", "positions": [{"epd": "POSITIONS", "ids": ["LCTII.POS.01"]}],
    "depths": {"from": 1, "to": 4}, "versions": ["A", {"name": "S", "extends": "A",
    "flags": {"driver": "sss", "sss_open_limit": 100}}]})";
  config.replace(config.find("POSITIONS"), 9, (fs::path(BUHO_SOURCE_DIR) / "positions/lct2.epd").string());
  write_text(dir / "config.json", config);
  const std::string run = "run " + (dir / "config.json").string() + " --out " + (dir / "out").string() + " --quiet";
  const auto first = run_harness(run);
  EXPECT_EQ(first.code, 0) << first.output;
  EXPECT_NE(first.output.find("failed: "), std::string::npos) << first.output;
  EXPECT_NE(first.output.find("stored as failed"), std::string::npos) << first.output;
  const std::string report = read_text(dir / "out/REPORT.md");
  EXPECT_NE(report.find("## Cells that failed"), std::string::npos);
  EXPECT_NE(report.find("| LCTII.POS.01 | S |"), std::string::npos) << report;
  const auto again = run_harness(run);
  EXPECT_EQ(again.code, 0) << again.output;
  EXPECT_NE(again.output.find("running 0 on"), std::string::npos) << again.output;
  const auto summary = run_harness("report " + (dir / "out").string());
  EXPECT_NE(summary.output.find("failed (listed in REPORT.md)"), std::string::npos) << summary.output;
}

// A cells.jsonl above its stated size (4 GiB) is refused by name before it is read (a sparse file: no disk used).
TEST(StoredResults, AnOversizedCellsFileIsRefusedBeforeReading) {
  TempDir dir;
  const fs::path out = finished_run(dir);
  fs::resize_file(out / harness::kCellsFile, (std::uintmax_t(4) << 30) + 1);
  const auto r = run_harness("report " + out.string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("above the 4096 MiB"), std::string::npos) << r.output;
}

// ^C (SIGINT) or SIGTERM during a run: it stops, keeps every finished cell and exits 130 (with a note saying how many
// and that the same command resumes: RunnerFixture.KilledAndResumedEqualsUninterrupted covers the resume).
TEST(StoredResults, AnInterruptedRunKeepsItsCellsAndResumes) {
  for (const int sig : {SIGINT, SIGTERM}) {
    TempDir dir;
    const std::string out = (dir / "out").string();
    const pid_t pid = runner_test::spawn_harness(
        {"run", (fs::path(BUHO_SOURCE_DIR) / "configs/quick.json").string(), "--out", out, "--quiet"});
    // Once some cells are stored (the run takes a minute), interrupt it.
    for (int i = 0; i < 600 && (!fs::exists(out + "/cells.jsonl") || fs::file_size(out + "/cells.jsonl") < 20000); ++i)
      ::usleep(50'000);
    ASSERT_EQ(::kill(pid, sig), 0);
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    EXPECT_EQ(WEXITSTATUS(status), 130);
    const std::size_t kept = lines_of(fs::path(out) / harness::kCellsFile).size();
    EXPECT_GT(kept, 0u);
    EXPECT_LT(kept, 360u);
    EXPECT_FALSE(fs::exists(fs::path(out) / "REPORT.md"));  // an interrupted run writes no report
    if (sig == SIGTERM) continue;  // the resume is the same for both: once is enough for the test's time
    const auto report = run_harness("report " + out);
    EXPECT_NE(report.output.find(std::to_string(kept) + " of 360 cells measured"), std::string::npos) << report.output;
  }
}

// A line whose checksum was removed is refused wherever it stands, the first line included, by the report and by a
// resume.
TEST(StoredResults, ALineStrippedOfItsChecksumIsRefusedInANewDirectory) {
  TempDir dir;
  const fs::path out = finished_run(dir);
  EXPECT_NE(read_text(out / "experiment.json").find("\"line_checksums\": true"), std::string::npos);
  auto lines = lines_of(out / harness::kCellsFile);
  nlohmann::json first = nlohmann::json::parse(lines[0]);
  first.erase("line_xxh");
  first["nodes"] = first["nodes"].get<std::uint64_t>() + 1;  // the edit the checksum would have caught
  std::string text = first.dump() + "\n";
  for (std::size_t i = 1; i < lines.size(); ++i) text += lines[i] + "\n";
  write_text(out / harness::kCellsFile, text);
  const auto report = run_harness("report " + out.string());
  EXPECT_EQ(report.code, 2) << report.output;
  EXPECT_NE(report.output.find("cells.jsonl:1: the cell line does not match its checksum"),
            std::string::npos)
      << report.output;
  const auto resume = run_harness("run " + (dir / "config.json").string() + " --out " + out.string() + " --quiet");
  EXPECT_EQ(resume.code, 2) << resume.output;
}

// Format 1 is the one format read (harness/storage/results_format.h): `harness run` writes its number; a line of the
// older format (an FNV-1a checksum, line_fnv) is refused naming the line and the tag that holds the code reading it;
// a directory of a newer format, or of none, is refused by its number. Either way exit 2, and the cells stay as they
// were.
TEST(StoredResults, OnlyTheCurrentResultsFormatIsRead) {
  TempDir dir;
  const fs::path out = finished_run(dir);
  nlohmann::json exp = nlohmann::json::parse(read_text(out / harness::kExperimentFile));
  EXPECT_EQ(exp.value(harness::kResultsFormatKey, 0), harness::kResultsFormat);
  const auto lines = lines_of(out / harness::kCellsFile);
  ASSERT_GE(lines.size(), 2u);
  const std::string body = lines[1].substr(0, lines[1].rfind(",\"line_xxh\"")) + "}";
  const std::string fnv = body.substr(0, body.size() - 1) + ",\"line_fnv\":\"" + harness::fnv1a_hex(body) + "\"}";
  const std::string older = lines[0] + "\n" + fnv + "\n";
  write_text(out / harness::kCellsFile, older);
  const auto report = run_harness("report " + out.string());
  EXPECT_EQ(report.code, 2) << report.output;
  EXPECT_NE(report.output.find("cells.jsonl:2: the cell line does not match its checksum"), std::string::npos)
      << report.output;
  EXPECT_NE(report.output.find("git checkout results-history"), std::string::npos) << report.output;
  EXPECT_EQ(read_text(out / harness::kCellsFile), older);

  write_text(out / harness::kCellsFile, lines[0] + "\n" + lines[1] + "\n");
  exp[harness::kResultsFormatKey] = 99;
  write_text(out / harness::kExperimentFile, exp.dump(2) + "\n");
  const auto newer = run_harness("report " + out.string());
  EXPECT_EQ(newer.code, 2) << newer.output;
  EXPECT_NE(newer.output.find("results_format 99 is not one this harness reads"), std::string::npos) << newer.output;
  EXPECT_EQ(read_text(out / harness::kCellsFile), lines[0] + "\n" + lines[1] + "\n");
  exp.erase(harness::kResultsFormatKey);  // a directory of the format before the number
  write_text(out / harness::kExperimentFile, exp.dump(2) + "\n");
  const auto unnumbered = run_harness("report " + out.string());
  EXPECT_EQ(unnumbered.code, 2) << unnumbered.output;
  EXPECT_NE(unnumbered.output.find("experiment.json: no results_format: it is of an older results format"),
            std::string::npos)
      << unnumbered.output;
}

// `run --from DIR` runs again the experiment DIR stored, without its config or EPD file: the same cells (identities,
// nodes, best moves) into another directory (by default out/<name>, never DIR: a committed run is not written by
// accident); into DIR itself, asked for, there is nothing left to run.
TEST(StoredResults, RunFromAStoredDirectoryRepeatsItsCellsWithoutTheConfig) {
  TempDir dir;
  const fs::path first = finished_run(dir);
  fs::remove(dir / "config.json");
  const auto again = run_harness("run --from " + first.string() + " --out " + (dir / "again").string() + " --quiet");
  ASSERT_EQ(again.code, 0) << again.output;
  const harness::ResultSet a = harness::load_results(first), b = harness::load_results(dir / "again");
  ASSERT_EQ(a.measured(), 8u);
  ASSERT_EQ(b.measured(), a.measured());
  for (const auto& r : a.records()) {
    const harness::CellRecord* again = b.find(r.identity());
    ASSERT_TRUE(again) << r.identity();
    EXPECT_EQ(again->nodes(), r.nodes());
    EXPECT_EQ(again->best_move, r.best_move);
  }
  const auto resumed = run_harness("run --from " + first.string() + " --out " + first.string() + " --quiet --no-report");
  EXPECT_EQ(resumed.code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("8 already in"), std::string::npos) << resumed.output;
  EXPECT_NE(resumed.output.find("running 0"), std::string::npos) << resumed.output;

  const auto missing = run_harness("run --from " + (dir / "nowhere").string() + " --quiet");
  EXPECT_EQ(missing.code, 2) << missing.output;
  EXPECT_NE(missing.output.find("nowhere"), std::string::npos) << missing.output;
  const auto both = run_harness("run some.json --from " + first.string());
  EXPECT_EQ(both.code, 2) << both.output;
}

}  // namespace stored_results_test
