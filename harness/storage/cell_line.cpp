#include "harness/storage/cell_line.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
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
  // The table's own name of each counter, search_counters() order: a record's counter that points at it has that
  // name with no comparison of bytes (the runner's and a read line's counters do: CounterValue).
  std::vector<const char*> counter_name;
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
    for (const auto& c : search_counters()) {
      counter_rank.push_back(rank.at(c.name));
      counter_name.push_back(c.name.data());
    }
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

// Whether nlohmann writes `text` as itself between quotes: printable ASCII without a quote or a backslash.
// Eight bytes at a time (a line's ~10 strings, ~200 bytes, checked byte by byte were a sixth of the writer's time by
// perf): a byte is flagged when it is below 0x20, at or above 0x7f, a quote or a backslash (Mycroft's has-zero-byte
// test on the word XORed with each; the flags are exact, with no false positive, for bytes below 0x80, and every byte
// at or above 0x80 is flagged anyway by its high bit).
bool plain_json_text(std::string_view text) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
  auto has_byte_below = [](std::uint64_t w, std::uint64_t b) { return (w - kOnes * b) & ~w & kHighs; };
  auto has_byte = [&](std::uint64_t w, std::uint64_t b) { return has_byte_below(w ^ (kOnes * b), 1); };
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, text.data() + i, 8);
    if ((w & kHighs) || has_byte_below(w, 0x20) || has_byte(w, 0x7f) || has_byte(w, '"') || has_byte(w, '\\'))
      return false;
  }
  return std::all_of(text.begin() + std::ptrdiff_t(i), text.end(),
                     [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
}

// The line being written: a pointer into the writer's buffer, which only grows, rather than a line's ~150 pieces each
// appended to a std::string through its length and capacity bookkeeping. Each piece makes room for itself first; the
// buffer's bytes past the pointer are never read. With the checks of plain_json_text and of the counters' names by
// address, a line of a depth-1 cell took 0.65 us against 0.74 (1,000 records kept in the caches, written in turn).
class LineOut {
 public:
  explicit LineOut(std::string& buffer) : buffer_(buffer), at_(buffer.data()), end_(buffer.data() + buffer.size()) {}
  std::size_t size() const { return std::size_t(at_ - buffer_.data()); }
  void put(char c) {
    room(1);
    *at_++ = c;
  }
  void put(std::string_view text) {
    room(text.size());
    std::memcpy(at_, text.data(), text.size());
    at_ += text.size();
  }
  void put_uint(std::uint64_t v) {
    room(24);
    at_ = std::to_chars(at_, at_ + 24, v).ptr;
  }
  void put_int(std::int64_t v) {
    room(24);
    at_ = std::to_chars(at_, at_ + 24, v).ptr;
  }
  // nlohmann's dump_float: its own Grisu2 formatter (shortest round trip, its exponent rules), null when not finite.
  void put_double(double v) {
    if (!std::isfinite(v)) return put(std::string_view("null"));
    room(64);
    at_ = nlohmann::detail::to_chars(at_, at_ + 64, v);
  }
  // As append_json_string writes it.
  void put_json_string(std::string_view text) {
    if (!plain_json_text(text)) return put(std::string_view(nlohmann::json(std::string(text)).dump()));
    room(text.size() + 2);
    *at_++ = '"';
    std::memcpy(at_, text.data(), text.size());
    at_ += text.size();
    *at_++ = '"';
  }

 private:
  void room(std::size_t n) {
    if (std::size_t(end_ - at_) >= n) return;
    const std::size_t used = size();
    buffer_.resize(std::max(2 * buffer_.size(), used + n + 1024));
    at_ = buffer_.data() + used;
    end_ = buffer_.data() + buffer_.size();
  }
  std::string& buffer_;
  char* at_;
  char* end_;
};

// A value of the written inputs (a string, a number or, in a line written before flag sets, the flags' object).
void put_value(LineOut& out, const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::string: out.put_json_string(v.get_ref<const std::string&>()); break;
    case nlohmann::json::value_t::number_unsigned: out.put_uint(v.get<std::uint64_t>()); break;
    case nlohmann::json::value_t::number_integer: out.put_int(v.get<std::int64_t>()); break;
    default: out.put(std::string_view(v.dump()));
  }
}

