#include "harness/experiment/nearest_names.h"

#include <algorithm>
#include <cctype>
#include <numeric>

namespace harness {

namespace {

char folded(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::size_t edit_distance(const std::string& a, const std::string& b) {
  // Wagner-Fischer with one row: row[j] is the distance between a's prefix so far and b's first j characters.
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (folded(a[i - 1]) == folded(b[j - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::vector<std::string> nearest_names(const std::string& name, const std::vector<std::string>& names,
                                       std::size_t count) {
  std::vector<std::pair<std::size_t, std::size_t>> by_distance;  // (distance, index in names)
  by_distance.reserve(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) by_distance.emplace_back(edit_distance(name, names[i]), i);
  const std::size_t n = std::min(count, by_distance.size());
  std::partial_sort(by_distance.begin(), by_distance.begin() + std::ptrdiff_t(n), by_distance.end());
  std::vector<std::string> out;
  for (std::size_t k = 0; k < n; ++k) out.push_back(names[by_distance[k].second]);
  return out;
}

}  // namespace harness
