// The progress line's ETA, from the work left rather than from the share of cells done. A cell costs
//   its fixed cost (allocating and clearing its table, storing the line: a function of the table's size,
//   measured on this run's cells) + its nodes x its series' seconds per node (this run's search time over
//   nodes, per series).
// Its nodes: measured, or the series' deepest measured depth times the series' growth per ply (the
// geometric mean of its last four steps d-1 -> d), never more than the cell's node budget.
// A cell whose series has no measured depth at or below it (a sweep of table sizes and schemes at one depth: every
// cell a series of its own) is estimated from its family, the cells that differ from it only in the table (size and
// scheme), measured at its depth: log nodes = the family's level + the table's effect at that depth, both fitted to
// the measured cells (a two-way model: a small table grows every position's tree by a similar factor), and its
// seconds per node are its family's (the position sets the rate). Replayed on results/tt-schemes (`harness bench
// eta`), which showed `?` from start to end before: a number from 10 % of the cells on, the cells left estimated
// to 0.8-1.2x their nodes, the ETA at 0.28-1.51 of the true time left (median 0.39-1.0 by stretch): that run's
// stored seconds carry the load of helpers and a fuzz run that came and went (its node rate varied 3x), which no
// estimate of the work left foresees.
// No basis, no number: the line says `?` while a remaining cell has no estimate (no measured depth in
// its series, no growth), or while more than kMaxFarShare of the estimate rests on cells more than
// kMaxPliesAhead plies beyond their series' deepest measured depth (and not bounded by their budget). On
// the committed runs (`harness bench eta`) three plies ahead were up to 2x off, no limit up to 3.5x; a
// tenth of the estimate that far out moves it by a tenth of that.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace harness {

struct CellInputs;

// A cell as the estimator sees it: its series (every input but the depth), its depth, and the two inputs
// that bound its cost (0: not known).
struct SeriesDepth {
  std::string series;
  int depth = 1;
  std::uint64_t table_entries = 0;  // the cell's fixed cost grows with the table it allocates and clears
  std::uint64_t node_budget = 0;    // a cell never searches more nodes than its budget
  std::string family = {};          // the series with the table's size and scheme left out ("": none)
  std::string table = {};           // the table's scheme (its number) and size, e.g. "0/131072"
};
// The estimator's view of a cell of an experiment.
SeriesDepth eta_cell(const CellInputs& inputs);
// The hash of `inputs`' flags with the table's size and scheme at their defaults: what names a cell's family.
std::string family_flags_hash(const CellInputs& inputs);
// The same from the cell's identity (CellInputs::identity()) and its family_flags_hash() computed already (once per
// flag set, by the caller): no serialisation of the flags.
SeriesDepth eta_cell(const CellInputs& inputs, const std::string& identity, const std::string& family_flags);

// The hash of a (name, depth) key, such as a family at a depth, by a view of the name or the name itself.
struct NameDepthHash {
  using is_transparent = void;
  std::size_t operator()(const std::pair<std::string_view, int>& k) const {
    return std::hash<std::string_view>{}(k.first) ^ (std::size_t(k.second) * 0x9e3779b97f4a7c15ULL);
  }
  std::size_t operator()(const std::pair<std::string, int>& k) const {
    return (*this)(std::pair<std::string_view, int>(k.first, k.second));
  }
};

class EtaModel {
 public:
  // Room for the series, families and measured cells of `cells` cells more, made at once: a run of 10^5 one-cell
  // series otherwise grows (and rehashes) the model's tables a dozen times while it runs.
  void reserve(std::size_t cells);
  // A cell stored by an earlier run: its node count is a prior (its times were another run's).
  void add_prior(const SeriesDepth& cell, std::uint64_t nodes);
  // A cell finished in this run: its nodes, its whole time on the worker (engine set-up, search, teardown,
  // storing the line) and its search's time.
  // `series_alone`: the cell is its series' only cell in the run. With no prior of the series either, nothing asks
  // for the series again (no step to grow by, no cell left to estimate or time), so it is not kept: on a run of
  // 10^5 one-cell series that is a table entry and a node less per cell. The rest (rates, fixed costs, family) is
  // learnt as for any cell.
  // `family_alone`: the cell is the only cell of its family at its depth in the run. With no cell of that family and
  // depth known either, it is left out of the family model: its family's level at that depth would be fitted to it
  // alone, which tells nothing of any table's effect (the level absorbs the cell whole), and no other cell asks for
  // that level. Every estimate stays as it was (up to the fit's 1e-9 tolerance); on a run of 10^5 one-cell families
  // that is two table entries less per cell, 0.4 us.
  void add_finished(const SeriesDepth& cell, std::uint64_t nodes, double seconds, double search_seconds,
                    bool series_alone = false, bool family_alone = false);
  // How many cells were added (priors and finished): an estimate read at one count holds until the next.
  std::uint64_t changes() const { return changes_; }

