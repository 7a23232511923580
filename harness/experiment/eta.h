// The progress line's ETA and the order a run takes its cells in.
//
// A cell's cost is its nodes times the run's seconds per node, plus the run's mean cost per cell outside the
// nodes (setting up and clearing the table, storing the line). Its nodes are measured, or the deepest measured
// depth of its series (the same inputs at other depths) times the series' growth per ply (the geometric mean of
// its last kGrowthSteps steps d-1 -> d, else of every series' steps), never more than its node budget; a series
// with no measured depth at or below a cell takes the geometric mean of the cells measured at that depth.
// No basis, no number: the line says `?` while a cell left has no estimate, or while more than kMaxFarShare of the
// time left rests on cells more than kMaxPliesAhead plies beyond their series' deepest measured depth (and not bounded
// by their budget): each ply extrapolated multiplies the growth's error (three plies ahead were up to 2x off on the
// committed runs, version A's early growth extrapolated to depth 9 was 10^6x).
// The run order makes the basis early: cells by plies before their series' deepest depth, most first, then in the
// experiment's order, so each series' shallower depths are measured before its deeper ones start, and every series
// comes near its end together (where all series end at one depth, that is ascending depth).
// How far the ETA is from the true time left, replayed on the committed runs: `harness bench eta`
// (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace harness {

struct CellInputs;

// A cell as the estimator sees it: its series (a hash of every input but the depth), its depth and its budget.
struct SeriesDepth {
  std::uint64_t series = 0;
  int depth = 1;
  std::uint64_t node_budget = 0;  // a cell never searches more nodes than its budget (0: none)
};
// `flags_hash`: the cell's flag set hash (FlagSet::hash), "" to compute it.
SeriesDepth eta_cell(const CellInputs& inputs, const std::string& flags_hash = "");

// The order to run `cells` in (indices into it): by plies before the series' deepest cell, most first, then by index.
std::vector<std::size_t> run_order(const std::vector<SeriesDepth>& cells);

class EtaModel {
 public:
  // A cell stored by an earlier run: its nodes teach the growth (its seconds were another run's).
  void add_prior(const SeriesDepth& cell, std::uint64_t nodes);
  // A cell finished in this run: its nodes and its whole time on its thread.
  void add_finished(const SeriesDepth& cell, std::uint64_t nodes, double seconds);
  // Room for `series` series, so that a run's 10^5 series do not rehash the table as they come.
  void reserve(std::size_t series) { series_.reserve(series); }

  std::optional<double> growth(std::uint64_t series) const;  // nodes(d) / nodes(d-1)
  std::optional<double> nodes(const SeriesDepth& cell) const;
  std::optional<double> seconds(const SeriesDepth& cell) const;  // on one thread
  // Seconds until the run ends: `running` (with the seconds each has been on its thread) and then `queued` in
  // order, each to the thread that frees first. nullopt when a cell has no estimate.
  std::optional<double> remaining_seconds(const std::vector<SeriesDepth>& queued,
                                          const std::vector<std::pair<SeriesDepth, double>>& running,
                                          int threads) const;

  // Four steps hold two odd and two even plies (alpha-beta's odd and even plies grow differently).
  static constexpr int kGrowthSteps = 4;
  static constexpr int kMaxPliesAhead = 2;
  static constexpr double kMaxFarShare = 0.1;

 private:
  // series -> (depth, nodes), by depth. A series holds a few depths (one on a depth-1 run of 10^5 cells): a sorted
  // vector, where a std::map per series cost a node allocation per cell and a pointer chase per look-up.
  using Depths = std::vector<std::pair<int, double>>;
  std::unordered_map<std::uint64_t, Depths> series_;
  // Every series' growth together (for a series with no step of its own), kept until a cell is added: a pass over
  // every series per cell estimated would make an estimate of many series quadratic.
  mutable std::optional<std::optional<double>> all_series_growth_;
  std::map<int, std::pair<double, int>> log_nodes_at_depth_;           // depth -> summed log nodes, cells
  double nodes_ = 0, seconds_ = 0;                                     // this run's finished cells
  int cells_ = 0;
  // Per-cell cost outside the nodes: seconds = fixed + nodes x rate, by least squares over the finished cells.
  double sum_n_ = 0, sum_nn_ = 0, sum_s_ = 0, sum_ns_ = 0;
  void add_nodes(const SeriesDepth& cell, double nodes);
  struct Estimate {
    double nodes;
    bool far;  // extrapolated more than kMaxPliesAhead plies and below the budget
  };
  std::optional<Estimate> estimate(const SeriesDepth& cell) const;
  std::optional<double> seconds_of(double nodes) const;
};

// An offline check of the ETA (`harness bench eta`): a run replayed from stored cells, with no search.
struct ReplayCell {
  SeriesDepth cell;
  std::uint64_t nodes = 0;
  double seconds = 0;  // on its worker, as stored (engine_seconds)
};
struct EtaSample {
  std::size_t done = 0;             // cells finished when the line is printed
  double elapsed = 0;               // seconds since the run began
  std::optional<double> predicted;  // the ETA the progress line would print; nullopt: `?`
  double actual = 0;                // the replayed run's true remaining seconds
};
// Replays a run of `cells` on `threads` threads as the runner schedules it (run_order, each cell to the first free
// thread, lasting its stored seconds), feeding the model as the runner does: one sample after each finished cell but
// the last, once the freed thread has taken its next cell.
std::vector<EtaSample> replay_eta(const std::vector<ReplayCell>& cells, int threads);

}  // namespace harness
