// The positions the benchmarks name: "startpos" or an id of positions/lct2.epd.
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"

namespace harness {

// Throws UserError when the file is missing or holds no such id.
buho::Board bench_position(const std::string& id);
// Every id of positions/lct2.epd, in the file's order. Throws UserError when the file is missing.
std::vector<std::string> bench_position_ids();

}  // namespace harness
