#include "harness/experiment/epd_positions.h"

#include "engine/eval.h"

#include <fmt/core.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/board.h"
#include "harness/errors.h"
#include "harness/experiment/experiment_config.h"
#include "harness/input_file.h"
#include "harness/notation/san_move.h"
#include "harness/paths.h"

namespace harness {

namespace {

// An EPD line's ids and operands end up in JSON (the stored experiment, cells.jsonl), which holds only UTF-8 text:
// a line that is not valid UTF-8 is refused here, as bad input naming its line, rather than failing later inside
// the JSON writer. (Found by fuzz/experiment_config_fuzz.cpp.)
bool valid_utf8(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
    if (extra < 0 || i + std::size_t(extra) >= s.size() + 1 - (extra > 0)) return false;  // a truncated sequence
    std::uint32_t cp = extra == 0 ? c : extra == 1 ? (c & 0x1F) : extra == 2 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; k <= extra; ++k) {
      const auto d = static_cast<unsigned char>(s[i + std::size_t(k)]);
      if ((d >> 6) != 0x2) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8 either.
    if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000) ||
        (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
      return false;
    i += std::size_t(extra) + 1;
  }
  return true;
}

}  // namespace

std::string position_id_problem(const std::string& id) {
  if (id.empty()) return "a position id may not be empty";
  for (unsigned char c : id) {
    // Ids head the rows and sections of REPORT.md: a line break would cut a table (a '|' is escaped there:
    // report/markdown_text.h table_cell).
    if (c < 0x20 || c == 0x7f) return "a position id may not hold a control character (a line break, a tab, ...)";
  }
  return "";
}

std::string phase_from_material(const buho::Board& board) {
  // §2.4.3 / L476: the evaluation's own endgame test (both sides' material below 1300 cp, eval.endgame_threshold at
  // its default), not the position's name: an id says nothing reliable about the material on the board.
  static const buho::EvalConfig kThesisEval{};
  return buho::Evaluator(kThesisEval).is_endgame(board) ? "endgame" : "middlegame";
}

EpdFile load_epd(const std::string& where, const std::string& name) {
  const std::filesystem::path given(name);
  const auto file = given.is_absolute() ? given : project_path(name);
  std::istringstream in(read_input_file(file, fmt::format("{}: EPD file '{}'", where, file.string()), kMaxEpdBytes));
  EpdFile out;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    if (!valid_utf8(line))
      throw UserError(fmt::format("{}: EPD file '{}' line {}: not valid UTF-8 text", where, file.string(), lineno));
    try {
      buho::EpdRecord rec = buho::parse_epd(line);
      PositionSpec p;
      p.id = rec.id.empty() ? fmt::format("{}:{}", file.filename().string(), lineno) : rec.id;
      if (const std::string why = position_id_problem(p.id); !why.empty())
        throw UserError(fmt::format("{}: EPD file '{}' line {}: {}", where, file.string(), lineno, why));
      p.fen = rec.board.fen();
      p.phase = phase_from_material(rec.board);
      // `bm` (best moves) and `am` (moves to avoid) in SAN, resolved against the position; a move
      // that is not legal here is bad input naming the file, the line and the move.
      for (const auto& [op, operands] : rec.ops) {
        if (op != "bm" && op != "am") continue;
        auto& moves = op == "bm" ? out.solutions[p.id].bm : out.solutions[p.id].am;
        std::istringstream words(operands);
        std::string san;
        while (words >> san) {
          const auto move = resolve_san(rec.board, san);
          if (!move)
            throw UserError(fmt::format("{}: EPD file '{}' line {}: {} move '{}' is not a legal move of the position "
                                        "(or names more than one)", where, file.string(), lineno, op, san));
          moves.push_back(move->uci());
        }
      }
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
