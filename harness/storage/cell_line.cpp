#include "harness/storage/cell_line.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "harness/experiment/search_counters.h"

namespace harness {

namespace {

// The members a line may hold that are not counters, as CellRecord::to_json() names them.
enum Field {
  kKey, kEngine, kPosition, kVersion, kIterationNodes, kDepthReached, kSeldepth, kCompleted, kFailed, kBestMove,
  kScore, kPv, kSearchSeconds, kEngineSeconds, kTtOccupied, kTtCapacity, kIterationPasses, kIterationBestMoves,
  kIterationSeconds, kSolved, kSolvedDepth, kSolvedNodes, kSolvedSeconds, kStoppedBy, kFieldCount
};
constexpr std::string_view kFieldNames[kFieldCount] = {
    "key", "engine", "position", "version", "iteration_nodes", "depth_reached", "seldepth", "completed", "failed",
    "best_move", "score", "pv", "search_seconds", "engine_seconds", "tt_occupied", "tt_capacity", "iteration_passes",
    "iteration_best_moves", "iteration_seconds", "solved", "solved_depth", "solved_nodes", "solved_seconds", "stopped_by"};
// The written inputs (record_of_inputs): looked up by name, as the record holds them in a JSON object.
enum Input { kFen, kDepth, kFlags, kTtEntries, kTtScheme, kNodeBudget, kTimeLimitMs, kInputCount };
constexpr std::string_view kInputNames[kInputCount] = {"fen",       "depth",       "flags",        "tt_entries",
                                                       "tt_scheme", "node_budget", "time_limit_ms"};

// Every key a line can hold, in dump()'s order, each with its rank and its `"key":` text: built once (immutable).
struct LineKeys {
  std::vector<std::string> member_text;  // `"key":` by rank
  std::unordered_map<std::string_view, int> rank;
  std::vector<std::string> names;  // by rank (the views in `rank` point here)
  int field_rank[kFieldCount] = {};
  int input_rank[kInputCount] = {};
  std::vector<int> counter_rank;  // search_counters() order

