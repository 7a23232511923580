#include "harness/experiment/eta.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <string_view>
#include <tuple>

#include "engine/search_config.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/cell_queue.h"
#include "harness/storage/line_checksum.h"  // line_hash64

namespace harness {

namespace {

// `text` with the value after `"name":` (up to the next ',' or '}' outside a string) replaced by `value`; false when
// the member is not there.
bool replace_member(std::string& text, std::string_view name, std::string_view value) {
  const std::string key = fmt::format("\"{}\":", name);
  const std::size_t at = text.find(key);
  if (at == std::string::npos) return false;
  const std::size_t from = at + key.size();
  std::size_t to = from;
  bool quoted = false;
  for (; to < text.size(); ++to) {
    const char c = text[to];
    if (c == '"' && (to == from || text[to - 1] != '\\')) quoted = !quoted;
    if (!quoted && (c == ',' || c == '}')) break;
  }
  text.replace(from, to - from, value);
  return true;
}

}  // namespace

SeriesDepth eta_cell(const CellInputs& inputs) { return eta_cell(inputs, inputs.identity(), family_flags_hash(inputs)); }

std::string family_flags_hash(const CellInputs& inputs) {
  CellInputs f = inputs;
  f.search.tt_entries = buho::SearchConfig{}.tt_entries;
  f.search.tt_scheme = buho::SearchConfig{}.tt_scheme;
  return f.flag_set().hash;
}

SeriesDepth eta_cell(const CellInputs& inputs, const std::string& identity, const std::string& family_flags) {
  // The identity is canonical JSON with sorted keys (identity_text), so "depth" is its first member: the series is
  // the rest. Its family is the series with the flags' hash replaced by the hash of the same flags with the table's
  // size and scheme at their defaults. Both are named by a hash. Where the identity is not of that shape, the
  // inputs are serialised again.
  const std::string depth_member = fmt::format("{{\"depth\":{},", inputs.depth);
  std::string series, family;
  bool fast = identity.compare(0, depth_member.size(), depth_member) == 0;
  if (fast) {
    series.reserve(identity.size() - depth_member.size() + 1);
    series += '{';
    series.append(identity, depth_member.size());
    // The node budget bounds a cell's cost (SeriesDepth::node_budget) but does not change its tree below the
    // budget: cells that differ only in it are one series (a calibration searches its held-out depths under a
    // larger budget than its fitted ones, and their growth per ply is the fitted depths').
    fast = replace_member(series, "node_budget", "0");
    family = series;
    fast = fast && replace_member(family, "flags", "\"" + family_flags + "\"");
  }
  if (!fast) {
    CellInputs s = inputs;
    s.depth = 0;
    s.node_budget = 0;
    series = s.identity();
    family = identity_text(s.position, s.fen, s.depth, s.node_budget, family_flags, s.time_limit_ms);
  }
  // Named by 15 hex digits of the hash (60 bits): a name that fits a std::string's own buffer, so the names of a run's
  // 10^5 cells and the model's copies of them allocate nothing (two of 10^5 series share a name with a chance of
  // about 10^-8). The names live in memory only, so the hash is xxHash's XXH3 (line_checksum.h), not the stored
  // keys' FNV-1a, whose byte-by-byte chain over the two texts took 0.4 us a cell.
  auto name = [](const std::string& text) {
    char hex[16];
    write_hex16(line_hash64(text), hex);
    return std::string(hex, 15);
  };
  // The table by its scheme's number among the flag's choices and its size ("0/2097152"): short enough for the same
  // buffer.
  return {name(series), inputs.depth, std::uint64_t(inputs.tt_entries()), inputs.node_budget, name(family),
          std::to_string(int(inputs.search.tt_scheme)) + "/" + std::to_string(inputs.tt_entries())};
}

void EtaModel::add_to_family(const SeriesDepth& cell, double nodes) {
  if (cell.family.empty() || nodes <= 0) return;
  auto index = [](auto& map, const std::string& name, int depth) {
    return map.try_emplace({name, depth}, int(map.size())).first->second;
  };
  family_cells_.push_back({index(family_depth_index_, cell.family, cell.depth),
                           index(table_depth_index_, cell.table, cell.depth), std::log(nodes)});
  family_fit_stale_ = true;
}

void EtaModel::fit_families() const {
  if (!family_fit_stale_) return;
  family_fit_stale_ = false;
  level_.resize(family_depth_index_.size(), 0.0);
  effect_.resize(table_depth_index_.size(), 0.0);
  // Alternating means (least squares of the two-way layout), until the effects settle, from the last fit's effects:
  // an unbalanced layout (most families measured at few tables) takes 20-odd rounds for 1e-9 from none.
  std::vector<double> sum_level(level_.size()), sum_effect(effect_.size());
  std::vector<int> n_level(level_.size()), n_effect(effect_.size());
  for (const FamilyCell& c : family_cells_) ++n_level[std::size_t(c.family_depth)], ++n_effect[std::size_t(c.table_depth)];
  for (int round = 0; round < 200; ++round) {
    std::fill(sum_level.begin(), sum_level.end(), 0.0);
    for (const FamilyCell& c : family_cells_) sum_level[std::size_t(c.family_depth)] += c.log_nodes - effect_[std::size_t(c.table_depth)];
    for (std::size_t i = 0; i < level_.size(); ++i) level_[i] = n_level[i] ? sum_level[i] / n_level[i] : 0.0;
    std::fill(sum_effect.begin(), sum_effect.end(), 0.0);
    for (const FamilyCell& c : family_cells_) sum_effect[std::size_t(c.table_depth)] += c.log_nodes - level_[std::size_t(c.family_depth)];
    double change = 0;
    for (std::size_t i = 0; i < effect_.size(); ++i) {
      const double e = n_effect[i] ? sum_effect[i] / n_effect[i] : 0.0;
      change = std::max(change, std::abs(e - effect_[i]));
      effect_[i] = e;
    }
    if (change < 1e-9) break;
  }
}

void EtaModel::reserve(std::size_t cells) {
  series_.reserve(series_.size() + cells);
  family_depth_index_.reserve(family_depth_index_.size() + cells);
  family_cells_.reserve(family_cells_.size() + cells);
}

void EtaModel::add_prior(const SeriesDepth& cell, std::uint64_t nodes) {
  ++changes_;
  series_[cell.series].nodes[cell.depth] = double(nodes);
  add_to_family(cell, double(nodes));
  growth_cache_.clear();
}

void EtaModel::add_finished(const SeriesDepth& cell, std::uint64_t nodes, double seconds, double search_seconds,
                            bool series_alone, bool family_alone) {
  ++changes_;
  growth_cache_.clear();
  if (!family_alone || family_depth_index_.count(std::pair<std::string_view, int>(cell.family, cell.depth)))
    add_to_family(cell, double(nodes));
  Series* s = nullptr;  // none for a lone series without a prior (eta.h): nothing would read it
  if (!series_alone || series_.count(cell.series)) {
    s = &series_[cell.series];
    s->nodes[cell.depth] = double(nodes);
  }
  const bool many_nodes = double(nodes) >= kMinTimedNodes;
  if ((many_nodes || search_seconds >= kMinTimedSeconds) && search_seconds > 0 && nodes > 0) {
    if (s) s->timed.nodes += double(nodes), s->timed.search_seconds += search_seconds;
    // A cell timed for its seconds alone (few nodes, each dear: the minimal tree sizes every refutation by
    // searches it does not count) says nothing of the other series' rate.
    if (many_nodes) all_timed_.nodes += double(nodes), all_timed_.search_seconds += search_seconds;
    if (!cell.family.empty()) {
      Timed& f = family_timed_[cell.family];
      f.nodes += double(nodes), f.search_seconds += search_seconds;
      Timed& at_depth = family_timed_by_depth_[cell.family][cell.depth];
      at_depth.nodes += double(nodes), at_depth.search_seconds += search_seconds, ++at_depth.cells;
    }
  }
  auto& [sum, count] = fixed_[cell.table_entries];
  sum += std::max(0.0, seconds - search_seconds);
  ++count;
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

// For each cell, the plies between it and the deepest cell of its series among `cells` (next_cell's order).
std::vector<int> plies_to_last(const std::vector<const SeriesDepth*>& cells) {
  std::map<std::string_view, int> deepest;
  for (const SeriesDepth* c : cells) {
    auto [it, added] = deepest.try_emplace(c->series, c->depth);
    if (!added) it->second = std::max(it->second, c->depth);
  }
  std::vector<int> plies;
  plies.reserve(cells.size());
  for (const SeriesDepth* c : cells) plies.push_back(deepest.at(c->series) - c->depth);
  return plies;
}

}  // namespace

std::optional<double> EtaModel::growth(const SeriesDepth& step) const {
  // The series' own growth first: node counts of different versions grow at very different rates
  // (plain alpha-beta by x50 where a pruned version grows by x3), so another series' rate misleads.
  if (const auto it = series_.find(step.series); it != series_.end()) {
    // Steps from a depth of at least kMinNodesBelowAStep nodes; failing those, the series' small steps,
    // which still say more about it than other versions' steps do.
    for (const double min_below : {kMinNodesBelowAStep, 1.0}) {
      std::vector<double> own_logs;  // ascending depth
      for (const auto& [d, n] : it->second.nodes)
        if (const auto below = it->second.nodes.find(d - 1);
            below != it->second.nodes.end() && below->second >= min_below && n > 0)
          own_logs.push_back(std::log(n / below->second));
      if (own_logs.empty()) continue;
      const std::size_t from = own_logs.size() > std::size_t(kGrowthSteps) ? own_logs.size() - kGrowthSteps : 0;
      double sum = 0;
      for (std::size_t i = from; i < own_logs.size(); ++i) sum += own_logs[i];
      return std::exp(sum / double(own_logs.size() - from));
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

std::optional<double> EtaModel::family_nodes(const SeriesDepth& cell) const {
  if (cell.family.empty()) return std::nullopt;
  const auto level = family_depth_index_.find(std::pair<std::string_view, int>(cell.family, cell.depth));
  if (level == family_depth_index_.end()) return std::nullopt;
  fit_families();
  const auto effect = table_depth_index_.find(std::pair<std::string_view, int>(cell.table, cell.depth));  // a table not measured yet: no effect known
  double n = std::exp(level_[std::size_t(level->second)] +
                      (effect == table_depth_index_.end() ? 0.0 : effect_[std::size_t(effect->second)]));
  if (cell.node_budget > 0) n = std::min(n, double(cell.node_budget));
  return n;
}

std::optional<double> EtaModel::nodes(const SeriesDepth& cell) const {
  const auto it = series_.find(cell.series);
  if (it == series_.end()) return family_nodes(cell);
  const auto& measured = it->second.nodes;
  if (const auto at = measured.find(cell.depth); at != measured.end()) return at->second;
  auto below = measured.lower_bound(cell.depth);
  if (below == measured.begin()) return family_nodes(cell);
  --below;
  double n = below->second;
  for (int d = below->first + 1; d <= cell.depth; ++d) {
    const auto g = growth({cell.series, d});
    if (!g) return std::nullopt;
    n *= *g;
  }
  // The search stops at its budget: plain alpha-beta at depth 9 would be 10^11 nodes, its cell 10^8.
  if (cell.node_budget > 0) n = std::min(n, double(cell.node_budget));
  return n;
}

std::optional<double> EtaModel::seconds_per_node(const std::string& series) const {
  const auto it = series_.find(series);
  const Timed& t = it != series_.end() && it->second.timed.nodes > 0 ? it->second.timed : all_timed_;
  if (t.nodes <= 0) return std::nullopt;
  return t.search_seconds / t.nodes;
}

std::optional<double> EtaModel::fixed_seconds(std::uint64_t entries) const {
  if (const auto it = fixed_.find(entries); it != fixed_.end()) return it->second.first / it->second.second;
  if (fixed_.empty()) return std::nullopt;
  if (fixed_.size() == 1) return fixed_.begin()->second.first / fixed_.begin()->second.second;
  // Least squares through the sizes seen, one point per size.
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& [size, sum_count] : fixed_) {
    const double x = double(size), y = sum_count.first / sum_count.second;
    sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  const double n = double(fixed_.size()), det = n * sxx - sx * sx;
  if (det <= 0) return sy / n;
  const double slope = (n * sxy - sx * sy) / det, intercept = (sy - slope * sx) / n;
  return std::max(0.0, intercept + slope * double(entries));
}

std::optional<double> EtaModel::seconds_per_node(const SeriesDepth& cell) const {
  if (const auto f = family_timed_by_depth_.find(cell.family);
      series_.count(cell.series) && f != family_timed_by_depth_.end() && !f->second.empty())
    if (const Timed& deepest = f->second.rbegin()->second; deepest.cells >= kMinFamilyRateCells)
      return deepest.search_seconds / deepest.nodes;
  if (const auto it = series_.find(cell.series); it != series_.end() && it->second.timed.nodes > 0)
    return it->second.timed.search_seconds / it->second.timed.nodes;
  if (const auto f = family_timed_.find(cell.family); !cell.family.empty() && f != family_timed_.end() && f->second.nodes > 0)
    return f->second.search_seconds / f->second.nodes;
  return seconds_per_node(cell.series);
}

std::optional<double> EtaModel::seconds(const SeriesDepth& cell) const {
  const auto per_node = seconds_per_node(cell);
  const auto fixed = fixed_seconds(cell.table_entries);
  const auto n = nodes(cell);
  if (!per_node || !fixed || !n) return std::nullopt;
  return *fixed + *n * *per_node;
}

bool EtaModel::within_reach(const SeriesDepth& cell) const {
  const auto it = series_.find(cell.series);
  if (it == series_.end()) return family_nodes(cell).has_value();
  const auto& measured = it->second.nodes;
  const auto above = measured.upper_bound(cell.depth);
  if (above == measured.begin()) return family_nodes(cell).has_value();  // measured only deeper
  if (cell.depth - std::prev(above)->first <= kMaxPliesAhead) return true;
  const auto n = nodes(cell);
  return n && cell.node_budget > 0 && *n >= double(cell.node_budget);
}

std::optional<double> EtaModel::remaining_seconds(const std::vector<SeriesDepth>& queued,
                                                  const std::vector<std::pair<SeriesDepth, double>>& running,
                                                  int threads) const {
  // When each thread is free again, from now; and how much of the work left is out of reach.
  std::vector<double> free_at(std::size_t(std::max(1, threads)), 0.0);
  double total = 0, far = 0;
  std::size_t t = 0;
  for (const auto& [cell, elapsed] : running) {
    const auto s = seconds(cell);
    if (!s) return std::nullopt;
    // A cell running past its estimate has a time left that nothing measured says: it stands in with the time it
    // has run so far and counts as out of reach, so the line says `?` when it is much of what is left (the end of
    // a run) rather than 0:00 (results/thesis-versions replayed: 0:00 with version A's last cells still running).
    const bool overran = elapsed > *s;
    const double left = overran ? elapsed : *s - elapsed;
    if (t < free_at.size()) free_at[t++] = left;
    total += left;
    if (overran || !within_reach(cell)) far += left;
  }
  // The order the runner will take (next_cell), with the estimates as they stand now.
  std::vector<const SeriesDepth*> queued_cells;
  for (const auto& cell : queued) queued_cells.push_back(&cell);
  const std::vector<int> plies = plies_to_last(queued_cells);
  std::vector<std::tuple<int, double, double>> left;  // plies to the series' last, nodes, seconds
  for (std::size_t i = 0; i < queued.size(); ++i) {
    const auto s = seconds(queued[i]);
    if (!s) return std::nullopt;
    left.emplace_back(plies[i], *nodes(queued[i]), *s);
    total += *s;
    if (!within_reach(queued[i])) far += *s;
  }
  if (far > kMaxFarShare * total) return std::nullopt;
  std::stable_sort(left.begin(), left.end(), [](const auto& a, const auto& b) {
    return std::get<0>(a) != std::get<0>(b) ? std::get<0>(a) > std::get<0>(b) : std::get<1>(a) > std::get<1>(b);
  });
  for (const auto& [p, n, s] : left) *std::min_element(free_at.begin(), free_at.end()) += s;
  return *std::max_element(free_at.begin(), free_at.end());
}

std::vector<EtaSample> replay_eta(const std::vector<ReplayCell>& cells, int threads,
                                  const std::function<void(const ReplayState&)>& observe) {
  EtaModel model;
  std::vector<SeriesDepth> costs;
  for (const ReplayCell& c : cells) costs.push_back(c.cell);
  CellQueue queue(std::move(costs));
  struct Slot {
    std::size_t cell;
    double since;
  };
  std::vector<std::optional<Slot>> slots(std::size_t(std::max(1, threads)));
  double now = 0;
  auto take_cells = [&] {
    for (auto& slot : slots)
      if (!slot && !queue.empty()) slot = Slot{queue.take(model), now};
  };
  take_cells();
  std::vector<EtaSample> samples;
  for (std::size_t done = 1; done <= cells.size(); ++done) {
    // The next cell to finish.
    std::optional<Slot>* first = nullptr;
    for (auto& slot : slots)
      if (slot && (!first || slot->since + cells[slot->cell].seconds < (*first)->since + cells[(*first)->cell].seconds))
        first = &slot;
    const ReplayCell& c = cells[(*first)->cell];
    now = (*first)->since + c.seconds;
    model.add_finished(c.cell, c.nodes, c.seconds, c.search_seconds);
    first->reset();
    if (done == cells.size()) break;
    take_cells();
    std::vector<std::pair<SeriesDepth, double>> running;
    std::vector<std::pair<std::size_t, double>> running_cells;
    for (const auto& slot : slots)
      if (slot) {
        running.emplace_back(cells[slot->cell].cell, now - slot->since);
        running_cells.emplace_back(slot->cell, now - slot->since);
      }
    const std::vector<std::size_t> queued = queue.remaining_indices();
    std::vector<SeriesDepth> queued_costs;
    for (std::size_t i : queued) queued_costs.push_back(cells[i].cell);
    samples.push_back({done, now, model.remaining_seconds(queued_costs, running, threads), 0});
    if (observe) observe({done, now, &model, &queued, &running_cells});
  }
  for (auto& s : samples) s.actual = now - s.elapsed;
  return samples;
}

}  // namespace harness
