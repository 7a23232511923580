// What forward pruning costs, the harness's side: EPD bm/am resolved from SAN, a cell scored against its position's solution (found and
// kept), the exact references (one cell per reference config, shared by every version that reduces to it), and the
// whole pipeline through the harness binary on a tiny pruning-cost config: cells.jsonl, cells.csv, REPORT.md and a
// resume that searches nothing again.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>

#include <nlohmann/json.hpp>

#include "harness/errors.h"
#include "harness/experiment/cell_enumeration.h"
#include "harness/experiment/epd_positions.h"
#include "harness/experiment/exact_reference.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/solution.h"
#include "harness/notation/san_move.h"
#include "harness/report/positions_solved.h"
#include "harness/report/pruning_cost.h"
#include "runner_test_util.h"

namespace pruning_cost_test {

using namespace harness;
using runner_test::TempDir;
namespace fs = std::filesystem;

std::string san(const std::string& fen, const std::string& text) {
  const auto m = resolve_san(buho::Board::from_fen(fen), text);
  return m ? m->uci() : "none";
}

TEST(San, ResolvesPiecesPawnsCastlesPromotionsAndDisambiguation) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(san(start, "Nf3"), "g1f3");
  EXPECT_EQ(san(start, "e4"), "e2e4");
  EXPECT_EQ(san(start, "e4!?"), "e2e4");
  EXPECT_EQ(san(start, "e2e4"), "e2e4") << "UCI form accepted";
  EXPECT_EQ(san(start, "Nf6"), "none") << "not White's move";
  EXPECT_EQ(san(start, "Ke2"), "none") << "not legal";
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O"), "e1g1");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O+"), "e1c1");
  EXPECT_EQ(san("8/4P3/8/8/8/8/8/k6K w - - 0 1", "e8=Q+"), "e7e8q");
  EXPECT_EQ(san("8/4P3/8/8/8/8/8/k6K w - - 0 1", "e8N"), "e7e8n");
  EXPECT_EQ(san("4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1", "exd3"), "e2d3");
  // Two rooks reach a3: the rank says which.
  const std::string rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
  EXPECT_EQ(san(rooks, "Ra3"), "none") << "ambiguous";
  EXPECT_EQ(san(rooks, "R1a3"), "a1a3");
  EXPECT_EQ(san(rooks, "R5a3"), "a5a3");
  EXPECT_EQ(san(rooks, "R2a3"), "none") << "no rook on the second rank";
  // Only one can: no hint needed.
  EXPECT_EQ(san("4k3/8/8/8/8/8/R7/R3K3 w - - 0 1", "Ra3"), "a2a3");
}

TEST(Epd, LctTwoBestMovesAreReadAsUciMoves) {
  const EpdFile f = load_epd("test", "positions/lct2.epd");
  ASSERT_EQ(f.records.size(), 35u);
  EXPECT_EQ(f.records[0].id, "LCTII.POS.01");
  EXPECT_EQ(f.solutions.at("LCTII.POS.01").bm, std::vector<std::string>{"d5d6"});
  EXPECT_TRUE(f.solutions.at("LCTII.POS.01").am.empty());
  for (const auto& r : f.records) EXPECT_FALSE(f.solutions.at(r.id).bm.empty()) << r.id;
}

TEST(Epd, AnIllegalBestMoveIsAnErrorNamingFileLineAndMove) {
  TempDir tmp;
  runner_test::write_text(tmp / "suite.epd",
                          "4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"ok\";\n"
                          "4k3/8/8/8/8/8/8/4K2R w K - am Rh8+; bm Qd4; id \"bad\";\n");
  try {
    load_epd("cfg.json: $.positions[0].epd", (tmp / "suite.epd").string());
    FAIL() << "no error";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("suite.epd"), std::string::npos) << what;
    EXPECT_NE(what.find("line 2"), std::string::npos) << what;
    EXPECT_NE(what.find("'Qd4'"), std::string::npos) << what;
  }
  runner_test::write_text(tmp / "good.epd", "4k3/8/8/8/8/8/8/4K2R w K - am Rh8+; bm O-O Kf1; id \"ok\";\n");
  const EpdFile f = load_epd("x", (tmp / "good.epd").string());
  EXPECT_EQ(f.solutions.at("ok").bm, (std::vector<std::string>{"e1g1", "e1f1"}));
  EXPECT_EQ(f.solutions.at("ok").am, std::vector<std::string>{"h1h8"});
}

