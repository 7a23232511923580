// The claim metrics the pruning-cost claims read (configs/claims/pruning-cost*.json): solved_change (a difference of
// solved proportions with Tango's paired interval, harness/report/claim_metric_solved_change.h), "depths": "each",
// and the config errors of solved_change and best_move_disagreement. best_move_disagreement's counts are checked
// against the pruning-cost section's phase table on a real run (pruning_cost_test.cpp).
#include <gtest/gtest.h>

#include <fmt/core.h>

#include <map>
#include <string>

#include "harness/errors.h"
#include "harness/report/claim_evaluator.h"
#include "harness/report/paired_proportions.h"
#include "hand_made_results.h"

namespace claim_metric_pruning_test {

using namespace harness;

// All 35 LCT II positions (each with a bm), versions E and F at depths 1 and 2, and one solved_change claim per depth.
nlohmann::json config(const nlohmann::json& band) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "name": "solved", "positions": [{"epd": "positions/lct2.epd"}], "depths": [1, 2], "versions": ["E", "F"]})");
  j["claims"] = nlohmann::json::array(
      {{{"id", "S"},
        {"statement", "F loses at most 10 % of the positions E solves"},
        {"parts", {{{"figure", {{"metric", "solved_change"}, {"to", "F"}, {"from", "E"}, {"depths", "each"}}}, {"band", band}}}}}});
  return j;
}

// solved(version, position index, depth); a missing cell is left out of the set.
template <class Rule>
ResultSet filled(const nlohmann::json& cfg, Rule solved, const std::string& missing_f_at_2 = "") {
  ResultSet rs = runner_test::indexed_result_set(cfg);
  std::map<std::string, int> index;
  for (std::size_t i = 0; i < rs.experiment.positions.size(); ++i) index[rs.experiment.positions[i].id] = int(i);
  for (const CellSpec& c : rs.cells) {
    if (c.inputs.version == "F" && c.inputs.depth == 2 && c.inputs.position == missing_f_at_2) continue;
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;
    r.completed = true;
    r.counters = {{"nodes", std::uint64_t(100)}};
    r.solve = SolveResult{};
    r.solve->solved = solved(c.inputs.version, index.at(c.inputs.position), c.inputs.depth);
    rs.put(c.identity, r);
  }
  return rs;
}

// At depth 1 F loses 10 of the 35 positions E solves: -28.6 %, its interval wholly below -10 %: does not hold. At
// depth 2 they solve alike (F's cell of one position missing: 34 positions): 0 with Tango's interval about +-10.1 %,
// inside [-10.5 %, +inf): holds. The figures are paired_difference's, and both parts are tested (Holm's family).
TEST(SolvedChange, IsTheDifferenceOfSolvedProportionsWithTangosIntervalOnePartPerDepth) {
  const auto solved = [](const std::string& v, int i, int depth) { return !(v == "F" && depth == 1 && i < 10); };
  const ResultSet rs = filled(config({{"difference_pct", {-10.5, nullptr}}}), solved, "LCTII.POS.01");
  const std::vector<Claim> cs = evaluate_claims(rs);
  ASSERT_EQ(cs.size(), 1u);
  ASSERT_EQ(cs[0].parts.size(), 2u);
  const ClaimPart& d1 = cs[0].parts[0];
  const ClaimPart& d2 = cs[0].parts[1];
  EXPECT_NE(d1.rule.find("F vs E at depth 1"), std::string::npos) << d1.rule;
  EXPECT_NE(d1.rule.find(">= -10.5 %"), std::string::npos) << d1.rule;
  const PairedDifference lost = paired_difference(35, 0, 10);
  EXPECT_NE(d1.figures.find(fmt::format("35 → 25 of 35 solved (0 gained, 10 lost): {:+.1f} % [{:+.1f} %, {:+.1f} %]",
                                        100 * lost.difference, 100 * lost.low, 100 * lost.high)),
            std::string::npos)
      << d1.figures;
  EXPECT_LT(lost.high, -0.105);
  EXPECT_EQ(d1.state, Verdict::does_not_hold);
  EXPECT_TRUE(d1.tested);
  EXPECT_LT(d1.p, 0.025);
  EXPECT_NE(d2.rule.find("F vs E at depth 2"), std::string::npos) << d2.rule;
  EXPECT_NE(d2.figures.find("34 → 34 of 34 solved (0 gained, 0 lost): +0.0 %"), std::string::npos) << d2.figures;
  EXPECT_GT(paired_difference(34, 0, 0).low, -0.105);
  EXPECT_EQ(d2.state, Verdict::holds);
  EXPECT_TRUE(d2.tested);
  EXPECT_EQ(cs[0].verdict(), Verdict::does_not_hold);
  // A band the depth-2 interval meets (it is about +-10.1 % wide): undecided.
  const ResultSet narrow = filled(config({{"difference_pct", {-5, nullptr}}}), solved, "LCTII.POS.01");
  EXPECT_EQ(evaluate_claims(narrow)[0].parts[1].state, Verdict::undecided);
}

// The p-value of "above the bound" is the test whose rejection at 0.025 is the interval's lower end.
TEST(SolvedChange, TheOneSidedPValueMatchesTheIntervalsEnds) {
  const PairedDifference d = paired_difference(60, 2, 9);
  EXPECT_NEAR(paired_difference_p_above(d, d.low), 0.025, 1e-6);
  EXPECT_NEAR(1 - paired_difference_p_above(d, d.high), 0.025, 1e-6);
  EXPECT_LT(paired_difference_p_above(d, d.low - 0.05), 0.025);
  EXPECT_GT(paired_difference_p_above(d, d.difference), 0.4);
}

std::string error_of(const nlohmann::json& cfg) {
  try {
    parse_experiment(cfg, "c.json");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(SolvedChange, ConfigErrorsNameThePath) {
  nlohmann::json j = config({{"difference_pct", {-10, nullptr}}});
  EXPECT_EQ(error_of(j), "");
  j["claims"][0]["parts"][0]["figure"]["depths"] = {{"min", 1}};
  EXPECT_NE(error_of(j).find("$.claims(resolved)[0].parts[0].figure.depths: solved_change reads one depth"), std::string::npos)
      << error_of(j);
  j = config({{"change_pct", {-10, nullptr}}});
  EXPECT_NE(error_of(j).find("metric 'solved_change' takes {\"difference_pct\""), std::string::npos) << error_of(j);
  j = config({{"difference_pct", {-120, nullptr}}});
  EXPECT_NE(error_of(j).find("difference_pct[0]: expected a difference in % within [-100, 100]"), std::string::npos) << error_of(j);
  j = config({{"difference_pct", {-10, nullptr}}});
  j["claims"][0]["parts"][0]["figure"]["metric"] = "node_ratio";
  EXPECT_NE(error_of(j).find("only metric 'solved_change' has a difference band"), std::string::npos) << error_of(j);
  j["claims"][0]["parts"][0] = {{"figure", {{"metric", "best_move_disagreement"}, {"phase", "endgame"}, {"against_phase", "endgame"}}},
                                {"band", {{"ratio", {1, nullptr}}}}};
  EXPECT_NE(error_of(j).find("against_phase: must name the other phase"), std::string::npos) << error_of(j);
  j["claims"][0]["parts"][0]["figure"]["against_phase"] = "middlegame";
  EXPECT_EQ(error_of(j), "");
  j["claims"][0]["parts"][0]["figure"]["to"] = "F";
  EXPECT_NE(error_of(j).find("figure.to: not a key of metric 'best_move_disagreement'"), std::string::npos) << error_of(j);
}

}  // namespace claim_metric_pruning_test
