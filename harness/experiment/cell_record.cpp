#include "harness/experiment/cell_record.h"

#include <fmt/core.h>

#include <stdexcept>

#include "harness/experiment/presets.h"
#include "harness/experiment/search_counters.h"

namespace harness {

using nlohmann::json;

const std::vector<std::string>& counter_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& c : search_counters()) v.emplace_back(c.name);
    return v;
  }();
  return names;
}

std::uint64_t CellRecord::counter(std::string_view name) const {
  for (const auto& [n, v] : counters)
    if (n == name) return v;
  return 0;
}

std::optional<std::uint64_t> CellRecord::later_counter(std::string_view name) const {
  for (const auto& [n, v] : later_counters)
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

json CellRecord::stored_flags() const { return flag_set.text ? json::parse(*flag_set.text) : written_inputs_json().at("flags"); }

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
  for (const auto& [n, v] : later_counters) j[std::string(n)] = v;
  if (later_counter("passes")) j["iteration_passes"] = iteration_passes;
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
    r.inputs.depth = j.at("depth").get<int>();
    r.inputs.node_budget = j.at("node_budget").get<std::uint64_t>();
    r.inputs.time_limit_ms = j.value("time_limit_ms", std::uint64_t(0));
    // The stored flags over the current defaults: a flag added after the line was written takes its
    // default (the rule of configs/README.md: that default grows the tree the line was measured on).
    if (const json& flags = r.written_inputs["flags"]; flags.is_string()) {
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
    } else {
      apply_flags(flags, r.inputs.search, r.inputs.eval,
                  fmt::format("cell {} (key {}) stored flags", r.inputs.position, r.key));
      r.identity_known = r.inputs.identity();
    }
    if (r.inputs.tt_entries() != j.at("tt_entries").get<int>() || r.inputs.tt_scheme() != j.at("tt_scheme").get<std::string>())
      throw std::runtime_error(fmt::format("tt_entries/tt_scheme {}/{} disagree with its flags ({}/{})",
                                           j.at("tt_entries").dump(), j.at("tt_scheme").dump(), r.inputs.tt_entries(),
                                           r.inputs.tt_scheme()));
    // "nodes" is what every table reads: a line without it is not a cell. A counter added after a
    // line was written reads as 0, so older files still load.
    for (const auto& c : search_counters()) {
      const std::string name(c.name);
      const std::uint64_t value = name == "nodes" ? j.at(name).get<std::uint64_t>() : j.value(name, std::uint64_t(0));
      r.counters.emplace_back(c.name, value);  // the table's name: a view that outlives the record
    }
    r.iteration_nodes = j.value("iteration_nodes", std::vector<std::uint64_t>{});
    r.depth_reached = j.value("depth_reached", 0);
    r.seldepth = j.value("seldepth", 0);
    r.completed = j.value("completed", true);
    r.failure = j.value("failed", "");
    r.stopped_by = j.value("stopped_by", "");
    r.best_move = j.value("best_move", "");
    r.score = j.value("score", 0);
    r.pv = j.value("pv", "");
    r.search_seconds = j.value("search_seconds", 0.0);
    r.engine_seconds = j.value("engine_seconds", 0.0);
    if (j.contains("tt_occupied") || j.contains("tt_capacity"))
      r.load = TableLoad{j.at("tt_occupied").get<std::uint64_t>(), j.at("tt_capacity").get<std::uint64_t>()};
    // The later counters (passes, leaves): present only where measured (a line written before them has none).
    for (const auto& c : later_search_counters())
      if (const std::string name(c.name); j.contains(name)) r.later_counters.emplace_back(c.name, j.at(name).get<std::uint64_t>());
    for (const auto& f : flag_search_counters())  // a flag's counters (etc): present only where the flag was on
      if (const std::string name(f.counter.name); j.contains(name))
        r.later_counters.emplace_back(f.counter.name, j.at(name).get<std::uint64_t>());
    r.iteration_passes = j.value("iteration_passes", std::vector<std::uint64_t>{});
    r.iteration_best_moves = j.value("iteration_best_moves", std::vector<std::string>{});
    r.iteration_seconds = j.value("iteration_seconds", std::vector<double>{});
    if (j.contains("solved")) {
      SolveResult s;
      s.solved = j.at("solved").get<bool>();
      if (j.contains("solved_depth")) {
        s.found_depth = j.at("solved_depth").get<int>();
        s.found_nodes = j.at("solved_nodes").get<std::uint64_t>();
        s.found_seconds = j.at("solved_seconds").get<double>();
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
                                                                  : cell_key(r.written_inputs_json(), engine_identity);
  return r;
}

std::string conflict_between(const CellRecord& kept, const CellRecord& again, const std::string& where) {
  // A cell stopped by its time limit counts what the machine managed in the time: two runs differ honestly.
  if (kept.stopped_by == "time" || again.stopped_by == "time") return {};
  std::string what;
  if (kept.counters != again.counters || kept.later_counters != again.later_counters)
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
