// A config's design (design.h) read, validated and expanded into versions; its stored form.
#include "harness/experiment/design.h"

#include <fmt/core.h>

#include <algorithm>

#include "engine/search_config.h"
#include "harness/errors.h"
#include "harness/experiment/presets.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

constexpr const char* kFactorialKey = "factorial";
constexpr const char* kLeaveOneOutKey = "leave_one_out";

bool design_name_ok(const std::string& name) {
  return !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
                              std::string::npos;
}

// A flag value as a reader writes it: true, 2, after_move (a string without its quotes).
std::string design_value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::string design_flags_text(const json& flags) {
  std::string s;
  for (auto it = flags.begin(); it != flags.end(); ++it)
    s += fmt::format("{}{}={}", s.empty() ? "" : ", ", it.key(), design_value_text(it.value()));
  return s;
}

int design_int(const Where& w, const std::string& path, const json& j, int min, int max, const char* what) {
  if (!j.is_number_integer()) w.fail(path, fmt::format("{} must be an integer, got {}", what, j.dump()));
  const long long v = j.get<long long>();
  if (v < min || v > max) w.fail(path, fmt::format("{} must be in {}..{}, got {}", what, min, max, v));
  return int(v);
}

// The minimal tree's version of a factorial design ("minimal_tree": [depths]): the base with every factor's flags
// and the driver `minimal`, refused where the minimal tree is no yardstick (a base or factor that prunes forward).
json minimal_tree_version(const Where& w, const std::string& p, const json& list, Design& d, const ResolvedVersion& base,
                          const std::vector<std::string>& taken, const std::vector<int>& depths) {
  if (!list.is_array() || list.empty()) w.fail(p, "expected a non-empty list of the experiment's depths where the minimal tree is counted");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string ip = fmt::format("{}[{}]", p, i);
    const int depth = design_int(w, ip, list[i], 1, 1000, "depth");
    if (std::find(depths.begin(), depths.end(), depth) == depths.end())
      w.fail(ip, fmt::format("depth {} is not one of the experiment's depths", depth));
    if (std::find(d.minimal_tree_depths.begin(), d.minimal_tree_depths.end(), depth) != d.minimal_tree_depths.end())
      w.fail(ip, fmt::format("depth {} is listed twice", depth));
    d.minimal_tree_depths.push_back(depth);
  }
  std::sort(d.minimal_tree_depths.begin(), d.minimal_tree_depths.end());
  if (std::find(taken.begin(), taken.end(), Design::kMinimalTreeVersion) != taken.end())
    w.fail(p, fmt::format("the minimal tree's version '{}' has the name of a version listed in $.versions", Design::kMinimalTreeVersion));
  json flags = json::object();
  for (const auto& f : d.factors) flags.update(f.flags);
  ResolvedVersion all = base;
  apply_flags(flags, all.search, all.eval, w.at(p));
  if (buho::prunes_forward(all.search))
    w.fail(p, fmt::format("'{}' with every factor prunes forward (null move, futility, LMR or razoring): the minimal tree is "
                          "that of the exact search, no yardstick for a search that skips part of it",
                          d.base));
  flags["driver"] = "minimal";
  return {{"name", Design::kMinimalTreeVersion},
          {"extends", d.base},
          {"description", fmt::format("the minimal tree (Knuth & Moore 1975) of {} with every factor ({}): the yardstick of "
                                      "the shares of the reduction, at depths {}",
                                      d.base, d.factors_text((std::uint32_t(1) << d.factors.size()) - 1),
                                      json(d.minimal_tree_depths).dump())},
          {"flags", flags}};
}

}  // namespace

std::string Design::kind_text() const { return kind == Kind::Factorial ? kFactorialKey : kLeaveOneOutKey; }

