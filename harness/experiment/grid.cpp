// A config's grids (grid.h) read, validated and expanded into versions, a factorial design or TT sweeps.
#include "harness/experiment/grid.h"

#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "engine/search_config.h"
#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/presets.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

constexpr const char* kGridKey = "grid";
constexpr const char* kTtBytesAxis = "tt_bytes";  // table memory: not a flag, each point's tt_entries from it
constexpr const char* kFull = "full";
constexpr const char* kOneAtATime = "one_at_a_time";
constexpr const char* kFactorial = "factorial";
constexpr int kMaxGridDepth = 40;  // as the experiment's depths

// A value as a name or a message writes it: 2, true, after_move (a string without its quotes).
std::string value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

struct Axis {
  std::string flag;
  std::string path;  // "$.grid.axes.lmr_reduction"
  std::vector<json> values;
};

bool is_table_axis(const std::string& flag) { return flag == kTtEntriesFlag || flag == kTtSchemeFlag || flag == kTtBytesAxis; }

// The base's flags with `assignment` ({flag: value}) over them, through the flag table's checks; a refused value
// fails at `path` (the value's own place in the grid) with the flag table's message.
json flags_with(const ResolvedVersion& base, const json& assignment, const Where& w, const std::string& path) {
  buho::SearchConfig s = base.search;
  buho::EvalConfig e = base.eval;
  static constexpr const char* kMark = "\x01";
  try {
    apply_flags(assignment, s, e, kMark);
  } catch (const UserError& err) {
    // apply_flags names its `where` and the flag first ("<where>.<flag>: ..."): the path names the value instead.
    std::string msg = err.what();
    if (const auto colon = msg.find(": "); msg.rfind(kMark, 0) == 0 && colon != std::string::npos) msg = msg.substr(colon + 2);
    w.fail(path, msg);
  }
  return flags_to_json(s, e);
}

// The schemes a point of these axes may have: the tt_scheme axis's values, else the base's scheme.
std::vector<std::string> schemes_of(const std::vector<Axis>& axes, const ResolvedVersion& base) {
  for (const auto& a : axes)
    if (a.flag == kTtSchemeFlag) {
      std::vector<std::string> out;
      for (const auto& v : a.values) out.push_back(v.get<std::string>());
      return out;
    }
  return {base.flags.at(kTtSchemeFlag).get<std::string>()};
}

// Entries of `bytes` under `scheme`, checked within the tt_entries flag's limits (at `path`).
int entries_in(std::uint64_t bytes, const std::string& scheme, const Where& w, const std::string& path) {
  const auto* param = buho::find_param(buho::search_params(), kTtEntriesFlag);
  const std::uint64_t per_entry = bytes_per_entry(scheme);
  const std::uint64_t entries = bytes / per_entry;
  if (entries < std::uint64_t(param->min) || entries > std::uint64_t(param->max))
    w.fail(path, fmt::format("{} bytes hold {} entries of scheme '{}' ({} bytes each); the tt_entries flag allows {}..{}", bytes,
                             entries, scheme, per_entry, param->min, param->max));
  return int(entries);
}

