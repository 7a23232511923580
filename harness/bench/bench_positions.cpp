#include "harness/bench/bench_positions.h"

#include <fmt/core.h>

#include <fstream>

#include "harness/errors.h"
#include "harness/paths.h"

namespace harness {

buho::Board bench_position(const std::string& id) {
  if (id == "startpos") return buho::Board();
  const auto file = project_path("positions/lct2.epd");
  std::ifstream in(file);
  if (!in) throw UserError(fmt::format("{}: cannot open the file", file.string()));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    buho::EpdRecord rec = buho::parse_epd(line);
    if (rec.id == id) return rec.board;
  }
  throw UserError(fmt::format("{}: no position with id {}", file.string(), id));
}

}  // namespace harness
