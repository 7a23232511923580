// The difference of two proportions measured on the same units (positions solved by two versions on one test
// suite) with its 95 % interval: Tango's score interval (Tango 1998, Statistics in Medicine 17: 891-908).
//
// Why this interval: the two versions solve most positions alike, so nearly all the information sits in the few
// discordant positions (solved by one version only). The Wald interval on the paired difference collapses to a
// width of zero when there is no discordant position (WAC at depths 6 and 8: none), and a bootstrap over positions
// does the same; McNemar's exact test gives a p-value, not an interval on the difference. Tango's interval inverts
// the score test of the difference with the cell probabilities fitted under each tested difference (their restricted
// maximum likelihood), so it keeps a width with no discordant position (±z²/(n + z²), ±1.27 % for 299) and its
// coverage stays near 95 % with few discordant pairs (Newcombe 1998, Statistics in Medicine 17: 2635-2650, compares
// it with ten others).
#pragma once

#include <cstddef>
#include <string>

#include "harness/report/verdict.h"

namespace harness {

struct PairedDifference {
  std::size_t n = 0;              // positions measured by both
  std::size_t gained = 0;         // solved by the second only
  std::size_t lost = 0;           // solved by the first only
  double difference = 0;          // (gained - lost) / n: the second's proportion minus the first's
  double low = 0, high = 0;       // 95 % interval (equal to the difference when n = 0)
  bool has_interval() const { return n > 0; }
};

// Tango's 95 % score interval for the difference of paired proportions, from the discordant counts.
PairedDifference paired_difference(std::size_t n, std::size_t gained, std::size_t lost);

// "holds" when the whole interval lies inside [low, high], "does not hold" when it lies wholly outside, "undecided"
// otherwise or without positions: the reading of the node-ratio and share verdicts (geometric_interval.h).
Verdict paired_difference_verdict(const PairedDifference& d, double low, double high);

// The one-sided p-value of Tango's score test that the difference lies above `bound` (its rejection at 0.025 is the
// 95 % interval lying wholly above it); 1 - that is the test of "below". 1 without positions.
double paired_difference_p_above(const PairedDifference& d, double bound);

}  // namespace harness
