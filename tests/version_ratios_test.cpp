// The comparison of every version against a base (harness/report/version_ratios.h): on a tiny real run of two versions
// of the user's own on an own EPD file, the REPORT.md table and the summary.json member exist, and their ratio equals
// the geometric mean this test computes itself from the cells; and which experiments it applies to, with which base.
#include "harness/report/version_ratios.h"

#include <gtest/gtest.h>

#include <cmath>

#include "harness/experiment/experiment_config.h"
#include "harness/paths.h"
#include "harness/report/study.h"
#include "harness/thesis/thesis_compare.h"
#include "harness/report/writers.h"
#include "hand_made_results.h"
#include "runner_test_util.h"

namespace version_ratios_test {

using namespace harness;
using nlohmann::json;

TEST(VersionRatios, ATwoVersionRunOnAnOwnEpdFileGetsAGeometricMeanTable) {
  runner_test::TempDir dir;
  // Three WAC positions with their best moves: an EPD file of the user's own, not one the project ships.
  runner_test::write_text(dir / "mine.epd",
                          "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"mine.1\";\n"
                          "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"mine.2\";\n"
                          "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id \"mine.3\";\n");
  json c = json::parse(R"({
    "name": "two-versions",
    "depths": [2, 3],
    "versions": [{"name": "plain", "extends": "A", "flags": {"iterative_deepening": true}},
                 {"name": "ordered", "extends": "A", "flags": {"iterative_deepening": true, "mvv_lva": true, "killers": true}}]
  })");
  c["positions"] = json::array({json::object({{"epd", (dir / "mine.epd").string()}})});
  runner_test::write_text(dir / "run.json", c.dump());
  const auto out = dir / "out";
  const auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  // No thesis position and no thesis sweep: no thesis_comparison.csv (not even its header), no thesis section.
  EXPECT_FALSE(std::filesystem::exists(out / "thesis_comparison.csv"));

  const json summary = json::parse(runner_test::read_text(out / "summary.json"));
  ASSERT_TRUE(summary.contains("version_ratios")) << summary.dump();
  EXPECT_EQ(summary["version_ratios"]["base"], "plain");  // no design, no version A: the first listed
  const std::string md = runner_test::read_text(out / "REPORT.md");
  EXPECT_NE(md.find("## Versions against the base `plain`"), std::string::npos) << md;

