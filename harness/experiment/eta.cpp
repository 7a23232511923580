#include "harness/experiment/eta.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string_view>

#include "harness/experiment/cell_inputs.h"

namespace harness {

namespace {

// `text` folded into the hash `h` after its length, so that no two lists of texts fold alike by where one ends.
std::uint64_t fold(std::uint64_t h, std::string_view text) {
  const std::uint64_t size = text.size();
  h = fnv1a_64(std::string_view(reinterpret_cast<const char*>(&size), sizeof size), h);
  return fnv1a_64(text, h);
}

}  // namespace

SeriesDepth eta_cell(const CellInputs& inputs, const std::string& flags_hash) {
  // The series: the identity's inputs with the depth and the budget left out. The budget bounds a cell's cost but not
  // its tree below the budget, so cells that differ only in it grow alike. The inputs are hashed as they are, not as
  // the identity's JSON text: the series never leaves the process, and that text cost 1.5 us a cell, most of the
  // run order's making.
  std::uint64_t h = fold(kFnv1aBasis, inputs.position);
  h = fold(h, inputs.fen);
  h = fold(h, flags_hash.empty() ? inputs.flag_set().hash : flags_hash);
  h = fold(h, std::string_view(reinterpret_cast<const char*>(&inputs.time_limit_ms), sizeof inputs.time_limit_ms));
  return {h, inputs.depth, inputs.node_budget};
}

std::vector<std::size_t> run_order(const std::vector<SeriesDepth>& cells) {
  std::unordered_map<std::uint64_t, int> deepest;
  for (const auto& c : cells) {
    auto [it, added] = deepest.try_emplace(c.series, c.depth);
    if (!added) it->second = std::max(it->second, c.depth);
  }
  std::vector<int> plies(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) plies[i] = deepest[cells[i].series] - cells[i].depth;
  std::vector<std::size_t> order(cells.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return plies[a] > plies[b]; });
  return order;
}

void EtaModel::add_nodes(const SeriesDepth& cell, double nodes) {
  all_series_growth_.reset();
  Depths& depths = series_[cell.series];
  const auto at = std::lower_bound(depths.begin(), depths.end(), cell.depth,
                                   [](const std::pair<int, double>& d, int depth) { return d.first < depth; });
  if (at != depths.end() && at->first == cell.depth) at->second = nodes;
  else depths.insert(at, {cell.depth, nodes});
  auto& [sum, n] = log_nodes_at_depth_[cell.depth];
  sum += std::log(std::max(1.0, nodes));
  ++n;
}

void EtaModel::add_prior(const SeriesDepth& cell, std::uint64_t nodes) { add_nodes(cell, double(nodes)); }

void EtaModel::add_finished(const SeriesDepth& cell, std::uint64_t nodes, double seconds) {
  add_nodes(cell, double(nodes));
  const double n = double(nodes);
  nodes_ += n, seconds_ += seconds, ++cells_;
  sum_n_ += n, sum_nn_ += n * n, sum_s_ += seconds, sum_ns_ += n * seconds;
}

namespace {

// The steps nodes(d) / nodes(d-1) of `depths`, the last `most` of them, added to a geometric mean.
void add_steps(const std::vector<std::pair<int, double>>& depths, int most, double& log_sum, int& count) {
  std::vector<double> steps;
  for (auto it = depths.begin(); it != depths.end(); ++it) {
    const auto next = std::next(it);
    if (next != depths.end() && next->first == it->first + 1 && it->second > 0)
      steps.push_back(std::log(next->second / it->second));
  }
  const std::size_t from = steps.size() > std::size_t(most) ? steps.size() - std::size_t(most) : 0;
  for (std::size_t i = from; i < steps.size(); ++i) log_sum += steps[i], ++count;
}

}  // namespace

std::optional<double> EtaModel::growth(std::uint64_t series) const {
  double log_sum = 0;
  int count = 0;
  if (auto it = series_.find(series); it != series_.end()) add_steps(it->second, kGrowthSteps, log_sum, count);
  if (count > 0) return std::exp(log_sum / count);
  if (!all_series_growth_) {  // no step of its own: every series' last steps
    for (const auto& [s, depths] : series_) add_steps(depths, kGrowthSteps, log_sum, count);
    all_series_growth_ = count ? std::optional<double>(std::exp(log_sum / count)) : std::nullopt;
  }
  return *all_series_growth_;
}

