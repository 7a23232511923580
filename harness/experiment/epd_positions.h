// The positions of an EPD file, as an experiment config names them ({"epd": FILE, ...}).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/experiment/experiment_config.h"

namespace harness {

struct EpdFile {
  std::vector<PositionSpec> records;                         // in file order
  std::map<std::string, std::vector<std::string>> warnings;  // by id; printed only for positions used
  std::map<std::string, Solution> solutions;                 // by id: the `bm` / `am` operations
};

// Reads `name` (relative paths against the project root). A record without an id is named
// "<file>:<line>"; its phase is guessed from the id (".FIN." = endgame). A file that cannot be opened or a
// line that is not EPD throws UserError starting with `where` (the config file and JSON path) and naming
// the EPD file and line.
EpdFile load_epd(const std::string& where, const std::string& name);

// "endgame" for LCT II's ".FIN." ids, else "middlegame".
std::string phase_from_id(const std::string& id);
// Why `id` cannot name a position ("" when it can): empty, or a control character (a line break would cut REPORT.md's
// tables; a '|' is escaped in them).
std::string position_id_problem(const std::string& id);

}  // namespace harness
