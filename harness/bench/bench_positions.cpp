#include "harness/bench/bench_positions.h"

#include <fmt/core.h>

#include <fstream>

#include "harness/errors.h"
#include "harness/paths.h"

namespace harness {

namespace {

std::vector<buho::EpdRecord> lct2_records() {
  const auto file = project_path("positions/lct2.epd");
  std::ifstream in(file);
  if (!in) throw UserError(fmt::format("{}: cannot open the file", file.string()));
  std::vector<buho::EpdRecord> records;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) records.push_back(buho::parse_epd(line));
  return records;
}

}  // namespace

buho::Board bench_position(const std::string& id) {
  if (id == "startpos") return buho::Board();
  for (auto& rec : lct2_records())
    if (rec.id == id) return rec.board;
  throw UserError(fmt::format("{}: no position with id {}", project_path("positions/lct2.epd").string(), id));
}

std::vector<std::string> bench_position_ids() {
  std::vector<std::string> ids;
  for (const auto& rec : lct2_records()) ids.push_back(rec.id);
  return ids;
}

}  // namespace harness
