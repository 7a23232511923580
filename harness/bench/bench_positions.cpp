#include "harness/bench/bench_positions.h"

#include <fmt/core.h>

#include <fstream>
#include <optional>

#include "harness/errors.h"
#include "harness/paths.h"

namespace harness {

namespace {

// Calls `visit` with each record of positions/lct2.epd in turn until it returns true. One record at a time: a
// Board is large (its undo history), and the engine signature looks up some sixty positions per process.
template <typename Visit>
void for_each_lct2_record(Visit visit) {
  const auto file = project_path("positions/lct2.epd");
  std::ifstream in(file);
  if (!in) throw UserError(fmt::format("{}: cannot open the file", file.string()));
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && visit(buho::parse_epd(line))) return;
}

}  // namespace

buho::Board bench_position(const std::string& id) {
  if (id == "startpos") return buho::Board();
  std::optional<buho::Board> found;
  for_each_lct2_record([&](const buho::EpdRecord& rec) {
    if (rec.id == id) found.emplace(rec.board);
    return found.has_value();
  });
  if (!found) throw UserError(fmt::format("{}: no position with id {}", project_path("positions/lct2.epd").string(), id));
  return *found;
}

std::vector<std::string> bench_position_ids() {
  std::vector<std::string> ids;
  for_each_lct2_record([&](const buho::EpdRecord& rec) {
    ids.push_back(rec.id);
    return false;
  });
  return ids;
}

}  // namespace harness
