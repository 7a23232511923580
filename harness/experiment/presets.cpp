#include "harness/experiment/presets.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <fstream>
#include <set>

#include "harness/errors.h"
#include "harness/input_file.h"

namespace harness {

using nlohmann::json;

namespace {

constexpr std::string_view kEvalPrefix = "eval.";

std::string join_names(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

std::string json_type(const json& v) {
  if (v.is_boolean()) return "a boolean";
  if (v.is_number_integer() || v.is_number_unsigned()) return "an integer";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  return "null";
}

// One flag from JSON: its JSON type must match the parameter's kind, then set_param() checks the value.
template <class Config>
void apply_one(const buho::ParamTable<Config>& table, Config& c, const std::string& key, std::string_view name,
               const json& value, const std::string& where) {
  const buho::Param<Config>* p = buho::find_param(table, name);
  if (!p) {
    const std::string prefix = key.substr(0, key.size() - name.size());
    std::string all;
    for (const auto& q : table) all += (all.empty() ? "" : ", ") + prefix + std::string(q.name);
    throw UserError(fmt::format("{}: unknown flag '{}' (valid: {})", where, key, all));
  }
  std::string text;
  switch (p->kind) {
    case buho::ParamKind::Bool:
      if (!value.is_boolean())
        throw UserError(fmt::format("{}: flag '{}' expects true or false, got {} ({})", where, key, json_type(value), value.dump()));
      text = value.get<bool>() ? "true" : "false";
      break;
    case buho::ParamKind::Int:
      if (!(value.is_number_integer() || value.is_number_unsigned()))
        throw UserError(fmt::format("{}: flag '{}' expects an integer in {}, got {} ({})", where, key,
                                    buho::param_domain(*p), json_type(value), value.dump()));
      text = std::to_string(value.get<long long>());
      break;
    case buho::ParamKind::Choice:
      if (!value.is_string())
        throw UserError(fmt::format("{}: flag '{}' expects one of {}, got {} ({})", where, key, buho::param_domain(*p),
                                    json_type(value), value.dump()));
      text = value.get<std::string>();
      break;
  }
  std::string err = buho::set_param(table, c, name, text);
  if (!err.empty()) {
    if (name != key) err = fmt::format("flag '{}': bad value '{}' (expected {})", key, text, buho::param_domain(*p));
    throw UserError(fmt::format("{}: {}", where, err));
  }
}

template <class Config>
json param_json(const buho::Param<Config>& p, const Config& c) {
  switch (p.kind) {
    case buho::ParamKind::Bool: return c.*p.bool_field;
    case buho::ParamKind::Int: return c.*p.int_field;
    case buho::ParamKind::Choice: return buho::param_to_text(p, c);
  }
  return nullptr;
}

json read_json_file(const std::filesystem::path& file) {
  const std::string text = read_input_file(file, file.string(), kMaxConfigBytes);
  try {
    return parse_json_checked(text, file.string());
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number too large (1E999)
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
}

}  // namespace

void apply_flags(const json& flags, buho::SearchConfig& s, buho::EvalConfig& e, const std::string& where) {
  if (!flags.is_object()) throw UserError(fmt::format("{}: flags must be an object {{\"flag\": value}}, got {}", where, json_type(flags)));
  for (auto it = flags.begin(); it != flags.end(); ++it) {
    const std::string& key = it.key();
    const std::string at = fmt::format("{}.{}", where, key);
    if (key.rfind(kEvalPrefix, 0) == 0)
      apply_one(buho::eval_params(), e, key, std::string_view(key).substr(kEvalPrefix.size()), it.value(), at);
    else
      apply_one(buho::search_params(), s, key, key, it.value(), at);
  }
}

json flags_to_json(const buho::SearchConfig& s, const buho::EvalConfig& e) {
  json j = json::object();
  for (const auto& p : buho::search_params()) j[std::string(p.name)] = param_json(p, s);
  for (const auto& p : buho::eval_params()) j[std::string(kEvalPrefix) + std::string(p.name)] = param_json(p, e);
  return j;
}

void apply_flag_text(const std::string& assignment, buho::SearchConfig& s, buho::EvalConfig& e, const std::string& where,
                     BareFlagNames bare) {
  // The one `--set` parser (search, eval): the text is typed by the flag's kind and then checked by the
  // same apply_one() as a config file's JSON, so both accept the same values and say the same things.
  const std::string at = fmt::format("{} '{}'", where, assignment);
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) throw UserError(fmt::format("{}: expected flag=value", at));
  std::string key = assignment.substr(0, eq);
  const std::string value = assignment.substr(eq + 1);
  if (bare == BareFlagNames::Eval && key.rfind(kEvalPrefix, 0) != 0) key = std::string(kEvalPrefix) + key;
  const bool is_eval = key.rfind(kEvalPrefix, 0) == 0;
  const std::string_view name = is_eval ? std::string_view(key).substr(kEvalPrefix.size()) : std::string_view(key);
  const auto kind = [&]() -> std::optional<buho::ParamKind> {
    if (is_eval) {
      const auto* p = buho::find_param(buho::eval_params(), name);
      return p ? std::optional(p->kind) : std::nullopt;
    }
    const auto* p = buho::find_param(buho::search_params(), name);
    return p ? std::optional(p->kind) : std::nullopt;
  }();
  json typed = value;  // an unknown flag: apply_one() names it and lists the valid ones
  if (kind == buho::ParamKind::Bool) {
    if (value == "true" || value == "1" || value == "on") typed = true;
    else if (value == "false" || value == "0" || value == "off") typed = false;
  } else if (kind == buho::ParamKind::Int) {
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec == std::errc() && ptr == value.data() + value.size()) typed = v;
  }
  if (kind && kind != buho::ParamKind::Choice && typed.is_string())
    throw UserError(fmt::format("{}: flag '{}': bad value '{}' (expected {})", at, key, value,
                                is_eval ? buho::param_domain(*buho::find_param(buho::eval_params(), name))
                                        : buho::param_domain(*buho::find_param(buho::search_params(), name))));
  if (is_eval)
    apply_one(buho::eval_params(), e, key, name, typed, at);
  else
    apply_one(buho::search_params(), s, key, name, typed, at);
}

PresetBook PresetBook::load(const std::filesystem::path& versions_json) {
  const std::string file = versions_json.string();
  const json j = read_json_file(versions_json);
  if (!j.is_object() || !j.contains("versions"))
    throw UserError(fmt::format("{}: $: expected {{\"versions\": [...]}}", file));
  const json& vs = j["versions"];
  if (!vs.is_array()) throw UserError(fmt::format("{}: $.versions: expected a list, got {}", file, json_type(vs)));
  PresetBook book;
  for (std::size_t i = 0; i < vs.size(); ++i) book.add(vs[i], fmt::format("{}: $.versions[{}]", file, i));
  return book;
}

void PresetBook::add(const json& v, const std::string& where) {
  if (!v.is_object())
    throw UserError(fmt::format("{}: expected {{\"name\", \"extends\", \"description\", \"flags\"}}, got {}", where, json_type(v)));
  for (auto it = v.begin(); it != v.end(); ++it)
    if (it.key() != "name" && it.key() != "extends" && it.key() != "description" && it.key() != "flags")
      throw UserError(fmt::format("{}.{}: unknown key (valid: name, extends, description, flags)", where, it.key()));
  Entry e;
  e.where = where;
  if (!v.contains("name") || !v["name"].is_string() || v["name"].get<std::string>().empty())
    throw UserError(fmt::format("{}.name: a version needs a non-empty string name", where));
  // A version's name heads rows of REPORT.md's tables: a line break would cut one (a '|' is escaped there).
  for (const unsigned char c : v["name"].get_ref<const std::string&>())
    if (c < 0x20 || c == 0x7f)
      throw UserError(fmt::format("{}.name: a version name may not hold a control character (a line break, a tab, ...)", where));
  e.name = v["name"].get<std::string>();
  if (find(e.name)) throw UserError(fmt::format("{}.name: version '{}' is defined twice", where, e.name));
  if (v.contains("extends")) {
    if (!v["extends"].is_string()) throw UserError(fmt::format("{}.extends: expected a version name, got {}", where, json_type(v["extends"])));
    e.extends = v["extends"].get<std::string>();
  }
  if (v.contains("description")) {
    if (!v["description"].is_string()) throw UserError(fmt::format("{}.description: expected a string", where));
    e.description = v["description"].get<std::string>();
  }
  e.flags = v.contains("flags") ? v["flags"] : json::object();
  // Check the flags now, so a typo is reported against this file even if the version is never resolved.
  buho::SearchConfig s;
  buho::EvalConfig ev;
  apply_flags(e.flags, s, ev, where + ".flags");
  entries_.push_back(std::move(e));
}

const PresetBook::Entry* PresetBook::find(const std::string& name) const {
  for (const auto& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::string> PresetBook::names() const {
  std::vector<std::string> n;
  for (const auto& e : entries_) n.push_back(e.name);
  return n;
}

ResolvedVersion PresetBook::resolve(const std::string& name) const {
  std::vector<const Entry*> chain;
  std::vector<std::string> seen;
  std::string cur = name;
  while (true) {
    const Entry* e = find(cur);
    if (!e) {
      if (chain.empty())
        throw UserError(fmt::format("unknown version '{}' (valid: {})", cur, join_names(names())));
      throw UserError(fmt::format("{}.extends: unknown version '{}' (valid: {})", chain.back()->where, cur, join_names(names())));
    }
    if (std::find(seen.begin(), seen.end(), cur) != seen.end()) {
      seen.push_back(cur);
      std::string path;
      for (const auto& s : seen) path += (path.empty() ? "" : " -> ") + s;
      throw UserError(fmt::format("{}: 'extends' forms a cycle: {}", e->where, path));
    }
    seen.push_back(cur);
    chain.push_back(e);
    if (e->extends.empty()) break;
    cur = e->extends;
  }
  ResolvedVersion r;
  r.name = name;
  r.description = chain.front()->description;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) apply_flags((*it)->flags, r.search, r.eval, (*it)->where + ".flags");
  r.flags = flags_to_json(r.search, r.eval);
  return r;
}

}  // namespace harness
