// The ETA estimator as a pure function on made-up cells: right on a geometric series of node counts, growth as
// the mean of a series' last four steps, `?` without a basis and while much of the estimate lies beyond two plies of
// extrapolation, a fixed cost per cell beside the cost of a node, the node budget as a ceiling, the run order (most
// plies to go first), and the offline replay that `harness bench eta` runs on stored cells.
#include "harness/experiment/eta.h"

#include <gtest/gtest.h>

#include <cmath>

#include "harness/experiment/cell_inputs.h"

namespace eta_test {

using harness::EtaModel;
using harness::ReplayCell;
using harness::SeriesDepth;

// Series s has nodes(d) = base[s] * growth^d; the engine searches `rate` nodes per second and each cell costs
// `overhead` seconds besides.
constexpr double kGrowth = 3.0, kRate = 1e6, kOverhead = 0.01;
const std::vector<std::pair<std::uint64_t, double>> kSeries = {{1, 1000}, {2, 5000}, {3, 200}};

double true_nodes(double base, int d) { return base * std::pow(kGrowth, d); }
double true_seconds(double base, int d) { return true_nodes(base, d) / kRate + kOverhead; }

EtaModel model_with_depths_up_to(int depth) {
  EtaModel m;
  for (const auto& [s, base] : kSeries)
    for (int d = 1; d <= depth; ++d) {
      const double n = true_nodes(base, d);
      m.add_finished({s, d}, std::uint64_t(std::llround(n)), n / kRate + kOverhead);
    }
  return m;
}

TEST(Eta, RightOnAGeometricSeries) {
  const EtaModel m = model_with_depths_up_to(5);
  ASSERT_TRUE(m.growth(1));
  EXPECT_NEAR(*m.growth(1), kGrowth, 1e-6);
  EXPECT_NEAR(*m.nodes({2, 7}), true_nodes(5000, 7), 1.0);
  EXPECT_NEAR(*m.seconds({2, 7}), true_seconds(5000, 7), 1e-6);
  // Two threads, each cell's own time, the longest thread decides.
  const std::vector<SeriesDepth> queued = {{1, 6}, {2, 6}, {3, 6}, {1, 7}};
  const auto eta = m.remaining_seconds(queued, {}, 2);
  ASSERT_TRUE(eta);
  std::vector<double> free_at = {0, 0};
  for (const auto& c : queued) {
    const double base = kSeries[c.series - 1].second;
    *std::min_element(free_at.begin(), free_at.end()) += true_seconds(base, c.depth);
  }
  EXPECT_NEAR(*eta, *std::max_element(free_at.begin(), free_at.end()), 1e-6);
}

TEST(Eta, GrowthIsTheMeanOfTheLastFourSteps) {
  EtaModel m;
  // Steps x100 (the first plies' noise), then x2, x4, x2, x4, x8: the last four are x4, x2, x4, x8.
  const std::vector<double> nodes = {10, 1000, 2000, 8000, 16000, 64000, 512000};
  for (int d = 1; d <= int(nodes.size()); ++d) m.add_finished({7, d}, std::uint64_t(nodes[std::size_t(d - 1)]), 0.1);
  EXPECT_NEAR(*m.growth(7), std::pow(4.0 * 2 * 4 * 8, 0.25), 1e-9);
  // A series with no step of its own takes every series' growth.
  m.add_finished({8, 3}, 500, 0.1);
  EXPECT_NEAR(*m.growth(8), *m.growth(7), 1e-9);
  EXPECT_NEAR(*m.nodes({8, 4}), 500 * *m.growth(7), 1e-6);
}

TEST(Eta, UnknownWithoutABasis) {
  EtaModel m;
  EXPECT_FALSE(m.nodes({1, 3}));
  EXPECT_FALSE(m.remaining_seconds({{1, 3}}, {}, 1));
  // Nodes at depth 1 but no step anywhere: depth 2 has no estimate; depth 1 of a new series takes depth 1's mean.
  m.add_finished({1, 1}, 20, 0.001);
  m.add_finished({2, 1}, 80, 0.001);
  EXPECT_FALSE(m.nodes({1, 2}));
  ASSERT_TRUE(m.nodes({3, 1}));
  EXPECT_NEAR(*m.nodes({3, 1}), 40, 1e-9);  // geometric mean of 20 and 80
}

TEST(Eta, NoNumberWhileMuchOfItIsBeyondTwoPlies) {
  const EtaModel m = model_with_depths_up_to(3);
  EXPECT_TRUE(m.remaining_seconds({{1, 4}, {1, 5}}, {}, 1));  // one and two plies ahead
  EXPECT_FALSE(m.remaining_seconds({{1, 4}, {1, 6}}, {}, 1));  // three plies: most of the time left
  // A cell three plies ahead that its budget bounds has a basis: the budget.
  EXPECT_TRUE(m.remaining_seconds({{1, 4}, {1, 6, 1000}}, {}, 1));
}

TEST(Eta, NoCellSearchesPastItsNodeBudget) {
  const EtaModel m = model_with_depths_up_to(4);
  EXPECT_DOUBLE_EQ(*m.nodes({1, 6, 50000}), 50000);
  EXPECT_NEAR(*m.nodes({1, 5, 10'000'000}), true_nodes(1000, 5), 1.0);
}

TEST(Eta, TheFixedCostOfACellIsFittedBesideTheCostOfANode) {
  const EtaModel m = model_with_depths_up_to(4);
  // A cell of few nodes costs about the overhead; one of many, its nodes at the engine's rate.
  EXPECT_NEAR(*m.seconds({3, 1}), true_seconds(200, 1), 1e-6);
  EXPECT_NEAR(*m.seconds({2, 4}), true_seconds(5000, 4), 1e-6);
}

TEST(Eta, ACellPastItsEstimateIsNotTakenAsDone) {
  const EtaModel m = model_with_depths_up_to(5);
  const double s = *m.seconds({2, 5});
  // Running for twice its estimate: it counts as needing as long again, and as far (no number when it is most).
  EXPECT_FALSE(m.remaining_seconds({}, {{{2, 5}, 2 * s}}, 1));
  const auto eta = m.remaining_seconds({}, {{{2, 5}, s / 4}}, 1);
  ASSERT_TRUE(eta);
  EXPECT_NEAR(*eta, 0.75 * s, 1e-9);
}

TEST(Eta, PriorsFromEarlierRunsGiveNodesButNotTime) {
  EtaModel m;
  m.add_prior({1, 3}, 900);
  m.add_prior({1, 4}, 2700);
  EXPECT_NEAR(*m.nodes({1, 5}), 8100, 1e-6);
  EXPECT_FALSE(m.seconds({1, 5}));  // no cell of this run timed yet
  m.add_finished({1, 5}, 8100, 0.0081);
  EXPECT_NEAR(*m.seconds({1, 6}), 0.0243, 1e-9);
}

TEST(Eta, RunOrderIsMostPliesToGoFirstThenTheExperimentsOrder) {
  // Series 1 at depths 1-4, series 2 at depths 3-4, series 3 at depth 2 alone.
  const std::vector<SeriesDepth> cells = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 2}};
  const std::vector<std::size_t> order = harness::run_order(cells);
  const std::vector<std::size_t> expected = {0, 1, 2, 4, 3, 5, 6};  // plies 3, 2, 1, 1, 0, 0, 0
  EXPECT_EQ(order, expected);
}