template <class T, class Put>
void put_array(LineOut& out, const std::vector<T>& items, Put put) {
  out.put('[');
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out.put(',');
    put(out, items[i]);
  }
  out.put(']');
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
  if (!plain_json_text(text)) {
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
    const int rank = i < keys.counter_rank.size() && (name.data() == keys.counter_name[i] ||
                                                       keys.names[std::size_t(keys.counter_rank[i])] == name)
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
  LineOut out(buffer_);
  out.put('{');
  auto member = [&](std::size_t rank) {
    if (out.size() > 1) out.put(',');
    out.put(keys.member_text[rank]);
  };
  const auto put_count = [](LineOut& o, std::uint64_t v) { o.put_uint(v); };  // an item of a count array
  const bool typed = r.written_inputs.is_null();  // the runner's record: its inputs typed (record_of_inputs)
  for (std::size_t rank = 0; rank < keys.source.size(); ++rank) {
    const LineKeys::Source& src = keys.source[rank];
    if (src.kind == LineKeys::Source::kCountMember) {
      if (counts_[rank]) member(rank), out.put_uint(*counts_[rank]);
      continue;
    }
    if (src.kind == LineKeys::Source::kInputMember) {
      if (!typed) {  // as the line held them
        const auto it = r.written_inputs.find(keys.names[rank]);
        if (it != r.written_inputs.end()) member(rank), put_value(out, *it);
        continue;
      }
      switch (Input(src.id)) {  // as written_inputs_json() would hold them
        case kFen: member(rank), out.put_json_string(r.inputs.fen); break;
        case kDepth: member(rank), out.put_int(r.inputs.depth); break;
        case kFlags: member(rank), out.put_json_string(r.flag_set.hash); break;
        case kTtEntries: member(rank), out.put_int(r.inputs.tt_entries()); break;
        case kTtScheme: member(rank), out.put_json_string(r.inputs.tt_scheme()); break;
        case kNodeBudget: member(rank), out.put_uint(r.inputs.node_budget); break;
        case kTimeLimitMs:
          if (r.inputs.time_limit_ms) member(rank), out.put_uint(r.inputs.time_limit_ms);
          break;
        case kInputCount: break;
      }
      continue;
    }
    // A field: present as to_json() sets it.
    switch (Field(src.id)) {
      case kKey: member(rank), out.put_json_string(r.key); break;
      case kEngine: member(rank), out.put_json_string(r.engine); break;
      case kPosition: member(rank), out.put_json_string(r.inputs.position); break;
      case kVersion: member(rank), out.put_json_string(r.inputs.version); break;
      case kIterationNodes: member(rank), put_array(out, r.iteration_nodes, put_count); break;
      case kDepthReached: member(rank), out.put_int(r.depth_reached); break;
      case kSeldepth: member(rank), out.put_int(r.seldepth); break;
      case kCompleted: member(rank), out.put(std::string_view(r.completed ? "true" : "false")); break;
      case kFailed:
        if (!r.failure.empty()) member(rank), out.put_json_string(r.failure);
        break;
      case kStoppedBy:
        if (!r.stopped_by.empty()) member(rank), out.put_json_string(r.stopped_by);
        break;
      case kBestMove: member(rank), out.put_json_string(r.best_move); break;
      case kScore: member(rank), out.put_int(r.score); break;
      case kPv: member(rank), out.put_json_string(r.pv); break;
      case kSearchSeconds: member(rank), out.put_double(r.search_seconds); break;
      case kEngineSeconds: member(rank), out.put_double(r.engine_seconds); break;
      case kTtOccupied:
        if (r.load) member(rank), out.put_uint(r.load->occupied);
        break;
      case kTtCapacity:
        if (r.load) member(rank), out.put_uint(r.load->capacity);
        break;
      case kIterationPasses:
        if (passes) member(rank), put_array(out, r.iteration_passes, put_count);
        break;
      case kIterationBestMoves:
        if (!r.iteration_best_moves.empty()) {
          member(rank);
          put_array(out, r.iteration_best_moves, [](LineOut& o, const std::string& m) { o.put_json_string(m); });
        }
        break;
      case kIterationSeconds:
        if (!r.iteration_best_moves.empty()) member(rank), put_array(out, r.iteration_seconds, [](LineOut& o, double v) { o.put_double(v); });
        break;
      case kSolved:
        if (r.solve) member(rank), out.put(std::string_view(r.solve->solved ? "true" : "false"));
        break;
      case kSolvedDepth:
        if (r.solve && r.solve->found_depth) member(rank), out.put_int(*r.solve->found_depth);
        break;
      case kSolvedNodes:
        if (r.solve && r.solve->found_depth) member(rank), out.put_uint(*r.solve->found_nodes);
        break;
      case kSolvedSeconds:
        if (r.solve && r.solve->found_depth) member(rank), out.put_double(*r.solve->found_seconds);
        break;
      case kFieldCount: break;
    }
  }
  out.put('}');
  return std::string_view(buffer_.data(), out.size());
}

}  // namespace harness
