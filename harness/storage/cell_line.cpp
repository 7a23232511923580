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
  std::vector<int> counter_rank;  // search_counters() order
  // What each rank's member is: a field of the record (its Field), a written input (its Input), or a count (a
  // counter, a later counter or a flag's counter: a value the record holds by name).
  struct Source {
    enum Kind { kFieldMember, kInputMember, kCountMember } kind = kCountMember;
    int id = 0;
  };
  std::vector<Source> source;

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
    for (const auto& c : search_counters()) counter_rank.push_back(rank.at(c.name));
    source.resize(names.size());
    for (int f = 0; f < kFieldCount; ++f) source[std::size_t(rank.at(kFieldNames[f]))] = {Source::kFieldMember, f};
    for (int i = 0; i < kInputCount; ++i) source[std::size_t(rank.at(kInputNames[i]))] = {Source::kInputMember, i};
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

void append_uint(std::string& out, std::uint64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

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
  // Each count the record holds, by its member's rank (a count set twice keeps the later value, as in to_json()).
  // A name this table does not know, or written inputs that are not the inputs' members (never from the runner or
  // from a stored line): the tree's own dump.
  counts_.assign(keys.names.size(), nullptr);
  bool known = r.written_inputs.is_null() || r.written_inputs.is_object();
  for (std::size_t i = 0; known && i < r.counters.size(); ++i) {
    const auto& [name, value] = r.counters[i];
    // The counters are in search_counters() order when made by the runner or read from a line: checked, not assumed.
    const int rank = i < keys.counter_rank.size() && keys.names[std::size_t(keys.counter_rank[i])] == name
                         ? keys.counter_rank[i]
                         : keys.find(name);
    if (rank < 0 || keys.source[std::size_t(rank)].kind != LineKeys::Source::kCountMember) known = false;
    else counts_[std::size_t(rank)] = &value;
  }
  bool passes = false;
  for (const auto& [name, value] : r.later_counters) {
    const int rank = keys.find(name);
    if (rank < 0 || keys.source[std::size_t(rank)].kind != LineKeys::Source::kCountMember) known = false;
    else counts_[std::size_t(rank)] = &value;
    passes = passes || name == "passes";
  }
  if (known && r.written_inputs.is_object())
    for (const auto& item : r.written_inputs.items()) {
      const int rank = keys.find(item.key());
      if (rank < 0 || keys.source[std::size_t(rank)].kind != LineKeys::Source::kInputMember) known = false;
    }
  if (!known) {
    line_ = r.to_json().dump();
    return line_;
  }

  // Every member present, in rank order (dump()'s), written once into the line.
  line_.clear();
  line_ += '{';
  auto member = [&](std::size_t rank) {
    if (line_.size() > 1) line_ += ',';
    line_ += keys.member_text[rank];
  };
  const bool typed = r.written_inputs.is_null();  // the runner's record: its inputs typed (record_of_inputs)
  for (std::size_t rank = 0; rank < keys.source.size(); ++rank) {
    const LineKeys::Source& src = keys.source[rank];
    if (src.kind == LineKeys::Source::kCountMember) {
      if (counts_[rank]) member(rank), append_uint(line_, *counts_[rank]);
      continue;
    }
    if (src.kind == LineKeys::Source::kInputMember) {
      if (!typed) {  // as the line held them
        const auto it = r.written_inputs.find(keys.names[rank]);
        if (it != r.written_inputs.end()) member(rank), append_value(line_, *it);
        continue;
      }
      switch (Input(src.id)) {  // as written_inputs_json() would hold them
        case kFen: member(rank), append_json_string(line_, r.inputs.fen); break;
        case kDepth: member(rank), append_int(line_, r.inputs.depth); break;
        case kFlags: member(rank), append_json_string(line_, r.flag_set.hash); break;
        case kTtEntries: member(rank), append_int(line_, r.inputs.tt_entries()); break;
        case kTtScheme: member(rank), append_json_string(line_, r.inputs.tt_scheme()); break;
        case kNodeBudget: member(rank), append_uint(line_, r.inputs.node_budget); break;
        case kTimeLimitMs:
          if (r.inputs.time_limit_ms) member(rank), append_uint(line_, r.inputs.time_limit_ms);
          break;
        case kInputCount: break;
      }
      continue;
    }
    // A field: present as to_json() sets it.
    switch (Field(src.id)) {
      case kKey: member(rank), append_json_string(line_, r.key); break;
      case kEngine: member(rank), append_json_string(line_, r.engine); break;
      case kPosition: member(rank), append_json_string(line_, r.inputs.position); break;
      case kVersion: member(rank), append_json_string(line_, r.inputs.version); break;
      case kIterationNodes: member(rank), append_array(line_, r.iteration_nodes, append_uint); break;
      case kDepthReached: member(rank), append_int(line_, r.depth_reached); break;
      case kSeldepth: member(rank), append_int(line_, r.seldepth); break;
      case kCompleted: member(rank), line_ += r.completed ? "true" : "false"; break;
      case kFailed:
        if (!r.failure.empty()) member(rank), append_json_string(line_, r.failure);
        break;
      case kStoppedBy:
        if (!r.stopped_by.empty()) member(rank), append_json_string(line_, r.stopped_by);
        break;
      case kBestMove: member(rank), append_json_string(line_, r.best_move); break;
      case kScore: member(rank), append_int(line_, r.score); break;
      case kPv: member(rank), append_json_string(line_, r.pv); break;
      case kSearchSeconds: member(rank), append_double(line_, r.search_seconds); break;
      case kEngineSeconds: member(rank), append_double(line_, r.engine_seconds); break;
      case kTtOccupied:
        if (r.load) member(rank), append_uint(line_, r.load->occupied);
        break;
      case kTtCapacity:
        if (r.load) member(rank), append_uint(line_, r.load->capacity);
        break;
      case kIterationPasses:
        if (passes) member(rank), append_array(line_, r.iteration_passes, append_uint);
        break;
      case kIterationBestMoves:
        if (!r.iteration_best_moves.empty()) {
          member(rank);
          append_array(line_, r.iteration_best_moves, [](std::string& a, const std::string& s) { append_json_string(a, s); });
        }
        break;
      case kIterationSeconds:
        if (!r.iteration_best_moves.empty()) member(rank), append_array(line_, r.iteration_seconds, append_double);
        break;
      case kSolved:
        if (r.solve) member(rank), line_ += r.solve->solved ? "true" : "false";
        break;
      case kSolvedDepth:
        if (r.solve && r.solve->found_depth) member(rank), append_int(line_, *r.solve->found_depth);
        break;
      case kSolvedNodes:
        if (r.solve && r.solve->found_depth) member(rank), append_uint(line_, *r.solve->found_nodes);
        break;
      case kSolvedSeconds:
        if (r.solve && r.solve->found_depth) member(rank), append_double(line_, *r.solve->found_seconds);
        break;
      case kFieldCount: break;
    }
  }
  line_ += '}';
  return line_;
}

}  // namespace harness