std::optional<EtaModel::Estimate> EtaModel::estimate(const SeriesDepth& cell) const {
  std::optional<Estimate> e;
  const auto it = series_.find(cell.series);
  const Depths* depths = it == series_.end() ? nullptr : &it->second;
  const auto above = depths ? std::upper_bound(depths->begin(), depths->end(), cell.depth,
                                               [](int depth, const std::pair<int, double>& d) { return depth < d.first; })
                            : Depths::const_iterator{};
  if (depths && above != depths->begin()) {
    const auto& [depth, measured] = *std::prev(above);
    if (depth == cell.depth) return Estimate{measured, false};
    if (const auto g = growth(cell.series))
      e = Estimate{measured * std::pow(*g, cell.depth - depth), cell.depth - depth > kMaxPliesAhead};
  } else if (const auto d = log_nodes_at_depth_.find(cell.depth); d != log_nodes_at_depth_.end()) {
    e = Estimate{std::exp(d->second.first / d->second.second), false};  // no depth of its own: the cells of its depth
  }
  if (e && cell.node_budget > 0 && e->nodes >= double(cell.node_budget)) e = Estimate{double(cell.node_budget), false};
  return e;
}

std::optional<double> EtaModel::nodes(const SeriesDepth& cell) const {
  const auto e = estimate(cell);
  return e ? std::optional<double>(e->nodes) : std::nullopt;
}

std::optional<double> EtaModel::seconds_of(double nodes) const {
  if (cells_ == 0) return std::nullopt;
  // seconds = fixed + rate x nodes, fitted to the finished cells; with one size of cell, the mean rate alone.
  const double c = cells_;
  const double var = sum_nn_ - sum_n_ * sum_n_ / c;
  double rate = nodes_ > 0 ? seconds_ / nodes_ : 0, fixed = 0;
  if (cells_ >= 2 && var > 1e-9 * sum_nn_) {
    const double fitted = (sum_ns_ - sum_n_ * sum_s_ / c) / var;
    const double fixed_fit = (sum_s_ - fitted * sum_n_) / c;
    if (fitted > 0 && fixed_fit >= 0) rate = fitted, fixed = fixed_fit;
  }
  return fixed + rate * nodes;
}

std::optional<double> EtaModel::seconds(const SeriesDepth& cell) const {
  const auto n = nodes(cell);
  return n ? seconds_of(*n) : std::nullopt;
}

std::optional<double> EtaModel::remaining_seconds(const std::vector<SeriesDepth>& queued,
                                                  const std::vector<std::pair<SeriesDepth, double>>& running,
                                                  int threads) const {
  std::vector<double> free_at(std::size_t(std::max(1, threads)), 0.0);
  double total = 0, far = 0;
  std::size_t t = 0;
  for (const auto& [cell, elapsed] : running) {
    const auto e = estimate(cell);
    const auto s = e ? seconds_of(e->nodes) : std::nullopt;
    if (!s) return std::nullopt;
    // A cell past its estimate is taken to need as long again as it has run, and counts as far: nothing measured
    // says how long it has left.
    const bool overran = elapsed > *s;
    const double left = overran ? elapsed : *s - elapsed;
    if (t < free_at.size()) free_at[t++] = left;
    total += left;
    if (overran || e->far) far += left;
  }
  for (const auto& cell : queued) {
    const auto e = estimate(cell);
    const auto s = e ? seconds_of(e->nodes) : std::nullopt;
    if (!s) return std::nullopt;
    *std::min_element(free_at.begin(), free_at.end()) += *s;
    total += *s;
    if (e->far) far += *s;
  }
  if (far > kMaxFarShare * total) return std::nullopt;
  return *std::max_element(free_at.begin(), free_at.end());
}

std::vector<EtaSample> replay_eta(const std::vector<ReplayCell>& cells, int threads) {
  std::vector<SeriesDepth> costs;
  for (const ReplayCell& c : cells) costs.push_back(c.cell);
  const std::vector<std::size_t> order = run_order(costs);
  EtaModel model;
  struct Slot {
    std::size_t cell;
    double since;
  };
  std::vector<std::optional<Slot>> slots(std::size_t(std::max(1, threads)));
  std::size_t next = 0;
  double now = 0;
  auto take_cells = [&] {
    for (auto& slot : slots)
      if (!slot && next < order.size()) slot = Slot{order[next++], now};
  };
  take_cells();
  std::vector<EtaSample> samples;
  for (std::size_t done = 1; done <= cells.size(); ++done) {
    std::optional<Slot>* first = nullptr;  // the next cell to finish
    for (auto& slot : slots)
      if (slot && (!first || slot->since + cells[slot->cell].seconds < (*first)->since + cells[(*first)->cell].seconds))
        first = &slot;
    const ReplayCell& c = cells[(*first)->cell];
    now = (*first)->since + c.seconds;
    model.add_finished(c.cell, c.nodes, c.seconds);
    first->reset();
    if (done == cells.size()) break;
    take_cells();
    std::vector<std::pair<SeriesDepth, double>> running;
    for (const auto& slot : slots)
      if (slot) running.emplace_back(cells[slot->cell].cell, now - slot->since);
    std::vector<SeriesDepth> queued;
    for (std::size_t i = next; i < order.size(); ++i) queued.push_back(cells[order[i]].cell);
    samples.push_back({done, now, model.remaining_seconds(queued, running, threads), 0});
  }
  for (auto& s : samples) s.actual = now - s.elapsed;
  return samples;
}

}  // namespace harness