std::vector<Axis> parse_axes(const Where& w, const std::string& path, const json& axes, const ResolvedVersion& base) {
  if (!axes.is_object() || axes.empty()) w.fail(path, "expected an object {flag: [values], ...} of at least one axis");
  if (axes.contains(kTtBytesAxis) && axes.contains(kTtEntriesFlag))
    w.fail(path + "." + kTtBytesAxis, "give the table sizes as tt_entries or as tt_bytes (memory), not both");
  std::vector<Axis> out;
  for (auto it = axes.begin(); it != axes.end(); ++it) {
    Axis a{it.key(), path + "." + it.key(), {}};
    if (a.flag != kTtBytesAxis && !base.flags.contains(a.flag)) {
      std::vector<std::string> valid{kTtBytesAxis};
      for (auto f = base.flags.begin(); f != base.flags.end(); ++f) valid.push_back(f.key());
      w.fail(a.path, fmt::format("unknown flag '{}' (valid: {})", a.flag, join(valid)));
    }
    if (!it.value().is_array() || it.value().empty()) w.fail(a.path, "expected a non-empty list of the flag's values");
    for (std::size_t k = 0; k < it.value().size(); ++k) {
      const std::string vp = fmt::format("{}[{}]", a.path, k);
      const json& v = it.value()[k];
      if (a.flag == kTtBytesAxis) {
        if (!v.is_number_unsigned() && !v.is_number_integer())
          w.fail(vp, fmt::format("table memory must be an integer number of bytes, got {}", v.dump()));
        const long long bytes = v.is_number_unsigned() ? static_cast<long long>(std::min<std::uint64_t>(v.get<std::uint64_t>(), 1ULL << 62))
                                                       : v.get<long long>();
        if (bytes < 1 || bytes > (1LL << 40)) w.fail(vp, fmt::format("TT bytes must be in 1..{}, got {}", 1LL << 40, bytes));
      } else {
        flags_with(base, json{{a.flag, v}}, w, vp);
      }
      for (const auto& earlier : a.values)
        if (earlier == v) w.fail(vp, fmt::format("value {} is listed twice", value_text(v)));
      a.values.push_back(v);
    }
    out.push_back(std::move(a));
  }
  // Every size in bytes must give every scheme of the grid an entry count the flag takes.
  for (const auto& a : out)
    if (a.flag == kTtBytesAxis)
      for (std::size_t k = 0; k < a.values.size(); ++k)
        for (const auto& scheme : schemes_of(out, base))
          entries_in(a.values[k].get<std::uint64_t>(), scheme, w, fmt::format("{}[{}]", a.path, k));
  return out;
}

// A point's flags object over the base: each axis's value, tt_bytes as the entries of the point's scheme.
json point_flags(const std::vector<std::pair<std::string, json>>& values, const ResolvedVersion& base, const Where& w,
                 const std::string& path) {
  json flags = json::object();
  std::string scheme = base.flags.at(kTtSchemeFlag).get<std::string>();
  for (const auto& [flag, v] : values)
    if (flag == kTtSchemeFlag) scheme = v.get<std::string>();
  for (const auto& [flag, v] : values) {
    if (flag == kTtBytesAxis) flags[kTtEntriesFlag] = entries_in(v.get<std::uint64_t>(), scheme, w, path);
    else flags[flag] = v;
  }
  return flags;
}

json grid_version(const std::string& base, const std::vector<std::pair<std::string, json>>& values, const json& flags) {
  std::string set;
  for (const auto& [flag, v] : values) set += fmt::format("{}{}={}", set.empty() ? "" : ", ", flag, value_text(v));
  return {{"name", grid_version_name(base, values)},
          {"extends", base},
          {"description", fmt::format("{} with {} (a grid point)", base, set)},
          {"flags", flags}};
}

// A full grid's points: every combination of the axes' values, the first axis varying slowest.
std::vector<std::vector<std::pair<std::string, json>>> full_points(const std::vector<Axis>& axes) {
  std::vector<std::vector<std::pair<std::string, json>>> points{{}};
  for (const auto& a : axes) {
    std::vector<std::vector<std::pair<std::string, json>>> next;
    for (const auto& p : points)
      for (const auto& v : a.values) {
        next.push_back(p);
        next.back().emplace_back(a.flag, v);
      }
    points = std::move(next);
  }
  return points;
}

// A factorial grid as design.h's factorial design: one factor per axis, named by its flag.
Design factorial_design(const Where& w, const std::string& path, const json& g, const std::vector<Axis>& axes,
                        const std::string& base_name, const ResolvedVersion& base, const PresetBook& book,
                        const std::vector<int>& depths, GridExpansion& out) {
  json factors = json::object();
  for (const auto& a : axes) {
    if (a.flag == kTtBytesAxis)
      w.fail(a.path, "tt_bytes is table memory, not a flag: a factorial grid's factors are flags (use tt_entries)");
    std::vector<json> others;
    for (std::size_t k = 0; k < a.values.size(); ++k)
      if (flags_with(base, json{{a.flag, a.values[k]}}, w, a.path).at(a.flag) != base.flags.at(a.flag)) others.push_back(a.values[k]);
    if (others.size() != 1 || a.values.size() > 2)
      w.fail(a.path, fmt::format("a factorial grid's axis is a binary factor: the base's value ({}) and one other, or that other "
                                 "alone; got {}",
                                 value_text(base.flags.at(a.flag)), json(a.values).dump()));
    std::string factor = a.flag;
    std::replace(factor.begin(), factor.end(), '.', '_');  // "eval.<term>": a factor name is letters, digits, '_'
    factors[factor] = json{{a.flag, others[0]}};
  }
  json design = {{"base", base_name}, {"factors", factors}};
  if (g.contains("minimal_tree")) design["minimal_tree"] = g["minimal_tree"];
  std::vector<json> versions;
  Design d = parse_design_object(Design::Kind::Factorial, design, path, w, book, {}, depths, versions);
  for (auto& v : versions) out.versions.push_back({path, std::move(v)});
  return d;
}

