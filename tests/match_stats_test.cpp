// The match statistics against published figures: the GSPRT log-likelihood ratio of two pentanomials
// with normalised bounds, the normalised Elo and its interval; and the smaller identities they rest on.
#include "harness/match/match_stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace match_stats_test {

using harness::Pentanomial;
using harness::SprtBounds;

// Fishtest's published test: [93, 18711, 58877, 18739, 100] with normalised bounds [-1.75, 0.25] gives LLR 2.9421.
TEST(MatchStats, LlrOfAPublishedNarrowTest) {
  const Pentanomial p = {93, 18711, 58877, 18739, 100};
  const double llr = harness::sprt_llr(p, SprtBounds{-1.75, 0.25, 0.05, 0.05});
  EXPECT_NEAR(llr, 2.9421, 0.00005) << llr;
}

// [379, 10170, 21828, 10640, 343] with bounds [0, 2]: normalised Elo 3.05 +/- 2.31 and LLR 2.946.
TEST(MatchStats, NormalizedEloAndLlrOfAPublishedTest) {
  const Pentanomial p = {379, 10170, 21828, 10640, 343};
  const auto ne = harness::normalized_elo(p);
  ASSERT_TRUE(ne.defined);
  EXPECT_NEAR(ne.elo, 3.05, 0.005) << ne.elo;
  EXPECT_NEAR(ne.error, 2.31, 0.005) << ne.error;
  const double llr = harness::sprt_llr(p, SprtBounds{0, 2, 0.05, 0.05});
  EXPECT_NEAR(llr, 2.946, 0.0005) << llr;
}