TEST(Solution, FoundAndKeptIsTheFirstIterationFromWhichEveryOneSolves) {
  const Solution bm{{"d5d6"}, {}};
  const std::vector<IterationBest> its = {
      {1, "d5d6", 10, 0.1}, {2, "a1a2", 30, 0.2}, {3, "d5d6", 90, 0.3}, {4, "d5d6", 300, 0.9}};
  SolveResult r = score_solution(bm, its, "d5d6");
  EXPECT_TRUE(r.solved);
  ASSERT_TRUE(r.found_depth);
  EXPECT_EQ(*r.found_depth, 3) << "depth 1 found it but depth 2 lost it";
  EXPECT_EQ(*r.found_nodes, 90u);
  EXPECT_DOUBLE_EQ(*r.found_seconds, 0.3);
  r = score_solution(bm, its, "a1a2");
  EXPECT_FALSE(r.solved);
  EXPECT_FALSE(r.found_depth);
  // `am`: any move but the one to avoid solves.
  const Solution am{{}, {"a1a2"}};
  EXPECT_TRUE(am.solved_by("d5d6"));
  EXPECT_FALSE(am.solved_by("a1a2"));
  EXPECT_EQ(*score_solution(am, its, "d5d6").found_depth, 3);
  EXPECT_FALSE(Solution{}.solved_by("d5d6")) << "no solution, nothing solves";
}

TEST(LctRule, PointsByTime) {
  EXPECT_EQ(lct2_points(std::nullopt), 0);
  EXPECT_EQ(lct2_points(0.5), 30);
  EXPECT_EQ(lct2_points(9.0), 30);
  EXPECT_EQ(lct2_points(9.1), 25);
  EXPECT_EQ(lct2_points(100), 15);
  EXPECT_EQ(lct2_points(600), 5);
  EXPECT_EQ(lct2_points(601), 0);
}

nlohmann::json tiny_config() {
  return nlohmann::json::parse(R"({
    "name": "tiny-pruning",
    "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01", "LCTII.FIN.06"]}],
    "depths": [1, 2, 3],
    "exact_reference": "Es",
    "versions": [
      {"name": "Es", "extends": "E", "flags": {"tt_entries": 8192}},
      {"name": "Fs", "extends": "F", "flags": {"tt_entries": 8192}},
      {"name": "Hs", "extends": "H", "flags": {"tt_entries": 8192}},
      {"name": "Fs-R3", "extends": "Fs", "flags": {"null_move_r": 3}},
      {"name": "Fs-verified", "extends": "Fs-R3", "flags": {"null_move_verified": true}}
    ]
  })");
}

TEST(ExactReference, EveryPruningVersionSharesTheReferenceVersionsCells) {
  const Experiment exp = parse_experiment(tiny_config(), "tiny.json");
  const auto cells = enumerate_cells(exp, "engine");
  // 2 positions x 3 depths x 5 versions, and no reference of its own: Fs, Hs, Fs-R3 and Fs-verified all reduce to Es.
  EXPECT_EQ(cells.size(), 30u);
  std::size_t in_reference = 0;
  for (const auto& c : cells)
    if (c.in_table(TableRef::reference())) {
      ++in_reference;
      EXPECT_EQ(c.inputs.version, "Es");
      EXPECT_TRUE(c.in_table(TableRef::versions()));
    }
  EXPECT_EQ(in_reference, 6u);
  // A version whose other flags differ gets a reference of its own, searched once per position and depth.
  auto j = tiny_config();
  j["versions"].push_back(nlohmann::json::parse(R"({"name": "Hs-checks", "extends": "Hs", "flags": {"qsearch_checks": true}})"));
  j["versions"].push_back(nlohmann::json::parse(R"({"name": "Gs-checks", "extends": "Hs-checks", "flags": {"lmr": false}})"));
  EXPECT_EQ(enumerate_cells(parse_experiment(j, "tiny.json"), "engine").size(), 30u + 12u + 6u);
}