TEST(Eta, ReplayOfAGeometricRunIsExactOnceTheLastDepthsAreInReach) {
  std::vector<ReplayCell> cells;
  for (const auto& [s, base] : kSeries)
    for (int d = 1; d <= 6; ++d)
      cells.push_back({{s, d}, std::uint64_t(std::llround(true_nodes(base, d))), true_seconds(base, d)});
  const auto samples = harness::replay_eta(cells, 2);
  ASSERT_EQ(samples.size(), cells.size() - 1);
  std::size_t exact = 0, unknown = 0;
  for (const auto& x : samples) {
    EXPECT_NEAR(x.elapsed + x.actual, samples.front().elapsed + samples.front().actual, 1e-9);
    if (!x.predicted) {
      ++unknown;
      continue;
    }
    // Once it prints a number, every cell left is within two plies of a measured one: the growth is exact.
    EXPECT_NEAR(*x.predicted, x.actual, 1e-3 * x.actual + 1e-6) << "after " << x.done << " cells";
    ++exact;
  }
  // Once depths 1-4 of the three series are done (12 cells, and one more: on two threads a depth-5 cell can end
  // while the largest depth-4 cell still runs), every cell left is at most two plies ahead: a number each time.
  for (const auto& x : samples) {
    if (x.done >= 13) {
      EXPECT_TRUE(x.predicted) << "after " << x.done << " cells";
    }
  }
  EXPECT_GE(exact, samples.size() - 12);
  EXPECT_GT(unknown, 0u);  // the first cells: depth 1 alone gives no growth
}

TEST(EtaCell, TheSeriesIsEveryInputButTheDepthAndTheBudget) {
  harness::CellInputs a;
  a.position = "p";
  a.fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
  a.depth = 3;
  harness::CellInputs b = a;
  b.depth = 7;
  b.node_budget = 5000;
  EXPECT_EQ(harness::eta_cell(a).series, harness::eta_cell(b).series);
  EXPECT_EQ(harness::eta_cell(b).depth, 7);
  EXPECT_EQ(harness::eta_cell(b).node_budget, 5000u);
  harness::CellInputs c = a;
  c.search.lmr = !c.search.lmr;
  EXPECT_NE(harness::eta_cell(a).series, harness::eta_cell(c).series);
  harness::CellInputs d = a;
  d.position = "q";
  EXPECT_NE(harness::eta_cell(a).series, harness::eta_cell(d).series);
  // The flag set's hash given is the one computed.
  EXPECT_EQ(harness::eta_cell(c, c.flag_set().hash).series, harness::eta_cell(c).series);
}

}  // namespace eta_test
