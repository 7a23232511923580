// Config parsing: a JSON config -> a validated, resolved Experiment.
#include "harness/experiment/experiment_config.h"

#include <fmt/core.h>

#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <sstream>

#include "engine/board.h"
#include "engine/search_config.h"
#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/config_paths.h"
#include "harness/experiment/design_claims.h"
#include "harness/experiment/exact_reference.h"
#include "harness/experiment/grid.h"
#include "harness/experiment/json_fields.h"
#include "harness/experiment/position_entries.h"
#include "harness/experiment/memory_ceiling.h"
#include "harness/experiment/presets.h"
#include "harness/input_file.h"
#include "harness/paths.h"
#include "harness/thesis/thesis_setup.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

std::string type_name(const json& j) { return j.type_name(); }

long long get_int(const Where& w, const std::string& path, const json& j, long long min, long long max,
                  const char* what) {
  if (!j.is_number_integer() && !j.is_number_unsigned())
    w.fail(path, fmt::format("{} must be an integer, got {}", what, j.dump()));
  if (!integer_within(j, min, max)) w.fail(path, fmt::format("{} must be in {}..{}, got {}", what, min, max, j.dump()));
  return j.get<long long>();
}

constexpr int kMaxDepth = 40;
constexpr long long kMaxTimeLimitMs = 86'400'000;

std::vector<int> parse_depths(const Where& w, const std::string& path, const json& j) {
  std::vector<int> out;
  if (j.is_array()) {
    if (j.empty()) w.fail(path, "needs at least one depth");
    for (std::size_t i = 0; i < j.size(); ++i)
      out.push_back(int(get_int(w, fmt::format("{}[{}]", path, i), j[i], 1, kMaxDepth, "depth")));
  } else if (j.is_object()) {
    check_keys(w, path, j, {"from", "to"});
    int from = int(get_int(w, path + ".from", require(w, path, j, "from"), 1, kMaxDepth, "depth"));
    int to = int(get_int(w, path + ".to", require(w, path, j, "to"), 1, kMaxDepth, "depth"));
    if (to < from) w.fail(path, fmt::format("range is empty (from {} > to {})", from, to));
    for (int d = from; d <= to; ++d) out.push_back(d);
  } else {
    w.fail(path, fmt::format("expected a list of depths [1, 2, 3] or a range {{\"from\": 1, \"to\": 9}}, got {}",
                             type_name(j)));
  }
  std::set<int> seen;
  for (int d : out)
    if (!seen.insert(d).second) w.fail(path, fmt::format("depth {} is listed twice", d));
  return out;
}

VersionSpec to_spec(const ResolvedVersion& r) { return VersionSpec{r.name, r.description, r.search, r.eval}; }