TEST(ExactReference, TheReferenceMustBeAVersionWithoutForwardPruning) {
  auto j = tiny_config();
  j["exact_reference"] = "Fs";
  EXPECT_THROW(parse_experiment(j, "tiny.json"), UserError);
  j["exact_reference"] = "Z";
  EXPECT_THROW(parse_experiment(j, "tiny.json"), UserError);
  const Experiment exp = parse_experiment(tiny_config(), "tiny.json");
  EXPECT_FALSE(exact_reference_inputs(enumerate_cells(exp, "e")[0].inputs, exp.versions[0].search, "Es"));
  // Stored and read back: the same experiment, references included.
  EXPECT_TRUE(same_experiment(exp, Experiment::from_json(exp.to_json(), "stored")));
  EXPECT_EQ(Experiment::from_json(exp.to_json(), "stored").exact_reference, "Es");
}

// The section writes its tables and no verdict of its own: Heinz's figures are claims of the configs that test them,
// judged in the report's Claims section (the committed run of configs/heinz-wac.json, reported again from its cells:
// its two limited-razoring steps stay in the steps table).
TEST(PruningCostSection, WritesTablesAndNoVerdictOfItsOwn) {
  TempDir tmp;
  const fs::path committed = fs::path(BUHO_SOURCE_DIR) / "results/heinz-wac";
  for (const char* f : {"experiment.json", "cells.jsonl", "cells.flag_sets.jsonl", "runs.jsonl"})
    fs::copy_file(committed / f, tmp / f);
  const auto r = runner_test::run_harness("report " + tmp.path.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const std::string md = runner_test::read_text(tmp / "REPORT.md");
  const auto from = md.find("## What forward pruning costs");
  ASSERT_NE(from, std::string::npos) << md;
  const std::string section = md.substr(from, md.find("\n## ", from + 1) - from);
  EXPECT_NE(section.find("| G-normal+limited_razoring+pre_frontier_futility | G-normal+pre_frontier_futility | limited_razoring=true | 8 |"),
            std::string::npos) << section;
  for (const char* verdict : {"### Verdicts", "Heinz's trade-off", "reproduced", "within Heinz", "holds", "undecided"})
    EXPECT_EQ(section.find(verdict), std::string::npos) << verdict << "\n" << section;
}

TEST(PruningSteps, EachVersionAgainstTheEarlierOneItDiffersFromLeast) {
  const auto steps = pruning_steps(parse_experiment(tiny_config(), "tiny.json"));
  ASSERT_EQ(steps.size(), 4u);
  // F switches the null move on with its reading (N3R, chosen by the calibration at tag results-history's results/calibration-v2): from depth 4, at the root too.
  EXPECT_EQ(steps[0].version + "<" + steps[0].base + ":" + steps[0].change,
            "Fs<Es:null_move=true, null_move_at_root=true, null_move_min_depth=4");
  EXPECT_EQ(steps[1].base, "Fs");  // Hs adds futility and lmr to Fs
  EXPECT_EQ(steps[2].version + "<" + steps[2].base + ":" + steps[2].change, "Fs-R3<Fs:null_move_r=3");
  EXPECT_EQ(steps[3].version + "<" + steps[3].base + ":" + steps[3].change, "Fs-verified<Fs-R3:null_move_verified=true");
}

TEST(PruningSteps, OnlyStepsThatSwitchOrTuneAForwardPruningHeuristicArePruningSteps) {
  // A leave-one-out of H: H without ordering, PVS or aspiration (both versions prune) is no pruning step; H without
  // the null move is one; a version that changes only a parameter of a heuristic both use (null_move_r) is one too,
  // but one that changes a pruning parameter while also changing ordering is not.
  const auto steps = pruning_steps(parse_experiment(nlohmann::json::parse(R"({
    "name": "loo", "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01"]}], "depths": [1],
    "versions": [
      "H",
      {"name": "H-mvv_lva", "extends": "H", "flags": {"mvv_lva": false}},
      {"name": "H-pvs", "extends": "H", "flags": {"pvs": false}},
      {"name": "H-aspiration", "extends": "H", "flags": {"aspiration": false}},
      {"name": "H-null_move", "extends": "H", "flags": {"null_move": false}},
      {"name": "H-R3", "extends": "H", "flags": {"null_move_r": 3}},
      {"name": "H-R3-killers", "extends": "H", "flags": {"null_move_r": 3, "killers": false}}
    ]})"), "loo.json"));
  std::vector<std::string> names;
  for (const auto& s : steps) names.push_back(s.version + "<" + s.base);
  EXPECT_EQ(names, (std::vector<std::string>{"H-null_move<H", "H-R3<H"}));
}

