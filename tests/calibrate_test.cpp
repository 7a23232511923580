// harness calibrate (docs/readings.md §11-14): the iterative-deepening shortcut is exact, a "thesis" table made by our own engine
// under a known reading on known positions is recovered (mapping at distance 0, that reading chosen), the
// legal-move condition rules a candidate out, a second run searches nothing, and bad configs exit 2 naming the path.
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "harness/thesis/calibration_config.h"
#include "harness/thesis/calibration_run.h"
#include "harness/thesis/mapping_assignment.h"
#include "harness/thesis/search_cache.h"
#include "harness/thesis/tree_lower_bound.h"
#include "harness/identity/engine_identity.h"
#include "harness/experiment/runner.h"
#include "runner_test_util.h"

namespace calibrate_test {

using nlohmann::json;
using runner_test::TempDir;

// A small table keeps each search's set-up cheap; the trees at these depths do not depend on it.
const json kSmallTable = {{"tt_entries", 65536}};

harness::CalibrationConfig config_of(const json& j) { return harness::parse_calibration_config(j, "test.json"); }

const harness::PositionSpec& position(const harness::CalibrationConfig& cfg, const std::string& id) {
  const auto* p = cfg.find_position(id);
  EXPECT_NE(p, nullptr) << id;
  return *p;
}

harness::CellRecord search(const harness::CalibrationConfig& cfg, const std::string& id, const std::string& version,
                           const std::vector<harness::Reading>& readings, int depth, std::uint64_t budget) {
  const auto v = harness::version_with_readings(cfg, version, readings);
  harness::CellInputs in;
  in.position = id;
  in.fen = position(cfg, id).fen;
  in.depth = depth;
  in.version = version;
  in.search = v.search;
  in.eval = v.eval;
  in.node_budget = budget;
  return harness::run_cell(harness::make_cell(in, harness::engine_identity()), harness::engine_identity());
}

TEST(CalibrateSearchCache, ShallowerDepthsFromIterationCountsAreExact) {
  const auto cfg = config_of({{"base", {{{"name", "small"}, {"flags", kSmallTable}}}}});
  // Without a budget, and with budgets that stop the deep search inside iteration 2 and inside iteration 4.
  int stopped = 0, summed = 0;  // cases checked of each kind, so that both are exercised
  for (const std::uint64_t budget : {std::uint64_t(0), std::uint64_t(60), std::uint64_t(3000)})
    for (const char* id : {"LCTII.FIN.08", "LCTII.CMB.02"})
      for (const char* v : {"B", "C", "D", "E", "F", "G", "H"}) {
        const auto deep = search(cfg, id, v, cfg.base, 4, budget);
        for (int k = 1; k <= 4; ++k) {
          const auto direct = search(cfg, id, v, cfg.base, k, budget);
          const auto derived = harness::outcome_at_depth(deep, k);
          EXPECT_EQ(derived.nodes, direct.nodes()) << id << " " << v << " d" << k << " budget " << budget;
          EXPECT_EQ(derived.completed, direct.completed) << id << " " << v << " d" << k << " budget " << budget;
          stopped += !direct.completed;
          summed += k < int(deep.iteration_nodes.size());
        }
      }
  EXPECT_GT(stopped, 10);
  EXPECT_GT(summed, 50);
}

// The truth: thesis positions 4 and 5 are FIN.08 and FIN.06 searched under LMR at depth >= 2 (lmr_min_depth=2).
// The readings before the calibration, whose H has lmr_min_depth 3: the truth below must differ from the base.
const char* kPresetsV1 = "configs/versions-readings-v1.json";
const json kTruthReading = {{"name", "M2"}, {"flags", {{"lmr_min_depth", 2}}}, {"from_version", "H"}};
constexpr int kDepths = 3;

// The LMR group both synthetic calibrations decide: today's reading (or the printed one) first, the truth, a decoy.
json lmr_group(const std::string& rule) {
  return {{"name", "LMR"},
          {"version", "H"},
          {"rule", rule},
          {"candidates",
           {{{"name", "M1"}, {"flags", json::object()}, {"text", "today's, or the printed algorithm"}},
            kTruthReading,
            {{"name", "M2-late"}, {"flags", {{"lmr_min_depth", 2}, {"lmr_min_moves", 8}}}}}}};
}

json synthetic_config(const std::string& thesis_table) {
  return {{"name", "synthetic"},
          {"presets", kPresetsV1},
          {"thesis_table", thesis_table},
          {"base", {{{"name", "small"}, {"flags", kSmallTable}}}},
          {"mapping", "auto"},
          {"mapping_stage",
           {{"pools", {{{"name", "endgame"},
                        {"prefixes", {"LCTII.FIN.05", "LCTII.FIN.06", "LCTII.FIN.08", "LCTII.FIN.09"}},
                        {"thesis_positions", {4, 5}}}}},
            {"readings", {kTruthReading}},
            {"depths", {{"from", 1}, {"to", kDepths}}}}},
          {"readings_stage",
           {{"depths", {{"from", 1}, {"to", kDepths}}},
            {"groups", {lmr_group("equalities then step then absolute")}}}}};
}

class CalibrateSynthetic : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    const auto table = *dir_ / "thesis.csv";
    // Write the "thesis" with the engine itself, outside calibrate's code path (no cache, no derivation).
    const auto plain = config_of({{"thesis_table", table.string()}, {"presets", kPresetsV1}});
    const harness::Reading small{"small", kSmallTable, "A", ""};
    const harness::Reading truth{"M2", kTruthReading["flags"], "H", ""};
    std::ofstream csv(table);
    csv << "thesis_position,version,depth,nodes\n";
    for (const auto& [p, id] : {std::pair{4, "LCTII.FIN.08"}, std::pair{5, "LCTII.FIN.06"}})
      for (const auto& v : plain.versions)
        for (int d = 1; d <= kDepths; ++d)
          csv << fmt::format("{},{},{},{}\n", p, v, d, search(plain, id, v, {small, truth}, d, 0).nodes());
    csv.close();
    cfg_ = new harness::CalibrationConfig(config_of(synthetic_config(table.string())));
    harness::CalibrationOptions options;
    options.out = *dir_ / "out";
    options.jobs = 2;
    options.progress = false;
    first_ = new harness::CalibrationResult(harness::run_calibration(*cfg_, options));
    second_ = new harness::CalibrationResult(harness::run_calibration(*cfg_, options));
  }
  static void TearDownTestSuite() {
    delete first_;
    delete second_;
    delete cfg_;
    delete dir_;
  }
  static const harness::PositionMapping& mapping_of(int p) {
    for (const auto& m : first_->mapping)
      if (m.thesis_position == p) return m;
    throw std::logic_error("no mapping");
  }
  static TempDir* dir_;
  static harness::CalibrationConfig* cfg_;
  static harness::CalibrationResult* first_;
  static harness::CalibrationResult* second_;
};
TempDir* CalibrateSynthetic::dir_ = nullptr;
harness::CalibrationConfig* CalibrateSynthetic::cfg_ = nullptr;
harness::CalibrationResult* CalibrateSynthetic::first_ = nullptr;
harness::CalibrationResult* CalibrateSynthetic::second_ = nullptr;

