// Small pieces of REPORT.md's Markdown shared by the report and its studies.
#pragma once

#include <fmt/core.h>

#include <string>
#include <string_view>
#include <vector>

#include "harness/experiment/experiment_config.h"

namespace harness {

// `text` (an id, a name, a note: anything a config or an EPD file gives) as the content of one cell of a Markdown table:
// a '|' would end the cell there and shift every column after it, so it is written `\|`, which GitHub's tables,
// pandoc and the reports' readers show as '|'. Every table cell of the reports that prints such text goes through
// here. A line break cannot be written inside a cell at all: ids holding one are refused (epd_positions.h).
inline std::string table_cell(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

// A table's header row and its separator: the first column left-aligned, the others right-aligned.
inline std::string header_row(const std::string& first, const std::vector<std::string>& cols) {
  std::string h = "| " + first + " |", sep = "|---|";
  for (const auto& c : cols) {
    h += " " + c + " |";
    sep += "--:|";
  }
  return h + "\n" + sep + "\n";
}

// "LCTII.CMB.11 (thesis position 2, middlegame)", or "ID (phase)" for a position the thesis did not use.
inline std::string position_title(const PositionSpec& p) {
  std::string t = p.id;
  if (p.thesis_position) t += fmt::format(" (thesis position {}, {})", *p.thesis_position, p.phase);
  else t += fmt::format(" ({})", p.phase);
  return t;
}

}  // namespace harness