// The config's versions: preset names, or custom {"name", "extends", "flags", "description"} added to the book; then
// a design's (design.h), after the listed ones: the base under its own name, then each combination; or a grid's
// (grid.h). Each resolved into exp.versions.
void parse_versions(const json& j, const Where& w, const std::string& file, PresetBook& book, const GridExpansion& grids,
                    Experiment& exp) {
  std::vector<std::string> version_names;
  std::vector<std::string> version_paths;  // where each is named, for the checks below
  std::map<std::string, std::vector<int>> version_depths;
  if (j.contains("versions")) {
    const json& vs = j["versions"];
    if (!vs.is_array()) w.fail("$.versions", fmt::format("expected a list of version names or objects, got {}", type_name(vs)));
    for (std::size_t i = 0; i < vs.size(); ++i) {
      const std::string p = fmt::format("$.versions[{}]", i);
      version_paths.push_back(p);
      if (vs[i].is_string()) {
        version_names.push_back(vs[i].get<std::string>());
        continue;
      }
      if (!vs[i].is_object()) w.fail(p, "expected a preset name or {\"name\", \"extends\", \"flags\", \"description\"}");
      check_keys(w, p, vs[i], {"name", "extends", "flags", "description", "note", "depths"});
      json obj = vs[i];
      obj.erase("note");
      version_names.push_back(get_string(w, p + ".name", require(w, p, obj, "name")));
      if (obj.contains("depths")) {
        // Fewer depths for this version (each one of the experiment's).
        std::vector<int> own = parse_depths(w, p + ".depths", obj["depths"]);
        for (std::size_t k = 0; k < own.size(); ++k)
          if (std::find(exp.depths.begin(), exp.depths.end(), own[k]) == exp.depths.end())
            w.fail(fmt::format("{}.depths[{}]", p, k), fmt::format("depth {} is not one of the experiment's depths", own[k]));
        version_depths[version_names.back()] = own;
        obj.erase("depths");
      }
      // {"name": PRESET, "depths": ...} only limits a preset's depths (version A of the thesis to the depths its
      // time allows); anything more is a new version and goes to the book, which refuses a name it already has.
      if (obj.size() == 1 && vs[i].contains("depths")) {
        const auto known = book.names();
        if (std::find(known.begin(), known.end(), version_names.back()) != known.end()) continue;
      }
      book.add(obj, fmt::format("{}: {}", file, p));
    }
  }
  // A design (design.h) adds its versions after the listed ones: the base under its own name, then each combination.
  {
    std::vector<json> design_versions;
    exp.design = parse_design(j, w, book, version_names, exp.depths, design_versions);
    for (const auto& v : design_versions) {
      if (v.size() > 1) book.add(v, w.at("$." + exp.design->kind_text()));
      version_names.push_back(v["name"].get<std::string>());
      version_paths.push_back("$." + exp.design->kind_text());
    }
  }
  // A grid's (grid.h), in a config without a versions list or design of its own.
  for (const auto& v : grids.versions) {
    if (v.json.size() > 1) book.add(v.json, w.at(v.path));
    version_names.push_back(v.json["name"].get<std::string>());
    version_paths.push_back(v.path);
  }
  if (grids.design) exp.design = grids.design;
  if (exp.design && !exp.design->minimal_tree_depths.empty())
    version_depths[Design::kMinimalTreeVersion] = exp.design->minimal_tree_depths;
  std::set<std::string> seen_versions;
  for (std::size_t i = 0; i < version_names.size(); ++i) {
    const std::string& p = version_paths[i];
    if (!seen_versions.insert(version_names[i]).second)
      w.fail(p, fmt::format("version '{}' is listed twice", version_names[i]));
    try {
      exp.versions.push_back(to_spec(book.resolve(version_names[i])));
      if (auto it = version_depths.find(version_names[i]); it != version_depths.end()) exp.versions.back().depths = it->second;
    } catch (const UserError& e) {
      // The book's own messages name the file and the JSON path already: once is enough.
      if (std::string_view(e.what()).rfind(w.file + ":", 0) == 0) throw;
      w.fail(p, e.what());
    }
    if (const std::string why = sss_memory_problem(exp.versions.back().search, available_memory_bytes()); !why.empty())
      w.fail(p, why);
  }
}