TEST_F(CalibrateSynthetic, MapsEachThesisPositionToItsSourceAtDistanceZero) {
  for (const auto& [p, id] : {std::pair{4, "LCTII.FIN.08"}, std::pair{5, "LCTII.FIN.06"}}) {
    const auto& m = mapping_of(p);
    EXPECT_EQ(m.chosen, id) << "thesis position " << p;
    ASSERT_FALSE(m.ranked.empty());
    EXPECT_EQ(m.ranked[0].id, id);
    EXPECT_EQ(m.ranked[0].fit.median_abs_log, 0.0);
    EXPECT_EQ(m.ranked[0].fit.share_within_2x, 1.0);
    EXPECT_EQ(m.ranked[0].fit.cells, std::size_t(8 * kDepths));
    EXPECT_GT(m.confidence_gap, 0.0);
  }
}

TEST_F(CalibrateSynthetic, ACandidateWithMoreLegalMovesThanTheThesisCountsAtDepthOneIsImpossible) {
  const auto find = [](int p, const char* id) {
    const auto& ranked = mapping_of(p).ranked;
    const auto it = std::find_if(ranked.begin(), ranked.end(), [&](const auto& c) { return c.id == id; });
    EXPECT_NE(it, ranked.end()) << id;
    return *it;
  };
  // Position 4's "thesis" (FIN.08 under our quiescence) has A(1) = 18, B(1) = 18: FIN.05's 25 legal moves need 26.
  const auto fin05 = find(4, "LCTII.FIN.05");
  EXPECT_EQ(fin05.legal_moves, 25);
  EXPECT_FALSE(fin05.possible);
  EXPECT_EQ(mapping_of(4).ranked.back().id, "LCTII.FIN.05") << "impossible candidates rank last";
  // Position 5's (FIN.06, A(1) = 92) admits it; FIN.09 (12 legal moves) fits both.
  EXPECT_TRUE(find(5, "LCTII.FIN.05").possible);
  EXPECT_TRUE(find(4, "LCTII.FIN.09").possible);
}

