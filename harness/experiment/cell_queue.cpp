#include "harness/experiment/cell_queue.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <unordered_map>

namespace harness {

CellQueue::CellQueue(std::vector<SeriesDepth> cells, bool balance)
    : cells_(std::move(cells)), left_(cells_.size()), balance_(balance) {
  // Each cell's series, numbered in order of first appearance; then the cells grouped by series (counting sort),
  // each series' cells by depth, then index.
  std::unordered_map<std::string_view, std::size_t> series_of;
  series_of.reserve(cells_.size());
  series_of_cell_.resize(cells_.size());
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    const auto [it, added] = series_of.try_emplace(cells_[i].series, series_.size());
    if (added) series_.emplace_back();
    series_of_cell_[i] = it->second;
    ++series_[it->second].end;  // a count, for now
  }
  std::size_t at = 0;
  for (Series& s : series_) {
    const std::size_t count = s.end;
    s.begin = s.next = at;
    s.end = at;  // filled below
    at += count;
  }
  order_.resize(cells_.size());
  for (std::size_t i = 0; i < cells_.size(); ++i) order_[series_[series_of_cell_[i]].end++] = i;
  for (const Series& s : series_)
    if (s.end - s.begin > 1)
      std::stable_sort(order_.begin() + std::ptrdiff_t(s.begin), order_.begin() + std::ptrdiff_t(s.end),
                       [this](std::size_t a, std::size_t b) { return cells_[a].depth < cells_[b].depth; });
  // The first estimates are an empty model's (none: every cell first among its equals), marked stale for any model.
  const EtaModel none;
  first_.reserve(series_.size());
  for (std::size_t s = 0; s < series_.size(); ++s) {
    Entry e = entry_of(s, none);
    e.model_changes = std::numeric_limits<std::uint64_t>::max();
    first_.push_back(e);
  }
  std::sort(first_.begin(), first_.end(), Below{});  // ascending: the next to take at the back
  // Each cell's (family, depth), for alone_in_family.
  std::unordered_map<std::pair<std::string_view, int>, std::uint32_t, NameDepthHash> family_depth_of;
  family_depth_of.reserve(cells_.size());
  family_depth_of_cell_.resize(cells_.size());
  for (std::size_t i = 0; i < cells_.size(); ++i) {
    const auto [it, added] =
        family_depth_of.try_emplace({cells_[i].family, cells_[i].depth}, std::uint32_t(family_depth_cells_.size()));
    if (added) family_depth_cells_.push_back(0);
    family_depth_of_cell_[i] = it->second;
    ++family_depth_cells_[it->second];
  }
}

CellQueue::Entry CellQueue::entry_of(std::size_t series, const EtaModel& model) const {
  const Series& s = series_[series];
  const std::size_t index = order_[s.next];
  const SeriesDepth& c = cells_[index];
  const int plies = cells_[order_[s.end - 1]].depth - c.depth;
  const double nodes = balance_ ? model.nodes(c).value_or(std::numeric_limits<double>::infinity())
                                : std::numeric_limits<double>::infinity();
  return {plies, nodes, index, series, model.changes()};
}

bool CellQueue::top_is_first() const { return heap_.empty() || (!first_.empty() && Below{}(heap_.top(), first_.back())); }

void CellQueue::pop_top(bool from_first) {
  if (from_first) first_.pop_back();
  else heap_.pop();
}

std::size_t CellQueue::take(const EtaModel& model) {
  for (int refreshed = 0; !first_.empty() || !heap_.empty(); ++refreshed) {
    const bool from_first = top_is_first();
    const Entry top = from_first ? first_.back() : heap_.top();
    // Unbalanced, the estimate is never read (it stays +inf).
    if (balance_ && top.model_changes != model.changes() && refreshed < kMaxRefreshes) {
      const Entry fresh = entry_of(top.series, model);
      // An unchanged estimate keeps the entry where it is, on top (a run of one-cell series, where no finished cell
      // tells anything of another's, re-estimates each cell once and moves none).
      if (fresh.nodes != top.nodes) {
        pop_top(from_first);
        heap_.push(fresh);
        continue;
      }
    }
    pop_top(from_first);
    return taken(top, model);
  }
  return cells_.size();  // empty: never called so by the runner
}

std::size_t CellQueue::taken(const Entry& top, const EtaModel& model) {
  Series& s = series_[top.series];
  ++s.next;
  if (s.next < s.end) heap_.push(entry_of(top.series, model));  // the series' next cell
  --left_;
  return top.index;
}

std::vector<std::size_t> CellQueue::remaining_indices() const {
  std::vector<std::size_t> out;
  out.reserve(left_);
  for (const Series& s : series_)
    out.insert(out.end(), order_.begin() + std::ptrdiff_t(s.next), order_.begin() + std::ptrdiff_t(s.end));
  return out;
}

std::vector<SeriesDepth> CellQueue::remaining() const {
  std::vector<SeriesDepth> out;
  out.reserve(left_);
  for (std::size_t i : remaining_indices()) out.push_back(cells_[i]);
  return out;
}

}  // namespace harness