// A full grid over the table's axes alone as `sweeps` entries: one sweep, or one per depth of a {"D": [ids]} map.
void table_sweeps(const Where& w, const std::string& path, const json& g, const std::vector<Axis>& axes, const std::string& base_name,
                  const ResolvedVersion& base, const std::string& name, GridExpansion& out) {
  json sweep = {{"name", name}, {"version", base_name}};
  sweep["tt_schemes"] = schemes_of(axes, base);
  sweep[kTtEntriesFlag] = json::array({base.flags.at(kTtEntriesFlag)});
  for (const auto& a : axes)
    if (a.flag == kTtEntriesFlag || a.flag == kTtBytesAxis) {
      sweep.erase(kTtEntriesFlag);
      sweep[a.flag] = a.values;
    }
  for (const char* key : {"positions", "reference"})
    if (g.contains(key)) sweep[key] = g[key];
  // A list or a range {"from", "to"} is the sweep's depths for every position; any other object maps depths to ids.
  const bool by_position = g.contains("depths") && g["depths"].is_object() && !g["depths"].contains("from") &&
                           !g["depths"].contains("to");
  if (!by_position) {
    if (g.contains("depths")) sweep["depths"] = g["depths"];
    out.sweeps.push_back({path, sweep});
    return;
  }
  // {"D": [position ids]}: each position at its own depths, one sweep per depth, shallowest first.
  const std::string dp = path + ".depths";
  const json& map = g["depths"];
  if (g.contains("positions")) w.fail(dp, "give the positions either in 'positions' or by depth in 'depths', not both");
  if (map.empty()) w.fail(dp, "expected {\"D\": [position ids], ...} of at least one depth");
  std::vector<std::pair<int, std::string>> by_depth;
  for (auto it = map.begin(); it != map.end(); ++it) {
    const std::string& key = it.key();
    if (key.empty() || key.size() > 2 || key.find_first_not_of("0123456789") != std::string::npos || key[0] == '0' ||
        std::stoi(key) > kMaxGridDepth)
      w.fail(dp + "." + key, fmt::format("'{}' is not a depth (1..{})", key, kMaxGridDepth));
    if (!it.value().is_array() || it.value().empty()) w.fail(dp + "." + key, "expected a non-empty list of position ids");
    by_depth.emplace_back(std::stoi(key), key);
  }
  std::sort(by_depth.begin(), by_depth.end());
  for (const auto& [depth, key] : by_depth) {
    json s = sweep;
    s["name"] = fmt::format("{}-d{}", name, depth);
    s["depths"] = json::array({depth});
    s["positions"] = map[key];
    out.sweeps.push_back({dp + "." + key, s});
  }
}

