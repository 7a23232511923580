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

void EtaModel::add_finished(const std::string& series, int depth, std::uint64_t nodes, double seconds) {
  growth_cache_.clear();
  Series& s = series_[series];
  s.nodes[depth] = double(nodes);
  s.seconds[depth] = seconds;
  // The cost of a node from the difference between neighbouring depths of one series, so the cost that
  // does not grow with depth (allocating and clearing the table, storing the line) cancels out.
  for (const int other : {depth - 1, depth + 1})
    if (const auto t = s.seconds.find(other); t != s.seconds.end()) {
      const int lo = std::min(depth, other), hi = std::max(depth, other);
      pair_nodes_ += s.nodes.at(hi) - s.nodes.at(lo);
      pair_seconds_ += s.seconds.at(hi) - s.seconds.at(lo);
    }
}

namespace {

// A step from a depth searched in fewer nodes than this says little about the next (a handful of root
// moves and their quiescence): growth() prefers larger ones, and never takes such a step from another
// series.
constexpr double kMinNodesBelowAStep = 1000;

// The step to use for `depth` among measured steps (keys): the nearest one, same parity first.
template <class Steps>
std::optional<int> nearest_step(const Steps& steps, int depth) {
  std::optional<int> best;
  long best_rank = std::numeric_limits<long>::max();
  for (const auto& [d, v] : steps) {
    const long distance = std::labs(long(d) - long(depth));
    const long rank = (distance % 2) * 1000 + distance;
    if (rank < best_rank) best_rank = rank, best = d;
  }
  return best;
}

}  // namespace

std::optional<double> EtaModel::growth(const SeriesDepth& step) const {
  // The series' own growth first: node counts of different versions grow at very different rates
  // (plain alpha-beta by x50 where a pruned version grows by x3), so another series' rate misleads.
  if (const auto it = series_.find(step.series); it != series_.end()) {
    // Steps from a depth of at least kMinNodesBelowAStep nodes; failing those, the series' small steps,
    // which still say more about it than other versions' steps do.
    for (const double min_below : {kMinNodesBelowAStep, 1.0}) {
      std::map<int, double> own;
      for (const auto& [d, n] : it->second.nodes)
        if (const auto below = it->second.nodes.find(d - 1);
            below != it->second.nodes.end() && below->second >= min_below && n > 0)
          own[d] = n / below->second;
      if (const auto d = nearest_step(own, step.depth)) return own.at(*d);
    }
  }
  // A series with one measured depth: the geometric mean of every series' growth at the nearest step.
  if (const auto cached = growth_cache_.find(step.depth); cached != growth_cache_.end()) return cached->second;
  auto& result = growth_cache_[step.depth];
  std::map<int, std::pair<double, int>> steps;  // step -> sum of log ratios, count
  for (const auto& [name, s] : series_)
    for (const auto& [d, n] : s.nodes) {
      const auto below = s.nodes.find(d - 1);
      if (below == s.nodes.end() || below->second < kMinNodesBelowAStep || n <= 0) continue;
      auto& [sum, count] = steps[d];
      sum += std::log(n / below->second);
      ++count;
    }
  const auto d = nearest_step(steps, step.depth);
  if (!d) return result = std::nullopt;
  const auto& [sum, count] = steps.at(*d);
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
    const auto g = growth({cell.series, d});
    if (!g) return std::nullopt;
    n *= *g;
  }
  return n;
}

std::optional<double> EtaModel::seconds_per_node() const {
  if (pair_nodes_ <= 0 || pair_seconds_ <= 0) return std::nullopt;
  return pair_seconds_ / pair_nodes_;
}

std::optional<double> EtaModel::seconds(const SeriesDepth& cell) const {
  const auto per_node = seconds_per_node();
  const auto n = nodes(cell);
  if (!per_node || !n) return std::nullopt;
  // The fixed cost of a cell of this series: the mean over its timed cells of their time minus their
  // nodes' share (a mean, as one cell's time jitters with the machine's load); for a series not timed
  // in this run, the mean of the others.
  auto fixed_of = [&](const Series& s) {
    double sum = 0;
    for (const auto& [d, t] : s.seconds) sum += std::max(0.0, t - s.nodes.at(d) * *per_node);
    return sum / double(s.seconds.size());
  };
  double fixed = 0;
  if (const Series& s = series_.at(cell.series); !s.seconds.empty()) {
    fixed = fixed_of(s);
  } else {
    int timed = 0;
    for (const auto& [name, other] : series_)
      if (!other.seconds.empty()) fixed += fixed_of(other), ++timed;
    fixed = timed ? fixed / timed : 0;
  }
  return fixed + *n * *per_node;
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