TEST(PruningCostSection, ASweepOnlyExperimentWithSolutionsHasNoSection) {
  // tt-schemes: LCT II positions (each with a bm) searched only in TT sweeps. There is no version to score, so
  // the section and the run's solve counts are left out rather than printed as empty tables.
  ResultSet sweeps_only;
  sweeps_only.experiment = parse_experiment(nlohmann::json::parse(R"({
    "name": "sweeps-only", "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01", "LCTII.FIN.06"]}],
    "depths": [2], "sweeps": [{"name": "s", "version": "D", "tt_entries": [1024], "tt_schemes": ["always"]}]})"),
                                            "sweeps-only.json");
  sweeps_only.index();
  ASSERT_TRUE(sweeps_only.experiment.any_solution());
  EXPECT_EQ(positions_solved_section(sweeps_only), "");
  EXPECT_EQ(pruning_cost_section(sweeps_only), "");
  EXPECT_EQ(solve_count_lines(sweeps_only), "");
  // The same positions with a version keep both.
  ResultSet with_version;
  with_version.experiment = parse_experiment(tiny_config(), "tiny.json");
  with_version.index();
  EXPECT_NE(positions_solved_section(with_version).find("### Positions solved, by version and depth"), std::string::npos);
  EXPECT_NE(solve_count_lines(with_version).find("positions solved (of 2 with bm/am)"), std::string::npos);
  EXPECT_EQ(pruning_cost_section(with_version).find("### Positions solved"), std::string::npos);
}

// A set whose versions differ in no forward-pruning flag (here move ordering) and names no exact reference has its
// positions solved, and no section on forward pruning: the study applies only where it fits.
TEST(PruningCostSection, VersionsThatPruneAlikeGetPositionsSolvedButNoPruningSection) {
  ResultSet ordering;
  ordering.experiment = parse_experiment(nlohmann::json::parse(R"({
    "name": "ordering", "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01", "LCTII.FIN.06"]}],
    "depths": [1, 2], "versions": ["H", {"name": "H-killers", "extends": "H", "flags": {"killers": false}}]})"),
                                         "ordering.json");
  ordering.index();
  EXPECT_NE(positions_solved_section(ordering).find("## Positions solved"), std::string::npos);
  EXPECT_EQ(pruning_cost_section(ordering), "");
  // One more version that switches null move off is a forward-pruning step: its section is there once it has cells.
  EXPECT_TRUE(pruning_steps(parse_experiment(nlohmann::json::parse(R"({
    "name": "nm", "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01"]}], "depths": [1],
    "versions": ["H", {"name": "H-nm", "extends": "H", "flags": {"null_move": false}}]})"), "nm.json")).size() == 1);
}

