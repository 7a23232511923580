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
      m.add_finished(s, d, std::uint64_t(std::llround(n)), n / kRate, kOverhead);
    }
  return m;
}

}  // namespace

TEST(Eta, RightOnAGeometricSeries) {
  const EtaModel m = model_with_depths_up_to(3);
  ASSERT_TRUE(m.growth(4).has_value());
  EXPECT_NEAR(*m.growth(4), kGrowth, 1e-6);
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
  double n = 100;
  for (int d = 1; d <= 4; ++d) {
    m.add_finished("s", d, std::uint64_t(n), n / kRate, 0);
    n *= (d + 1) % 2 ? 8 : 2;
  }
  EXPECT_NEAR(*m.growth(5), 8.0, 1e-9);
  EXPECT_NEAR(*m.growth(6), 2.0, 1e-9);
  EXPECT_NEAR(*m.nodes({"s", 6}), 3200.0 * 8 * 2, 1e-6);  // nodes(4) = 100 * 2 * 8 * 2
}

TEST(Eta, UnknownWithoutPriors) {
  EtaModel empty;
  EXPECT_FALSE(empty.remaining_seconds({{"a", 1}}, {}, 2).has_value());
  EXPECT_FALSE(empty.growth(3).has_value());

  // Depth 1 of every series measured, but no step yet: no growth, so no estimate of depth 2.
  EtaModel m = model_with_depths_up_to(1);
  EXPECT_FALSE(m.remaining_seconds({{"a", 2}}, {}, 2).has_value());
  // A series never measured has no estimate even when the others do.
  m = model_with_depths_up_to(3);
  EXPECT_TRUE(m.remaining_seconds({{"a", 4}}, {}, 2).has_value());
  EXPECT_FALSE(m.remaining_seconds({{"a", 4}, {"new", 4}}, {}, 2).has_value());
  // Nothing left is zero seconds, not unknown.
  EXPECT_EQ(m.remaining_seconds({}, {}, 2), 0.0);
}

TEST(Eta, PriorsFromEarlierRunsGiveNodesButNotTime) {
  EtaModel m;
  for (const auto& [s, base] : kSeries)
    for (int d = 1; d <= 3; ++d) m.add_prior(s, d, std::uint64_t(true_nodes(base, d)));
  EXPECT_NEAR(*m.nodes({"a", 4}), true_nodes(1000, 4), 1.0);
  EXPECT_FALSE(m.seconds({"a", 4}).has_value());  // no node rate measured in this run yet
  m.add_finished("c", 4, std::uint64_t(true_nodes(200, 4)), true_nodes(200, 4) / kRate, kOverhead);
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