void parse_grid(const Where& w, const std::string& path, const json& g, std::size_t index, std::size_t grids,
                const PresetBook& book, const std::vector<int>& depths, GridExpansion& out) {
  if (g.contains("claims"))
    w.fail(path + ".claims", "a grid takes no claims: give them in the config's top-level \"claims\" (configs/README.md, "
                             "\"Claims\"; a factorial design's share is metric reduction_share)");
  check_keys(w, path, g, {"name", "base", "axes", "design", "minimal_tree", "positions", "depths", "reference", "note"});
  const std::string base_name = get_string(w, path + ".base", require(w, path, g, "base"));
  ResolvedVersion base;
  try {
    base = book.resolve(base_name);
  } catch (const UserError& e) {
    w.fail(path + ".base", e.what());
  }
  const std::string design = g.contains("design") ? get_string(w, path + ".design", g["design"]) : kFull;
  if (design != kFull && design != kOneAtATime && design != kFactorial)
    w.fail(path + ".design", fmt::format("unknown design '{}' (valid: {}, {}, {})", design, kFull, kOneAtATime, kFactorial));
  const std::vector<Axis> axes = parse_axes(w, path + ".axes", require(w, path, g, "axes"), base);
  const bool table = design == kFull && std::all_of(axes.begin(), axes.end(), [](const Axis& a) { return is_table_axis(a.flag); });
  for (const char* key : {"name", "positions", "depths", "reference"})
    if (g.contains(key) && !table)
      w.fail(path + "." + key, fmt::format("only a full grid over the table's axes alone (tt_entries or tt_bytes, tt_scheme), "
                                           "which runs as a TT sweep, takes '{}'", key));
  if (g.contains("minimal_tree") && design != kFactorial) w.fail(path + ".minimal_tree", "only a factorial grid takes 'minimal_tree'");

  if (design == kFactorial) {
    if (out.design) w.fail(path, "a config has one factorial grid (its effects study reads one design)");
    out.design = factorial_design(w, path, g, axes, base_name, base, book, depths, out);
    return;
  }
  if (table) {
    const std::string name = g.contains("name") ? get_string(w, path + ".name", g["name"])
                                                : (grids == 1 ? std::string("grid") : fmt::format("grid{}", index + 1));
    table_sweeps(w, path, g, axes, base_name, base, name, out);
    return;
  }
  std::size_t count = 1;
  for (const auto& a : axes) count = design == kFull ? count * a.values.size() : count + a.values.size();
  if (count > GridExpansion::kMaxVersions)
    w.fail(path + ".axes", fmt::format("{} versions; a grid has at most {}", count, GridExpansion::kMaxVersions));
  if (design == kFull) {
    for (const auto& point : full_points(axes))
      out.versions.push_back({path, grid_version(base_name, point, point_flags(point, base, w, path + ".axes"))});
    return;
  }
  // One at a time: the base under its own name (once, whichever grids name it), then each value alone.
  const bool base_listed = std::any_of(out.versions.begin(), out.versions.end(),
                                       [&](const GridExpansion::Item& v) { return v.json.at("name") == base_name; });
  if (!base_listed) out.versions.push_back({path, json{{"name", base_name}}});
  for (const auto& a : axes)
    for (const auto& v : a.values) {
      const std::vector<std::pair<std::string, json>> point{{a.flag, v}};
      const json flags = point_flags(point, base, w, a.path);
      // A value the base has already (tt_bytes: the entries it has) is the base, which runs once under its name.
      bool is_base = true;
      for (auto f = flags.begin(); f != flags.end(); ++f)
        if (flags_with(base, json{{f.key(), f.value()}}, w, a.path).at(f.key()) != base.flags.at(f.key())) is_base = false;
      if (!is_base) out.versions.push_back({path, grid_version(base_name, point, flags)});
    }
}

}  // namespace

std::string grid_version_name(const std::string& base, const std::vector<std::pair<std::string, json>>& values) {
  std::string s;
  for (const auto& [flag, v] : values) s += fmt::format("{}{}={}", s.empty() ? "" : ",", flag, value_text(v));
  return fmt::format("{}[{}]", base, s);
}

GridExpansion parse_grids(const json& config, const Where& w, const PresetBook& book, const std::vector<int>& depths) {
  GridExpansion out;
  if (!config.contains(kGridKey)) return out;
  const json& g = config[kGridKey];
  const std::string path = std::string("$.") + kGridKey;
  if (g.is_object()) {
    parse_grid(w, path, g, 0, 1, book, depths, out);
  } else if (g.is_array() && !g.empty()) {
    for (std::size_t i = 0; i < g.size(); ++i) {
      const std::string p = fmt::format("{}[{}]", path, i);
      if (!g[i].is_object()) w.fail(p, fmt::format("expected a grid object {{\"base\", \"axes\", \"design\"}}, got {}", g[i].type_name()));
      parse_grid(w, p, g[i], i, g.size(), book, depths, out);
    }
  } else {
    w.fail(path, "expected a grid {\"base\", \"axes\", \"design\"} or a non-empty list of them");
  }
  return out;
}

}  // namespace harness