std::vector<std::uint32_t> Design::combinations() const {
  std::vector<std::uint32_t> out{0};
  if (kind == Kind::Factorial) {
    for (std::uint32_t m = 1; m < (std::uint32_t(1) << factors.size()); ++m) out.push_back(m);
  } else {
    for (std::size_t i = 0; i < factors.size(); ++i) out.push_back(std::uint32_t(1) << i);
  }
  return out;
}

std::string Design::version_name(std::uint32_t mask) const {
  std::string name = base;
  for (std::size_t i = 0; i < factors.size(); ++i)
    if (mask & (std::uint32_t(1) << i)) name += (kind == Kind::Factorial ? "+" : "-") + factors[i].name;
  return name;
}

std::uint32_t Design::mask_of(const std::vector<std::string>& names) const {
  std::uint32_t mask = 0;
  for (const auto& n : names)
    for (std::size_t i = 0; i < factors.size(); ++i)
      if (factors[i].name == n) mask |= std::uint32_t(1) << i;
  return mask;
}

std::string Design::factors_text(std::uint32_t mask) const {
  std::string s;
  for (std::size_t i = 0; i < factors.size(); ++i)
    if (mask & (std::uint32_t(1) << i)) s += (s.empty() ? "" : "+") + factors[i].name;
  return s.empty() ? "none" : s;
}

json Design::to_json() const {
  json fs = json::array();
  for (const auto& f : factors) fs.push_back({{"name", f.name}, {"flags", f.flags}});
  json j = {{"kind", kind_text()}, {"base", base}, {"factors", fs}};
  // Only when counted, so that designs stored before the minimal tree read alike.
  if (!minimal_tree_depths.empty()) j["minimal_tree"] = minimal_tree_depths;
  return j;
}

Design Design::from_json(const json& j, const std::string& where) {
  try {
    Design d;
    const std::string kind = j.at("kind").get<std::string>();
    if (kind != kFactorialKey && kind != kLeaveOneOutKey) throw UserError(fmt::format("{}: design: unknown kind '{}'", where, kind));
    d.kind = kind == kFactorialKey ? Kind::Factorial : Kind::LeaveOneOut;
    d.base = j.at("base").get<std::string>();
    for (const auto& f : j.at("factors")) d.factors.push_back({f.at("name").get<std::string>(), f.at("flags")});
    if (d.factors.empty() || d.factors.size() > max_factors(d.kind))
      throw UserError(fmt::format("{}: design: {} factors (1..{})", where, d.factors.size(), max_factors(d.kind)));
    // A stored "claims" list (the form before claims as data) is read by read_stored_experiment (design_claims.h).
    d.minimal_tree_depths = j.value("minimal_tree", std::vector<int>{});
    return d;
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: design: not a stored design: {}", where, e.what()));
  }
}

std::optional<Design> parse_design(const json& config, const Where& w, const PresetBook& book,
                                   const std::vector<std::string>& taken, const std::vector<int>& depths,
                                   std::vector<json>& versions) {
  const bool factorial = config.contains(kFactorialKey), loo = config.contains(kLeaveOneOutKey);
  if (!factorial && !loo) return std::nullopt;
  if (factorial && loo) w.fail("$", "give one design: 'factorial' or 'leave_one_out', not both");
  const Design::Kind kind = factorial ? Design::Kind::Factorial : Design::Kind::LeaveOneOut;
  const std::string key = factorial ? kFactorialKey : kLeaveOneOutKey;
  return parse_design_object(kind, config[key], "$." + key, w, book, taken, depths, versions);
}

