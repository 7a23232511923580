// Calibration config parsing: JSON -> a checked CalibrationConfig (calibration_config.h).
#include "harness/thesis/calibration_config.h"

#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "harness/errors.h"
#include "harness/experiment/epd_positions.h"
#include "harness/experiment/json_fields.h"
#include "harness/paths.h"
#include "harness/input_file.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

constexpr int kMaxDepth = 40;

long long get_int(const Where& w, const std::string& path, const json& j, long long min, long long max) {
  if (!j.is_number_integer() && !j.is_number_unsigned()) w.fail(path, fmt::format("expected an integer, got {}", j.dump()));
  if (!integer_within(j, min, max)) w.fail(path, fmt::format("must be in {}..{}, got {}", min, max, j.dump()));
  return j.get<long long>();
}

std::vector<int> parse_depths(const Where& w, const std::string& path, const json& j) {
  std::vector<int> out;
  if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) out.push_back(int(get_int(w, fmt::format("{}[{}]", path, i), j[i], 1, kMaxDepth)));
  } else if (j.is_object()) {
    check_keys(w, path, j, {"from", "to"});
    const int from = int(get_int(w, path + ".from", require(w, path, j, "from"), 1, kMaxDepth));
    const int to = int(get_int(w, path + ".to", require(w, path, j, "to"), 1, kMaxDepth));
    for (int d = from; d <= to; ++d) out.push_back(d);
  } else {
    w.fail(path, "expected a list of depths or {\"from\": 1, \"to\": 4}");
  }
  if (out.empty()) w.fail(path, "needs at least one depth");
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::uint64_t parse_budget(const Where& w, const std::string& path, const json& obj) {
  if (!obj.contains("node_budget")) return 0;
  return std::uint64_t(get_int(w, path + ".node_budget", obj["node_budget"], 0, 1LL << 62));
}

void check_version(const Where& w, const std::string& path, const CalibrationConfig& cfg, const std::string& v) {
  if (cfg.version_index(v) < 0) w.fail(path, fmt::format("unknown version '{}' (valid: {})", v, join(cfg.versions)));
}

Reading parse_reading(const Where& w, const std::string& path, const json& j, const CalibrationConfig& cfg,
                      const std::string& default_from) {
  check_keys(w, path, j, {"name", "flags", "from_version", "text", "note"});
  Reading r;
  r.name = get_string(w, path + ".name", require(w, path, j, "name"));
  if (r.name.empty()) w.fail(path + ".name", "a reading needs a non-empty name");
  r.flags = j.contains("flags") ? j["flags"] : json::object();
  // The flags are checked now, against the flag table, so a typo fails before any search.
  buho::SearchConfig s;
  buho::EvalConfig e;
  apply_flags(r.flags, s, e, w.at(path + ".flags"));
  r.from_version = j.contains("from_version") ? get_string(w, path + ".from_version", j["from_version"]) : default_from;
  check_version(w, path + ".from_version", cfg, r.from_version);
  if (j.contains("text")) r.text = get_string(w, path + ".text", j["text"]);
  return r;
}

std::vector<Reading> parse_readings(const Where& w, const std::string& path, const json& j, const CalibrationConfig& cfg,
                                    const std::string& default_from) {
  if (!j.is_array()) w.fail(path, fmt::format("expected a list of readings, got {}", j.type_name()));
  std::vector<Reading> out;
  for (std::size_t i = 0; i < j.size(); ++i)
    out.push_back(parse_reading(w, fmt::format("{}[{}]", path, i), j[i], cfg, default_from));
  return out;
}

std::vector<Criterion> parse_rule(const Where& w, const std::string& path, const std::string& text) {
  std::vector<Criterion> rule;
  std::string rest = text;
  for (;;) {
    const auto at = rest.find(" then ");
    const std::string word = rest.substr(0, at);
    if (word == "equalities") rule.push_back(Criterion::Equalities);
    else if (word == "step") rule.push_back(Criterion::Step);
    else if (word == "absolute") rule.push_back(Criterion::Absolute);
    else if (word == "shape") rule.push_back(Criterion::Shape);
    else
      w.fail(path, fmt::format("unknown criterion '{}' in rule '{}' (valid: equalities, step, absolute, joined by \" then \"; "
                               "or shape alone)", word, text));
    if (at == std::string::npos) break;
    rest = rest.substr(at + 6);
  }
  if (rule.size() > 1 && std::find(rule.begin(), rule.end(), Criterion::Shape) != rule.end())
    w.fail(path, fmt::format("'shape' is a rule of its own (the printed reading unless the shape overrules it), not a "
                             "criterion to join: '{}'", text));
  return rule;
}