// Sweep i of the config (at `p`, its JSON path): its version, sizes, schemes, depths and positions, each checked.
SweepSpec parse_sweep(const Where& w, const std::string& p, const json& s, std::size_t i, std::size_t sweeps,
                      const PresetBook& book, const Experiment& exp, std::set<std::string>& names) {
  const auto schemes = tt_scheme_names();
  if (!s.is_object()) w.fail(p, "expected {\"version\", \"tt_entries\", \"tt_schemes\"}");
  check_keys(w, p, s, {"name", "version", "tt_entries", "tt_bytes", "tt_schemes", "depths", "positions", "reference", "note"});
  SweepSpec sw;
  sw.name = s.contains("name") ? get_string(w, p + ".name", s["name"]) : (sweeps == 1 ? "tt" : fmt::format("tt{}", i + 1));
  if (!names.insert(sw.name).second) w.fail(p + ".name", fmt::format("sweep name '{}' is used twice", sw.name));
  const std::string vname = get_string(w, p + ".version", require(w, p, s, "version"));
  try {
    sw.version = to_spec(book.resolve(vname));
  } catch (const UserError& e) {
    w.fail(p + ".version", e.what());
  }
  // One limit, the flag table's: a sweep's sizes are values of the tt_entries flag (a size in bytes
  // must give each scheme an entry count within it; checked below, once the schemes are known).
  const auto* entries_param = buho::find_param(buho::search_params(), kTtEntriesFlag);
  if (s.contains("tt_entries") == s.contains("tt_bytes"))
    w.fail(p, "give the table sizes either as \"tt_entries\" or as \"tt_bytes\" (memory), exactly one of them");
  if (s.contains("tt_entries")) {
    const json& entries = s["tt_entries"];
    if (!entries.is_array() || entries.empty()) w.fail(p + ".tt_entries", "expected a non-empty list of table sizes (entries)");
    for (std::size_t k = 0; k < entries.size(); ++k)
      sw.tt_entries.push_back(int(get_int(w, fmt::format("{}.tt_entries[{}]", p, k), entries[k], entries_param->min,
                                          entries_param->max, "TT entries")));
  } else {
    const json& bytes = s["tt_bytes"];
    if (!bytes.is_array() || bytes.empty()) w.fail(p + ".tt_bytes", "expected a non-empty list of table sizes (bytes)");
    for (std::size_t k = 0; k < bytes.size(); ++k)
      sw.tt_bytes.push_back(std::uint64_t(get_int(w, fmt::format("{}.tt_bytes[{}]", p, k), bytes[k], 1, 1LL << 40, "TT bytes")));
  }
  const json& sch = require(w, p, s, "tt_schemes");
  if (!sch.is_array() || sch.empty()) w.fail(p + ".tt_schemes", "expected a non-empty list of scheme names");
  for (std::size_t k = 0; k < sch.size(); ++k) {
    const std::string sp = fmt::format("{}.tt_schemes[{}]", p, k);
    std::string name = get_string(w, sp, sch[k]);
    if (std::find(schemes.begin(), schemes.end(), name) == schemes.end())
      w.fail(sp, fmt::format("unknown scheme '{}' (valid: {})", name, join(schemes)));
    sw.tt_schemes.push_back(name);
  }
  for (std::size_t k = 0; k < sw.tt_bytes.size(); ++k)
    for (const auto& scheme : sw.tt_schemes) {
      const std::uint64_t per_entry = bytes_per_entry(scheme);
      const std::uint64_t entries = sw.tt_bytes[k] / per_entry;
      if (entries < std::uint64_t(entries_param->min) || entries > std::uint64_t(entries_param->max))
        w.fail(fmt::format("{}.tt_bytes[{}]", p, k),
               fmt::format("{} bytes hold {} entries of scheme '{}' ({} bytes each); the tt_entries flag allows {}..{}",
                           sw.tt_bytes[k], entries, scheme, per_entry, entries_param->min, entries_param->max));
    }
  sw.depths = s.contains("depths") ? parse_depths(w, p + ".depths", s["depths"]) : exp.depths;
  if (s.contains("positions")) {
    const json& ps = s["positions"];
    if (!ps.is_array() || ps.empty()) w.fail(p + ".positions", "expected a non-empty list of position ids");
    for (std::size_t k = 0; k < ps.size(); ++k) {
      const std::string pp = fmt::format("{}.positions[{}]", p, k);
      std::string id = get_string(w, pp, ps[k]);
      if (!exp.find_position(id)) {
        std::vector<std::string> ids;
        for (const auto& q : exp.positions) ids.push_back(q.id);
        w.fail(pp, fmt::format("'{}' is not one of the config's positions (valid: {})", id, join(ids)));
      }
      sw.positions.push_back(id);
    }
  } else {
    for (const auto& q : exp.positions) sw.positions.push_back(q.id);
  }
  if (s.contains("reference")) {
    if (!s["reference"].is_boolean())
      w.fail(p + ".reference", fmt::format("expected true or false, got {}", type_name(s["reference"])));
    sw.reference = s["reference"].get<bool>();
    if (sw.reference && (sw.tt_schemes.size() != 1 || sw.size_count() != 1))
      w.fail(p + ".reference", "a reference sweep (the unlimited table of the TT study) has exactly one scheme and one size");
  }
  return sw;
}

// The config's "sweeps" and its grids' (grid.h): each sweep, then the reference sweeps checked together.
void parse_sweeps(const Where& w, const json& config, const GridExpansion& grids, const PresetBook& book, Experiment& exp) {
  std::vector<GridExpansion::Item> all;  // each sweep's JSON and its path
  std::size_t listed = 0;
  if (config.contains("sweeps")) {
    const json& ss = config["sweeps"];
    if (!ss.is_array()) w.fail("$.sweeps", fmt::format("expected a list of sweeps, got {}", type_name(ss)));
    listed = ss.size();
    for (std::size_t i = 0; i < ss.size(); ++i) all.push_back({fmt::format("$.sweeps[{}]", i), ss[i]});
  }
  all.insert(all.end(), grids.sweeps.begin(), grids.sweeps.end());
  std::set<std::string> names;
  for (std::size_t i = 0; i < all.size(); ++i)  // a grid's sweeps are named (grid.cpp)
    exp.sweeps.push_back(parse_sweep(w, all[i].path, all[i].json, i, listed, book, exp, names));
  // Several reference sweeps may cover different depths (each with a table large enough for its trees), but
  // they are one kind of unlimited table: the same scheme in every one.
  const SweepSpec* first_ref = nullptr;
  for (std::size_t i = 0; i < exp.sweeps.size(); ++i) {
    const SweepSpec& x = exp.sweeps[i];
    if (!x.reference) continue;
    if (!first_ref) {
      first_ref = &x;
    } else if (x.tt_schemes != first_ref->tt_schemes) {
      w.fail(all[i].path + ".reference",
             fmt::format("reference sweeps '{}' and '{}' use different schemes ({} and {}); the TT study compares with one kind of unlimited table",
                         first_ref->name, x.name, first_ref->tt_schemes[0], x.tt_schemes[0]));
    }
  }
}

}  // namespace

