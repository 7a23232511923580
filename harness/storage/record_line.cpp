#include "harness/storage/record_line.h"

#include <algorithm>
#include <numeric>

#include "harness/storage/json_text.h"

namespace harness {

void RecordLine::add(std::string_view key) {
  members_.push_back({key, value_begin_, values_.size()});
  value_begin_ = values_.size();
}

std::string_view RecordLine::format(const CellRecord& r) {
  using json_text::put;
  members_.clear();
  values_.clear();
  value_begin_ = 0;
  const auto member = [this](std::string_view key, const auto& value) {
    put(values_, value);
    add(key);
  };
  if (r.written_inputs.is_null()) {  // CellInputs::key_json's members
    member("fen", r.inputs.fen);
    member("depth", r.inputs.depth);
    member("flags", r.flag_set.hash);
    member("tt_entries", r.inputs.tt_entries());
    member("tt_scheme", r.inputs.tt_scheme());
    member("node_budget", r.inputs.node_budget);
    if (r.inputs.time_limit_ms) member("time_limit_ms", r.inputs.time_limit_ms);
  } else {
    for (auto it = r.written_inputs.begin(); it != r.written_inputs.end(); ++it) member(it.key(), it.value());
  }
  member("key", r.key);
  member("engine", r.engine);
  member("position", r.inputs.position);
  member("version", r.inputs.version);
  for (const auto& c : r.counters) member(c.name, c.value);
  member("iteration_nodes", r.iteration_nodes);
  member("depth_reached", r.depth_reached);
  member("seldepth", r.seldepth);
  member("completed", r.completed);
  if (!r.failure.empty()) member("failed", r.failure);
  if (!r.stopped_by.empty()) member("stopped_by", r.stopped_by);
  member("best_move", r.best_move);
  member("score", r.score);
  member("pv", r.pv);
  member("search_seconds", r.search_seconds);
  member("engine_seconds", r.engine_seconds);
  if (r.load) {
    member("tt_occupied", r.load->occupied);
    member("tt_capacity", r.load->capacity);
  }
  for (const auto& c : r.flag_counters) member(c.name, c.value);
  member("iteration_passes", r.iteration_passes);
  if (!r.iteration_best_moves.empty()) {
    member("iteration_best_moves", r.iteration_best_moves);
    member("iteration_seconds", r.iteration_seconds);
  }
  if (r.solve) {
    member("solved", r.solve->solved);
    if (r.solve->found_depth) {
      member("solved_depth", *r.solve->found_depth);
      member("solved_nodes", *r.solve->found_nodes);
      member("solved_seconds", *r.solve->found_seconds);
    }
  }
  // The order: that of an earlier line whose keys came in the same order (a run's lines have few such sequences,
  // told apart by their optional members), else sorted again and kept, the most recent first.
  const auto same_key = [](const Member& m, const std::string& k) { return m.key == k; };
  auto found = std::find_if(orders_.begin(), orders_.end(), [&](const Order& o) {
    return std::equal(members_.begin(), members_.end(), o.keys.begin(), o.keys.end(), same_key);
  });
  if (found == orders_.end()) {
    if (orders_.size() == kOrdersKept) orders_.pop_back();
    Order& o = orders_.emplace_back();
    found = orders_.end() - 1;
    for (const Member& m : members_) o.keys.emplace_back(m.key);
    o.order.resize(members_.size());
    std::iota(o.order.begin(), o.order.end(), std::size_t(0));
    std::stable_sort(o.order.begin(), o.order.end(), [&](std::size_t a, std::size_t b) { return members_[a].key < members_[b].key; });
    // Of equal keys (stable: in the order they were set) only the last, as an assignment to a map member keeps.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < o.order.size(); ++i) {
      if (kept && members_[o.order[kept - 1]].key == members_[o.order[i]].key) --kept;
      o.order[kept++] = o.order[i];
    }
    o.order.resize(kept);
    for (std::size_t i = 0; i < kept; ++i) {
      std::string& name = o.names.emplace_back(i ? "," : "");
      put(name, members_[o.order[i]].key);
      name += ':';
    }
  }
  std::rotate(orders_.begin(), found, found + 1);
  const Order& o = orders_.front();
  line_.clear();
  line_ += '{';
  for (std::size_t i = 0; i < o.order.size(); ++i) {
    const Member& m = members_[o.order[i]];
    line_ += o.names[i];
    line_.append(values_, m.begin, m.end - m.begin);
  }
  line_ += '}';
  return line_;
}

}  // namespace harness