TEST_F(CalibrateSynthetic, ChoosesTheReadingTheTableWasMadeWith) {
  ASSERT_EQ(first_->groups.size(), 1u);
  const auto& g = first_->groups[0];
  EXPECT_EQ(g.scores[g.chosen].reading.name, "M2");
  EXPECT_EQ(g.scores[1].fit.median_abs_log, 0.0);
  EXPECT_EQ(g.scores[1].step.median_abs_log, 0.0);
  EXPECT_EQ(g.scores[1].equalities.agree(), g.scores[1].equalities.thesis_equal + g.scores[1].equalities.thesis_differ);
  // Today's reading (M1) is further off: the truth reduces at depth 2, M1 never does there.
  EXPECT_GT(g.scores[0].fit.median_abs_log + g.scores[0].step.median_abs_log, 0.0);
  ASSERT_TRUE(first_->summary.has_value());
  EXPECT_EQ(first_->summary->all.median_abs_log, 0.0);
  EXPECT_EQ(first_->summary->all.share_within_2x, 1.0);
  EXPECT_EQ(first_->summary->all.stopped, 0u);
}

TEST_F(CalibrateSynthetic, ASecondRunSearchesNothingAndDecidesTheSame) {
  EXPECT_GT(first_->searched, 0u);
  EXPECT_EQ(second_->searched, 0u);
  EXPECT_EQ(second_->mapped, first_->mapped);
  ASSERT_EQ(second_->groups.size(), 1u);
  EXPECT_EQ(second_->groups[0].chosen, first_->groups[0].chosen);
}