  // The ratio nodes(d) / nodes(d-1) for `step` (a series and d): the geometric mean of the series' own
  // last kGrowthSteps steps. Four steps hold two odd and two even ones (alpha-beta's odd and even plies
  // grow differently, so two plies ahead are right on average) and smooth one step's noise (a step
  // alone was up to 2.5x off three plies ahead on the committed runs, four 1.55x). Steps from a depth of
  // at least 1000 nodes come first: the first plies' ratios are noisy (x100 from depth 1 to 2 in plain
  // alpha-beta). For a series with no step yet, the geometric mean over all series at the nearest step
  // (same parity first); other series' small steps never count: another version's growth extrapolated
  // over several plies turned seconds into hours (measured on configs/quick.json).
  std::optional<double> growth(const SeriesDepth& step) const;
  // Nodes of a cell: measured, or the deepest measured depth below it of its series times the growth
  // of each step up, at most its node budget; with no measured depth of its series at or below it, the
  // geometric mean of its family's measured cells at its depth (family_nodes).
  std::optional<double> family_nodes(const SeriesDepth& cell) const;
  std::optional<double> nodes(const SeriesDepth& cell) const;
  // Whether the estimate of a cell has a basis: its series has a measured depth at most kMaxPliesAhead
  // below it, or its family a measured cell at its depth, or the estimate reaches its node budget (the
  // budget then bounds it).
  bool within_reach(const SeriesDepth& cell) const;
  // Search seconds per node of a series: its own cells' search time over their nodes (a version that
  // evaluates more or prunes less searches fewer nodes a second: x2 between versions in thesis-versions),
  // or while it has no cell of kMinTimedNodes nodes or kMinTimedSeconds, all series' together. Smaller cells are left out:
  // their time is mostly the clock's and the caches' (7x slower per node at depth 1 than at depth 5).
  // A cell whose series has none uses its family's (the same position and flags with other tables: the position
  // sets the rate, an endgame's nodes are cheaper than a middlegame's) before all series'.
  // A series swept over depths whose family has timed at least kMinFamilyRateCells cells at its deepest depth takes
  // their rate instead: the rate shifts with depth for every table at once (x0.4 from depth 12 to 13 in tt-deep,
  // where the summed rate, set by the shallower depths, put the ETA at 2-4x the time left), and the deepest depth
  // is the nearest to the cells left; two cells or more, as one cell's rate is noisy (x2 between neighbours).
  std::optional<double> seconds_per_node(const std::string& series) const;
  std::optional<double> seconds_per_node(const SeriesDepth& cell) const;
  // The fixed cost of a cell with a table of `entries`: the mean of (whole time - search time) over this
  // run's cells of that size; for a size not seen yet, the line through the sizes seen (a table's
  // clearing grows with its size: in tt-deep a 2M-entry cell's fixed cost is about 70x a 128K-entry one's).
  std::optional<double> fixed_seconds(std::uint64_t entries) const;
  // Seconds of one cell on one thread: fixed cost + nodes x seconds per node.
  std::optional<double> seconds(const SeriesDepth& cell) const;

  static constexpr double kMinTimedNodes = 10000;
  // ... or of this many seconds: a driver whose cells count few nodes for much work (driver=minimal: 30-80 s for a
  // few thousand nodes at depth 5 in results/drivers) has a rate of its own, and the run's rate put its ETA at 0:00
  // with ten minutes left.
  static constexpr double kMinTimedSeconds = 0.5;
  static constexpr int kMinFamilyRateCells = 2;
  static constexpr int kGrowthSteps = 4;
  // Each ply extrapolated multiplies the error of the growth, and the node rate shifts as the cells grow
  // (x0.7 from depth 11 to 12 in tt-deep, every scheme and size at once).
  static constexpr int kMaxPliesAhead = 2;
  static constexpr double kMaxFarShare = 0.1;

