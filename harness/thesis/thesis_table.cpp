#include "harness/thesis/thesis_table.h"

#include <fmt/core.h>

#include <fstream>
#include <set>
#include <sstream>

#include "harness/errors.h"

namespace harness {

ThesisTable ThesisTable::load(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw UserError(fmt::format("{}: cannot open the thesis table", file.string()));
  ThesisTable t;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line_no == 1) {
      if (line != "thesis_position,version,depth,nodes")
        throw UserError(fmt::format("{}:1: expected the header thesis_position,version,depth,nodes", file.string()));
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) f.push_back(cell);
    try {
      std::size_t a = 0, b = 0, c = 0;
      if (f.size() != 4) throw std::invalid_argument("4 fields expected");
      const int p = std::stoi(f[0], &a);
      const int d = std::stoi(f[2], &b);
      const std::uint64_t n = std::stoull(f[3], &c);
      if (a != f[0].size() || b != f[2].size() || c != f[3].size() || f[1].empty() || p < 1 || d < 1)
        throw std::invalid_argument("bad field");
      t.set(p, f[1], d, n);
    } catch (const std::logic_error&) {
      throw UserError(fmt::format("{}:{}: bad row '{}' (expected thesis_position,version,depth,nodes)", file.string(),
                                  line_no, line));
    }
  }
  return t;
}

std::optional<std::uint64_t> ThesisTable::nodes(int position, const std::string& version, int depth) const {
  const auto it = cells_.find({position, version, depth});
  if (it == cells_.end()) return std::nullopt;
  return it->second;
}

std::vector<int> ThesisTable::positions() const {
  std::set<int> s;
  for (const auto& [k, v] : cells_) s.insert(std::get<0>(k));
  return {s.begin(), s.end()};
}

void ThesisTable::set(int position, const std::string& version, int depth, std::uint64_t nodes) {
  cells_[{position, version, depth}] = nodes;
}

ThesisData as_thesis_data(const ThesisTable& table, const std::vector<std::string>& versions) {
  ThesisData t;
  for (int p : table.positions())
    for (const auto& v : versions)
      for (int d = 1; d <= 64; ++d)
        if (const auto n = table.nodes(p, v, d)) t.versions[{p, v, d}] = *n;
  return t;
}

}  // namespace harness