TEST_F(CalibrateSynthetic, WritesTheReportTheCsvAndTheRunRecord) {
  const auto out = *dir_ / "out";
  const std::string report = runner_test::read_text(out / "REPORT.md");
  EXPECT_NE(report.find("**Decision (computed)**: M2."), std::string::npos);
  EXPECT_NE(report.find("version A's share within 2×"), std::string::npos);
  const std::string csv = runner_test::read_text(out / "calibration.csv");
  EXPECT_NE(csv.find("readings,LMR,M2,chosen,1"), std::string::npos);
  EXPECT_NE(csv.find("mapping,p4,LCTII.FIN.05,possible,0"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(out / "calibration-config.json"));
  // One run record: the second run searched nothing.
  std::ifstream runs(out / "runs.jsonl");
  std::string line;
  int lines = 0;
  while (std::getline(runs, line)) ++lines;
  EXPECT_EQ(lines, 1);
}

// configs/calibration.json as shipped: valid (every reading flag it names exists), the five heuristic groups in the
// thesis's version order and the extensions, today's reading first in each (so a tie keeps it), and every candidate with its text.
TEST(CalibrateConfig, TheShippedConfigIsValid) {
  std::ifstream in(std::string(BUHO_SOURCE_DIR) + "/configs/calibration.json");
  const auto cfg = config_of(json::parse(in));
  EXPECT_EQ(cfg.pools.size(), 2u);
  EXPECT_EQ(cfg.mapping_rounds, 5);
  std::vector<std::string> versions;
  for (const auto& g : cfg.groups) versions.push_back(g.version);
  // The extensions (readings.md §7) apply from A but are decided last, with every other reading chosen.
  EXPECT_EQ(versions, (std::vector<std::string>{"A", "D", "F", "G", "H", "A"}));
  for (const auto& g : cfg.groups) {
    EXPECT_TRUE(g.candidates[0].flags.empty()) << g.name << ": today's reading is listed first, so ties keep it";
    for (const auto& c : g.candidates) EXPECT_FALSE(c.text.empty()) << g.name << " " << c.name;
  }
}

// calibration-v4 and -v5 (docs/readings.md §15, rounds 1 and 2): every reading group under the held-out rule; each
// group's printed reading is listed first and sets the flags its rivals set, and the groups judged on A (quiescence,
// the extensions) hold out depths 7-8 only, the others the stage's 7-9.
TEST(CalibrateConfig, TheRoundConfigsAreValid) {
  for (const char* file : {"/configs/calibration-v4.json", "/configs/calibration-v5.json"}) {
    SCOPED_TRACE(file);
    std::ifstream in(std::string(BUHO_SOURCE_DIR) + file);
    const auto cfg = config_of(json::parse(in));
    std::vector<std::string> names;
    for (const auto& g : cfg.groups) names.push_back(g.name + ":" + g.candidates.front().name);
    EXPECT_EQ(names, (std::vector<std::string>{"quiescence:Q2A2", "version D:V4", "null move:N1R", "futility:F2A1B1uP1",
                                               "LMR:L2d3m4", "extensions:X1"}));
    EXPECT_EQ(cfg.held_out_depths, (std::vector<int>{7, 8, 9}));
    for (std::size_t i = 0; i < cfg.groups.size(); ++i)
      EXPECT_EQ(cfg.held_out_depths_of(cfg.groups[i]),
                cfg.groups[i].version == "A" ? (std::vector<int>{7, 8}) : (std::vector<int>{7, 8, 9}))
          << cfg.groups[i].name;
    for (const auto& g : cfg.groups) {
      EXPECT_EQ(g.rule, std::vector<harness::Criterion>{harness::Criterion::Shape}) << g.name;
      for (const auto& c : g.candidates) {
        EXPECT_FALSE(c.text.empty()) << g.name << " " << c.name;
        for (const auto& [flag, value] : g.candidates.front().flags.items())
          EXPECT_TRUE(c.flags.contains(flag)) << g.name << " " << c.name << " leaves " << flag << " to the preset";
      }
    }
  }
}

// Bad configs: exit 2, naming the JSON path, before anything is written.
struct BadConfig {
  std::string what;
  std::function<void(json&)> spoil;
  std::string expected;
};

TEST(CalibrateCli, BadConfigsExitTwoNamingThePath) {
  TempDir dir;
  const std::vector<BadConfig> cases = {
      {"unknown flag",
       [](json& j) { j["readings_stage"]["groups"][0]["candidates"][1]["flags"] = {{"lmr_scope_typo", "x"}}; },
       "$.readings_stage.groups[0].candidates[1].flags.lmr_scope_typo: unknown flag 'lmr_scope_typo'"},
      {"unknown group version", [](json& j) { j["readings_stage"]["groups"][0]["version"] = "Z"; },
       "$.readings_stage.groups[0].version: unknown version 'Z'"},
      {"empty pool", [](json& j) { j["mapping_stage"]["pools"][0]["prefixes"] = {"LCTII.NONE."}; },
       "$.mapping_stage.pools[0].prefixes: pool 'endgame' is empty"},
      {"unknown rule", [](json& j) { j["readings_stage"]["groups"][0]["rule"] = "equalities then luck"; },
       "$.readings_stage.groups[0].rule: unknown criterion 'luck'"},
      {"shape joined", [](json& j) { j["readings_stage"]["groups"][0]["rule"] = "shape then step"; },
       "$.readings_stage.groups[0].rule: 'shape' is a rule of its own"},
      {"held-out depth also fitted",
       [](json& j) { j["readings_stage"]["held_out"] = {{"depths", {{"from", 3}, {"to", 4}}}}; },
       "$.readings_stage.held_out.depths: depth 3 is also a fitted depth"},
      {"group held-out depth not held out by the stage",
       [](json& j) {
         j["readings_stage"]["held_out"] = {{"depths", {{"from", 7}, {"to", 8}}}};
         j["readings_stage"]["groups"][0]["held_out_depths"] = {{"from", 8}, {"to", 9}};
       },
       "$.readings_stage.groups[0].held_out_depths: depth 9 is not a held-out depth of $.readings_stage.held_out"},
  };
  for (const auto& c : cases) {
    json j = synthetic_config("data/thesis/thesis_versions_nodes.csv");
    c.spoil(j);
    const auto file = dir / "bad.json";
    runner_test::write_text(file, j.dump(2));
    const auto out = dir / "out";
    const auto r = runner_test::run_harness(fmt::format("calibrate {} --out {} -q", file.string(), out.string()));
    EXPECT_EQ(r.code, 2) << c.what << "\n" << r.output;
    EXPECT_NE(r.output.find(c.expected), std::string::npos) << c.what << "\n" << r.output;
    EXPECT_FALSE(std::filesystem::exists(out)) << c.what;
  }
  const auto r = runner_test::run_harness(fmt::format("calibrate --stage everything --out {}", (dir / "out").string()));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.output.find("--stage everything: unknown stage"), std::string::npos) << r.output;
}

