// A comma-separated table without quoting (the project's reference data: data/*.csv), read whole.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace harness {

// The rows after the header line, each cut at every comma; blank lines are skipped. A file that cannot be opened, or
// a row without exactly `columns` cells, is a UserError naming the file (and the line) and `what` the file holds.
std::vector<std::vector<std::string>> read_plain_csv(const std::filesystem::path& file, std::size_t columns,
                                                     const std::string& what);

}  // namespace harness
