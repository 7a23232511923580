#include "harness/uci/uci_options.h"

#include <fmt/core.h>

#include "engine/search.h"
#include "harness/errors.h"

namespace harness {

namespace {

constexpr const char* kEvalPrefix = "eval.";
constexpr int kMaxHashMegabytes = 65536;

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

int hash_megabytes(const buho::SearchConfig& c) {
  return int(std::max<std::size_t>(1, buho::transposition_table_bytes(c) >> 20));
}

}  // namespace

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
  out.emplace_back(std::string_view("option name Clear Hash type button"));  // not push_back(literal): GCC 12 false -Warray-bounds
  for (const auto& p : buho::search_params()) out.push_back(declaration(p, config_.search, ""));
  for (const auto& p : buho::eval_params()) out.push_back(declaration(p, config_.eval, kEvalPrefix));
  return out;
}

std::string UciOptions::set(const std::string& name, const std::string& value) {
  if (name == "Version") {
    try {
      const ResolvedVersion v = book_.resolve(value);
      config_ = UciConfig{v.name, v.search, v.eval};
      return {};
    } catch (const UserError& e) {
      return fmt::format("option Version: {}", e.what());
    }
  }
  if (name == "Hash") {
    int mb = 0;
    try {
      std::size_t used = 0;
      mb = std::stoi(value, &used);
      if (used != value.size()) mb = 0;
    } catch (const std::exception&) {
      mb = 0;
    }
    if (mb < 1 || mb > kMaxHashMegabytes) return fmt::format("option Hash: '{}' is not a number of MB in 1..{}", value, kMaxHashMegabytes);
    config_.search.tt_entries = tt_entries_for_megabytes(config_.search, mb);
    return {};
  }
  if (name.rfind(kEvalPrefix, 0) == 0) {
    const std::string err = buho::set_param(buho::eval_params(), config_.eval, name.substr(5), value);
    return err.empty() ? err : "option " + err;
  }
  const std::string err = buho::set_param(buho::search_params(), config_.search, name, value);
  if (!err.empty()) return fmt::format("option {}", err);
  return {};
}

}  // namespace harness