  const ResultSet rs = load_results(out);
  ASSERT_EQ(summary["version_ratios"]["depths"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const int depth = i == 0 ? 2 : 3;
    const json& at = summary["version_ratios"]["depths"][i];
    EXPECT_EQ(at["depth"], depth);
    ASSERT_EQ(at["versions"].size(), 1u);
    const json& row = at["versions"][0];
    EXPECT_EQ(row["version"], "ordered");
    // The geometric mean, computed here from the cells: exp of the mean of the log ratios.
    double logs = 0, sum_ordered = 0, sum_plain = 0;
    int solvable = 0, solved_plain = 0, solved_ordered = 0;
    for (const auto& p : rs.experiment.positions) {
      const CellRecord* o = rs.version_cell(p.id, "ordered", depth);
      const CellRecord* b = rs.version_cell(p.id, "plain", depth);
      ASSERT_TRUE(o && b && o->completed && b->completed);
      logs += std::log(double(o->nodes()) / double(b->nodes()));
      sum_ordered += double(o->nodes());
      sum_plain += double(b->nodes());
      ++solvable;
      solved_plain += b->solve && b->solve->solved;
      solved_ordered += o->solve && o->solve->solved;
    }
    const double mean = std::exp(logs / 3);
    EXPECT_EQ(row["nodes_ratio"]["n"], 3);
    EXPECT_NEAR(row["nodes_ratio"]["mean"].get<double>(), mean, 1e-6);
    EXPECT_LT(row["nodes_ratio"]["low"].get<double>(), row["nodes_ratio"]["mean"].get<double>());
    EXPECT_GT(row["nodes_ratio"]["high"].get<double>(), row["nodes_ratio"]["mean"].get<double>());
    EXPECT_NEAR(row["summed_ratio"].get<double>(), sum_ordered / sum_plain, 1e-6);
    EXPECT_EQ(row["solved"]["positions"], solvable);
    EXPECT_EQ(row["solved"]["base"], solved_plain);
    EXPECT_EQ(row["solved"]["version"], solved_ordered);
    // The same figure, as REPORT.md prints it, in the depth's table.
    const auto table = md.find(fmt::format("### Depth {}\n", depth));
    ASSERT_NE(table, std::string::npos);
    EXPECT_NE(md.find(fmt::format("| ordered | 3 | {:.3f} [", mean), table), std::string::npos) << md.substr(table, 600);
  }
}

// Versions A and B on inline positions, with hand-made nodes: enough to see which experiments the study is for.
ResultSet hand_made(const json& config) {
  ResultSet rs = runner_test::indexed_result_set(config);
  for (const CellSpec& c : rs.cells) {
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;  // searched to its depth unless the test says otherwise
    r.counters = {{"nodes", std::uint64_t(1000 * c.inputs.depth * (c.inputs.version == "B" ? 2 : 1))}};
    rs.put(c.identity, r);
  }
  return rs;
}

json two_positions(json c) {
  c["depths"] = {1};
  c["positions"] = json::array({json::object({{"fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}, {"id", "P1"}}),
                                json::object({{"fen", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"}, {"id", "P2"}})});
  return c;
}

TEST(VersionRatios, AppliesToTwoOrMoreVersionsWithoutADesignAgainstAOrTheFirst) {
  const ThesisData thesis = load_thesis_data(project_path("data/thesis"));
  // B listed before A: A is still the base (the thesis's versions are read against A).
  const ResultSet ba = hand_made(two_positions({{"name", "t"}, {"versions", {"B", "A"}}}));
  const VersionRatios vr = build_version_ratios(ba);
  ASSERT_TRUE(vr.present);
  EXPECT_EQ(vr.base, "A");
  ASSERT_EQ(vr.depths.size(), 1u);
  ASSERT_EQ(vr.depths[0].rows.size(), 1u);
  EXPECT_EQ(vr.depths[0].rows[0].version, "B");
  EXPECT_DOUBLE_EQ(vr.depths[0].rows[0].ratio.mean, 2.0);
  EXPECT_EQ(vr.depths[0].rows[0].ratio.n, 2u);
  EXPECT_NE(markdown_report(build_report(ba, thesis)).find("| B | 2 | 2.000 [2.000, 2.000] | +100.0 % | 2.000 | — | 0 |"),
            std::string::npos);
  // One version: nothing to compare, no section and no member.
  const ResultSet one = hand_made(two_positions({{"name", "t"}, {"versions", {"B"}}}));
  EXPECT_FALSE(build_version_ratios(one).present);
  const Report report = build_report(one, thesis);
  EXPECT_FALSE(json::parse(summary_json(report)).contains("version_ratios"));
  EXPECT_EQ(markdown_report(report).find("## Versions against the base"), std::string::npos);
  // A design has its own table of every combination against its base (effects_study.h).
  json design = two_positions({{"name", "t"}});
  design["leave_one_out"] = {{"base", "H"}, {"factors", {{"killers", {{"killers", false}}}}}};
  EXPECT_FALSE(build_version_ratios(hand_made(design)).present);
}

// A cell stopped by the node budget holds a truncated count: its position leaves that pair out.
TEST(VersionRatios, APairWithACellStoppedByTheBudgetIsLeftOut) {
  ResultSet rs = hand_made(two_positions({{"name", "t"}, {"versions", {"A", "B"}}}));
  for (auto& r : rs.records())
    if (r.inputs.position == "P2" && r.inputs.version == "B") r.completed = false;
  const VersionRatios vr = build_version_ratios(rs);
  ASSERT_EQ(vr.depths.size(), 1u);
  EXPECT_EQ(vr.depths[0].rows[0].ratio.n, 1u);
}

}  // namespace version_ratios_test
