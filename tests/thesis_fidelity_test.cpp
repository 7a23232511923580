// The credibility test of the thesis's own cells (thesis_credibility.h) on the thesis's real tables, and the
// fidelity figures (thesis_fidelity.h) on hand-made comparisons whose every figure can be worked out by hand.
#include "harness/thesis/thesis_credibility.h"
#include "harness/thesis/thesis_fidelity.h"

#include <gtest/gtest.h>

#include <cmath>

namespace thesis_fidelity_test {

using namespace harness;

TEST(ThesisCredibility, BinomialUpperTail) {
  EXPECT_DOUBLE_EQ(binomial_upper_tail(0, 5, 0.3), 1.0);
  EXPECT_DOUBLE_EQ(binomial_upper_tail(6, 5, 0.3), 0.0);
  EXPECT_NEAR(binomial_upper_tail(1, 2, 0.5), 0.75, 1e-12);
  EXPECT_NEAR(binomial_upper_tail(2, 3, 0.5), 0.5, 1e-12);
  // P(X >= 5) for X ~ Binomial(40, 0.01): the sum of the terms i = 5..40, dominated by C(40,5) 0.01^5 0.99^35.
  const double first = 658008.0 * 1e-10 * std::pow(0.99, 35);
  EXPECT_GT(binomial_upper_tail(5, 40, 0.01), first);
  EXPECT_LT(binomial_upper_tail(5, 40, 0.01), first * 1.1);
}

TEST(ThesisCredibility, FlagsTheGToHRoundDifferencesAndPositionFivesCopiedRow) {
  const ThesisCredibility c = thesis_credibility(load_thesis_data(BUHO_SOURCE_DIR "/data/thesis"));
  ASSERT_TRUE(c.present);
  ASSERT_EQ(c.steps.size(), 7u);
  for (const auto& t : c.steps) {
    // Only G -> H has more round differences than chance allows.
    EXPECT_EQ(t.flagged, t.to == "H") << t.from << " -> " << t.to << ": p " << t.p_adjusted;
  }
  const RoundDifferenceTest& gh = c.steps.back();
  EXPECT_EQ(gh.round.size(), 5u);
  EXPECT_EQ(gh.eligible, 40);
  EXPECT_LT(gh.p_value, 1e-4);
  EXPECT_TRUE(c.is_flagged(1, "H", 6));  // G -> H: -112 700
  EXPECT_TRUE(c.is_flagged(3, "H", 3));  // G -> H: -100
  EXPECT_FALSE(c.is_flagged(3, "C", 8));  // B -> C: -6 024 300, but one round difference in 42 is chance
  // Position 5's H equals F at depths 1-4, then F - 100, - 200, - 1000: flagged whole, depth 1 to 9.
  ASSERT_EQ(c.copied_rows.size(), 1u);
  EXPECT_EQ(c.copied_rows[0].thesis_position, 5);
  EXPECT_EQ(c.copied_rows[0].version, "H");
  EXPECT_EQ(c.copied_rows[0].copied_from, "F");
  EXPECT_EQ(c.copied_rows[0].equal_depths, (std::vector<int>{1, 2, 3, 4}));
  for (int d = 1; d <= 9; ++d) EXPECT_TRUE(c.is_flagged(5, "H", d)) << d;
  EXPECT_FALSE(c.is_flagged(5, "G", 5));
  EXPECT_EQ(c.flagged.size(), 13u);  // 5 round cells + 9 of the row, one (position 5, depth 7) in both
}

TEST(ThesisCredibility, TablesWithoutRoundDifferencesFlagNothing) {
  ThesisData t;
  for (int p = 1; p <= 2; ++p)
    for (int d = 1; d <= 9; ++d) {
      std::uint64_t n = 1000 + 37 * d + p;
      for (char v : std::string("ABCDEFGH")) {
        t.versions[{p, std::string(1, v), d}] = n;
        n = n * 7 / 10 + 3;
      }
    }
  const ThesisCredibility c = thesis_credibility(t);
  EXPECT_TRUE(c.present);
  EXPECT_TRUE(c.flagged.empty());
  EXPECT_TRUE(c.copied_rows.empty());
  EXPECT_EQ(c.row_pairs_tested, 2 * 28);
  EXPECT_FALSE(thesis_credibility(ThesisData{}).present);
}

// A comparison of two positions (one middlegame, one endgame), versions A-H at depths 4-9: ours = thesis x the
// factor `ours_over_thesis(version, depth)`.
std::vector<ComparisonRow> comparison(double (*ours_over_thesis)(const std::string&, int)) {
  std::vector<ComparisonRow> rows;
  for (const char* pos : {"MID", "END"})
    for (char v : std::string("ABCDEFGH"))
      for (int d = 4; d <= 9; ++d) {
        ComparisonRow r;
        r.position = pos;
        r.thesis_position = pos[0] == 'M' ? 1 : 4;
        r.version = std::string(1, v);
        r.depth = d;
        r.thesis_nodes = std::uint64_t(1000 * std::pow(4.0, d - 4) * std::pow(0.8, v - 'A'));
        r.measured = std::uint64_t(std::llround(double(r.thesis_nodes) * ours_over_thesis(r.version, d)));
        rows.push_back(r);
      }
  return rows;
}

ResultSet two_positions() {
  ResultSet rs;
  rs.experiment.positions = {{"MID", "", 1, "middlegame", ""}, {"END", "", 4, "endgame", ""}};
  return rs;
}

TEST(ThesisFidelity, StepsCompareEachVersionsChangeWithTheThesissAndKeepTheDirection) {
  // Ours = thesis x 3 for H only: every step but G -> H matches exactly (factor 1); G -> H is 3x off and the
  // direction disagrees (H / G: the thesis's 0.8 saves, ours 2.4 costs).
  const auto rows = comparison([](const std::string& v, int) { return v == "H" ? 3.0 : 1.0; });
  const ThesisFidelity f = thesis_fidelity(two_positions(), rows, {}, {});
  ASSERT_TRUE(f.present);
  ASSERT_EQ(f.steps.size(), 8u);  // 7 steps and "all"
  for (const auto& s : f.steps) {
    if (s.from == "all") {
      EXPECT_EQ(s.cells, 7 * 12);
      EXPECT_EQ(s.within_2x, 6 * 12);
      EXPECT_EQ(s.direction_agree, 6 * 12);
      continue;
    }
    EXPECT_EQ(s.cells, 12) << s.from;
    EXPECT_EQ(s.fitted_cells, 6) << s.from;    // depths 4-6 at two positions
    EXPECT_EQ(s.held_out_cells, 6) << s.from;  // depths 7-9
    if (s.to == "H") {
      EXPECT_EQ(s.within_2x, 0);
      EXPECT_EQ(s.direction_agree, 0);  // the thesis's H saves 20 %, ours costs 140 %
      EXPECT_NEAR(s.median_factor, 3.0, 0.01);
    } else {
      EXPECT_EQ(s.within_2x, 12) << s.from;
      EXPECT_EQ(s.direction_agree, 12) << s.from;
      EXPECT_NEAR(s.median_factor, 1.0, 0.01) << s.from;
    }
  }
  // Branching factor 4 on both sides, every version and phase.
  ASSERT_EQ(f.branching.size(), 16u);
  for (const auto& b : f.branching) {
    EXPECT_NEAR(b.ours, 4.0, 0.01);
    EXPECT_NEAR(b.thesis, 4.0, 0.01);
    EXPECT_EQ(b.from, 5);
    EXPECT_EQ(b.to, 9);
  }
}

TEST(ThesisFidelity, HeldOutDepthsAreReportedApartAndFlaggedCellsWeighNothing) {
  // Ours = thesis at depths <= 6, 4x the thesis beyond: the held-out factor is 4, the fitted 1.
  auto rows = comparison([](const std::string&, int d) { return d <= 6 ? 1.0 : 4.0; });
  // A flagged thesis cell that is 100x off: left out of every figure, counted in the "with flagged" column.
  for (auto& r : rows)
    if (r.position == "MID" && r.version == "H" && r.depth == 5) {
      r.thesis_flagged = true;
      r.measured = r.thesis_nodes * 100;
    }
  const ThesisFidelity f = thesis_fidelity(two_positions(), rows, {}, {});
  EXPECT_EQ(f.flagged_left_out, 1);
  auto group = [&](const std::string& name) {
    for (const auto& g : f.raw)
      if (g.group == name) return g;
    ADD_FAILURE() << "no group " << name;
    return ThesisFit{};
  };
  EXPECT_EQ(group("B.1-B.6, fitted depths").compared, 2 * 8 * 3 - 1);
  EXPECT_NEAR(group("B.1-B.6, fitted depths").median_factor, 1.0, 0.01);
  EXPECT_EQ(group("B.1-B.6, held-out depths").compared, 2 * 8 * 3);
  EXPECT_NEAR(group("B.1-B.6, held-out depths").median_factor, 4.0, 0.01);
  bool held_out_goal = false;
  for (const auto& g : f.goals)
    if (g.figure.find("held-out median factor") != std::string::npos) {
      held_out_goal = true;
      EXPECT_FALSE(g.reached);
      EXPECT_NE(g.measured.find("4.00"), std::string::npos) << g.measured;
    }
  EXPECT_TRUE(held_out_goal);
  // A step compares two versions at one depth, so the jump between depths 6 and 7 leaves every step matching.
  EXPECT_EQ(f.steps.back().within_2x, f.steps.back().cells);
  // G -> H lost the flagged cell's pair (and H -> nothing): 11 cells.
  for (const auto& s : f.steps)
    if (s.to == "H") {
      EXPECT_EQ(s.cells, 11);
    }
}

TEST(ThesisFidelity, ClaimPartsAgreeWhenBothVerdictsAreTheSame) {
  using S = Verdict;
  auto part = [](const char* rule, S state) {
    ClaimPart p;
    p.rule = rule;
    p.state = state;
    return p;
  };
  std::vector<Claim> ours = {{"C1", "", "", "", {part("a", S::holds), part("b", S::does_not_hold), part("c", S::not_measured)}}};
  std::vector<Claim> theirs = {{"C1", "", "", "", {part("a", S::holds), part("b", S::holds), part("c", S::holds)}}};
  const auto rows = comparison([](const std::string&, int) { return 1.0; });
  const ThesisFidelity f = thesis_fidelity(two_positions(), rows, ours, theirs);
  ASSERT_EQ(f.claims.size(), 2u);  // the part not measured on our side takes no part
  EXPECT_TRUE(f.claims[0].agree());
  EXPECT_FALSE(f.claims[1].agree());
  const std::string md = fidelity_markdown(f);
  EXPECT_NE(md.find("they agree in 1 of 2 (50 %)"), std::string::npos) << md;
  EXPECT_EQ(fidelity_json(f)["claims"].size(), 2u);
  // Nothing to compare, nothing written.
  EXPECT_EQ(fidelity_markdown(thesis_fidelity(two_positions(), {}, ours, theirs)), "");
}

}  // namespace thesis_fidelity_test
