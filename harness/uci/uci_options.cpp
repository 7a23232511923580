#include "harness/uci/uci_options.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "engine/search.h"
#include "harness/errors.h"

namespace harness {

namespace {

constexpr const char* kEvalPrefix = "eval.";
constexpr int kMaxHashMegabytes = 65536;

// A spin option's value: the whole text a decimal integer in [low, high] (low >= 1), else 0.
int spin_value(const std::string& text, int low, int high) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(text, &used);
    return used == text.size() && v >= low && v <= high ? v : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

template <class Config>
std::string declaration(const buho::Param<Config>& p, const Config& c, const std::string& prefix) {
  const std::string name = fmt::format("{}{}", prefix, p.name);
  switch (p.kind) {
    case buho::ParamKind::Bool: return fmt::format("option name {} type check default {}", name, buho::param_to_text(p, c));
    case buho::ParamKind::Int:
      return fmt::format("option name {} type spin default {} min {} max {}", name, buho::param_to_text(p, c), p.min, p.max);
    case buho::ParamKind::Choice: {
      std::string s = fmt::format("option name {} type combo default {}", name, buho::param_to_text(p, c));
      for (auto choice : p.choices) s += fmt::format(" var {}", choice);
      return s;
    }
  }
  return {};
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// UCI: "The name and value of the option in <id> should not be case sensitive" (the protocol's `setoption`). The
// name as declared, or `name` itself when no option has it (its error then names what was sent).
template <class Config>
std::string canonical_name(const buho::ParamTable<Config>& table, const std::string& name) {
  for (const auto& p : table)
    if (same_ignoring_case(p.name, name)) return std::string(p.name);
  return name;
}

// A check's or combo's value as the option declares it (true/false, a choice's name), whatever its case; another
// kind's value, or one no spelling matches, unchanged.
template <class Config>
std::string canonical_value(const buho::ParamTable<Config>& table, std::string_view name, const std::string& value) {
  for (const auto& p : table) {
    if (p.name != name) continue;
    if (p.kind == buho::ParamKind::Bool) {
      std::string lower = value;
      for (char& ch : lower) ch = char(std::tolower(static_cast<unsigned char>(ch)));
      return lower;
    }
    for (const auto& choice : p.choices)
      if (same_ignoring_case(choice, value)) return std::string(choice);
  }
  return value;
}

int hash_megabytes(const buho::SearchConfig& c) {
  return int(std::max<std::size_t>(1, buho::transposition_table_bytes(c) >> 20));
}

}  // namespace

bool is_clear_hash(const std::string& name) { return same_ignoring_case(name, "Clear Hash"); }

int tt_entries_for_megabytes(const buho::SearchConfig& c, int megabytes) {
  buho::SearchConfig one = c;
  one.tt_entries = 1;
  const std::size_t per_entry = buho::transposition_table_bytes(one);
  const std::size_t budget = std::size_t(megabytes) << 20;
  int entries = 1;
  while (std::size_t(entries) * 2 * per_entry <= budget && entries < (1 << 26)) entries *= 2;
  return entries;
}

UciOptions::UciOptions(PresetBook book) : book_(std::move(book)) {
  const ResolvedVersion h = book_.resolve(config_.version);
  config_.search = h.search;
  config_.eval = h.eval;
}

std::vector<std::string> UciOptions::declarations() const {
  std::vector<std::string> out;
  std::string versions = fmt::format("option name Version type combo default {}", config_.version);
  for (const auto& n : book_.names()) versions += fmt::format(" var {}", n);
  out.push_back(std::move(versions));
  out.push_back(fmt::format("option name Hash type spin default {} min 1 max {}", hash_megabytes(config_.search),
                            kMaxHashMegabytes));
  out.push_back(fmt::format("option name MultiPV type spin default 1 min 1 max {}", buho::MaxMoves));
  out.emplace_back(std::string_view("option name Clear Hash type button"));  // not push_back(literal): GCC 12 false -Warray-bounds
  for (const auto& p : buho::search_params()) out.push_back(declaration(p, config_.search, ""));
  for (const auto& p : buho::eval_params()) out.push_back(declaration(p, config_.eval, kEvalPrefix));
  return out;
}

std::string UciOptions::set(const std::string& name, const std::string& value) {
  if (same_ignoring_case(name, "Version")) {
    std::string version = value;
    for (const auto& n : book_.names())
      if (same_ignoring_case(n, value)) version = n;
    try {
      const ResolvedVersion v = book_.resolve(version);
      config_ = UciConfig{v.name, v.search, v.eval};
      if (hash_megabytes_ > 0) config_.search.tt_entries = tt_entries_for_megabytes(config_.search, hash_megabytes_);
      return {};
    } catch (const UserError& e) {
      return fmt::format("option Version: {}", e.what());
    }
  }
  if (same_ignoring_case(name, "Hash")) {
    const int mb = spin_value(value, 1, kMaxHashMegabytes);
    if (mb == 0) return fmt::format("option Hash: '{}' is not a number of MB in 1..{}", value, kMaxHashMegabytes);
    config_.search.tt_entries = tt_entries_for_megabytes(config_.search, mb);
    hash_megabytes_ = mb;
    return {};
  }
  if (same_ignoring_case(name, "MultiPV")) {
    const int lines = spin_value(value, 1, buho::MaxMoves);
    if (lines == 0) return fmt::format("option MultiPV: '{}' is not a number of lines in 1..{}", value, buho::MaxMoves);
    multipv_ = lines;
    return {};
  }
  if (same_ignoring_case(name.substr(0, 5), kEvalPrefix)) {
    const std::string term = canonical_name(buho::eval_params(), name.substr(5));
    const std::string err =
        buho::set_param(buho::eval_params(), config_.eval, term, canonical_value(buho::eval_params(), term, value));
    return err.empty() ? err : "option " + err;
  }
  const std::string flag = canonical_name(buho::search_params(), name);
  if (flag == "tt_entries") hash_megabytes_ = 0;  // the table's size given in entries: a later Version sets its own
  const std::string err =
      buho::set_param(buho::search_params(), config_.search, flag, canonical_value(buho::search_params(), flag, value));
  if (!err.empty()) return fmt::format("option {}", err);
  return {};
}

}  // namespace harness
