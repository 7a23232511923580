// A choice flag's values and their names, written once: one constexpr table of {value, name} next to
// each enum. The name function, the parser, the flag table's choices (so `harness flags`, JSON and
// --set) all read that table, so a new value is added in one line and cannot be missed by one list.
#pragma once

#include <cstddef>
#include <string_view>

namespace buho {

template <class E>
struct EnumName {
  E value;
  std::string_view name;
};

// The name of `value` in `names`; "?" for a value the table lacks (a bug: every value has a row).
template <class E, std::size_t N>
constexpr std::string_view enum_name(const EnumName<E> (&names)[N], E value) {
  for (const auto& n : names)
    if (n.value == value) return n.name;
  return "?";
}

}  // namespace buho
