#include "harness/experiment/eta.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace harness {

void EtaModel::add_prior(const std::string& series, int depth, std::uint64_t nodes) {
  series_[series].nodes[depth] = double(nodes);
  growth_cache_.clear();
}

void EtaModel::add_finished(const std::string& series, int depth, std::uint64_t nodes, double search_seconds,
                            double overhead_seconds) {
  growth_cache_.clear();
  Series& s = series_[series];
  s.nodes[depth] = double(nodes);
  s.overhead_seconds = std::max(0.0, overhead_seconds);
  run_nodes_ += double(nodes);
  run_search_seconds_ += search_seconds;
  run_overhead_seconds_ += std::max(0.0, overhead_seconds);
  ++run_cells_;
}

std::optional<double> EtaModel::growth(int depth) const {
  if (const auto cached = growth_cache_.find(depth); cached != growth_cache_.end()) return cached->second;
  auto& result = growth_cache_[depth];
  // Sum of log ratios and count, per step (a step d is the growth from d-1 to d).
  std::map<int, std::pair<double, int>> steps;
  for (const auto& [name, s] : series_)
    for (const auto& [d, n] : s.nodes) {
      const auto below = s.nodes.find(d - 1);
      if (below == s.nodes.end() || below->second <= 0 || n <= 0) continue;
      auto& [sum, count] = steps[d];
      sum += std::log(n / below->second);
      ++count;
    }
  if (steps.empty()) return result = std::nullopt;
  // The nearest measured step, same parity first.
  int best = 0;
  long best_rank = std::numeric_limits<long>::max();
  for (const auto& [d, v] : steps) {
    const long distance = std::labs(long(d) - long(depth));
    const long rank = (distance % 2) * 1000 + distance;
    if (rank < best_rank) best_rank = rank, best = d;
  }
  const auto& [sum, count] = steps.at(best);
  return result = std::exp(sum / count);
}

std::optional<double> EtaModel::nodes(const SeriesDepth& cell) const {
  const auto it = series_.find(cell.series);
  if (it == series_.end()) return std::nullopt;
  const auto& measured = it->second.nodes;
  if (const auto at = measured.find(cell.depth); at != measured.end()) return at->second;
  auto below = measured.lower_bound(cell.depth);
  if (below == measured.begin()) return std::nullopt;
  --below;
  double n = below->second;
  for (int d = below->first + 1; d <= cell.depth; ++d) {
    const auto g = growth(d);
    if (!g) return std::nullopt;
    n *= *g;
  }
  return n;
}

std::optional<double> EtaModel::seconds(const SeriesDepth& cell) const {
  if (run_cells_ == 0 || run_search_seconds_ <= 0) return std::nullopt;
  const auto n = nodes(cell);
  if (!n) return std::nullopt;
  const auto it = series_.find(cell.series);
  const double overhead = it->second.overhead_seconds >= 0 ? it->second.overhead_seconds
                                                           : run_overhead_seconds_ / double(run_cells_);
  return *n * run_search_seconds_ / run_nodes_ + overhead;
}

std::optional<double> EtaModel::remaining_seconds(const std::vector<SeriesDepth>& queued,
                                                  const std::vector<std::pair<SeriesDepth, double>>& running,
                                                  int threads) const {
  // When each thread is free again, from now.
  std::vector<double> free_at(std::size_t(std::max(1, threads)), 0.0);
  std::size_t t = 0;
  for (const auto& [cell, elapsed] : running) {
    const auto s = seconds(cell);
    if (!s) return std::nullopt;
    if (t < free_at.size()) free_at[t++] = std::max(0.0, *s - elapsed);
  }
  // The order the runner will take (next_cell), with the estimates as they stand now.
  std::vector<std::pair<double, SeriesDepth>> left;
  for (const auto& cell : queued) {
    const auto s = seconds(cell);
    if (!s) return std::nullopt;
    left.emplace_back(*nodes(cell), cell);
  }
  std::stable_sort(left.begin(), left.end(), [](const auto& a, const auto& b) {
    return a.second.depth != b.second.depth ? a.second.depth < b.second.depth : a.first > b.first;
  });
  for (const auto& [n, cell] : left) *std::min_element(free_at.begin(), free_at.end()) += *seconds(cell);
  return *std::max_element(free_at.begin(), free_at.end());
}

std::size_t next_cell(const std::vector<SeriesDepth>& cells, const EtaModel& model) {
  std::size_t best = 0;
  double best_nodes = -1;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].depth > cells[best].depth) continue;
    // A cell without an estimate goes first among its depth: it is the one that will give the prior.
    const double n = model.nodes(cells[i]).value_or(std::numeric_limits<double>::infinity());
    if (cells[i].depth < cells[best].depth || n > best_nodes) best = i, best_nodes = n;
  }
  return best;
}

}  // namespace harness