ReadingGroup parse_group(const Where& w, const std::string& path, const json& j, const CalibrationConfig& cfg) {
  check_keys(w, path, j, {"name", "version", "step", "rule", "note", "candidates", "held_out_depths"});
  ReadingGroup g;
  g.name = get_string(w, path + ".name", require(w, path, j, "name"));
  g.version = get_string(w, path + ".version", require(w, path, j, "version"));
  check_version(w, path + ".version", cfg, g.version);
  const int x = cfg.version_index(g.version);
  if (j.contains("step")) {
    const json& s = j["step"];
    if (!s.is_array() || s.size() != 2) w.fail(path + ".step", "expected two versions [lower, upper]");
    g.step_lower = get_string(w, path + ".step[0]", s[0]);
    g.step_upper = get_string(w, path + ".step[1]", s[1]);
    check_version(w, path + ".step[0]", cfg, g.step_lower);
    check_version(w, path + ".step[1]", cfg, g.step_upper);
    if (cfg.version_index(g.step_lower) >= cfg.version_index(g.step_upper))
      w.fail(path + ".step", "the lower version must come before the upper one in the ladder");
  } else if (x > 0) {
    g.step_lower = cfg.versions[std::size_t(x - 1)];
    g.step_upper = g.version;
  }
  g.rule_text = j.contains("rule") ? get_string(w, path + ".rule", j["rule"]) : "equalities then step then absolute";
  g.rule = parse_rule(w, path + ".rule", g.rule_text);
  if (g.step_lower.empty())
    for (Criterion c : g.rule)
      if (c != Criterion::Absolute)
        w.fail(path + ".rule", fmt::format("'{}' needs a step, and version {} is the first of the ladder: give \"step\"",
                                           criterion_name(c), g.version));
  if (j.contains("note")) g.note = get_string(w, path + ".note", j["note"]);
  if (j.contains("held_out_depths")) {
    g.held_out_depths = parse_depths(w, path + ".held_out_depths", j["held_out_depths"]);
    for (int d : g.held_out_depths)
      if (std::find(cfg.held_out_depths.begin(), cfg.held_out_depths.end(), d) == cfg.held_out_depths.end())
        w.fail(path + ".held_out_depths",
               fmt::format("depth {} is not a held-out depth of $.readings_stage.held_out: a group's held-out depths are some of those", d));
  }
  g.candidates = parse_readings(w, path + ".candidates", require(w, path, j, "candidates"), cfg, g.version);
  if (g.candidates.empty()) w.fail(path + ".candidates", "a group needs at least one candidate reading");
  std::set<std::string> names;
  for (std::size_t i = 0; i < g.candidates.size(); ++i)
    if (!names.insert(g.candidates[i].name).second)
      w.fail(fmt::format("{}.candidates[{}].name", path, i), fmt::format("reading '{}' is listed twice", g.candidates[i].name));
  return g;
}

}  // namespace

const char* criterion_name(Criterion c) {
  switch (c) {
    case Criterion::Equalities: return "equalities";
    case Criterion::Step: return "step";
    case Criterion::Absolute: return "absolute";
    case Criterion::Shape: return "shape";
  }
  return "?";
}

int CalibrationConfig::version_index(const std::string& v) const {
  const auto it = std::find(versions.begin(), versions.end(), v);
  return it == versions.end() ? -1 : int(it - versions.begin());
}

const std::vector<int>& CalibrationConfig::held_out_depths_of(const ReadingGroup& g) const {
  return g.held_out_depths.empty() ? held_out_depths : g.held_out_depths;
}

const PositionSpec* CalibrationConfig::find_position(const std::string& id) const {
  for (const auto& p : epd)
    if (p.id == id) return &p;
  return nullptr;
}

bool CalibrationConfig::all_pinned(const std::vector<int>& wanted) const {
  return std::all_of(wanted.begin(), wanted.end(), [&](int p) { return pinned.count(p) > 0; });
}