// The held-out rule (docs/readings.md §13), cell by cell: closer and further counted per position, equal cells
// counted for neither, and the one-sided sign test.
TEST(CalibrateShape, PairedCellsAndTheSignTest) {
  using harness::ShapeCell;
  auto cell = [](const char* pos, int depth, double ours, double thesis) { return ShapeCell{pos, "H", depth, ours, thesis}; };
  const std::vector<ShapeCell> printed = {cell("P", 1, 0.5, 0), cell("P", 2, 0.5, 0), cell("Q", 1, 0.5, 0),
                                          cell("Q", 2, 0.1, 0), cell("R", 1, 0.2, 0)};
  // P: both closer; Q: one closer, one further; R: equal; a cell the printed reading lacks is not paired.
  const std::vector<ShapeCell> candidate = {cell("P", 1, 0.1, 0), cell("P", 2, -0.2, 0), cell("Q", 1, 0.0, 0),
                                            cell("Q", 2, 0.3, 0), cell("R", 1, 0.2, 0), cell("R", 9, 0.0, 0)};
  const auto p = harness::paired_shape(candidate, printed);
  EXPECT_EQ(p.closer, 3);
  EXPECT_EQ(p.further, 1);
  EXPECT_EQ(p.by_position.at("P"), std::make_pair(2, 0));
  EXPECT_EQ(p.by_position.at("Q"), std::make_pair(1, 1));
  EXPECT_EQ(p.positions_closer(), 1);
  EXPECT_NEAR(p.p_value, 5.0 / 16.0, 1e-12);  // P(X >= 3), X ~ Binomial(4, 1/2)
  const auto fit = harness::shape_fit(candidate);
  EXPECT_EQ(fit.cells, 6u);
  EXPECT_EQ(fit.direction_agree, 2u);  // the two cells whose step is 0 like the thesis's
  EXPECT_NEAR(fit.by_position.at("P"), 0.15, 1e-12);
}