  LineKeys() {
    for (auto n : kFieldNames) names.emplace_back(n);
    for (auto n : kInputNames) names.emplace_back(n);
    for (const auto& c : search_counters()) names.emplace_back(c.name);
    for (const auto& c : later_search_counters()) names.emplace_back(c.name);
    for (const auto& f : flag_search_counters()) names.emplace_back(f.counter.name);
    std::sort(names.begin(), names.end());  // std::map<std::string>'s order, as nlohmann's object
    names.erase(std::unique(names.begin(), names.end()), names.end());
    for (std::size_t i = 0; i < names.size(); ++i) {
      rank.emplace(names[i], int(i));
      member_text.push_back("\"" + names[i] + "\":");
    }
    for (int f = 0; f < kFieldCount; ++f) field_rank[f] = rank.at(kFieldNames[f]);
    for (int i = 0; i < kInputCount; ++i) input_rank[i] = rank.at(kInputNames[i]);
    for (const auto& c : search_counters()) counter_rank.push_back(rank.at(c.name));
  }
  int find(std::string_view name) const {
    const auto it = rank.find(name);
    return it == rank.end() ? -1 : it->second;
  }
};

const LineKeys& line_keys() {
  static const LineKeys keys;
  return keys;
}

void append_uint(std::string& out, std::uint64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

// nlohmann's dump_float: its own Grisu2 formatter (shortest round trip, its exponent rules), null when not finite.
void append_double(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[64];
  out.append(buf, nlohmann::detail::to_chars(buf, buf + sizeof buf, v));
}

// A value of the written inputs (a string, a number or, in a line written before flag sets, the flags' object).
void append_value(std::string& out, const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::string: append_json_string(out, v.get_ref<const std::string&>()); break;
    case nlohmann::json::value_t::number_unsigned: append_uint(out, v.get<std::uint64_t>()); break;
    case nlohmann::json::value_t::number_integer: append_int(out, v.get<std::int64_t>()); break;
    default: out += v.dump();
  }
}

template <class T, class Append>
void append_array(std::string& out, const std::vector<T>& items, Append append) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    append(out, items[i]);
  }
  out += ']';
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
  if (!plain) {
    out += nlohmann::json(std::string(text)).dump();  // escapes, UTF-8 and its errors exactly as every line had them
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

std::string_view CellLineWriter::write(const CellRecord& r) {
  const LineKeys& keys = line_keys();
  values_.clear();
  slots_.assign(keys.names.size(), Slot{});
  // Each member as to_json() sets it, in its order (a member set twice keeps the later value, as there).
  auto put = [&](int rank, auto&& render) {
    const std::size_t from = values_.size();
    render(values_);
    slots_[std::size_t(rank)] = {from, values_.size()};
  };
  auto put_field = [&](Field f, auto&& render) { put(keys.field_rank[f], render); };
  auto put_uint = [&](int rank, std::uint64_t v) { put(rank, [v](std::string& o) { append_uint(o, v); }); };
  auto put_string = [&](Field f, const std::string& s) { put_field(f, [&s](std::string& o) { append_json_string(o, s); }); };
  auto put_double = [&](Field f, double v) { put_field(f, [v](std::string& o) { append_double(o, v); }); };
  // A record made by the runner holds its inputs typed (written_inputs null): rendered as written_inputs_json()
  // would hold them, with no JSON object made.
  const bool typed_inputs = r.written_inputs.is_null();
  if (typed_inputs) {
    put(keys.input_rank[kFen], [&](std::string& o) { append_json_string(o, r.inputs.fen); });
    put(keys.input_rank[kDepth], [&](std::string& o) { append_int(o, r.inputs.depth); });
    put(keys.input_rank[kFlags], [&](std::string& o) { append_json_string(o, r.flag_set.hash); });
    put(keys.input_rank[kTtEntries], [&](std::string& o) { append_int(o, r.inputs.tt_entries()); });
    put(keys.input_rank[kTtScheme], [&](std::string& o) { append_json_string(o, r.inputs.tt_scheme()); });
    put(keys.input_rank[kNodeBudget], [&](std::string& o) { append_uint(o, r.inputs.node_budget); });
    if (r.inputs.time_limit_ms)
      put(keys.input_rank[kTimeLimitMs], [&](std::string& o) { append_uint(o, r.inputs.time_limit_ms); });
  }
  bool known = typed_inputs || r.written_inputs.is_object();
  if (known && !typed_inputs)
    for (const auto& item : r.written_inputs.items()) {
      const int rank = keys.find(item.key());
      if (rank < 0) {
        known = false;
        break;
      }
      const nlohmann::json& value = item.value();  // named: clang 14 cannot capture a structured binding
      put(rank, [&value](std::string& o) { append_value(o, value); });
    }
  put_string(kKey, r.key);
  put_string(kEngine, r.engine);
  put_string(kPosition, r.inputs.position);
  put_string(kVersion, r.inputs.version);
  for (std::size_t i = 0; known && i < r.counters.size(); ++i) {
    const auto& [name, value] = r.counters[i];
    // The counters are in search_counters() order when made by the runner or read from a line: checked, not assumed.
    int rank = i < keys.counter_rank.size() && keys.names[std::size_t(keys.counter_rank[i])] == name
                   ? keys.counter_rank[i]
                   : keys.find(name);
    if (rank < 0) known = false;
    else put_uint(rank, value);
  }
  put_field(kIterationNodes, [&](std::string& o) { append_array(o, r.iteration_nodes, append_uint); });
  put_field(kDepthReached, [&](std::string& o) { append_int(o, r.depth_reached); });
  put_field(kSeldepth, [&](std::string& o) { append_int(o, r.seldepth); });
  put_field(kCompleted, [&](std::string& o) { o += r.completed ? "true" : "false"; });
  if (!r.failure.empty()) put_string(kFailed, r.failure);
  if (!r.stopped_by.empty()) put_string(kStoppedBy, r.stopped_by);
  put_string(kBestMove, r.best_move);
  put_field(kScore, [&](std::string& o) { append_int(o, r.score); });
  put_string(kPv, r.pv);
  put_double(kSearchSeconds, r.search_seconds);
  put_double(kEngineSeconds, r.engine_seconds);
  if (r.load) {
    put_uint(keys.field_rank[kTtOccupied], r.load->occupied);
    put_uint(keys.field_rank[kTtCapacity], r.load->capacity);
  }
  bool passes = false;
  for (const auto& [name, value] : r.later_counters) {
    const int rank = keys.find(name);
    if (rank < 0) known = false;
    else put_uint(rank, value);
    passes = passes || name == "passes";
  }
  if (passes) put_field(kIterationPasses, [&](std::string& o) { append_array(o, r.iteration_passes, append_uint); });
  if (!r.iteration_best_moves.empty()) {
    put_field(kIterationBestMoves, [&](std::string& o) {
      append_array(o, r.iteration_best_moves, [](std::string& a, const std::string& s) { append_json_string(a, s); });
    });
    put_field(kIterationSeconds, [&](std::string& o) { append_array(o, r.iteration_seconds, append_double); });
  }
  if (r.solve) {
    put_field(kSolved, [&](std::string& o) { o += r.solve->solved ? "true" : "false"; });
    if (r.solve->found_depth) {
      put_field(kSolvedDepth, [&](std::string& o) { append_int(o, *r.solve->found_depth); });
      put_uint(keys.field_rank[kSolvedNodes], *r.solve->found_nodes);
      put_double(kSolvedSeconds, *r.solve->found_seconds);
    }
  }
  if (!known) {  // a member this table does not know (never from the runner): the tree's own dump
    line_ = r.to_json().dump();
    return line_;
  }
  line_.clear();
  line_ += '{';
  for (std::size_t rank = 0; rank < slots_.size(); ++rank) {
    const Slot& s = slots_[rank];
    if (s.from == s.to) continue;
    if (line_.size() > 1) line_ += ',';
    line_ += keys.member_text[rank];
    line_.append(values_, s.from, s.to - s.from);
  }
  line_ += '}';
  return line_;
}

}  // namespace harness
