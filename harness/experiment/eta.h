// The progress line's ETA, from the work left rather than from the share of cells done: a cell of
// depth d costs about as much as the same cell at depth d-1 times the growth of node counts from d-1
// to d measured in this run, and a node costs what this run's searches measured. A remaining cell
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
  // A cell finished in this run: its nodes, its search time, and the rest of its time on the worker
  // (engine set-up and teardown, storing the line), which does not grow with depth.
  void add_finished(const std::string& series, int depth, std::uint64_t nodes, double search_seconds,
                    double overhead_seconds);

  // Mean ratio nodes(d) / nodes(d-1) over the series measured at both (geometric mean); if no series
  // has both yet, the nearest measured step, preferring one of the same parity (odd and even depths
  // grow differently under alpha-beta).
  std::optional<double> growth(int depth) const;
  // Nodes of a cell: measured, or the deepest measured depth below it of its series times the growth
  // of each step up.
  std::optional<double> nodes(const SeriesDepth& cell) const;
  // Seconds of one cell on one thread: nodes / the search rate of this run + the series' overhead.
  std::optional<double> seconds(const SeriesDepth& cell) const;

  // Seconds until the run ends: `running` (with the seconds each has been on its thread) and then
  // `queued` in order, each to the thread that frees first. nullopt when a cell has no estimate.
  std::optional<double> remaining_seconds(const std::vector<SeriesDepth>& queued,
                                          const std::vector<std::pair<SeriesDepth, double>>& running,
                                          int threads) const;

 private:
  struct Series {
    std::map<int, double> nodes;  // depth -> nodes
    double overhead_seconds = -1; // the latest measured in this run; < 0 = none yet
  };
  std::map<std::string, Series> series_;
  mutable std::map<int, std::optional<double>> growth_cache_;  // cleared by every add
  double run_nodes_ = 0, run_search_seconds_ = 0, run_overhead_seconds_ = 0;
  std::size_t run_cells_ = 0;
};

// The order a run takes its cells in: ascending depth, so that every cell but the shallowest of a
// series has its previous depth measured before it starts (the ETA's prior); within one depth the
// largest estimate first, so the threads end together. Returns the index in `cells` of the next one.
std::size_t next_cell(const std::vector<SeriesDepth>& cells, const EtaModel& model);

}  // namespace harness