// A "thesis" made by our engine under a known LMR reading (M2: from depth 2) on FIN.08 and FIN.06: under the
// held-out rule the printed reading (M1, listed first) gives way to the truth, which is closer in every cell that
// differs, at both positions; and a table made under the printed reading itself keeps it.
TEST(CalibrateShape, ThePrintedReadingStaysUnlessTheCellsOverruleIt) {
  TempDir dir;
  const harness::Reading small{"small", kSmallTable, "A", ""};
  const auto plain = config_of({{"presets", kPresetsV1}});
  auto table = [&](const std::vector<harness::Reading>& readings, const std::string& name) {
    const auto file = dir / name;
    std::ofstream csv(file);
    csv << "thesis_position,version,depth,nodes\n";
    for (const auto& [p, id] : {std::pair{4, "LCTII.FIN.08"}, std::pair{5, "LCTII.FIN.06"}})
      for (const char* v : {"G", "H"})
        for (int d = 1; d <= 6; ++d) csv << fmt::format("{},{},{},{}\n", p, v, d, search(plain, id, v, readings, d, 0).nodes());
    return file.string();
  };
  auto calibrate = [&](const std::string& thesis, const std::string& out) {
    const json j = {{"name", "shape"},
                    {"presets", kPresetsV1},
                    {"thesis_table", thesis},
                    {"versions", {"G", "H"}},
                    {"base", {{{"name", "small"}, {"flags", kSmallTable}}}},
                    {"mapping", {{"4", "LCTII.FIN.08"}, {"5", "LCTII.FIN.06"}}},
                    {"readings_stage",
                     {{"depths", {{"from", 1}, {"to", 5}}},
                      {"held_out", {{"depths", {{"from", 6}, {"to", 6}}}}},
                      {"groups", {lmr_group("shape")}}}}};
    harness::CalibrationOptions options;
    options.out = dir / out;
    options.jobs = 2;
    options.progress = false;
    options.stage = harness::CalibrationStage::Readings;
    return harness::run_calibration(config_of(j), options);
  };
  const harness::Reading truth{"M2", kTruthReading["flags"], "H", ""};
  const auto overruled = calibrate(table({small, truth}, "m2.csv"), "m2");
  ASSERT_EQ(overruled.groups.size(), 1u);
  const auto& g = overruled.groups[0];
  EXPECT_EQ(g.scores[g.chosen].reading.name, "M2");
  const auto& m2 = g.scores[1];
  EXPECT_TRUE(m2.overrules);
  EXPECT_EQ(m2.against_printed.further, 0);
  EXPECT_GE(m2.against_printed.closer, 5);
  EXPECT_EQ(m2.against_printed.positions_closer(), 2);
  EXPECT_EQ(m2.shape_fitted.median_abs_log, 0.0);
  EXPECT_EQ(m2.shape_held_out.cells, 2u);  // depth 6 at two positions
  EXPECT_EQ(m2.shape_held_out.median_abs_log, 0.0);
  EXPECT_GT(g.scores[0].shape_fitted.cells, 0u);

  const auto kept = calibrate(table({small}, "m1.csv"), "m1");
  const auto& k = kept.groups[0];
  EXPECT_EQ(k.chosen, 0u);
  for (std::size_t i = 1; i < k.scores.size(); ++i) {
    EXPECT_FALSE(k.scores[i].overrules) << k.scores[i].reading.name;
    EXPECT_EQ(k.scores[i].against_printed.closer, 0) << k.scores[i].reading.name;
  }
  const std::string report = runner_test::read_text(dir / "m1" / "REPORT.md");
  EXPECT_NE(report.find("| M1 (printed) |"), std::string::npos) << report;
  EXPECT_NE(report.find("**Decision (computed)**: M1."), std::string::npos);
}

// The thesis's positions are distinct: two thesis positions whose best match is the same candidate get different
// ones, the pair of least total distance; an impossible candidate is never given; too few candidates, none.
TEST(CalibrateMapping, AssignsDistinctCandidatesOfLeastTotalDistance) {
  using harness::assign_distinct;
  const std::optional<double> no;
  // Both rows like candidate 0 best; row 0 loses little by taking 1 (0.1 -> 0.2), row 1 much (0.1 -> 0.9).
  EXPECT_EQ(assign_distinct({{0.1, 0.2, 0.5}, {0.1, 0.9, 0.6}}), (std::vector<int>{1, 0}));
  // A tie keeps the first assignment found: the earlier thesis position keeps its best.
  EXPECT_EQ(assign_distinct({{0.1, 0.3}, {0.1, 0.3}}), (std::vector<int>{0, 1}));
  // Impossible candidates are skipped even when cheap elsewhere.
  EXPECT_EQ(assign_distinct({{no, 0.4, 0.2}, {0.1, no, 0.3}}), (std::vector<int>{2, 0}));
  EXPECT_TRUE(assign_distinct({{0.1, no}, {0.2, no}}).empty());
}

// The minimal depth-3 tree, against the figures scripts/thesis_table_facts.py computes independently (its own move
// application, checked against perft; docs/readings.md §9): FIN.05's 507 nodes exceed the thesis's A(3) = 347 of
// position 6, FIN.07's 189 do not.
TEST(CalibrateMapping, MinimalDepthThreeTreeMatchesTheIndependentCount) {
  const std::vector<std::pair<std::string, std::uint64_t>> cases = {
      {"6k1/6p1/7p/P1N5/1r3p2/7P/1b3PP1/3bR1K1 w - - 0 1", 507},  // LCTII.FIN.05
      {"6k1/4pp1p/3p2p1/P1pPb3/R7/1r2P1PP/3B1P2/6K1 w - - 0 1", 189},  // LCTII.FIN.07
      {"2k5/p7/Pp1p1b2/1P1P1p2/2P2P1p/3K3P/5B2/8 w - - 0 1", 136},     // LCTII.FIN.08
  };
  for (const auto& [fen, bound] : cases) EXPECT_EQ(harness::alpha_beta_lower_bound_depth3(fen), bound) << fen;
}

}  // namespace calibrate_test
