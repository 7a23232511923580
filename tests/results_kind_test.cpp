// A results directory holds one kind of results (harness/storage/results_kind.h): `harness run` or `merge` into a
// match's directory, and `harness match` (one match or a series) into a run's, are refused with exit 2 naming what the
// directory holds, every file left as it was; `report` on a directory holding two kinds refuses rather than picking.
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "harness/errors.h"
#include "harness/storage/results_kind.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace results_kind_test {

using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
namespace fs = std::filesystem;

// Every file under `dir`, by relative path, with its bytes.
std::map<std::string, std::string> contents(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = read_text(e.path());
  return out;
}

fs::path committed(const std::string& dir) { return fs::path(BUHO_SOURCE_DIR) / "results" / dir; }

TEST(ResultsKind, RunAndMatchRefuseEachOthersDirectories) {
  TempDir tmp;
  const fs::path match_dir = tmp / "match", run_dir = tmp / "run";
  fs::copy(committed("elo-ablation/B-vs-A-10000n"), match_dir, fs::copy_options::recursive);
  fs::copy(committed("thesis-tt"), run_dir, fs::copy_options::recursive);
  const auto match_before = contents(match_dir), run_before = contents(run_dir);

  const auto run = run_harness("run " + (fs::path(BUHO_SOURCE_DIR) / "configs/quick.json").string() + " --out " +
                               match_dir.string() + " -q");
  EXPECT_EQ(run.code, 2) << run.output;
  EXPECT_NE(run.output.find("error: " + match_dir.string() + ": holds a match's results (match.json, pairs.jsonl), "
                            "not a run's; harness run would overwrite"),
            std::string::npos)
      << run.output;
  const auto fresh = run_harness("run " + (fs::path(BUHO_SOURCE_DIR) / "configs/quick.json").string() + " --out " +
                                 match_dir.string() + " --fresh -q");
  EXPECT_EQ(fresh.code, 2) << fresh.output;
  const auto merge = run_harness("merge " + run_dir.string() + " --out " + match_dir.string());
  EXPECT_EQ(merge.code, 2) << merge.output;
  EXPECT_NE(merge.output.find("holds a match's results"), std::string::npos) << merge.output;
  EXPECT_EQ(contents(match_dir), match_before);

  const nlohmann::json match{{"name", "m"},
                             {"match", {{"players", {"H", "G"}}, {"openings", match_test::openings()}, {"pairs", 1}, {"nodes", 100}}}};
  write_text(tmp / "m.json", match.dump());
  const auto into_run = run_harness("match " + (tmp / "m.json").string() + " --out " + run_dir.string() + " -q");
  EXPECT_EQ(into_run.code, 2) << into_run.output;
  EXPECT_NE(into_run.output.find("error: " + run_dir.string() + ": holds a run's results (experiment.json, "
                                 "cells.jsonl), not a match's; harness match would overwrite"),
            std::string::npos)
      << into_run.output;
  // A series into a match's directory, and a series whose match directory would be a run's.
  const nlohmann::json series{{"name", "s"},
                              {"match", {{"openings", match_test::openings()}, {"pairs", 1}}},
                              {"series", {{"pairings", nlohmann::json::array({nlohmann::json::array({"H", "G"})})}, {"nodes", {100}}}}};
  write_text(tmp / "s.json", series.dump());
  const auto series_into_match = run_harness("match " + (tmp / "s.json").string() + " --out " + match_dir.string() + " -q");
  EXPECT_EQ(series_into_match.code, 2) << series_into_match.output;
  EXPECT_NE(series_into_match.output.find("holds a match's results"), std::string::npos) << series_into_match.output;
  EXPECT_EQ(contents(run_dir), run_before);
  EXPECT_EQ(contents(match_dir), match_before);
}

TEST(ResultsKind, ReportRefusesADirectoryHoldingTwoKinds) {
  TempDir tmp;
  const fs::path dir = tmp / "both";
  fs::copy(committed("elo-ablation/B-vs-A-10000n"), dir, fs::copy_options::recursive);
  fs::copy_file(committed("thesis-tt/experiment.json"), dir / "experiment.json");
  const auto before = contents(dir);
  EXPECT_THROW(harness::results_kind(dir), harness::UserError);
  EXPECT_EQ(harness::results_kind(committed("thesis-tt")), harness::ResultsKind::run);
  EXPECT_EQ(harness::results_kind(committed("elo-ablation")), harness::ResultsKind::series);
  EXPECT_EQ(harness::results_kind(tmp / "absent"), harness::ResultsKind::none);
  const auto r = run_harness("report " + dir.string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: " + dir.string() + ": holds the results of more than one kind: a run "
                          "(experiment.json) and a match (match.json, pairs.jsonl)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(contents(dir), before);
  // Each kind alone is reported as that kind.
  fs::remove(dir / "experiment.json");
  const auto m = run_harness("report " + dir.string());
  EXPECT_EQ(m.code, 0) << m.output;
  EXPECT_NE(m.output.find("verdict:"), std::string::npos) << m.output;
}

}  // namespace results_kind_test
