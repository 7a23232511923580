#include "harness/experiment/cell_record.h"

#include <fmt/core.h>

#include <climits>
#include <stdexcept>

#include "harness/experiment/json_fields.h"
#include "harness/experiment/presets.h"
#include "harness/experiment/search_counters.h"
#include "harness/storage/results_format.h"

namespace harness {

using nlohmann::json;

namespace {

// A stored value read as written: nlohmann's get<std::uint64_t>() reads -5 as 2^64 - 5, 1.5 as 1 and 1e30 as what the
// conversion happens to give, and get<int>() wraps: each is refused, naming the member and its text.
std::uint64_t count_of(const json& v, std::string_view name) {
  if (!v.is_number_unsigned())
    throw std::runtime_error(fmt::format("'{}' is {}, not a count (an integer from 0)", name, v.dump()));
  return v.get<std::uint64_t>();
}

std::vector<std::uint64_t> counts_of(const json& v, std::string_view name) {
  if (!v.is_array()) throw std::runtime_error(fmt::format("'{}' is {}, not a list of counts", name, v.type_name()));
  std::vector<std::uint64_t> out;
  out.reserve(v.size());
  for (const json& x : v) out.push_back(count_of(x, name));
  return out;
}

int int_of(const json& v, std::string_view name, int lo, int hi) {
  if (!json_fields::integer_within(v, lo, hi))
    throw std::runtime_error(fmt::format("'{}' is {}, not an integer in {}..{}", name, v.dump(), lo, hi));
  return v.get<int>();
}

double seconds_of(const json& v, std::string_view name) {
  if (!v.is_number() || !(v.get<double>() >= 0))
    throw std::runtime_error(fmt::format("'{}' is {}, not a number of seconds (from 0)", name, v.dump()));
  return v.get<double>();
}

// The deepest a stored depth, reached depth or selective depth may be: far above any search the harness runs.
constexpr int kMaxStoredDepth = 1 << 16;

}  // namespace

std::uint64_t CellRecord::counter(std::string_view name) const {
  for (const auto& [n, v] : counters)
    if (n == name) return v;
  return 0;
}

std::optional<std::uint64_t> CellRecord::flag_counter(std::string_view name) const {
  for (const auto& [n, v] : flag_counters)
    if (n == name) return v;
  return std::nullopt;
}

void FlagSetTable::add(const std::string& hash, const json& flags) {
  if (!flags.is_object()) throw std::runtime_error(fmt::format("flag set {}: its flags are not an object", hash));
  FlagSet set = flag_set_of(flags);
  if (set.hash != hash)
    throw std::runtime_error(fmt::format("flag set {}: its flags hash to {}: the line was edited", hash, set.hash));
  if (sets_.count(hash)) return;  // the same hash again holds the same flags
  Entry e;
  e.set = std::move(set);
  e.flags = flags;
  sets_.emplace(hash, std::move(e));
}

FlagSetTable::Entry* FlagSetTable::find(const std::string& hash) {
  const auto it = sets_.find(hash);
  return it == sets_.end() ? nullptr : &it->second;
}

json CellRecord::stored_flags() const { return json::parse(*flag_set.text); }

json CellRecord::written_inputs_json() const {
  return written_inputs.is_null() ? inputs.key_json(flag_set.hash) : written_inputs;
}

json CellRecord::to_json() const {
  // nlohmann::json sorts keys; a line is therefore canonical for a given record.
  json j = written_inputs_json();
  j["key"] = key;
  j["engine"] = engine;
  j["position"] = inputs.position;
  j["version"] = inputs.version;
  for (const auto& [n, v] : counters) j[std::string(n)] = v;
  j["iteration_nodes"] = iteration_nodes;
  j["depth_reached"] = depth_reached;
  j["seldepth"] = seldepth;
  j["completed"] = completed;
  if (!failure.empty()) j["failed"] = failure;
  if (!stopped_by.empty()) j["stopped_by"] = stopped_by;
  j["best_move"] = best_move;
  j["score"] = score;
  j["pv"] = pv;
  j["search_seconds"] = search_seconds;
  j["engine_seconds"] = engine_seconds;
  if (load) {
    j["tt_occupied"] = load->occupied;
    j["tt_capacity"] = load->capacity;
  }
  j["iteration_passes"] = iteration_passes;
  for (const auto& [n, v] : flag_counters) j[std::string(n)] = v;
  if (!iteration_best_moves.empty()) {
    j["iteration_best_moves"] = iteration_best_moves;
    j["iteration_seconds"] = iteration_seconds;
  }
  if (solve) {
    j["solved"] = solve->solved;
    if (solve->found_depth) {
      j["solved_depth"] = *solve->found_depth;
      j["solved_nodes"] = *solve->found_nodes;
      j["solved_seconds"] = *solve->found_seconds;
    }
  }
  return j;
}

CellRecord CellRecord::from_json(const json& j, FlagSetTable* flag_sets) {
  try {
    CellRecord r;
    r.key = j.at("key").get<std::string>();
    r.engine = j.at("engine").get<std::string>();
    r.inputs.position = j.at("position").get<std::string>();
    r.inputs.version = j.at("version").get<std::string>();
    r.written_inputs = {{"fen", j.at("fen")},
                        {"depth", j.at("depth")},
                        {"flags", j.at("flags")},
                        {"tt_entries", j.at("tt_entries")},
                        {"tt_scheme", j.at("tt_scheme")},
                        {"node_budget", j.at("node_budget")}};
    if (j.contains("time_limit_ms")) r.written_inputs["time_limit_ms"] = j.at("time_limit_ms");
    // Integrity: the key was computed from these inputs when the cell was created. A line whose inputs
    // were edited afterwards no longer hashes to it.
    if (const std::string k = cell_key(r.written_inputs, r.engine); k != r.key)
      throw std::runtime_error(fmt::format("its inputs hash to key {}, not to its stored key {}: the line was edited", k, r.key));
    r.inputs.fen = j.at("fen").get<std::string>();
    r.inputs.depth = int_of(j.at("depth"), "depth", 0, kMaxStoredDepth);
    r.inputs.node_budget = count_of(j.at("node_budget"), "node_budget");
    r.inputs.time_limit_ms = j.contains("time_limit_ms") ? count_of(j.at("time_limit_ms"), "time_limit_ms") : 0;
    // The stored flags over the current defaults: a flag added after the line was written takes its
    // default (the rule of configs/README.md: that default grows the tree the line was measured on).
    const json& flags = j.at("flags");
    if (!flags.is_string())
      throw std::runtime_error(fmt::format("its flags are {}, not a flag set's hash", flags.type_name()));
    const std::string hash = flags.get<std::string>();
    FlagSetTable::Entry* set = flag_sets ? flag_sets->find(hash) : nullptr;
    if (!set) throw std::runtime_error(fmt::format("its flags name flag set {}, which the flag-set file beside it does not define", hash));
    if (!set->typed) {
      apply_flags(set->flags, set->search, set->eval, fmt::format("flag set {}", hash));
      set->identity_hash = flag_set_of(flags_to_json(set->search, set->eval)).hash;
      set->typed = true;
    }
    r.inputs.search = set->search;
    r.inputs.eval = set->eval;
    r.flag_set = set->set;
    r.identity_known = identity_text(r.inputs.position, r.inputs.fen, r.inputs.depth, r.inputs.node_budget,
                                     set->identity_hash, r.inputs.time_limit_ms);
    if (r.inputs.tt_entries() != int_of(j.at("tt_entries"), "tt_entries", 0, INT_MAX) || r.inputs.tt_scheme() != j.at("tt_scheme").get<std::string>())
      throw std::runtime_error(fmt::format("tt_entries/tt_scheme {}/{} disagree with its flags ({}/{})",
                                           j.at("tt_entries").dump(), j.at("tt_scheme").dump(), r.inputs.tt_entries(),
                                           r.inputs.tt_scheme()));
    // Every number of the written inputs was read as an integer, the FEN and flags as the typed inputs hold them, and
    // tt_entries/tt_scheme are their flags': key_json gives them back member for member, and the record keeps no JSON
    // object of its own (0.7 KB a record, a report of 10^6 cells holding every record). Only a time_limit_ms written
    // as 0, which key_json leaves out, is kept as written.
    if (!j.contains("time_limit_ms") || r.inputs.time_limit_ms != 0) r.written_inputs = nullptr;
    // Every line carries every counter of the table and the passes of each iteration: a line without one was
    // written before the counter existed.
    for (const auto& c : search_counters()) {
      const std::string name(c.name);
      const auto it = j.find(name);
      if (it == j.end()) throw std::runtime_error(fmt::format("it has no counter '{}': {}", name, kOlderFormatRemedy));
      r.counters.emplace_back(c.name, count_of(*it, name));  // the table's name: a view that outlives the record
    }
    if (!j.contains("iteration_passes"))
      throw std::runtime_error(fmt::format("it has no 'iteration_passes': {}", kOlderFormatRemedy));
    r.iteration_passes = counts_of(j.at("iteration_passes"), "iteration_passes");
    if (j.contains("iteration_nodes")) r.iteration_nodes = counts_of(j.at("iteration_nodes"), "iteration_nodes");
    if (j.contains("depth_reached")) r.depth_reached = int_of(j.at("depth_reached"), "depth_reached", 0, kMaxStoredDepth);
    if (j.contains("seldepth")) r.seldepth = int_of(j.at("seldepth"), "seldepth", 0, kMaxStoredDepth);
    r.completed = j.value("completed", true);
    r.failure = j.value("failed", "");
    r.stopped_by = j.value("stopped_by", "");
    r.best_move = j.value("best_move", "");
    if (j.contains("score")) r.score = int_of(j.at("score"), "score", INT_MIN, INT_MAX);
    r.pv = j.value("pv", "");
    if (j.contains("search_seconds")) r.search_seconds = seconds_of(j.at("search_seconds"), "search_seconds");
    if (j.contains("engine_seconds")) r.engine_seconds = seconds_of(j.at("engine_seconds"), "engine_seconds");
    if (j.contains("tt_occupied") || j.contains("tt_capacity")) {
      r.load = TableLoad{count_of(j.at("tt_occupied"), "tt_occupied"), count_of(j.at("tt_capacity"), "tt_capacity")};
      if (r.load->occupied > r.load->capacity)
        throw std::runtime_error(fmt::format("tt_occupied {} is above tt_capacity {}", r.load->occupied, r.load->capacity));
    }
    for (const auto& f : flag_search_counters())  // a flag's counters (etc): present only where the flag was on
      if (const std::string name(f.counter.name); j.contains(name))
        r.flag_counters.emplace_back(f.counter.name, count_of(j.at(name), name));
    r.iteration_best_moves = j.value("iteration_best_moves", std::vector<std::string>{});
    if (const auto it = j.find("iteration_seconds"); it != j.end()) {
      if (!it->is_array()) throw std::runtime_error(fmt::format("'iteration_seconds' is {}, not a list", it->type_name()));
      for (const json& x : *it) r.iteration_seconds.push_back(seconds_of(x, "iteration_seconds"));
    }
    if (j.contains("solved")) {
      SolveResult s;
      s.solved = j.at("solved").get<bool>();
      if (j.contains("solved_depth")) {
        s.found_depth = int_of(j.at("solved_depth"), "solved_depth", 0, kMaxStoredDepth);
        s.found_nodes = count_of(j.at("solved_nodes"), "solved_nodes");
        s.found_seconds = seconds_of(j.at("solved_seconds"), "solved_seconds");
      }
      r.solve = s;
    }
    return r;
  } catch (const json::exception& e) {
    throw std::runtime_error(fmt::format("not a cell record: {}", e.what()));
  }
}

CellRecord record_of_inputs(const CellSpec& cell, const std::string& engine_identity) {
  CellRecord r;
  r.engine = engine_identity;
  r.inputs = cell.inputs;
  r.flag_set = cell.flag_set.text ? cell.flag_set : cell.inputs.flag_set();
  r.identity_known = cell.identity;
  // written_inputs stays null: the inputs as written are those of r.inputs and r.flag_set (written_inputs_json).
  // The cell's key was computed at its creation for the run's engine: the same value, not hashed again.
  r.key = cell.key_engine == engine_identity && !cell.key.empty() ? cell.key
                                                                  : cell_key(r.inputs, r.flag_set.hash, engine_identity);
  return r;
}

std::string conflict_between(const CellRecord& kept, const CellRecord& again, const std::string& where) {
  // A cell stopped by its time limit counts what the machine managed in the time: two runs differ honestly.
  if (kept.stopped_by == "time" || again.stopped_by == "time") return {};
  std::string what;
  if (kept.counters != again.counters || kept.flag_counters != again.flag_counters)
    what = fmt::format("different counters ({} vs {} nodes)", kept.nodes(), again.nodes());
  else if (kept.best_move != again.best_move || kept.score != again.score || kept.pv != again.pv)
    what = fmt::format("a different result (best move {} vs {}, score {} vs {})", kept.best_move, again.best_move,
                       kept.score, again.score);
  else if (kept.iteration_nodes != again.iteration_nodes)
    what = "different node counts per iteration";
  if (what.empty()) return {};
  return fmt::format("{}: cell {} d{} {} (key {}) is stored twice with {}: the engine is deterministic, so one of the "
                     "lines was edited (or another engine wrote it); delete the wrong one",
                     where, kept.inputs.position, kept.inputs.depth, kept.inputs.version, again.key, what);
}

}  // namespace harness
