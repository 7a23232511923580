// The joint Elo fit of several matches (harness/match/ladder_fit.h) on made-up pairs whose answer is known: one match
// gives its own logistic Elo (the prior's one virtual draw aside), a chain adds up, a round robin generated from known
// ratings gives them back, a shut-out is named, an unlinked player is left out, and fewer pairs widen the intervals.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "harness/match/ladder_fit.h"

namespace ladder_fit_test {

using harness::fit_ladder;
using harness::LadderFit;
using harness::LadderMatch;

// `pairs` pairs whose half-points cycle through `pattern`.
LadderMatch match(const std::string& a, const std::string& b, int pairs, std::vector<int> pattern) {
  LadderMatch m{a, b, {}};
  for (int i = 0; i < pairs; ++i) m.pair_half_points.push_back(pattern[std::size_t(i) % pattern.size()]);
  return m;
}

const harness::LadderRating& rating(const LadderFit& f, const std::string& p) {
  for (const auto& r : f.ratings)
    if (r.player == p) return r;
  throw std::runtime_error("no rating for " + p);
}

double logistic_elo(double score) { return -400 * std::log10(1 / score - 1); }

TEST(LadderFit, OneMatchGivesItsOwnLogisticElo) {
  // 100 pairs scoring 3, 2, 2, 3 half-points of 4: 62.5 %, with the virtual draw 125.5 of 201 games.
  const LadderFit f = fit_ladder({match("X", "Y", 100, {3, 2, 2, 3})}, "Y", 200);
  EXPECT_EQ(f.anchor, "Y");
  EXPECT_NEAR(rating(f, "Y").elo, 0, 1e-9);
  EXPECT_NEAR(rating(f, "X").elo, logistic_elo(125.5 / 201), 1e-6);
  EXPECT_LT(rating(f, "X").low, rating(f, "X").elo);
  EXPECT_GT(rating(f, "X").high, rating(f, "X").elo);
  EXPECT_EQ(rating(f, "X").games, 200);
  EXPECT_TRUE(f.shutouts.empty());
}

TEST(LadderFit, AChainAddsUpAndTheStrongestComesFirst) {
  const auto step = match("B", "A", 200, {3, 2, 2, 3});
  LadderMatch second = step;
  second.first = "C";
  second.second = "B";
  const LadderFit f = fit_ladder({step, second}, "A", 100);
  EXPECT_NEAR(rating(f, "C").elo, 2 * rating(f, "B").elo, 1e-6);
  EXPECT_EQ(f.ratings.front().player, "C");
  EXPECT_EQ(f.ratings.back().player, "A");
}

TEST(LadderFit, ARoundRobinFromKnownRatingsGivesThemBack) {
  // Expected scores of ratings 0, 100, 250 over 1000 pairs each, as exact half-point totals spread over the pairs.
  const std::vector<std::pair<std::string, double>> truth = {{"P", 0}, {"Q", 100}, {"R", 250}};
  std::vector<LadderMatch> matches;
  for (std::size_t i = 0; i < truth.size(); ++i)
    for (std::size_t j = i + 1; j < truth.size(); ++j) {
      const double p = 1 / (1 + std::pow(10.0, (truth[i].second - truth[j].second) / 400));
      const int pairs = 1000, half_points = int(std::lround(p * 4 * pairs));
      LadderMatch m{truth[j].first, truth[i].first, {}};
      for (int k = 0; k < pairs; ++k) m.pair_half_points.push_back(half_points / pairs + (k < half_points % pairs ? 1 : 0));
      matches.push_back(m);
    }
  const LadderFit f = fit_ladder(matches, "P", 50);
  EXPECT_NEAR(rating(f, "Q").elo, 100, 2);
  EXPECT_NEAR(rating(f, "R").elo, 250, 2);
}

TEST(LadderFit, AShutoutIsNamedAndItsRatingStaysFinite) {
  const LadderFit f = fit_ladder({match("B", "A", 5, {4}), match("C", "B", 100, {2})}, "A", 100);
  ASSERT_EQ(f.shutouts.size(), 1u);
  EXPECT_EQ(f.shutouts[0], "B–A: B won all 10 games");
  EXPECT_TRUE(std::isfinite(rating(f, "B").elo));
  EXPECT_GT(rating(f, "B").elo, 300);
  EXPECT_NEAR(rating(f, "C").elo, rating(f, "B").elo, 1e-6);
}

TEST(LadderFit, APlayerNotLinkedToTheAnchorIsLeftOut) {
  const LadderFit f = fit_ladder({match("B", "A", 10, {2, 3}), match("D", "C", 10, {2})}, "A", 10);
  ASSERT_EQ(f.ratings.size(), 2u);
  EXPECT_THROW(rating(f, "C"), std::runtime_error);
}

TEST(LadderFit, FewerPairsWidenTheInterval) {
  const LadderFit many = fit_ladder({match("X", "Y", 400, {3, 1, 2, 4, 2})}, "Y", 300);
  const LadderFit few = fit_ladder({match("X", "Y", 25, {3, 1, 2, 4, 2})}, "Y", 300);
  const auto width = [](const LadderFit& f) { return rating(f, "X").high - rating(f, "X").low; };
  EXPECT_GT(width(few), 2.5 * width(many));
}

}  // namespace ladder_fit_test
