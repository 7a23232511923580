#include "harness/experiment/epd_positions.h"

#include <fmt/core.h>

#include <filesystem>
#include <fstream>

#include "engine/board.h"
#include "harness/errors.h"
#include "harness/experiment/experiment_config.h"
#include "harness/paths.h"

namespace harness {

std::string phase_from_id(const std::string& id) {
  return id.find(".FIN.") != std::string::npos ? "endgame" : "middlegame";
}

EpdFile load_epd(const std::string& where, const std::string& name) {
  const std::filesystem::path given(name);
  const auto file = given.is_absolute() ? given : project_path(name);
  std::ifstream in(file);
  if (!in) throw UserError(fmt::format("{}: cannot open EPD file '{}'", where, file.string()));
  EpdFile out;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    try {
      buho::EpdRecord rec = buho::parse_epd(line);
      PositionSpec p;
      p.id = rec.id.empty() ? fmt::format("{}:{}", file.filename().string(), lineno) : rec.id;
      p.fen = rec.board.fen();
      p.phase = phase_from_id(p.id);
      for (const auto& warning : rec.warnings)
        out.warnings[p.id].push_back(fmt::format("{}:{}: {}", file.string(), lineno, warning));
      out.records.push_back(std::move(p));
    } catch (const buho::ParseError& e) {
      throw UserError(fmt::format("{}: EPD file '{}' line {}: {}", where, file.string(), lineno, e.what()));
    }
  }
  return out;
}

}  // namespace harness
