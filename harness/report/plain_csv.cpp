#include "harness/report/plain_csv.h"

#include <fmt/core.h>

#include <fstream>
#include <sstream>

#include "harness/errors.h"

namespace harness {

std::vector<std::vector<std::string>> read_plain_csv(const std::filesystem::path& file, std::size_t columns,
                                                     const std::string& what) {
  std::ifstream in(file);
  if (!in) throw UserError(fmt::format("{}: cannot open {}", file.string(), what));
  std::vector<std::vector<std::string>> rows;
  std::string line;
  bool header = true;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (header) {
      header = false;
      continue;
    }
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    if (cells.size() != columns)
      throw UserError(fmt::format("{}:{}: {} cells where {} holds {} a row: '{}'", file.string(), number, cells.size(), what,
                                  columns, line));
    rows.push_back(std::move(cells));
  }
  return rows;
}

}  // namespace harness
