// The positions of an EPD file, as an experiment config names them ({"epd": FILE, ...}).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/board.h"
#include "harness/experiment/experiment_config.h"

namespace harness {

struct EpdFile {
  std::vector<PositionSpec> records;                         // in file order
  std::map<std::string, std::vector<std::string>> warnings;  // by id; printed only for positions used
  std::map<std::string, Solution> solutions;                 // by id: the `bm` / `am` operations
};

// Reads `name` (relative paths against the project root). A record without an id is named
// "<file>:<line>"; its phase is decided by material (phase_from_material). A file that cannot be opened or a
// line that is not EPD throws UserError starting with `where` (the config file and JSON path) and naming
// the EPD file and line.
EpdFile load_epd(const std::string& where, const std::string& name);

// "endgame" when the evaluation's endgame test holds on the board (§2.4.3: both sides' material below the
// thesis's 1300 cp, L476), else "middlegame": the phase of a position whose config does not set one.
std::string phase_from_material(const buho::Board& board);
// Why `id` cannot name a position ("" when it can): empty, or a control character (a line break would cut REPORT.md's
// tables; a '|' is escaped in them).
std::string position_id_problem(const std::string& id);

}  // namespace harness
