// A config's design (design.h) read, validated and expanded into versions; its stored form.
#include "harness/experiment/design.h"

#include <fmt/core.h>

#include <algorithm>
#include <set>

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

double design_number(const Where& w, const std::string& path, const json& j) {
  if (!j.is_number()) w.fail(path, fmt::format("expected a number, got {}", j.dump()));
  return j.get<double>();
}

ShareClaim parse_share_claim(const Where& w, const std::string& p, const json& c, const Design& d) {
  check_keys(w, p, c, {"id", "source", "statement", "factors", "share", "band"});
  ShareClaim claim;
  claim.id = get_string(w, p + ".id", require(w, p, c, "id"));
  if (!design_name_ok(claim.id)) w.fail(p + ".id", fmt::format("'{}' is not a valid claim id (letters, digits, '_')", claim.id));
  claim.source = get_string(w, p + ".source", require(w, p, c, "source"));
  claim.statement = get_string(w, p + ".statement", require(w, p, c, "statement"));
  const json& fs = require(w, p, c, "factors");
  if (!fs.is_array() || fs.empty()) w.fail(p + ".factors", "expected a non-empty list of the design's factor names");
  std::set<std::string> seen;
  for (std::size_t i = 0; i < fs.size(); ++i) {
    const std::string fp = fmt::format("{}.factors[{}]", p, i);
    const std::string name = get_string(w, fp, fs[i]);
    bool known = false;
    std::vector<std::string> names;
    for (const auto& f : d.factors) {
      known = known || f.name == name;
      names.push_back(f.name);
    }
    if (!known) w.fail(fp, fmt::format("'{}' is not one of the design's factors (valid: {})", name, join(names)));
    if (!seen.insert(name).second) w.fail(fp, fmt::format("factor '{}' is listed twice", name));
    claim.factors.push_back(name);
  }
  claim.share = design_number(w, p + ".share", require(w, p, c, "share"));
  if (claim.share < 0 || claim.share > 1) w.fail(p + ".share", fmt::format("a share is in 0..1, got {}", claim.share));
  const json& band = require(w, p, c, "band");
  if (!band.is_array() || band.size() != 2) w.fail(p + ".band", "expected [low, high], the shares within which the claim holds");
  claim.low = design_number(w, p + ".band[0]", band[0]);
  claim.high = design_number(w, p + ".band[1]", band[1]);
  if (!(claim.low <= claim.share && claim.share <= claim.high))
    w.fail(p + ".band", fmt::format("the band [{}, {}] must hold the published share {}", claim.low, claim.high, claim.share));
  return claim;
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
  json cs = json::array();
  for (const auto& c : claims)
    cs.push_back({{"id", c.id}, {"source", c.source}, {"statement", c.statement}, {"factors", c.factors},
                  {"share", c.share}, {"band", {c.low, c.high}}});
  return {{"kind", kind_text()}, {"base", base}, {"factors", fs}, {"claims", cs}};
}

Design Design::from_json(const json& j, const std::string& where) {
  try {
    Design d;
    const std::string kind = j.at("kind").get<std::string>();
    if (kind != kFactorialKey && kind != kLeaveOneOutKey) throw UserError(fmt::format("{}: design: unknown kind '{}'", where, kind));
    d.kind = kind == kFactorialKey ? Kind::Factorial : Kind::LeaveOneOut;
    d.base = j.at("base").get<std::string>();
    for (const auto& f : j.at("factors")) d.factors.push_back({f.at("name").get<std::string>(), f.at("flags")});
    if (d.factors.empty() || d.factors.size() > kMaxFactors)
      throw UserError(fmt::format("{}: design: {} factors (1..{})", where, d.factors.size(), kMaxFactors));
    for (const auto& c : j.value("claims", json::array()))
      d.claims.push_back({c.at("id").get<std::string>(), c.at("source").get<std::string>(),
                          c.at("statement").get<std::string>(), c.at("factors").get<std::vector<std::string>>(),
                          c.at("share").get<double>(), c.at("band").at(0).get<double>(), c.at("band").at(1).get<double>()});
    return d;
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: design: not a stored design: {}", where, e.what()));
  }
}

std::optional<Design> parse_design(const json& config, const Where& w, const PresetBook& book,
                                   const std::vector<std::string>& taken, std::vector<json>& versions) {
  const bool factorial = config.contains(kFactorialKey), loo = config.contains(kLeaveOneOutKey);
  if (!factorial && !loo) return std::nullopt;
  if (factorial && loo) w.fail("$", "give one design: 'factorial' or 'leave_one_out', not both");
  Design d;
  d.kind = factorial ? Design::Kind::Factorial : Design::Kind::LeaveOneOut;
  const std::string path = "$." + d.kind_text();
  const json& j = config[d.kind_text()];
  check_keys(w, path, j, factorial ? std::vector<std::string>{"base", "factors", "claims"} : std::vector<std::string>{"base", "factors"});
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
  if (fs.size() > Design::kMaxFactors)
    w.fail(path + ".factors", fmt::format("{} factors; a design has at most {} ({} combinations at most)", fs.size(),
                                          Design::kMaxFactors, 1u << Design::kMaxFactors));
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
  if (j.contains("claims")) {
    const json& cs = j["claims"];
    if (!cs.is_array()) w.fail(path + ".claims", "expected a list of claims");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < cs.size(); ++i) {
      d.claims.push_back(parse_share_claim(w, fmt::format("{}.claims[{}]", path, i), cs[i], d));
      if (!ids.insert(d.claims.back().id).second)
        w.fail(fmt::format("{}.claims[{}].id", path, i), fmt::format("claim id '{}' is used twice", d.claims.back().id));
    }
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
  return d;
}

}  // namespace harness