CalibrationConfig parse_calibration_config(const json& j, const std::string& file) {
  const Where w{file};
  check_keys(w, "$", j,
             {"name", "description", "note", "presets", "thesis_table", "epd", "versions", "base", "mapping",
              "mapping_stage", "readings_stage"});
  CalibrationConfig cfg;
  cfg.file = file;
  cfg.name = j.contains("name") ? get_string(w, "$.name", j["name"]) : "calibration";
  if (j.contains("description")) cfg.description = get_string(w, "$.description", j["description"]);
  const auto resolve = [](const std::string& p) {
    const std::filesystem::path path(p);
    return path.is_absolute() ? path : project_root() / path;
  };
  cfg.thesis_table = resolve(j.contains("thesis_table") ? get_string(w, "$.thesis_table", j["thesis_table"])
                                                        : "data/thesis/thesis_versions_nodes.csv");
  cfg.presets = PresetBook::load(resolve(j.contains("presets") ? get_string(w, "$.presets", j["presets"]) : "configs/versions.json"));
  if (j.contains("versions")) {
    const json& vs = j["versions"];
    if (!vs.is_array() || vs.empty()) w.fail("$.versions", "expected a non-empty list of version names");
    for (std::size_t i = 0; i < vs.size(); ++i) {
      const std::string v = get_string(w, fmt::format("$.versions[{}]", i), vs[i]);
      const auto known = cfg.presets.names();
      if (std::find(known.begin(), known.end(), v) == known.end())
        w.fail(fmt::format("$.versions[{}]", i), fmt::format("unknown version '{}' (valid: {})", v, join(known)));
      cfg.versions.push_back(v);
    }
  } else {
    cfg.versions = {"A", "B", "C", "D", "E", "F", "G", "H"};
  }
  cfg.epd = load_epd(w.at("$.epd"), j.contains("epd") ? get_string(w, "$.epd", j["epd"]) : "positions/lct2.epd").records;
  if (j.contains("base")) cfg.base = parse_readings(w, "$.base", j["base"], cfg, cfg.versions.front());

  // The mapping: "auto", or thesis position -> EPD id (a value "auto" leaves that position to the fit).
  const json mapping = j.contains("mapping") ? j["mapping"] : json("auto");
  if (mapping.is_object()) {
    for (auto it = mapping.begin(); it != mapping.end(); ++it) {
      const std::string path = fmt::format("$.mapping.{}", it.key());
      int p = 0;
      try {
        std::size_t used = 0;
        p = std::stoi(it.key(), &used);
        if (used != it.key().size()) p = 0;
      } catch (const std::logic_error&) {
      }
      if (p < 1) w.fail(path, "keys are thesis positions (1, 2, ...)");
      const std::string id = get_string(w, path, it.value());
      if (id == "auto") continue;
      if (!cfg.find_position(id)) w.fail(path, fmt::format("no position '{}' in the EPD file", id));
      cfg.pinned[p] = id;
    }
  } else if (!(mapping.is_string() && mapping.get<std::string>() == "auto")) {
    w.fail("$.mapping", "expected \"auto\" or {\"1\": \"LCTII.CMB.02\", ...}");
  }

  if (j.contains("mapping_stage")) {
    const json& m = j["mapping_stage"];
    check_keys(w, "$.mapping_stage", m, {"pools", "readings", "depths", "node_budget", "rounds", "note"});
    const json& pools = require(w, "$.mapping_stage", m, "pools");
    if (!pools.is_array() || pools.empty()) w.fail("$.mapping_stage.pools", "expected a non-empty list of pools");
    std::set<int> drawn;
    for (std::size_t i = 0; i < pools.size(); ++i) {
      const std::string path = fmt::format("$.mapping_stage.pools[{}]", i);
      check_keys(w, path, pools[i], {"name", "prefixes", "thesis_positions"});
      PositionPool pool;
      pool.name = get_string(w, path + ".name", require(w, path, pools[i], "name"));
      const json& pre = require(w, path, pools[i], "prefixes");
      if (!pre.is_array()) w.fail(path + ".prefixes", "expected a list of id prefixes");
      for (std::size_t k = 0; k < pre.size(); ++k) pool.prefixes.push_back(get_string(w, fmt::format("{}.prefixes[{}]", path, k), pre[k]));
      const json& tp = require(w, path, pools[i], "thesis_positions");
      if (!tp.is_array() || tp.empty()) w.fail(path + ".thesis_positions", "expected a non-empty list of thesis positions");
      for (std::size_t k = 0; k < tp.size(); ++k) {
        const int p = int(get_int(w, fmt::format("{}.thesis_positions[{}]", path, k), tp[k], 1, 1000));
        if (!drawn.insert(p).second)
          w.fail(fmt::format("{}.thesis_positions[{}]", path, k), fmt::format("thesis position {} is in two pools", p));
        pool.thesis_positions.push_back(p);
      }
      for (const auto& pos : cfg.epd)
        for (const auto& pre_id : pool.prefixes)
          if (pos.id.rfind(pre_id, 0) == 0) {
            pool.candidates.push_back(pos);
            break;
          }
      if (pool.candidates.empty())
        w.fail(path + ".prefixes", fmt::format("pool '{}' is empty: no EPD id starts with {}", pool.name, join(pool.prefixes)));
      cfg.pools.push_back(std::move(pool));
    }
    if (m.contains("readings")) cfg.mapping_readings = parse_readings(w, "$.mapping_stage.readings", m["readings"], cfg, cfg.versions.front());
    cfg.mapping_depths = parse_depths(w, "$.mapping_stage.depths", require(w, "$.mapping_stage", m, "depths"));
    cfg.mapping_budget = parse_budget(w, "$.mapping_stage", m);
    if (m.contains("rounds")) {
      const json& r = m["rounds"];
      if (!r.is_number_integer() || r.get<int>() < 1 || r.get<int>() > 5)
        w.fail("$.mapping_stage.rounds", "expected an integer from 1 to 5");
      cfg.mapping_rounds = r.get<int>();
    }
  }

  if (j.contains("readings_stage")) {
    const json& r = j["readings_stage"];
    check_keys(w, "$.readings_stage", r, {"groups", "depths", "node_budget", "held_out", "note"});
    cfg.reading_depths = parse_depths(w, "$.readings_stage.depths", require(w, "$.readings_stage", r, "depths"));
    cfg.reading_budget = parse_budget(w, "$.readings_stage", r);
    if (r.contains("held_out")) {
      const json& h = r["held_out"];
      check_keys(w, "$.readings_stage.held_out", h, {"depths", "node_budget", "note"});
      cfg.held_out_depths = parse_depths(w, "$.readings_stage.held_out.depths", require(w, "$.readings_stage.held_out", h, "depths"));
      cfg.held_out_budget = parse_budget(w, "$.readings_stage.held_out", h);
      for (int d : cfg.held_out_depths)
        if (std::find(cfg.reading_depths.begin(), cfg.reading_depths.end(), d) != cfg.reading_depths.end())
          w.fail("$.readings_stage.held_out.depths", fmt::format("depth {} is also a fitted depth: held-out depths are the others", d));
    }
    const json& groups = require(w, "$.readings_stage", r, "groups");
    if (!groups.is_array()) w.fail("$.readings_stage.groups", "expected a list of groups");
    for (std::size_t i = 0; i < groups.size(); ++i)
      cfg.groups.push_back(parse_group(w, fmt::format("$.readings_stage.groups[{}]", i), groups[i], cfg));
  }
  return cfg;
}

CalibrationConfig load_calibration_config(const std::filesystem::path& file) {
  const std::string text = read_input_file(file, file.string(), kMaxConfigBytes);
  json j;
  try {
    j = parse_json_checked(text, file.string());
  } catch (const json::parse_error& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
  CalibrationConfig cfg = parse_calibration_config(j, file.string());
  cfg.source_text = text;
  return cfg;
}

VersionSpec version_with_readings(const CalibrationConfig& cfg, const std::string& version,
                                  const std::vector<Reading>& readings) {
  const ResolvedVersion r = cfg.presets.resolve(version);
  VersionSpec v{r.name, r.description, r.search, r.eval};
  const int at = cfg.version_index(version);
  for (const auto& reading : readings)
    if (at >= cfg.version_index(reading.from_version))
      apply_flags(reading.flags, v.search, v.eval, fmt::format("reading '{}'", reading.name));
  return v;
}

}  // namespace harness
