// The positions the benchmarks name: "startpos" or an id of positions/lct2.epd, or the positions of any EPD file.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/board.h"

namespace harness {

// Throws UserError when the file is missing or holds no such id.
buho::Board bench_position(const std::string& id);
// Every id of positions/lct2.epd, in the file's order. Throws UserError when the file is missing.
std::vector<std::string> bench_position_ids();
// The positions of the EPD file `file` (a path as typed: a relative one is read from the working directory) with
// the ids given, in that order; no ids, or "all", gives every position of the file in its order. Each is (id,
// board). A file that cannot be read, a line that is not EPD, or an id the file lacks throws UserError naming
// `option` and the input.
std::vector<std::pair<std::string, buho::Board>> bench_epd_positions(const std::string& file, const std::vector<std::string>& ids,
                                                                     const std::string& option);

}  // namespace harness
