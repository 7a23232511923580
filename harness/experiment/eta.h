// The progress line's ETA, from the work left rather than from the share of cells done: a cell of
// depth d costs about as much as the same cell at depth d-1 times the growth of node counts from d-1
// to d measured in this run (the series' own, growth()), and a node costs what this run's cells
// measured (seconds_per_node()), plus the cell's fixed cost. A remaining cell
// with no measured depth below it (or no growth factor yet) has no estimate, and then neither has the
// run: the line says `?` rather than a wrong number.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace harness {

// A cell as the estimator sees it: its series (every input but the depth) and its depth.
struct SeriesDepth {
  std::string series;
  int depth = 1;
};

class EtaModel {
 public:
  // A cell stored by an earlier run: its node count is a prior (its times were another run's).
  void add_prior(const std::string& series, int depth, std::uint64_t nodes);
  // A cell finished in this run: its nodes and its whole time on the worker (engine set-up, search,
  // teardown, storing the line).
  void add_finished(const std::string& series, int depth, std::uint64_t nodes, double seconds);

  // The ratio nodes(d) / nodes(d-1) for `step` (a series and d): the series' own ratio at the nearest
  // measured step, preferring one of the same parity (odd and even depths grow differently under
  // alpha-beta); for a series with no step yet, the geometric mean over all series at the nearest step.
  // Steps from a depth of at least 1000 nodes come first: the first plies' ratios are noisy (x100 from
  // depth 1 to 2 in plain alpha-beta). Other series' small steps never count: another version's growth
  // extrapolated over several plies turned seconds into hours (measured on configs/quick.json).
  std::optional<double> growth(const SeriesDepth& step) const;
  // Nodes of a cell: measured, or the deepest measured depth below it of its series times the growth
  // of each step up.
  std::optional<double> nodes(const SeriesDepth& cell) const;
  // Seconds per node: over the pairs of neighbouring depths of a series timed in this run, the extra
  // time over the extra nodes (a cell's fixed cost, which does not grow with depth, cancels out).
  std::optional<double> seconds_per_node() const;
  // Seconds of one cell on one thread: the series' fixed cost + nodes x seconds per node.
  std::optional<double> seconds(const SeriesDepth& cell) const;

  // Seconds until the run ends: `running` (with the seconds each has been on its thread) and then
  // `queued` in order, each to the thread that frees first. nullopt when a cell has no estimate.
  std::optional<double> remaining_seconds(const std::vector<SeriesDepth>& queued,
                                          const std::vector<std::pair<SeriesDepth, double>>& running,
                                          int threads) const;

 private:
  struct Series {
    std::map<int, double> nodes;    // depth -> nodes (this run's and earlier runs')
    std::map<int, double> seconds;  // depth -> seconds on the worker (this run's only)
  };
  std::map<std::string, Series> series_;
  double pair_nodes_ = 0, pair_seconds_ = 0;  // summed differences between neighbouring depths
  mutable std::map<int, std::optional<double>> growth_cache_;  // the all-series growth; cleared by every add
};

// The order a run takes its cells in: ascending depth, so that every cell but the shallowest of a
// series has its previous depth measured before it starts (the ETA's prior); within one depth the
// largest estimate first, so the threads end together. Returns the index in `cells` of the next one.
std::size_t next_cell(const std::vector<SeriesDepth>& cells, const EtaModel& model);

}  // namespace harness