TEST(PruningCostRun, CellsCsvReportAndResumeThroughTheHarness) {
  TempDir tmp;
  // With claims as the pruning-cost configs carry them (configs/claims/pruning-cost.json): Tabibi and Netanyahu's tree
  // size, and the thesis's endgame rule.
  auto config = tiny_config();
  config["claims"] = nlohmann::json::parse(R"([
    {"id": "TN1", "statement": "verified R = 3 between R = 2 and R = 3",
     "parts": [{"figure": {"metric": "node_ratio", "to": "Fs-verified", "from": "Fs", "depths": "each"}, "band": {"ratio": [null, 1]}},
               {"figure": {"metric": "node_ratio", "to": "Fs-R3", "from": "Fs-verified", "depths": "each"}, "band": {"ratio": [null, 1]}}]},
    {"id": "EG", "statement": "pruning leaves the exact move more often in endgames",
     "figure": {"metric": "best_move_disagreement", "phase": "endgame", "against_phase": "middlegame"}, "band": {"ratio": [1, null]}}])");
  runner_test::write_text(tmp / "tiny.json", config.dump(2));
  const auto out = tmp / "out";
  const auto r = runner_test::run_harness("run " + (tmp / "tiny.json").string() + " -q --threads 2 --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  // cells.jsonl: every cell scored against its bm, with each iteration's best move.
  std::ifstream lines(out / "cells.jsonl");
  std::string line;
  std::size_t n = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    ++n;
    ASSERT_TRUE(j.contains("solved")) << line;
    EXPECT_EQ(j["iteration_best_moves"].size(), j["iteration_nodes"].size()) << line;
    EXPECT_EQ(j["iteration_best_moves"].back(), j["best_move"]) << line;
    if (j["solved"].get<bool>()) EXPECT_LE(j["solved_depth"].get<int>(), j["depth"].get<int>()) << line;
    else EXPECT_FALSE(j.contains("solved_depth")) << line;
  }
  EXPECT_EQ(n, 30u);
  const std::string csv = runner_test::read_text(out / "cells.csv");
  EXPECT_NE(csv.find(",solved,solved_depth,solved_nodes,solved_seconds,exact_best_move,same_best_move,score_diff"),
            std::string::npos);
  EXPECT_NE(csv.find("versions;reference"), std::string::npos) << "Es's cells are the references";
  const std::string md = runner_test::read_text(out / "REPORT.md");
  for (const char* s : {"## What forward pruning costs", "### Positions solved, by version and depth (of 2)",
                        "### LCT II rating (on the 2 LCT II positions of the set)", "| Fs-verified | Fs-R3 | null_move_verified=true | 3 |",
                        "### Every pruning cell against its exact reference, by phase", "### TN1 — ", "### EG — "})
    EXPECT_NE(md.find(s), std::string::npos) << s << "\n" << md;
  // The endgame claim reads the counts of the section's phase table: the same cells and disagreements.
  for (const char* phase : {"middlegame", "endgame"}) {
    const auto row = md.find(std::string("| ") + phase + " | ", md.find("### Every pruning cell against its exact reference"));
    ASSERT_NE(row, std::string::npos) << md;
    int cells = 0, differ = 0;
    ASSERT_EQ(std::sscanf(md.c_str() + row + std::strlen(phase) + 4, "%d | %d", &cells, &differ), 2) << md.substr(row, 80);
    EXPECT_GT(cells, 0);
    EXPECT_NE(md.find(fmt::format("{} {} of {} cells", phase, differ, cells)), std::string::npos) << phase << "\n" << md;
  }
  // summary.json: every step per depth (what scripts/plot.py draws): 4 steps x 3 depths.
  const auto summary = nlohmann::json::parse(runner_test::read_text(out / "summary.json"));
  ASSERT_EQ(summary["pruning_steps"].size(), 12u);
  EXPECT_EQ(summary["pruning_steps"][0]["change"], "null_move=true, null_move_at_root=true, null_move_min_depth=4");
  EXPECT_EQ(summary["pruning_steps"][0]["solvable"], 2);
  // Agreement with the exact search is null, not 0, where no reference was measured (Hs against Fs: the reference
  // is Es's cell, measured; a step without one would write null). Every written value is a number or null.
  for (const auto& step : summary["pruning_steps"]) {
    EXPECT_EQ(step["same_best_move"].is_null(), step["references"] == 0) << step.dump();
    EXPECT_EQ(step["mean_abs_score_diff"].is_null(), step["references"] == 0) << step.dump();
  }
  // experiment.json keeps the solutions beside the resolved form.
  const auto stored = nlohmann::json::parse(runner_test::read_text(out / "experiment.json"));
  EXPECT_EQ(stored["solutions"]["LCTII.POS.01"]["bm"], nlohmann::json::array({"d5d6"}));
  // A resumed run searches nothing again, references included; `harness report` rebuilds the same report.
  const auto again = runner_test::run_harness("run " + (tmp / "tiny.json").string() + " -q --out " + out.string());
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_NE(again.output.find("running 0"), std::string::npos) << again.output;
  const auto rep = runner_test::run_harness("report " + out.string());
  ASSERT_EQ(rep.code, 0) << rep.output;
  EXPECT_EQ(runner_test::read_text(out / "REPORT.md").find("## What forward pruning costs") != std::string::npos, true);
}

TEST(PruningCostRun, AnEpdWithAnIllegalBestMoveExitsTwo) {
  TempDir tmp;
  runner_test::write_text(tmp / "suite.epd", "4k3/8/8/8/8/8/8/4K2R w K - bm Qd4; id \"bad\";\n");
  runner_test::write_text(tmp / "c.json", R"({"name": "x", "positions": [{"epd": ")" + (tmp / "suite.epd").string() +
                                              R"("}], "depths": [1], "versions": ["E"]})");
  const auto r = runner_test::run_harness("run " + (tmp / "c.json").string() + " -q --out " + (tmp / "o").string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("line 1: bm move 'Qd4'"), std::string::npos) << r.output;
}

}  // namespace pruning_cost_test