Design parse_design_object(Design::Kind kind, const json& j, const std::string& path, const Where& w, const PresetBook& book,
                           const std::vector<std::string>& taken, const std::vector<int>& depths, std::vector<json>& versions) {
  Design d;
  d.kind = kind;
  check_keys(w, path, j, kind == Design::Kind::Factorial ? std::vector<std::string>{"base", "factors", "minimal_tree"}
                                   : std::vector<std::string>{"base", "factors"});
  d.base = get_string(w, path + ".base", require(w, path, j, "base"));
  ResolvedVersion base;
  try {
    base = book.resolve(d.base);
  } catch (const UserError& e) {
    w.fail(path + ".base", e.what());
  }
  const json base_flags = flags_to_json(base.search, base.eval);

  const json& fs = require(w, path, j, "factors");
  if (!fs.is_object() || fs.empty()) w.fail(path + ".factors", "expected an object {NAME: {flag: value, ...}, ...} of at least one factor");
  if (kind == Design::Kind::Factorial && fs.size() > Design::kMaxFactors)
    w.fail(path + ".factors", fmt::format("{} factors; a factorial design has at most {} ({} combinations at most)",
                                          fs.size(), Design::kMaxFactors, 1u << Design::kMaxFactors));
  if (kind == Design::Kind::LeaveOneOut && fs.size() > Design::kMaxLeaveOneOutFactors)
    w.fail(path + ".factors", fmt::format("{} factors; a leave-one-out design has at most {}", fs.size(),
                                          Design::kMaxLeaveOneOutFactors));
  for (auto it = fs.begin(); it != fs.end(); ++it) {
    const std::string fp = fmt::format("{}.factors.{}", path, it.key());
    if (!design_name_ok(it.key()))
      w.fail(fp, fmt::format("'{}' is not a valid factor name (letters, digits, '_': it appears in version names)", it.key()));
    if (!it.value().is_object() || it.value().empty()) w.fail(fp, "expected a non-empty object {flag: value, ...}");
    // Every flag exists and takes its value (the flag table's checks and messages), and changes the base: a factor
    // that sets a flag to the base's own value would be measured as an effect it does not have.
    ResolvedVersion changed = base;
    apply_flags(it.value(), changed.search, changed.eval, w.at(fp));
    const json changed_flags = flags_to_json(changed.search, changed.eval);
    for (auto f = it.value().begin(); f != it.value().end(); ++f)
      if (changed_flags.at(f.key()) == base_flags.at(f.key()))
        w.fail(fp + "." + f.key(), fmt::format("sets {} to {}, which '{}' has already: the factor would change nothing there",
                                               f.key(), design_value_text(f.value()), d.base));
    for (const auto& other : d.factors) {
      if (other.flags == it.value())
        w.fail(fp, fmt::format("duplicate factor: it sets the same flags as '{}'", other.name));
      for (auto f = it.value().begin(); f != it.value().end(); ++f)
        if (other.flags.contains(f.key()))
          w.fail(fp + "." + f.key(), fmt::format("flag {} is set by factor '{}' too; factors set disjoint flags", f.key(), other.name));
    }
    d.factors.push_back({it.key(), it.value()});
  }
  for (std::uint32_t mask : d.combinations()) {
    const std::string name = d.version_name(mask);
    for (const auto& t : taken)
      if (t == name && mask != 0)
        w.fail(path, fmt::format("the design's version '{}' has the name of a version listed in $.versions", name));
    if (mask == 0) {
      // A base listed in $.versions (a custom version defined there) runs as listed; a preset is added by name.
      if (std::find(taken.begin(), taken.end(), name) == taken.end()) versions.push_back({{"name", name}});
      continue;
    }
    json flags = json::object();
    std::string description = d.base;
    for (std::size_t i = 0; i < d.factors.size(); ++i)
      if (mask & (std::uint32_t(1) << i)) {
        flags.update(d.factors[i].flags);
        description += fmt::format(" {} {} ({})", d.kind == Design::Kind::Factorial ? "+" : "without", d.factors[i].name,
                                   design_flags_text(d.factors[i].flags));
      }
    versions.push_back({{"name", name}, {"extends", d.base}, {"description", description}, {"flags", flags}});
  }
  if (j.contains("minimal_tree")) versions.push_back(minimal_tree_version(w, path + ".minimal_tree", j["minimal_tree"], d,
                                                                           base, taken, depths));
  return d;
}

}  // namespace harness
