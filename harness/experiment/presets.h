// Versions A–H as data: configs/versions.json read, validated and resolved into engine configs.
// Shared by `harness search`, `harness bench search`, the experiment runner and the tests.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/eval_config.h"
#include "engine/search_config.h"

namespace harness {

struct ResolvedVersion {
  std::string name;
  std::string description;
  buho::SearchConfig search;
  buho::EvalConfig eval;
  nlohmann::json flags;  // every search flag -> its value, plus "eval.<term>" for every eval term, fully resolved
};

class PresetBook {
 public:
  // Reads {"versions": [{"name", "extends"?, "description"?, "flags"}...]}. Throws UserError naming the
  // file and the JSON path of the problem ("configs/versions.json: $.versions[2].flags.pvs: ...").
  static PresetBook load(const std::filesystem::path& versions_json);
  // Adds a custom version {"name", "extends"?, "flags"?, "description"?}; `where` names the file/JSON
  // path for errors. Its flags are checked now; "extends" is checked when it is resolved.
  void add(const nlohmann::json& version_obj, const std::string& where);
  // Follows "extends" from the root preset down, starting from the struct defaults. Throws UserError
  // listing the valid names for an unknown one, and naming the chain for a cycle.
  ResolvedVersion resolve(const std::string& name) const;
  std::vector<std::string> names() const;  // in the order they were added

 private:
  struct Entry {
    std::string name;
    std::string extends;  // "" for a root
    std::string description;
    nlohmann::json flags;  // an object
    std::string where;
  };
  std::vector<Entry> entries_;
  const Entry* find(const std::string& name) const;
};

// Applies a JSON flags object: search flags by their table name, eval terms as "eval.<term>". An unknown
// key, a wrong JSON type or a bad value -> UserError naming `where`, the key and the valid choices.
void apply_flags(const nlohmann::json& flags, buho::SearchConfig& s, buho::EvalConfig& e, const std::string& where);
// Every search flag and every "eval.<term>" with its value, typed as apply_flags() reads it.
nlohmann::json flags_to_json(const buho::SearchConfig& s, const buho::EvalConfig& e);
// A flag as "name=value" text (`--set` of `harness search` and `harness eval`): typed by the flag's kind,
// then the same checks and messages as apply_flags(), prefixed "<where> '<name=value>'". A name without
// "eval." is a search flag, or with BareFlagNames::Eval an evaluation term (`harness eval --set`).
enum class BareFlagNames { Search, Eval };
void apply_flag_text(const std::string& assignment, buho::SearchConfig& s, buho::EvalConfig& e, const std::string& where,
                     BareFlagNames bare = BareFlagNames::Search);

}  // namespace harness
