// The names nearest to a mistyped one, for an error message that points at the likely fix instead of listing
// every choice (a suite of 299 positions).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace harness {

// Levenshtein distance between `a` and `b`, ignoring ASCII case (a single insertion, deletion or substitution
// costs 1).
std::size_t edit_distance(const std::string& a, const std::string& b);

// Up to `count` of `names` nearest to `name` by edit_distance, nearest first; among equally near ones, in the
// order of `names`.
std::vector<std::string> nearest_names(const std::string& name, const std::vector<std::string>& names,
                                       std::size_t count = 5);

}  // namespace harness
