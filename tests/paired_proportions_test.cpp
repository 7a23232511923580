// Tango's score interval for a paired difference of proportions (harness/report/paired_proportions.h), pinned to
// values computed independently: the closed form with no discordant pair (±z²/(n + z²)), and the outer roots of
// the quartic whose roots are Tango's limits (Yang, Sun & Hardin 2012, Statistics in Medicine 31: 4239-4247).
#include "harness/report/paired_proportions.h"

#include <gtest/gtest.h>

#include <cmath>

namespace paired_proportions_test {

using namespace harness;

TEST(PairedProportions, NoDiscordantPositionStillHasAWidth) {
  // Only the gains and losses carry information; with none in 299 the difference is 0 and its limits solve
  // n·d / (1 - d) = z², d = z² / (n + z²): ±1.27 % (the Wald interval would be [0, 0]).
  const PairedDifference d = paired_difference(299, 0, 0);
  const double z2 = 1.959963984540054 * 1.959963984540054;
  EXPECT_DOUBLE_EQ(d.difference, 0.0);
  EXPECT_NEAR(d.high, z2 / (299 + z2), 1e-7);
  EXPECT_NEAR(d.low, -z2 / (299 + z2), 1e-7);
}

TEST(PairedProportions, MatchesTheQuarticsRoots) {
  // 21 pairs, 1 gained and 7 lost (the airway data Fagerland et al. 2014 use): -0.2857 [-0.5172, -0.0260].
  const PairedDifference a = paired_difference(21, 1, 7);
  EXPECT_NEAR(a.difference, -6.0 / 21, 1e-12);
  EXPECT_NEAR(a.low, -0.5172323, 1e-6);
  EXPECT_NEAR(a.high, -0.0260030, 1e-6);
  const PairedDifference b = paired_difference(100, 10, 3);
  EXPECT_NEAR(b.low, -0.0007655, 1e-6);
  EXPECT_NEAR(b.high, 0.1498641, 1e-6);
  const PairedDifference c = paired_difference(299, 1, 0);  // WAC at depth 10, limited razoring
  EXPECT_NEAR(c.low, -0.0093827, 1e-6);
  EXPECT_NEAR(c.high, 0.0186982, 1e-6);
  // Swapping the two versions negates the interval.
  const PairedDifference s = paired_difference(21, 7, 1);
  EXPECT_NEAR(s.low, -a.high, 1e-9);
  EXPECT_NEAR(s.high, -a.low, 1e-9);
  EXPECT_EQ(s.gained, 7u);
  EXPECT_EQ(s.lost, 1u);
}

TEST(PairedProportions, ManyPositionsAgreeWithTheWaldInterval) {
  // 10,000 positions, 600 gained and 400 lost: the large-sample interval 0.02 ± 1.96·√(1000 - 200²/10⁴)/10⁴.
  const PairedDifference d = paired_difference(10000, 600, 400);
  const double half = 1.959963984540054 * std::sqrt(1000 - 4.0) / 10000;
  EXPECT_NEAR(d.low, 0.02 - half, 1e-4);
  EXPECT_NEAR(d.high, 0.02 + half, 1e-4);
}

TEST(PairedProportions, VerdictReadsTheIntervalAgainstTheBand) {
  EXPECT_EQ(paired_difference_verdict(paired_difference(299, 0, 0), -0.02, 0.02), Verdict::holds);
  EXPECT_EQ(paired_difference_verdict(paired_difference(299, 0, 0), -0.015, -0.005), Verdict::undecided);
  EXPECT_EQ(paired_difference_verdict(paired_difference(21, 1, 7), 0.0, 0.1), Verdict::does_not_hold);
  EXPECT_EQ(paired_difference_verdict(paired_difference(0, 0, 0), -1, 1), Verdict::undecided);  // nothing measured
}

}  // namespace paired_proportions_test
