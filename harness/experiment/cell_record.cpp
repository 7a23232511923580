#include "harness/experiment/cell_record.h"

#include <fmt/core.h>

#include <stdexcept>

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

json CellRecord::to_json() const {
  // nlohmann::json sorts keys; a line is therefore canonical for a given record.
  json j;
  j["key"] = key;
  j["engine"] = engine;
  j["position"] = position;
  j["fen"] = fen;
  j["depth"] = depth;
  j["version"] = version;
  j["flags"] = flags;
  j["tt_entries"] = tt_entries;
  j["tt_scheme"] = tt_scheme;
  j["node_budget"] = node_budget;
  for (const auto& [n, v] : counters) j[n] = v;
  j["iteration_nodes"] = iteration_nodes;
  j["depth_reached"] = depth_reached;
  j["seldepth"] = seldepth;
  j["completed"] = completed;
  j["best_move"] = best_move;
  j["score"] = score;
  j["pv"] = pv;
  j["search_seconds"] = search_seconds;
  j["engine_seconds"] = engine_seconds;
  return j;
}

CellRecord CellRecord::from_json(const json& j) {
  try {
    CellRecord r;
    r.key = j.at("key").get<std::string>();
    r.engine = j.at("engine").get<std::string>();
    r.position = j.at("position").get<std::string>();
    r.fen = j.at("fen").get<std::string>();
    r.depth = j.at("depth").get<int>();
    r.version = j.at("version").get<std::string>();
    r.flags = j.at("flags");
    r.tt_entries = j.at("tt_entries").get<int>();
    r.tt_scheme = j.at("tt_scheme").get<std::string>();
    r.node_budget = j.at("node_budget").get<std::uint64_t>();
    // "nodes" is what every table reads: a line without it is not a cell. A counter added after a
    // line was written reads as 0, so older files still load.
    for (const auto& c : search_counters()) {
      const std::string name(c.name);
      const std::uint64_t value = name == "nodes" ? j.at(name).get<std::uint64_t>() : j.value(name, std::uint64_t(0));
      r.counters.emplace_back(name, value);
    }
    r.iteration_nodes = j.value("iteration_nodes", std::vector<std::uint64_t>{});
    r.depth_reached = j.value("depth_reached", 0);
    r.seldepth = j.value("seldepth", 0);
    r.completed = j.value("completed", true);
    r.best_move = j.value("best_move", "");
    r.score = j.value("score", 0);
    r.pv = j.value("pv", "");
    r.search_seconds = j.value("search_seconds", 0.0);
    r.engine_seconds = j.value("engine_seconds", 0.0);
    return r;
  } catch (const json::exception& e) {
    throw std::runtime_error(fmt::format("not a cell record: {}", e.what()));
  }
}

}  // namespace harness
