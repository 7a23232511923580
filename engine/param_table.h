// A table of named parameters of a plain config struct (SearchConfig, EvalConfig). One table per
// struct drives `harness flags`, the JSON reader and `--set name=value`, so the docs cannot drift
// from the code. The engine only sees text and struct fields here: no JSON, no command line.
#pragma once

#include <charconv>
#include <cstddef>
#include <iterator>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace buho {

enum class ParamKind { Bool, Int, Choice };

template <class Config>
struct Param {
  std::string_view name;
  std::string_view help;   // what it does, its unit, and the thesis section
  ParamKind kind = ParamKind::Bool;
  bool Config::*bool_field = nullptr;   // kind Bool
  int Config::*int_field = nullptr;     // kind Int
  int min = 0;                          // kind Int: accepted range
  int max = 0;
  std::vector<std::string_view> choices = {};  // kind Choice: the names, in the enum's table order
  // Kind Choice: the enum field read and written as an index into `choices` (made by choice_param from
  // the enum's name table, so the field keeps its enum type).
  int (*choice_get)(const Config&) = nullptr;
  void (*choice_set)(Config&, int) = nullptr;
};

// A Choice parameter for the enum field `Field`, whose values and names are the table `Names` (an
// EnumName<E> array, engine/enum_names.h): the choices are the table's names, in its order.
template <class Config, auto Field, const auto& Names>
Param<Config> choice_param(std::string_view name, std::string_view help) {
  Param<Config> p;
  p.name = name;
  p.help = help;
  p.kind = ParamKind::Choice;
  for (const auto& n : Names) p.choices.push_back(n.name);
  p.choice_get = [](const Config& c) {
    for (std::size_t i = 0; i < std::size(Names); ++i)
      if (Names[i].value == c.*Field) return int(i);
    return -1;  // a value without a row: param_to_text throws
  };
  p.choice_set = [](Config& c, int i) { c.*Field = Names[std::size_t(i)].value; };
  return p;
}

template <class Config>
using ParamTable = std::vector<Param<Config>>;

template <class Config>
const Param<Config>* find_param(const ParamTable<Config>& table, std::string_view name) {
  for (const auto& p : table)
    if (p.name == name) return &p;
  return nullptr;
}

// The value of a parameter as text: "true"/"false", a decimal integer, or a choice name.
template <class Config>
std::string param_to_text(const Param<Config>& p, const Config& c) {
  switch (p.kind) {
    case ParamKind::Bool: return (c.*p.bool_field) ? "true" : "false";
    case ParamKind::Int: return std::to_string(c.*p.int_field);
    case ParamKind::Choice: return std::string(p.choices.at(std::size_t(p.choice_get(c))));
  }
  return {};
}

// What the parameter accepts, for error messages and `harness flags`: "true|false", "1..64", "a|b|c".
template <class Config>
std::string param_domain(const Param<Config>& p) {
  switch (p.kind) {
    case ParamKind::Bool: return "true|false";
    case ParamKind::Int: return std::to_string(p.min) + ".." + std::to_string(p.max);
    case ParamKind::Choice: {
      std::string s;
      for (auto ch : p.choices) {
        if (!s.empty()) s += '|';  // appended piecewise: `"" + std::string` trips a GCC 12 -Wrestrict false positive
        s += ch;
      }
      return s;
    }
  }
  return {};
}

// Sets a parameter from text. Returns "" on success, else a message naming the parameter, the bad
// value and what it accepts. Booleans accept true/false/1/0/on/off.
template <class Config>
std::string set_param(const ParamTable<Config>& table, Config& c, std::string_view name, std::string_view value) {
  const Param<Config>* p = find_param(table, name);
  if (!p) {
    std::string all;
    for (const auto& q : table) all += (all.empty() ? "" : ", ") + std::string(q.name);
    return "unknown flag '" + std::string(name) + "' (valid: " + all + ")";
  }
  auto bad = [&] {
    return "flag '" + std::string(name) + "': bad value '" + std::string(value) + "' (expected " + param_domain(*p) + ")";
  };
  switch (p->kind) {
    case ParamKind::Bool:
      if (value == "true" || value == "1" || value == "on") c.*p->bool_field = true;
      else if (value == "false" || value == "0" || value == "off") c.*p->bool_field = false;
      else return bad();
      return {};
    case ParamKind::Int: {
      long long v = 0;
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || ptr != value.data() + value.size() || v < p->min || v > p->max) return bad();
      c.*p->int_field = int(v);
      return {};
    }
    case ParamKind::Choice:
      for (std::size_t i = 0; i < p->choices.size(); ++i)
        if (p->choices[i] == value) {
          p->choice_set(c, int(i));
          return {};
        }
      return bad();
  }
  return bad();
}

}  // namespace buho
