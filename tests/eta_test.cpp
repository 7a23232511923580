// The ETA estimator as a pure function on made-up cells: right on a geometric series of node counts,
// growth as the mean of a series' last four steps, `?` (no estimate) without priors and beyond two plies
// of extrapolation, a fixed cost per table size and a node rate per series, the node budget as a ceiling,
// the run order it implies (most plies to go first, then the largest), and the offline replay that
// `harness bench eta` runs on stored cells.
#include "harness/experiment/eta.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/cell_queue.h"

namespace eta_test {

using harness::EtaModel;
using harness::EtaSample;
using harness::ReplayCell;
using harness::SeriesDepth;

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
      m.add_finished({s, d}, std::uint64_t(std::llround(n)), n / kRate + kOverhead, n / kRate);
    }
  return m;
}

TEST(Eta, RightOnAGeometricSeries) {
  const EtaModel m = model_with_depths_up_to(3);
  ASSERT_TRUE(m.growth({"a", 4}).has_value());
  EXPECT_NEAR(*m.growth({"a", 4}), kGrowth, 1e-6);
  // Two depths past the last measured one: nodes(3) * growth^2.
  EXPECT_NEAR(*m.nodes({"b", 5}), true_nodes(5000, 5), 1.0);

  // One thread: the sum of every remaining cell's time (up to two plies ahead: the model's reach).
  std::vector<SeriesDepth> queued;
  double sum = 0;
  for (int d = 4; d <= 5; ++d)
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

// A cell running past its estimate: not "nearly done". Alone at the end of a run it makes the line say `?`; with
// much work queued behind it, it counts as long again as it has run.
TEST(Eta, ACellPastItsEstimateIsNotTakenAsDone) {
  const EtaModel m = model_with_depths_up_to(3);
  const double estimate = true_seconds(5000, 4);
  EXPECT_NEAR(*m.remaining_seconds({}, {{{"b", 4}, estimate - 0.1}}, 2), 0.1, 1e-9);
  EXPECT_FALSE(m.remaining_seconds({}, {{{"b", 4}, estimate + 0.1}}, 2).has_value());
  std::vector<SeriesDepth> queued;
  for (int copy = 0; copy < 5; ++copy)
    for (int d = 4; d <= 5; ++d)
      for (const auto& [s, base] : kSeries) queued.push_back({s, d});
  const auto on_time = m.remaining_seconds(queued, {{{"b", 4}, estimate}}, 2);
  const auto overran = m.remaining_seconds(queued, {{{"b", 4}, estimate + 0.1}}, 2);
  ASSERT_TRUE(on_time.has_value());
  ASSERT_TRUE(overran.has_value());
  EXPECT_GT(*overran, *on_time + 0.1);  // the overrunning cell holds its thread for its whole time so far again
}

TEST(Eta, OddAndEvenStepsAverageOutOverFourSteps) {
  // Alpha-beta's odd/even effect: steps to odd depths x8, to even depths x2. The growth per ply is the
  // mean of the last four steps (two of each): x4, so two plies ahead are exact (x8 * x2 = x4 * x4).
  EtaModel m;
  double n = 1000;
  for (int d = 1; d <= 5; ++d) {
    m.add_finished({"s", d}, std::uint64_t(n), n / kRate, n / kRate);
    n *= d % 2 ? 2 : 8;  // 1000, 2000, 16000, 32000, 256000
  }
  EXPECT_NEAR(*m.growth({"s", 6}), 4.0, 1e-9);
  EXPECT_NEAR(*m.nodes({"s", 7}), 256000.0 * 2 * 8, 1e-6);
}

TEST(Eta, GrowthIsTheMeanOfTheLastFourSteps) {
  // x100 from depth 1 to 2 (a handful of root moves), then x3, x3, x3, and one noisy x6: the old first
  // step no longer counts, the noisy one counts a quarter.
  EtaModel m;
  const std::vector<double> nodes = {1000, 1e5, 3e5, 9e5, 2.7e6, 1.62e7};
  for (std::size_t i = 0; i < nodes.size(); ++i)
    m.add_finished({"s", int(i) + 1}, std::uint64_t(nodes[i]), 1, 1);
  const double expected = std::pow(3.0 * 3 * 3 * 6, 0.25);
  EXPECT_NEAR(*m.growth({"s", 7}), expected, 1e-9);
  EXPECT_NEAR(*m.nodes({"s", 8}), 1.62e7 * expected * expected, 1e-3);
}

TEST(Eta, NoNumberWhileMuchOfItIsBeyondTwoPlies) {
  // Depths 1-3 measured: depth 5 is within reach, depth 6 (three plies of extrapolation) is not, though
  // it has an estimate (it orders the run).
  const EtaModel m = model_with_depths_up_to(3);
  EXPECT_TRUE(m.within_reach({"a", 5}));
  EXPECT_FALSE(m.within_reach({"a", 6}));
  EXPECT_NEAR(*m.seconds({"a", 6}), true_seconds(1000, 6), 1e-9);
  // A run whose time left is mostly such cells prints `?`: c at depth 6 is 27 % of b's depth 4 + c's 6.
  EXPECT_FALSE(m.remaining_seconds({{"b", 4}, {"c", 6}}, {}, 1).has_value());
  // Under a tenth of it, the number: 7 % (one thread: the sum).
  const std::vector<SeriesDepth> mostly_near = {{"a", 4}, {"b", 4}, {"a", 5}, {"b", 5}, {"c", 6}};
  double sum = 0;
  for (const auto& [s, d] : std::vector<std::pair<double, int>>{{1000, 4}, {5000, 4}, {1000, 5}, {5000, 5}, {200, 6}})
    sum += true_seconds(s, d);
  ASSERT_TRUE(m.remaining_seconds(mostly_near, {}, 1).has_value());
  EXPECT_NEAR(*m.remaining_seconds(mostly_near, {}, 1), sum, 1e-9);
  // A running cell counts with what is left of it: b at depth 6 for almost all its time leaves little.
  EXPECT_FALSE(m.remaining_seconds({{"a", 4}}, {{{"b", 6}, 0.0}}, 2).has_value());
  EXPECT_TRUE(m.remaining_seconds({{"a", 4}}, {{{"b", 6}, true_seconds(5000, 6) - 0.001}}, 2).has_value());
  // A cell whose estimate reaches its budget is within reach at any distance: the budget bounds it.
  const double budget = true_nodes(5000, 5);
  EXPECT_TRUE(m.within_reach({"b", 9, 0, std::uint64_t(budget)}));
  EXPECT_FALSE(m.within_reach({"b", 9, 0, std::uint64_t(true_nodes(5000, 10))}));
  EXPECT_FALSE(m.within_reach({"new", 1}));
}

TEST(Eta, EachSeriesGrowsAtItsOwnRate) {
  // Plain alpha-beta grows x40 a ply where a pruned version grows x3: each is extrapolated by its own
  // rate; a series measured at one depth only takes the mean of the others (sqrt(40 * 3)).
  EtaModel m;
  for (int d = 1; d <= 3; ++d) {
    m.add_finished({"plain", d}, std::uint64_t(1000 * std::pow(40.0, d)), 1, 1);
    m.add_finished({"pruned", d}, std::uint64_t(1000 * std::pow(3.0, d)), 1, 1);
  }
  m.add_finished({"new", 1}, 100, 1, 1);
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
  for (int d = 1; d <= 3; ++d) tiny.add_finished({"t", d}, std::uint64_t(std::pow(9.0, d)), 1, 1);  // 9, 81, 729
  tiny.add_finished({"u", 1}, 50, 1, 1);
  EXPECT_NEAR(*tiny.nodes({"t", 4}), 729.0 * 9, 1e-6);
  EXPECT_FALSE(tiny.nodes({"u", 2}).has_value());
  tiny.add_finished({"t", 4}, 6561 * 2, 1, 1);  // the step from 729 nodes (x18) is still small
  tiny.add_finished({"t", 5}, 6561 * 2 * 5, 1, 1);  // the step from 13122 nodes (x5) counts first
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
  for (int d = 1; d <= 3; ++d) {
    const double n = true_nodes(1000, d);
    m.add_finished({"s", d, 1 << 21}, std::uint64_t(n), n / kRate + 0.5, n / kRate);
  }
  EXPECT_NEAR(*m.seconds_per_node("s"), 1 / kRate, 1e-12);
  EXPECT_NEAR(*m.seconds({"s", 5, 1 << 21}), true_nodes(1000, 5) / kRate + 0.5, 1e-6);
}

TEST(Eta, TheFixedCostFollowsTheTableSize) {
  // A cell's fixed cost is clearing its table: 0.01 s for 128K entries, 0.1 s for 1M. Each size measured
  // gives its own; a size not yet measured lies on the line through the others.
  EtaModel m;
  EXPECT_FALSE(m.fixed_seconds(1 << 17).has_value());
  for (int d = 1; d <= 2; ++d) {
    m.add_finished({"small", d, 1 << 17}, 100, 0.01 + 1e-4, 1e-4);
    m.add_finished({"large", d, 1 << 20}, 100, 0.10 + 1e-4, 1e-4);
  }
  EXPECT_NEAR(*m.fixed_seconds(1 << 17), 0.01, 1e-9);
  EXPECT_NEAR(*m.fixed_seconds(1 << 20), 0.10, 1e-9);
  const double slope = 0.09 / double((1 << 20) - (1 << 17));
  EXPECT_NEAR(*m.fixed_seconds(1 << 21), 0.10 + slope * double(1 << 20), 1e-9);
  // A series never timed in a size of its own still gets that size's cost, not its series'.
  m.add_finished({"other", 1, 1 << 17}, 100, 0.03 + 1e-4, 1e-4);
  EXPECT_NEAR(*m.fixed_seconds(1 << 17), (0.01 + 0.01 + 0.03) / 3, 1e-9);
}

TEST(Eta, EachSeriesSearchesAtItsOwnRate) {
  // Version "slow" searches 0.5 Mn/s, "fast" 2 Mn/s. Each deep cell is timed by its own series' rate; a
  // series whose cells are all too small to time (below kMinTimedNodes) takes the run's rate.
  EtaModel m;
  for (int d = 1; d <= 3; ++d) {
    const double n = 20000 * std::pow(2.0, d);
    m.add_finished({"slow", d}, std::uint64_t(n), n / 5e5, n / 5e5);
    m.add_finished({"fast", d}, std::uint64_t(n), n / 2e6, n / 2e6);
    m.add_finished({"tiny", d}, 10 * std::uint64_t(d), 0.05, 0.05);  // the clock's noise, not a rate
    m.add_finished({"dear", d}, 2000, 5.0, 5.0);  // few nodes for much work (the minimal tree): a rate of its own
  }
  EXPECT_NEAR(*m.seconds_per_node("dear"), 5.0 / 2000, 1e-12);
  EXPECT_NEAR(*m.seconds_per_node("slow"), 1 / 5e5, 1e-15);
  EXPECT_NEAR(*m.seconds_per_node("fast"), 1 / 2e6, 1e-15);
  EXPECT_NEAR(*m.seconds_per_node("tiny"), (1 / 5e5 + 1 / 2e6) / 2, 1e-12);  // both series' nodes over their time
  EXPECT_NEAR(*m.seconds({"slow", 4}), 20000 * 16 / 5e5, 1e-9);
  EXPECT_NEAR(*m.seconds({"fast", 4}), 20000 * 16 / 2e6, 1e-9);
  EXPECT_FALSE(EtaModel{}.seconds_per_node("slow").has_value());
}

TEST(Eta, NoCellSearchesPastItsNodeBudget) {
  // Plain alpha-beta grows x30 a ply; with a budget of 10^6 nodes its deep cells stop there.
  EtaModel m;
  for (int d = 1; d <= 3; ++d) m.add_finished({"plain", d, 0, 1000000}, std::uint64_t(100 * std::pow(30.0, d)), 1, 1);
  EXPECT_NEAR(*m.nodes({"plain", 4, 0, 1000000}), 1e6, 1e-6);   // 8.1 x 10^7 unbounded
  EXPECT_NEAR(*m.nodes({"plain", 4}), 100 * std::pow(30.0, 4), 1e-3);  // no budget
}

TEST(Eta, PriorsFromEarlierRunsGiveNodesButNotTime) {
  EtaModel m;
  for (const auto& [s, base] : kSeries)
    for (int d = 1; d <= 3; ++d) m.add_prior({s, d}, std::uint64_t(true_nodes(base, d)));
  EXPECT_NEAR(*m.nodes({"a", 4}), true_nodes(1000, 4), 1.0);
  EXPECT_FALSE(m.seconds({"a", 4}).has_value());  // no node rate measured in this run yet
  m.add_finished({"c", 4}, std::uint64_t(true_nodes(200, 4)), true_seconds(200, 4), true_nodes(200, 4) / kRate);
  EXPECT_NEAR(*m.seconds({"a", 4}), true_seconds(1000, 4), 1e-3);
}

std::size_t first_taken(const std::vector<SeriesDepth>& cells, const EtaModel& m) {
  return harness::CellQueue(cells).take(m);
}

TEST(Eta, RunOrderIsMostPliesToGoFirstThenLargest) {
  // Series ending at one depth: ascending depth, the largest first within a depth.
  const EtaModel m = model_with_depths_up_to(2);
  const std::vector<SeriesDepth> cells = {{"a", 4}, {"c", 4}, {"c", 3}, {"a", 3}, {"b", 3}, {"b", 4}};
  EXPECT_EQ(first_taken(cells, m), 4u);  // b (the largest) at depth 3
  const std::vector<SeriesDepth> no_b = {{"a", 4}, {"c", 4}, {"c", 3}, {"a", 3}};
  EXPECT_EQ(first_taken(no_b, m), 3u);
  // A cell without an estimate goes first among its equals: it gives the next prior.
  const std::vector<SeriesDepth> with_new = {{"b", 3}, {"new", 3}};
  EXPECT_EQ(first_taken(with_new, m), 1u);
  // A series to depth 8 beside one to depth 4 (a TT sweep beside the versions): the one with more plies to
  // go first, so both come within two plies of their last depth together; each series still in depth order.
  const std::vector<SeriesDepth> mixed = {{"b", 3}, {"b", 4}, {"a", 3}, {"a", 4}, {"a", 5}, {"a", 6}, {"a", 7}, {"a", 8}};
  std::vector<SeriesDepth> order;
  harness::CellQueue queue(mixed);
  while (!queue.empty()) order.push_back(mixed[queue.take(m)]);
  std::vector<std::pair<std::string, int>> taken;
  for (const auto& c : order) taken.emplace_back(c.series, c.depth);
  // Equal plies to go: the larger first (a at depth 7 is 2187000 nodes, b at 3 135000).
  const std::vector<std::pair<std::string, int>> expected = {{"a", 3}, {"a", 4}, {"a", 5}, {"a", 6}, {"a", 7},
                                                             {"b", 3}, {"a", 8}, {"b", 4}};
  EXPECT_EQ(taken, expected);
}

// Made-up cells that cost exactly what the model assumes: a fixed cost by table size plus nodes at a rate of
// their series', growing x3 a ply (from a different count in each series: no two cells of a depth tie).
std::vector<ReplayCell> synthetic_run(int depths) {
  std::vector<ReplayCell> cells;
  const std::vector<std::pair<std::string, double>> rates = {{"fast", 2e6}, {"slow", 5e5}};
  double base = 5000;
  for (const auto& [name, rate] : rates)
    for (const std::uint64_t entries : {std::uint64_t(1) << 17, std::uint64_t(1) << 21})
      for (int d = 1, b = int(base += 1000); d <= depths; ++d) {
        const double n = b * std::pow(3.0, d);
        const double fixed = entries > (1u << 17) ? 0.2 : 0.002;
        cells.push_back({{name + std::to_string(entries), d, entries}, std::uint64_t(n), fixed + n / rate, n / rate});
      }
  return cells;
}

TEST(Eta, ReplayTimesTheRunAsTheRunnerSchedulesIt) {
  // Three cells on two threads: a (depth 1, 2 s) and b (depth 1, 1 s) start together; c (depth 2, 4 s)
  // starts when b ends at 1 s, so the run ends at 5 s. One sample after each cell but the last.
  const std::vector<ReplayCell> cells = {{{"a", 1}, 10, 2, 2}, {{"b", 1}, 10, 1, 1}, {{"b", 2}, 20, 4, 4}};
  const std::vector<EtaSample> samples = harness::replay_eta(cells, 2);
  ASSERT_EQ(samples.size(), 2u);
  EXPECT_EQ(samples[0].done, 1u);
  EXPECT_DOUBLE_EQ(samples[0].elapsed, 1.0);
  EXPECT_DOUBLE_EQ(samples[0].actual, 4.0);
  EXPECT_DOUBLE_EQ(samples[1].elapsed, 2.0);
  EXPECT_DOUBLE_EQ(samples[1].actual, 3.0);
}

TEST(Eta, ReplayOfCellsTheModelDescribesIsExactOnceTheLastDepthsAreInReach) {
  // 4 series x depths 1-6, taken in ascending depth. Up to depth 3 done (12 cells) the depth-6 cells, three
  // plies out, are two thirds of the time left: `?`. Once depth 4 of every series is measured (16 cells)
  // every cell is within reach; in between, a number once the cells out of reach are under a tenth.
  // Every number is the true remaining time.
  const std::vector<ReplayCell> cells = synthetic_run(6);
  const std::vector<EtaSample> samples = harness::replay_eta(cells, 2);
  ASSERT_EQ(samples.size(), cells.size() - 1);
  std::size_t numbers = 0;
  for (const auto& s : samples) {
    if (s.done <= 12) {
      EXPECT_FALSE(s.predicted.has_value()) << "after " << s.done << " cells";
    }
    if (s.done >= 16) {
      EXPECT_TRUE(s.predicted.has_value()) << "after " << s.done << " cells";
    }
    if (!s.predicted) continue;
    ++numbers;
    EXPECT_NEAR(*s.predicted / s.actual, 1.0, 1e-9) << "after " << s.done << " cells";
  }
  EXPECT_GE(numbers, 8u);  // after 16 ... 23 of 24 cells at least
}

TEST(Eta, ReplayShowsItsStateAtEachSample) {
  // The observer (harness bench eta --verbose) sees every sample with the cells left: queued + running.
  const std::vector<ReplayCell> cells = synthetic_run(3);
  std::vector<std::size_t> left;
  harness::replay_eta(cells, 2, [&](const harness::ReplayState& state) {
    EXPECT_EQ(state.done, left.size() + 1);
    left.push_back(state.queued->size() + state.running->size());
    EXPECT_NE(state.model, nullptr);
  });
  ASSERT_EQ(left.size(), cells.size() - 1);
  for (std::size_t i = 0; i < left.size(); ++i) EXPECT_EQ(left[i], cells.size() - 1 - i);
}

// A sweep of table sizes at one depth (results/tt-schemes' shape): every cell is a series of its own, so no
// series ever has a measured depth. Its family (the same position and flags, other tables) gives the estimate:
// log nodes = the family's level + the table's effect, fitted to the measured cells; the table's effect is
// learned on one position and carried to the next.
TEST(Eta, ASweepAtOneDepthIsEstimatedFromItsFamily) {
  EtaModel m;
  // Position p1: a small table grows the tree x4 over a large one; p2 is 10x p1 at every size.
  auto cell = [](const std::string& pos, const std::string& table) {
    return SeriesDepth{pos + "/" + table, 8, 0, 0, pos, table};
  };
  EXPECT_FALSE(m.nodes(cell("p1", "small")).has_value());  // nothing measured: no estimate
  m.add_finished(cell("p1", "large"), 1000000, 1, 1);
  // Only the family's level is known yet: the small table's effect is not.
  EXPECT_NEAR(*m.nodes(cell("p1", "small")), 1e6, 1.0);
  EXPECT_TRUE(m.within_reach(cell("p1", "small")));
  m.add_finished(cell("p1", "small"), 4000000, 4, 4);
  m.add_finished(cell("p2", "large"), 10000000, 10, 10);
  // p2's small-table cell: p2's level with the small table's effect, fitted to the three cells: x4.
  EXPECT_NEAR(*m.nodes(cell("p2", "small")), 4e7, 4e7 * 1e-6);
  // Another depth of the family, or a position with no cell, has no estimate.
  EXPECT_FALSE(m.nodes(SeriesDepth{"p2/small", 9, 0, 0, "p2", "small"}).has_value());
  EXPECT_FALSE(m.nodes(cell("p3", "small")).has_value());
  EXPECT_FALSE(m.within_reach(cell("p3", "small")));
  // The seconds per node of p2's cells are p2's own (10 s for 10^7 nodes), not the average over positions.
  EXPECT_NEAR(*m.seconds_per_node(cell("p2", "small")), 1e-6, 1e-12);
  EXPECT_NEAR(*m.seconds_per_node(cell("p1", "tiny")), 1e-6, 1e-12);
}

// A lone series (its only cell in the run, no prior) is not kept, and no estimate of any other cell changes: its
// family's level and table effect, the rates and the fixed costs are learnt as before. A lone series that has a prior
// is kept (the prior and the new depth make a step).
TEST(Eta, ALoneSeriesIsNotKeptAndChangesNoOtherEstimate) {
  auto sweep = [](const std::string& pos, const std::string& table, int depth) {
    return SeriesDepth{pos + "/" + table, depth, 1024, 0, pos, table};
  };
  EtaModel kept, lone;
  for (EtaModel* m : {&kept, &lone}) {
    for (int d = 1; d <= 4; ++d) m->add_finished({"a", d}, std::uint64_t(1000 * std::pow(5.0, d)), 0.02 * d, 0.01 * d);
    m->add_prior({"b", 1}, 300);
  }
  const std::vector<std::pair<SeriesDepth, std::uint64_t>> lone_cells = {
      {sweep("p1", "large", 6), 1000000}, {sweep("p1", "small", 6), 4000000}, {sweep("p2", "large", 6), 30000},
      {{"b", 2}, 3000}};  // b grows x10 a ply, a x5: b's own step shows
  for (const auto& [c, n] : lone_cells) {
    kept.add_finished(c, n, 2e-6 * double(n), 1e-6 * double(n));
    lone.add_finished(c, n, 2e-6 * double(n), 1e-6 * double(n), /*series_alone=*/true);
  }
  EXPECT_EQ(kept.changes(), lone.changes());
  // b had a prior: kept, so its growth from depth 1 to 2 is known to both.
  EXPECT_TRUE(lone.growth({"b", 2}).has_value());
  const std::vector<SeriesDepth> others = {sweep("p2", "small", 6), sweep("p3", "small", 6), {"a", 5}, {"a", 7},
                                           {"b", 3},                {"c", 2},                {"c", 1}};
  for (const SeriesDepth& c : others) {
    EXPECT_EQ(kept.nodes(c), lone.nodes(c)) << c.series << " d" << c.depth;
    EXPECT_EQ(kept.seconds(c), lone.seconds(c)) << c.series << " d" << c.depth;
    EXPECT_EQ(kept.within_reach(c), lone.within_reach(c)) << c.series << " d" << c.depth;
  }
  EXPECT_EQ(kept.remaining_seconds(others, {{{"a", 5}, 0.1}}, 2), lone.remaining_seconds(others, {{{"a", 5}, 0.1}}, 2));
  EXPECT_NEAR(*lone.nodes(sweep("p2", "small", 6)), 120000, 1e-6 * 120000);  // p2's level x the small table's 4
  // What a lone series is asked no more: kept, its depth is known; not kept, it is estimated like any other.
  EXPECT_EQ(*kept.nodes(sweep("p1", "large", 6)), 1000000);
}

// A cell alone in its family at its depth (no other cell of that family and depth in the run, none known before) is
// left out of the family model, and every other estimate stays as it was (up to the fit's tolerance): its level would
// have been fitted to it alone. One whose family and depth the model knows already (a prior) is kept, as it tells
// the table's effect.
TEST(Eta, ACellAloneInItsFamilyIsNotKeptAndChangesNoOtherEstimate) {
  auto sweep = [](const std::string& pos, const std::string& table, int depth) {
    return SeriesDepth{pos + "/" + table, depth, 1024, 0, pos, table};
  };
  EtaModel kept, lone;
  for (EtaModel* m : {&kept, &lone}) {
    m->add_finished(sweep("p1", "large", 6), 1000000, 2, 1);
    m->add_finished(sweep("p1", "small", 6), 4000000, 8, 4);
    m->add_prior(sweep("p4", "large", 6), 50000);
  }
  // p2 and p3 at depth 6 and p1 at depth 7 are alone in their family and depth; p4's small table has a prior beside it.
  const std::vector<std::pair<SeriesDepth, std::uint64_t>> cells = {{sweep("p2", "large", 6), 30000},
                                                                    {sweep("p3", "small", 6), 80000},
                                                                    {sweep("p1", "large", 7), 9000000},
                                                                    {sweep("p4", "small", 6), 200000}};
  for (const auto& [c, n] : cells) {
    kept.add_finished(c, n, 2e-6 * double(n), 1e-6 * double(n), true);
    lone.add_finished(c, n, 2e-6 * double(n), 1e-6 * double(n), true, /*family_alone=*/true);
  }
  EXPECT_EQ(kept.changes(), lone.changes());
  const std::vector<SeriesDepth> others = {sweep("p1", "tiny", 6), sweep("p5", "small", 6), sweep("p4", "tiny", 6),
                                           sweep("p1", "small", 7)};
  for (const SeriesDepth& c : others) {
    ASSERT_EQ(kept.nodes(c).has_value(), lone.nodes(c).has_value()) << c.series << " d" << c.depth;
    if (kept.nodes(c)) {
      EXPECT_NEAR(*kept.nodes(c), *lone.nodes(c), 1e-6 * *kept.nodes(c)) << c.series;
    }
    EXPECT_EQ(kept.within_reach(c), lone.within_reach(c)) << c.series << " d" << c.depth;
  }
  // The small table's effect (x4 on p1 and on p4, whose small cell was kept beside its prior) reaches p5.
  EXPECT_FALSE(lone.nodes(sweep("p5", "small", 6)).has_value());  // p5 has no level
  EXPECT_NEAR(*lone.nodes(sweep("p1", "small", 6)) / *lone.nodes(sweep("p1", "large", 6)), 4.0, 1e-6);
  // What was left out is asked no more: kept, p2's other tables are estimated from its level; not kept, not at all.
  EXPECT_TRUE(kept.nodes(sweep("p2", "small", 6)).has_value());
  EXPECT_FALSE(lone.nodes(sweep("p2", "small", 6)).has_value());
}

// A sweep of tables over depths (tt-deep's shape): every table's nodes get cheaper at depth 6 at once (1 us a node up
// to depth 5, 0.25 us at 6). Once two tables have searched depth 6, the others' cells take that rate: the summed rate
// of the series, mostly depth 5's, would put their depth 6 at 4x its time. A family of one table keeps its summed
// rate (one cell's rate is noisy).
TEST(Eta, ASweepOfTablesTakesItsFamilysRateAtTheDeepestDepth) {
  auto cell = [](const std::string& table, int depth) { return SeriesDepth{"p/" + table, depth, 0, 0, "p", table}; };
  auto rate = [](int depth) { return depth < 6 ? 1e-6 : 0.25e-6; };
  EtaModel m;
  for (const std::string table : {"t1", "t2", "t3"})
    for (int d = 1; d <= 5; ++d) {
      const double n = 1e4 * std::pow(kGrowth, d);
      m.add_finished(cell(table, d), std::uint64_t(n), n * rate(d), n * rate(d));
    }
  EXPECT_NEAR(*m.seconds_per_node(cell("t3", 6)), 1e-6, 1e-12);  // depth 6 not timed yet: depth 5's rate
  const double n6 = 1e4 * std::pow(kGrowth, 6);
  m.add_finished(cell("t1", 6), std::uint64_t(n6), n6 * rate(6), n6 * rate(6));
  EXPECT_GT(*m.seconds_per_node(cell("t3", 6)), 0.9e-6);  // one cell at depth 6: not yet
  m.add_finished(cell("t2", 6), std::uint64_t(n6), n6 * rate(6), n6 * rate(6));
  EXPECT_NEAR(*m.seconds_per_node(cell("t3", 6)), 0.25e-6, 1e-12);
  EXPECT_NEAR(*m.seconds(cell("t3", 6)), n6 * 0.25e-6, 1e-3 * n6 * 0.25e-6);
  // A series alone in its family (no table swept) keeps its own summed rate.
  EtaModel alone;
  for (int d = 1; d <= 6; ++d) {
    const double n = 1e4 * std::pow(kGrowth, d);
    alone.add_finished({"q", d, 0, 0, "q-family", "t1"}, std::uint64_t(n), n * rate(d), n * rate(d));
  }
  EXPECT_GT(*alone.seconds_per_node(SeriesDepth{"q", 7, 0, 0, "q-family", "t1"}), 0.3e-6);
}

// The queue takes each series in ascending depth, the series with the most plies to go first, then the largest
// estimate; and it takes every cell once.
TEST(CellQueue, MostPliesFirstThenLargestEstimateThenOrder) {
  std::vector<SeriesDepth> cells;
  for (int d = 5; d >= 1; --d) cells.push_back({"deep", d});  // given deepest first
  for (int d = 1; d <= 3; ++d) cells.push_back({"b", d}), cells.push_back({"c", d});
  harness::CellQueue queue(cells);
  EtaModel m;
  m.add_prior({"c", 1}, 500);
  m.add_prior({"b", 1}, 100);  // b's and c's depth 1 measured: c's larger
  std::vector<std::pair<std::string, int>> order;
  while (!queue.empty()) {
    const SeriesDepth& c = queue.cell(queue.take(m));
    order.emplace_back(c.series, c.depth);
  }
  // Plies to go: deep 4, 3, then deep 3 beside b 1 and c 1 (two each): deep 3 has no estimate (it goes first, it
  // gives the prior), then c 1 (500 nodes) before b 1 (100). b 2 and c 2 have no estimate either (no step
  // measured anywhere): the experiment's order, b before c.
  const std::vector<std::pair<std::string, int>> expected = {{"deep", 1}, {"deep", 2}, {"deep", 3}, {"c", 1},
                                                             {"b", 1},    {"deep", 4}, {"b", 2},    {"c", 2},
                                                             {"deep", 5}, {"b", 3},    {"c", 3}};
  EXPECT_EQ(order, expected);
}

// With one thread (balance false) the estimates are never read: the same cells and model as above keep the plies
// rule and take equals in the experiment's order, so c 1 (the larger estimate) no longer jumps ahead of b 1.
TEST(CellQueue, UnbalancedTakesEqualsInTheExperimentsOrder) {
  std::vector<SeriesDepth> cells;
  for (int d = 5; d >= 1; --d) cells.push_back({"deep", d});
  for (int d = 1; d <= 3; ++d) cells.push_back({"b", d}), cells.push_back({"c", d});
  harness::CellQueue queue(cells, /*balance=*/false);
  EtaModel m;
  m.add_prior({"c", 1}, 500);
  m.add_prior({"b", 1}, 100);
  std::vector<std::pair<std::string, int>> order;
  while (!queue.empty()) {
    const SeriesDepth& c = queue.cell(queue.take(m));
    order.emplace_back(c.series, c.depth);
    m.add_finished(c, 1000, 0.01, 0.005);  // the model changes after every cell: still never asked
  }
  const std::vector<std::pair<std::string, int>> expected = {{"deep", 1}, {"deep", 2}, {"deep", 3}, {"b", 1},
                                                             {"c", 1},    {"deep", 4}, {"b", 2},    {"c", 2},
                                                             {"deep", 5}, {"b", 3},    {"c", 3}};
  EXPECT_EQ(order, expected);
}

// What the runner tells the model of each finished cell: alone in its series (every input but the depth), alone in
// its family at its depth (the series less the table); a cell without a family is never alone in one.
TEST(CellQueue, KnowsWhichCellsAreAloneInTheirSeriesAndFamily) {
  const std::vector<SeriesDepth> cells = {
      {"p1/large", 6, 0, 0, "p1", "large"}, {"p1/small", 6, 0, 0, "p1", "small"}, {"p1/large", 7, 0, 0, "p1", "large"},
      {"p2/large", 6, 0, 0, "p2", "large"}, {"q", 3}};
  const harness::CellQueue queue(cells);
  const std::vector<bool> series = {false, true, false, true, true}, family = {false, false, true, true, false};
  for (std::size_t i = 0; i < cells.size(); ++i) {
    EXPECT_EQ(queue.alone_in_series(i), series[i]) << i;
    EXPECT_EQ(queue.alone_in_family(i), family[i]) << i;
  }
}

TEST(CellQueue, TakesEveryCellOnceAndListsTheRest) {
  std::vector<SeriesDepth> cells;
  for (int i = 0; i < 2000; ++i) cells.push_back({"s" + std::to_string(i % 37), 1 + i / 37});
  harness::CellQueue queue(cells);
  EtaModel m;
  std::set<std::size_t> taken;
  for (int i = 0; i < 500; ++i) {
    const std::size_t k = queue.take(m);
    EXPECT_TRUE(taken.insert(k).second);
    m.add_finished(cells[k], 1000 + k, 0.01, 0.005);
  }
  EXPECT_EQ(queue.size(), 1500u);
  const auto left = queue.remaining_indices();
  EXPECT_EQ(left.size(), 1500u);
  for (std::size_t k : left) EXPECT_FALSE(taken.count(k));
  while (!queue.empty()) EXPECT_TRUE(taken.insert(queue.take(m)).second);
  EXPECT_EQ(taken.size(), cells.size());
}

// eta_cell from a computed identity and family hash (string surgery, no serialisation): one series for every depth, one family
// for every table of a position and version, and apart where any other input differs.
TEST(EtaCell, SeriesAndFamilyFromTheIdentity) {
  harness::CellInputs in;
  in.position = "p";
  in.fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
  in.depth = 7;
  in.search.tt_entries = 4096;
  auto cell = [](harness::CellInputs c) { return harness::eta_cell(c, c.identity(), harness::family_flags_hash(c)); };
  const SeriesDepth base = cell(in);
  EXPECT_EQ(base.depth, 7);
  EXPECT_EQ(base.table_entries, 4096u);
  harness::CellInputs other = in;
  other.depth = 3;
  EXPECT_EQ(cell(other).series, base.series);
  other = in;
  other.search.tt_entries = 8192;
  other.search.tt_scheme = buho::ReplacementScheme::Always;
  EXPECT_NE(cell(other).series, base.series);
  EXPECT_EQ(cell(other).family, base.family);
  EXPECT_NE(cell(other).table, base.table);
  other = in;
  other.position = "q";
  EXPECT_NE(cell(other).series, base.series);
  EXPECT_NE(cell(other).family, base.family);
  other = in;
  other.search.aspiration = !in.search.aspiration;
  EXPECT_NE(cell(other).family, base.family);
  // A node budget bounds the cost, not the tree: a calibration's held-out depths (budget 4e8) grow at the rate of
  // its fitted ones (5e7), so they are one series; the budget itself is kept.
  other = in;
  other.node_budget = 400000000;
  EXPECT_EQ(cell(other).series, base.series);
  EXPECT_EQ(cell(other).family, base.family);
  EXPECT_EQ(cell(other).node_budget, 400000000u);
  EXPECT_EQ(harness::eta_cell(in).series, base.series);  // from the inputs alone: the same
  EXPECT_EQ(harness::eta_cell(other).series, base.series);
}

}  // namespace eta_test
