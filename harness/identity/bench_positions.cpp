#include "harness/identity/bench_positions.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>

#include "harness/errors.h"
#include "harness/experiment/epd_positions.h"
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

std::vector<std::pair<std::string, buho::Board>> bench_epd_positions(const std::string& file, const std::vector<std::string>& ids,
                                                                     const std::string& option) {
  // load_epd reads a relative path from the project root (as configs name files); a path typed on the command line
  // is the user's, from where they are.
  const std::string path = std::filesystem::absolute(file).string();
  const EpdFile epd = load_epd(option, path);
  if (epd.records.empty()) throw UserError(fmt::format("{}: EPD file '{}': holds no position", option, path));
  const bool every = ids.empty() || (ids.size() == 1 && ids[0] == "all");
  std::vector<std::pair<std::string, buho::Board>> out;
  auto add = [&](const PositionSpec& p) { out.emplace_back(p.id, buho::Board::from_fen(p.fen)); };
  if (every) {
    for (const auto& p : epd.records) add(p);
    return out;
  }
  for (const auto& id : ids) {
    const auto it = std::find_if(epd.records.begin(), epd.records.end(), [&](const PositionSpec& p) { return p.id == id; });
    if (it == epd.records.end())
      throw UserError(fmt::format("{}: EPD file '{}' holds no position with id '{}'", option, path, id));
    add(*it);
  }
  return out;
}

}  // namespace harness
