// The resolved experiment's JSON form (DIR/experiment.json) and its notes. Flags are written from the
// typed configs with every flag of the current table, and read back over the current defaults.
#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/presets.h"

namespace harness {

namespace {

using nlohmann::json;

json version_json(const VersionSpec& v) {
  json j = {{"name", v.name}, {"description", v.description}, {"flags", flags_to_json(v.search, v.eval)}};
  if (!v.depths.empty()) j["depths"] = v.depths;  // absent, as before it existed, for a version at every depth
  return j;
}

VersionSpec version_from(const json& j, const std::string& where) {
  VersionSpec v{j.at("name").get<std::string>(), j.value("description", ""), {}, {}};
  apply_flags(j.at("flags"), v.search, v.eval, fmt::format("{}: version '{}' flags", where, v.name));
  v.depths = j.value("depths", std::vector<int>{});
  return v;
}

}  // namespace

const VersionSpec* Experiment::find_version(const std::string& name) const {
  for (const auto& v : versions)
    if (v.name == name) return &v;
  return nullptr;
}

void Experiment::index_positions() {
  position_index_.clear();
  position_index_.reserve(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) position_index_.emplace(positions[i].id, i);
}

const PositionSpec* Experiment::find_position(const std::string& id) const {
  // The index answers when it is current for this id (a report looks a position up per cell: a linear scan made
  // report time quadratic in positions); positions edited after index_positions() fall back to the scan.
  if (auto it = position_index_.find(id); it != position_index_.end() && it->second < positions.size() &&
                                          positions[it->second].id == id)
    return &positions[it->second];
  for (const auto& p : positions)
    if (p.id == id) return &p;
  return nullptr;
}

json Experiment::to_json() const {
  json j;
  j["name"] = name;
  j["description"] = description;
  j["node_budget"] = node_budget;
  if (time_limit_ms) j["time_limit_ms"] = time_limit_ms;  // absent where unset: older experiment.json unchanged
  j["depths"] = depths;
  json ps = json::array();
  for (const auto& p : positions) {
    json e = {{"id", p.id}, {"fen", p.fen}, {"phase", p.phase}};
    if (p.thesis_position) e["thesis_position"] = *p.thesis_position;
    ps.push_back(e);
  }
  j["positions"] = ps;
  json vs = json::array();
  for (const auto& v : versions) vs.push_back(version_json(v));
  j["versions"] = vs;
  json ss = json::array();
  for (const auto& s : sweeps) {
    json sj = {{"name", s.name},
               {"version", version_json(s.version)},
               {"tt_entries", s.tt_entries},
               {"tt_schemes", s.tt_schemes},
               {"depths", s.depths},
               {"positions", s.positions}};
    if (s.sized_in_bytes()) sj["tt_bytes"] = s.tt_bytes;  // absent from sweeps sized in entries, as before it existed
    if (s.reference) sj["reference"] = true;             // absent unless set, as before it existed
    ss.push_back(sj);
  }
  j["sweeps"] = ss;
  if (!exact_reference.empty()) j["exact_reference"] = exact_reference;  // absent, as before it existed, when unused
  return j;
}

Experiment Experiment::from_json(const json& j, const std::string& where) {
  try {
    Experiment e;
    e.name = j.at("name").get<std::string>();
    e.description = j.value("description", "");
    e.node_budget = j.value("node_budget", std::uint64_t(0));
    e.time_limit_ms = j.value("time_limit_ms", std::uint64_t(0));
    e.depths = j.at("depths").get<std::vector<int>>();
    for (const auto& p : j.at("positions")) {
      PositionSpec ps{p.at("id").get<std::string>(), p.at("fen").get<std::string>(), std::nullopt,
                      p.value("phase", std::string("middlegame")), ""};
      if (p.contains("thesis_position")) ps.thesis_position = p["thesis_position"].get<int>();
      e.positions.push_back(ps);
    }
    for (const auto& v : j.at("versions")) e.versions.push_back(version_from(v, where));
    for (const auto& s : j.at("sweeps"))
      e.sweeps.push_back(SweepSpec{s.at("name").get<std::string>(), version_from(s.at("version"), where),
                                   s.at("tt_entries").get<std::vector<int>>(),
                                   s.at("tt_schemes").get<std::vector<std::string>>(),
                                   s.at("depths").get<std::vector<int>>(),
                                   s.at("positions").get<std::vector<std::string>>(),
                                   s.value("tt_bytes", std::vector<std::uint64_t>{}), s.value("reference", false)});
    e.exact_reference = j.value("exact_reference", std::string());
    e.index_positions();
    return e;
  } catch (const json::exception& ex) {
    throw UserError(fmt::format("{}: not a resolved experiment: {}", where, ex.what()));
  }
}

bool same_experiment(const Experiment& a, const Experiment& b) {
  // to_json() writes every flag of the current table from the typed configs: equal forms are equal inputs.
  return a.to_json() == b.to_json();
}

json Experiment::notes_json() const {
  json ps = json::object();
  for (const auto& p : positions)
    if (!p.note.empty()) ps[p.id] = p.note;
  return {{"experiment", note}, {"positions", ps}};
}

void Experiment::apply_notes(const json& notes) {
  if (!notes.is_object()) return;
  if (auto it = notes.find("experiment"); it != notes.end() && it->is_string()) note = it->get<std::string>();
  if (auto it = notes.find("positions"); it != notes.end() && it->is_object())
    for (auto& p : positions)
      if (auto n = it->find(p.id); n != it->end() && n->is_string()) p.note = n->get<std::string>();
}

json Experiment::solutions_json() const {
  json out = json::object();
  for (const auto& p : positions)
    if (const Solution& s = solution(p.id); !s.empty()) out[p.id] = {{"bm", s.bm}, {"am", s.am}};
  return out;
}

void Experiment::apply_solutions(const json& stored) {
  if (!stored.is_object()) return;
  for (const auto& p : positions)
    if (auto it = stored.find(p.id); it != stored.end() && it->is_object()) {
      Solution s{it->value("bm", std::vector<std::string>{}), it->value("am", std::vector<std::string>{})};
      if (!s.empty()) solutions[p.id] = std::move(s);
    }
}

bool Experiment::any_solution() const {
  for (const auto& p : positions)
    if (!solution(p.id).empty()) return true;
  return false;
}

const Solution& Experiment::solution(const std::string& id) const {
  static const Solution kNone;
  auto it = solutions.find(id);
  return it == solutions.end() ? kNone : it->second;
}

}  // namespace harness
