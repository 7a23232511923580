// The ETA estimator as a pure function on made-up cells: right on a geometric series of node counts,
// `?` (no estimate) without priors, and the run order it implies (ascending depth, largest first).
#include "harness/experiment/eta.h"

#include <gtest/gtest.h>

#include <cmath>

using harness::EtaModel;
using harness::SeriesDepth;

namespace {

// Series s has nodes(d) = base[s] * growth^d; the engine searches `rate` nodes per second and each cell
// costs `overhead` seconds besides.
constexpr double kGrowth = 3.0, kRate = 1e6, kOverhead = 0.01;
const std::vector<std::pair<std::string, double>> kSeries = {{"a", 1000}, {"b", 5000}, {"c", 200}};

double true_nodes(double base, int d) { return base * std::pow(kGrowth, d); }
double true_seconds(double base, int d) { return true_nodes(base, d) / kRate + kOverhead; }

EtaModel model_with_depths_up_to(int depth) {
  EtaModel m;
  for (const auto& [s, base] : kSeries)
    for (int d = 1; d <= depth; ++d) {
      const double n = true_nodes(base, d);
      m.add_finished(s, d, std::uint64_t(std::llround(n)), n / kRate + kOverhead);
    }
  return m;
}

}  // namespace

TEST(Eta, RightOnAGeometricSeries) {
  const EtaModel m = model_with_depths_up_to(3);
  ASSERT_TRUE(m.growth({"a", 4}).has_value());
  EXPECT_NEAR(*m.growth({"a", 4}), kGrowth, 1e-6);
  // Two depths past the last measured one: nodes(3) * growth^2.
  EXPECT_NEAR(*m.nodes({"b", 5}), true_nodes(5000, 5), 1.0);

  // One thread: the sum of every remaining cell's time.
  std::vector<SeriesDepth> queued;
  double sum = 0;
  for (int d = 4; d <= 6; ++d)
    for (const auto& [s, base] : kSeries) {
      queued.push_back({s, d});
      sum += true_seconds(base, d);
    }
  ASSERT_TRUE(m.remaining_seconds(queued, {}, 1).has_value());
  EXPECT_NEAR(*m.remaining_seconds(queued, {}, 1), sum, 1e-6 * sum);

  // Two threads, two cells: the larger one sets the end. With a cell in flight for 0.1 s, its remainder counts.
  const std::vector<SeriesDepth> two = {{"a", 4}, {"b", 4}};
  EXPECT_NEAR(*m.remaining_seconds(two, {}, 2), true_seconds(5000, 4), 1e-9);
  const std::vector<std::pair<SeriesDepth, double>> running = {{{"b", 4}, 0.1}};
  EXPECT_NEAR(*m.remaining_seconds({{"a", 4}}, running, 2),
              std::max(true_seconds(5000, 4) - 0.1, true_seconds(1000, 4)), 1e-9);
}

TEST(Eta, OddAndEvenStepsGrowDifferently) {
  // Alpha-beta's odd/even effect: steps to odd depths x8, to even depths x2. A step not yet measured
  // takes the nearest step of its own parity.
  EtaModel m;
  double n = 1000;
  for (int d = 1; d <= 4; ++d) {
    m.add_finished("s", d, std::uint64_t(n), n / kRate);
    n *= (d + 1) % 2 ? 8 : 2;
  }
  EXPECT_NEAR(*m.growth({"s", 5}), 8.0, 1e-9);
  EXPECT_NEAR(*m.growth({"s", 6}), 2.0, 1e-9);
  EXPECT_NEAR(*m.nodes({"s", 6}), 32000.0 * 8 * 2, 1e-6);  // nodes(4) = 1000 * 2 * 8 * 2
}

TEST(Eta, EachSeriesGrowsAtItsOwnRate) {
  // Plain alpha-beta grows x40 a ply where a pruned version grows x3: each is extrapolated by its own
  // rate; a series measured at one depth only takes the mean of the others (sqrt(40 * 3)).
  EtaModel m;
  for (int d = 1; d <= 3; ++d) {
    m.add_finished("plain", d, std::uint64_t(1000 * std::pow(40.0, d)), 1);
    m.add_finished("pruned", d, std::uint64_t(1000 * std::pow(3.0, d)), 1);
  }
  m.add_finished("new", 1, 100, 1);
  EXPECT_NEAR(*m.nodes({"plain", 6}), 1000 * std::pow(40.0, 6), 1e-6 * std::pow(40.0, 6));
  EXPECT_NEAR(*m.nodes({"pruned", 6}), 1000 * std::pow(3.0, 6), 1e-3);
  EXPECT_NEAR(*m.nodes({"new", 2}), 100 * std::sqrt(40.0 * 3.0), 1e-6);
}