Experiment load_experiment(const std::filesystem::path& file) {
  const std::string text = read_input_file(file, file.string(), kMaxConfigBytes);
  json j;
  try {
    j = parse_json_checked(text, file.string());
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number too large (1E999)
    std::string msg = e.what();
    if (auto pos = msg.find("] "); msg.rfind("[json.exception", 0) == 0 && pos != std::string::npos)
      msg = msg.substr(pos + 2);
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), msg));
  }
  return parse_experiment(j, file.string());
}

Experiment parse_experiment(const json& config, const std::string& file) {
  Where w{file};
  // A factorial design's own "claims" (the form before claims as data) leave the design here and join the top-level
  // claims below (design_claims.h).
  json moved;
  json design_claims;
  if (config.is_object() && config.contains("factorial") && config["factorial"].is_object() && config["factorial"].contains("claims")) {
    moved = config;
    design_claims = moved["factorial"]["claims"];
    moved["factorial"].erase("claims");
  }
  const json& j = design_claims.is_null() ? config : moved;
  if (!j.is_object()) w.fail("$", fmt::format("a config is a JSON object, got {}", type_name(j)));
  check_keys(w, "$", j,
             {"name", "description", "note", "presets", "positions", "depths", "versions", "sweeps", "node_budget",
              "time_limit_ms", "exact_reference", "factorial", "leave_one_out", "grid", "claims"});
  Experiment exp;
  exp.name = get_string(w, "$.name", require(w, "$", j, "name"));
  if (const std::string why = directory_name_problem(exp.name); !why.empty()) w.fail("$.name", why);
  if (exp.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") !=
                              std::string::npos)
    w.fail("$.name", fmt::format("'{}' is not a valid name (letters, digits, '.', '_', '-'; it names the output directory)",
                                 exp.name));
  if (j.contains("description")) exp.description = get_string(w, "$.description", j["description"]);
  if (j.contains("note")) exp.note = get_string(w, "$.note", j["note"]);
  if (j.contains("node_budget"))
    exp.node_budget = std::uint64_t(get_int(w, "$.node_budget", j["node_budget"], 0, 1LL << 62, "node_budget"));
  if (j.contains("time_limit_ms"))  // up to a day per cell
    exp.time_limit_ms = std::uint64_t(get_int(w, "$.time_limit_ms", j["time_limit_ms"], 0, kMaxTimeLimitMs, "time_limit_ms"));

  const json& positions = require(w, "$", j, "positions");
  exp.depths = parse_depths(w, "$.depths", require(w, "$", j, "depths"));

  // Presets: configs/versions.json unless the config names another file (looked for beside the config, then in the
  // project root: config_paths.h).
  std::filesystem::path presets = project_path("configs/versions.json");
  if (j.contains("presets"))
    presets = config_file_path(w.at("$.presets"), file, get_string(w, "$.presets", j["presets"]), "presets file");
  PresetBook book = PresetBook::load(presets);

  // A grid names its own versions (grid.h): no list or design of them beside it.
  if (j.contains("grid"))
    for (const char* other : {"versions", "factorial", "leave_one_out"})
      if (j.contains(other))
        w.fail("$.grid", fmt::format("give either '{}' or a 'grid', not both: a grid makes its own versions (its \"design\": "
                                     "\"factorial\" is the factorial design)", other));
  const GridExpansion grids = parse_grids(j, w, book, exp.depths);
  parse_versions(j, w, file, book, grids, exp);
  exp.positions = parse_positions(w, positions, exp.solutions);
  exp.index_positions();

  if (j.contains("sweeps") || !grids.sweeps.empty()) parse_sweeps(w, j, grids, book, exp);
  if (exp.versions.empty() && exp.sweeps.empty())
    w.fail("$", "nothing to run: give 'versions' (a non-empty list), 'sweeps' or a 'grid'");
  if (j.contains("exact_reference")) {
    exp.exact_reference = get_string(w, "$.exact_reference", j["exact_reference"]);
    const VersionSpec* ref = exp.find_version(exp.exact_reference);
    if (!ref)
      w.fail("$.exact_reference", fmt::format("'{}' is not one of the config's versions", exp.exact_reference));
    if (buho::prunes_forward(ref->search))
      w.fail("$.exact_reference", fmt::format("version '{}' prunes forward (null_move, futility, lmr, null_move_verified, null_move_adaptive or limited_razoring on); the exact "
                                              "reference needs a version without forward pruning", exp.exact_reference));
  }
  // Claims last: they name the versions and positions resolved above.
  json claims = j.contains("claims") ? j["claims"] : json::array();
  if (!design_claims.is_null() && claims.is_array())
    for (auto& c : design_claims_as_claims(design_claims, *exp.design, exp.depths, w, "$.factorial.claims")) claims.push_back(c);
  if (!claims.empty()) exp.claims = parse_claims(claims, file, "$.claims", &exp, exp.claims_json);
  return exp;
}

}  // namespace harness
