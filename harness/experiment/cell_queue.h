// The order a run takes its cells in, kept in a priority structure so that taking a cell costs O(log n) rather
// than a pass over every cell left (a pass per cell made a 3,200-cell run spend more time choosing than searching).
// The order (eta.h explains why): by plies before the series' deepest cell left, most first, so that every cell but
// the shallowest of a series has its previous depth measured before it starts (the ETA's prior) and every series
// comes within two plies of its end together; where all series end at one depth, that is ascending depth. Among
// equals the largest node estimate first (no estimate counts as the largest: that cell gives the prior), so the
// threads end together; then the earliest in the experiment's order.
// Only a series' shallowest cell left can hold the most plies, so the structure holds one entry per series. Its
// estimate is the model's when the entry was last looked at: the model learns from every finished cell, and rather
// than re-estimating every entry after each one, an entry is re-estimated when it comes to the top with an older
// estimate (at most kMaxRefreshes a take). An estimate that grew while its entry sat below the top is seen late; the
// order among equals is a balancing heuristic, not a result.
// With one thread there is nothing to balance (the run lasts the sum of its cells in any order): a queue made with
// `balance` false never asks the model, and its equals go in the experiment's order, which keeps a position's cells
// together (the runner parses a FEN once for them). On a 10^5-cell depth-1 run the estimates cost 1.9 us a cell and
// the re-parses they caused (the order hopped between positions) 1.3 us.
#pragma once

#include <cstddef>
#include <cstdint>
#include <queue>
#include <vector>

#include "harness/experiment/eta.h"

namespace harness {

class CellQueue {
 public:
  explicit CellQueue(std::vector<SeriesDepth> cells, bool balance = true);
  bool empty() const { return left_ == 0; }
  std::size_t size() const { return left_; }
  // Whether the cell at `index` is the only cell of its series.
  bool alone_in_series(std::size_t index) const {
    const Series& s = series_[series_of_cell_[index]];
    return s.end - s.begin == 1;
  }
  // Whether the cell at `index` is the only cell of its family at its depth (eta.h: what EtaModel::add_finished
  // need not keep). False for a cell without a family.
  bool alone_in_family(std::size_t index) const {
    return !cells_[index].family.empty() && family_depth_cells_[family_depth_of_cell_[index]] == 1;
  }
  // Removes and returns the index (in the constructor's vector) of the next cell.
  std::size_t take(const EtaModel& model);
  const SeriesDepth& cell(std::size_t index) const { return cells_[index]; }
  // The cells not taken yet, for the ETA (any order): as cells, and as indices in the constructor's vector.
  std::vector<SeriesDepth> remaining() const;
  std::vector<std::size_t> remaining_indices() const;

  static constexpr int kMaxRefreshes = 8;

 private:
  // A series' cells are order_[begin, end), by depth, then index: one array for every series rather than a vector
  // each (a run of 10^5 one-cell series made 10^5 of them).
  struct Series {
    std::size_t begin = 0, end = 0;
    std::size_t next = 0;  // the first not taken
  };
  struct Entry {
    int plies;
    double nodes;  // the estimate; +inf: none
    std::size_t index;
    std::size_t series;
    std::uint64_t model_changes;  // the model's change count when `nodes` was read
  };
  struct Below {  // the heap's order: fewer plies, then fewer nodes, then a later index sink
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.plies != b.plies) return a.plies < b.plies;
      if (a.nodes != b.nodes) return a.nodes < b.nodes;
      return a.index > b.index;
    }
  };
  Entry entry_of(std::size_t series, const EtaModel& model) const;
  bool top_is_first() const;  // whether the next entry is first_'s (not heap_'s); neither empty
  void pop_top(bool from_first);
  std::size_t taken(const Entry& top, const EtaModel& model);  // `top` removed already: its series moves on

  std::vector<SeriesDepth> cells_;
  std::vector<Series> series_;
  std::vector<std::size_t> order_;
  std::vector<std::size_t> series_of_cell_;  // by index
  // Each cell's (family, depth), numbered in order of first appearance, and how many cells each has.
  std::vector<std::uint32_t> family_depth_of_cell_;  // by index
  std::vector<std::uint32_t> family_depth_cells_;
  std::priority_queue<Entry, std::vector<Entry>, Below> heap_;
  // Each series' first entry as first made, sorted once (the next to take last), beside heap_ for the entries made
  // later (a series' next cell, an entry re-estimated to another value): the next cell is the larger of the two tops.
  // On a run of 10^5 one-cell series taking a cell is then a pop_back, not a sift through a heap of 10^5 entries
  // (0.13 s of such a run on two threads).
  std::vector<Entry> first_;
  std::size_t left_ = 0;
  bool balance_ = true;
};

}  // namespace harness
