// Small pieces of REPORT.md's Markdown shared by the report and its studies.
#pragma once

#include <fmt/core.h>

#include <string>
#include <vector>

#include "harness/experiment/experiment_config.h"

namespace harness {

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