TEST(Eta, UnknownWithoutPriors) {
  EtaModel empty;
  EXPECT_FALSE(empty.remaining_seconds({{"a", 1}}, {}, 2).has_value());
  EXPECT_FALSE(empty.growth({"a", 3}).has_value());

  // Depth 1 of every series measured, but no step yet: no growth, so no estimate of depth 2.
  EtaModel m = model_with_depths_up_to(1);
  EXPECT_FALSE(m.remaining_seconds({{"a", 2}}, {}, 2).has_value());
  // Steps from depths of a few hundred nodes: the series' own are used when it has no other; another
  // series' are not (no estimate rather than a wild one).
  EtaModel tiny;
  for (int d = 1; d <= 3; ++d) tiny.add_finished("t", d, std::uint64_t(std::pow(9.0, d)), 1);  // 9, 81, 729
  tiny.add_finished("u", 1, 50, 1);
  EXPECT_NEAR(*tiny.nodes({"t", 4}), 729.0 * 9, 1e-6);
  EXPECT_FALSE(tiny.nodes({"u", 2}).has_value());
  tiny.add_finished("t", 4, 6561 * 2, 1);  // the step from 729 nodes (x18) is still small
  tiny.add_finished("t", 5, 6561 * 2 * 5, 1);  // the step from 13122 nodes (x5) counts first
  EXPECT_NEAR(*tiny.nodes({"t", 6}), 6561.0 * 2 * 5 * 5, 1e-6);
  EXPECT_NEAR(*tiny.nodes({"u", 2}), 50.0 * 5, 1e-6);  // now from t's large step
  // A series never measured has no estimate even when the others do.
  m = model_with_depths_up_to(3);
  EXPECT_TRUE(m.remaining_seconds({{"a", 4}}, {}, 2).has_value());
  EXPECT_FALSE(m.remaining_seconds({{"a", 4}, {"new", 4}}, {}, 2).has_value());
  // Nothing left is zero seconds, not unknown.
  EXPECT_EQ(m.remaining_seconds({}, {}, 2), 0.0);
}

TEST(Eta, TheFixedCostOfACellDoesNotInflateTheCostOfANode) {
  // Each cell costs 0.5 s besides its nodes (a large table to clear): at depth 1-2 nearly all of it.
  // Extrapolating the shallow cells' seconds per node to a deep cell would be off by a factor of 100s.
  EtaModel m;
  for (int d = 1; d <= 3; ++d) m.add_finished("s", d, std::uint64_t(true_nodes(1000, d)), true_nodes(1000, d) / kRate + 0.5);
  EXPECT_NEAR(*m.seconds_per_node(), 1 / kRate, 1e-12);
  EXPECT_NEAR(*m.seconds({"s", 8}), true_nodes(1000, 8) / kRate + 0.5, 1e-6);
}

TEST(Eta, PriorsFromEarlierRunsGiveNodesButNotTime) {
  EtaModel m;
  for (const auto& [s, base] : kSeries)
    for (int d = 1; d <= 3; ++d) m.add_prior(s, d, std::uint64_t(true_nodes(base, d)));
  EXPECT_NEAR(*m.nodes({"a", 4}), true_nodes(1000, 4), 1.0);
  EXPECT_FALSE(m.seconds({"a", 4}).has_value());  // no node rate measured in this run yet
  m.add_finished("c", 4, std::uint64_t(true_nodes(200, 4)), true_seconds(200, 4));
  EXPECT_FALSE(m.seconds({"a", 4}).has_value());  // one timed cell: no cost per node yet
  m.add_finished("c", 5, std::uint64_t(true_nodes(200, 5)), true_seconds(200, 5));
  EXPECT_NEAR(*m.seconds({"a", 4}), true_seconds(1000, 4), 1e-3);
}

TEST(Eta, RunOrderIsAscendingDepthLargestFirst) {
  const EtaModel m = model_with_depths_up_to(2);
  const std::vector<SeriesDepth> cells = {{"a", 4}, {"c", 3}, {"a", 3}, {"b", 3}, {"b", 4}};
  EXPECT_EQ(harness::next_cell(cells, m), 3u);  // b (the largest) at depth 3
  const std::vector<SeriesDepth> no_b = {{"a", 4}, {"c", 3}, {"a", 3}};
  EXPECT_EQ(harness::next_cell(no_b, m), 2u);
  // A cell without an estimate goes first among its depth: it gives the next prior.
  const std::vector<SeriesDepth> with_new = {{"b", 3}, {"new", 3}};
  EXPECT_EQ(harness::next_cell(with_new, m), 1u);
}