TEST(MatchStats, BoundsAreTheWaldThresholds) {
  const SprtBounds b{0, 2, 0.05, 0.05};
  EXPECT_NEAR(b.upper(), std::log(0.95 / 0.05), 1e-12);
  EXPECT_NEAR(b.lower(), -std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(harness::sprt_verdict(3.0, b), harness::SprtVerdict::h1);
  EXPECT_EQ(harness::sprt_verdict(-3.0, b), harness::SprtVerdict::h0);
  EXPECT_EQ(harness::sprt_verdict(0.1, b), harness::SprtVerdict::running);
}

// A symmetric pentanomial is an even match: Elo 0 on both scales; mirroring the counts flips the signs.
TEST(MatchStats, SymmetryAndSign) {
  const Pentanomial even = {10, 40, 100, 40, 10};
  EXPECT_NEAR(harness::logistic_elo(even).elo, 0.0, 1e-9);
  EXPECT_NEAR(harness::normalized_elo(even).elo, 0.0, 1e-9);
  const Pentanomial up = {5, 30, 100, 50, 15}, down = {15, 50, 100, 30, 5};
  EXPECT_GT(harness::logistic_elo(up).elo, 0);
  EXPECT_NEAR(harness::logistic_elo(up).elo, -harness::logistic_elo(down).elo, 1e-9);
  EXPECT_NEAR(harness::normalized_elo(up).elo, -harness::normalized_elo(down).elo, 1e-9);
  // Logistic Elo from the score: 200 pairs scoring 55 % of the points.
  const Pentanomial p = {0, 0, 180, 0, 20};  // 180 x 1 + 20 x 2 = 220 of 400 points
  EXPECT_NEAR(harness::logistic_elo(p).elo, -400 * std::log10(1 / 0.55 - 1), 1e-9);
  // Four times the pairs halve the interval.
  Pentanomial p4 = up;
  for (auto& c : p4) c *= 4;
  EXPECT_NEAR(harness::normalized_elo(p4).error, harness::normalized_elo(up).error / 2, 1e-9);
  EXPECT_NEAR(harness::normalized_elo(p4).elo, harness::normalized_elo(up).elo, 1e-9);
}

TEST(MatchStats, NoPairsOrNoVarianceIsUndefined) {
  EXPECT_FALSE(harness::normalized_elo(Pentanomial{}).defined);
  EXPECT_FALSE(harness::logistic_elo(Pentanomial{0, 0, 0, 0, 7}).defined);  // 100 %: no finite Elo
  EXPECT_EQ(harness::sprt_llr(Pentanomial{}, SprtBounds{0, 2}), 0.0);
  EXPECT_EQ(harness::pentanomial_index(2, 1), 3);
}

// The small-sample rule (match_stats.h): no decision while every pair is in one pentanomial category, whatever the
// bounds; one pair in a second category lets the LLR count. Without the rule [1,0,0,0,0] under [-50, 50] gave LLR
// -4.71 (H0 accepted) and one pair under [0, 200] or [-1000, 1000] decided.
TEST(MatchStats, NoDecisionWhileEveryPairIsInOneCategory) {
  const SprtBounds narrow{-50, 50}, wide{0, 200}, wider{-1000, 1000};
  EXPECT_EQ(harness::sprt_llr(Pentanomial{1, 0, 0, 0, 0}, narrow), 0.0);
  EXPECT_FALSE(harness::sprt_can_decide(Pentanomial{1, 0, 0, 0, 0}));
  for (const SprtBounds& b : {narrow, wide, wider, SprtBounds{0, 10}}) {
    for (int bin = 0; bin < 5; ++bin) {
      for (std::uint64_t n : {1u, 2u, 4u, 40u, 1000u}) {
        Pentanomial p{};
        p[std::size_t(bin)] = n;
        const double llr = harness::sprt_llr(p, b);
        EXPECT_EQ(llr, 0.0) << "bin " << bin << " n " << n << " [" << b.nelo0 << ", " << b.nelo1 << "]";
        EXPECT_EQ(harness::sprt_verdict(llr, b), harness::SprtVerdict::running);
      }
    }
  }
  // A second category: the sample has a variance of its own and the LLR counts again (here it decides).
  EXPECT_TRUE(harness::sprt_can_decide(Pentanomial{1, 0, 0, 0, 40}));
  EXPECT_EQ(harness::sprt_verdict(harness::sprt_llr(Pentanomial{1, 0, 0, 0, 40}, wide), wide),
            harness::SprtVerdict::h1);
  EXPECT_EQ(harness::sprt_verdict(harness::sprt_llr(Pentanomial{40, 0, 0, 0, 1}, wide), wide),
            harness::SprtVerdict::h0);
  // Balanced pairs in two categories say nothing for either side.
  EXPECT_NEAR(harness::sprt_llr(Pentanomial{1, 0, 0, 0, 1}, wider), 0.0, 1e-9);
}

// LOS, Phi((mu - 1/2) / sqrt(var / N)) over the pairs (fishtest's get_elo), and nElo bounds as logistic Elo at the
// pairs' variance (fishtest's sprt.py conversion); the measured nElo converts back to the measured logistic Elo.
TEST(MatchStats, LosAndBoundsInLogisticElo) {
  const Pentanomial p = {379, 10170, 21828, 10640, 343};  // mu 0.502295, var 0.0341535 over 43,360 pairs
  ASSERT_TRUE(harness::likelihood_of_superiority(p));
  EXPECT_NEAR(*harness::likelihood_of_superiority(p), 0.995139, 5e-7);
  EXPECT_NEAR(*harness::likelihood_of_superiority(Pentanomial{10, 40, 100, 40, 10}), 0.5, 1e-12);
  EXPECT_LT(*harness::likelihood_of_superiority(Pentanomial{15, 50, 100, 30, 5}), 0.01);
  EXPECT_FALSE(harness::likelihood_of_superiority(Pentanomial{}));
  EXPECT_FALSE(harness::likelihood_of_superiority(Pentanomial{0, 0, 4, 0, 0}));
  EXPECT_NEAR(*harness::logistic_elo_of_nelo(2, p), 1.045428, 5e-6);
  EXPECT_NEAR(*harness::logistic_elo_of_nelo(0, p), 0.0, 1e-12);
  EXPECT_NEAR(*harness::logistic_elo_of_nelo(harness::normalized_elo(p).elo, p), harness::logistic_elo(p).elo, 1e-9);
  EXPECT_FALSE(harness::logistic_elo_of_nelo(10, Pentanomial{0, 0, 0, 0, 4}));  // no variance
  EXPECT_FALSE(harness::logistic_elo_of_nelo(5000, Pentanomial{1, 0, 0, 0, 1}));  // beyond a score of 100 %
}

}  // namespace match_stats_test