  // Seconds until the run ends: `running` (with the seconds each has been on its thread) and then
  // `queued` in order, each to the thread that frees first. nullopt when a cell has no estimate or more
  // than kMaxFarShare of the seconds left are of cells out of reach (within_reach) or of running cells past
  // their estimate (each counted as needing as long again as it has run).
  std::optional<double> remaining_seconds(const std::vector<SeriesDepth>& queued,
                                          const std::vector<std::pair<SeriesDepth, double>>& running,
                                          int threads) const;

 private:
  struct Timed {
    double nodes = 0, search_seconds = 0;  // summed over this run's cells of kMinTimedNodes nodes or more
    int cells = 0;
  };
  struct Series {
    std::map<int, double> nodes;  // depth -> nodes (this run's and earlier runs')
    Timed timed;
  };
  // By series and family name: hashed, as a run of 10^5 one-cell series looks a name up several times a cell (an
  // ordered map's string comparisons cost about 5 us a cell there).
  std::unordered_map<std::string, Series> series_;
  std::unordered_map<std::string, Timed> family_timed_;
  std::unordered_map<std::string, std::map<int, Timed>> family_timed_by_depth_;
  // The family model: its measured cells, by index of their (family, depth) and (table, depth), and its fit
  // (a level per family and depth, an effect per table and depth), refitted when a cell was added.
  struct FamilyCell {
    int family_depth, table_depth;
    double log_nodes;
  };
  std::vector<FamilyCell> family_cells_;
  // Looked up by a view of the name (the run order asks for each cell's family once a cell): no string made per look-up.
  struct NameDepthEqual {
    using is_transparent = void;
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      return a.second == b.second && std::string_view(a.first) == std::string_view(b.first);
    }
  };
  std::unordered_map<std::pair<std::string, int>, int, NameDepthHash, NameDepthEqual> family_depth_index_, table_depth_index_;
  mutable std::vector<double> level_, effect_;  // the last fit: the next one starts from it and settles in a few rounds
  mutable bool family_fit_stale_ = false;
  void add_to_family(const SeriesDepth& cell, double nodes);
  void fit_families() const;
  Timed all_timed_;
  std::map<std::uint64_t, std::pair<double, int>> fixed_;  // table entries -> summed fixed seconds, cells
  mutable std::map<int, std::optional<double>> growth_cache_;  // the all-series growth; cleared by every add
  std::uint64_t changes_ = 0;
};


// An offline check of the ETA (`harness bench eta`): a run replayed from stored cells, with no search.
struct ReplayCell {
  SeriesDepth cell;
  std::uint64_t nodes = 0;
  double seconds = 0;         // on its worker, as stored (engine_seconds: the engine's set-up, search, teardown)
  double search_seconds = 0;  // the search alone
};
struct EtaSample {
  std::size_t done = 0;             // cells finished when the line is printed
  double elapsed = 0;               // seconds since the run began
  std::optional<double> predicted;  // the ETA the progress line would print; nullopt: `?`
  double actual = 0;                // the replayed run's true remaining seconds
};
// The replay's state when a sample is taken, for a breakdown of the ETA (`harness bench eta --verbose`):
// the model as it stands and the cells left (indices into the replayed cells).
struct ReplayState {
  std::size_t done = 0;
  double elapsed = 0;
  const EtaModel* model = nullptr;
  const std::vector<std::size_t>* queued = nullptr;
  const std::vector<std::pair<std::size_t, double>>* running = nullptr;  // cell, seconds on its thread so far
};
// Replays a run of `cells` (in the order the runner gets them) on `threads` threads as the runner schedules
// it (next_cell, each cell to the first free thread, lasting its stored seconds), feeding the model as the
// runner does. One sample after each finished cell but the last, once the freed thread has taken its next
// cell; `observe` (if set) sees the state at each sample.
std::vector<EtaSample> replay_eta(const std::vector<ReplayCell>& cells, int threads,
                                  const std::function<void(const ReplayState&)>& observe = {});

}  // namespace harness
