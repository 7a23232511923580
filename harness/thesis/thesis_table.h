// The thesis's Tables B.1-B.6 as calibration reads them: (thesis position, version, depth) -> nodes, from a CSV
// with the header thesis_position,version,depth,nodes (data/thesis/thesis_versions_nodes.csv, or a table a test
// writes). A malformed row is a UserError naming the file and line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "harness/thesis/thesis_compare.h"

namespace harness {

class ThesisTable {
 public:
  static ThesisTable load(const std::filesystem::path& file);

  std::optional<std::uint64_t> nodes(int position, const std::string& version, int depth) const;
  std::vector<int> positions() const;  // the thesis positions the table has, ascending
  void set(int position, const std::string& version, int depth, std::uint64_t nodes);

 private:
  std::map<std::tuple<int, std::string, int>, std::uint64_t> cells_;
};

// The table as the report layer's ThesisData (its versions part), for the credibility test (thesis_credibility.h).
ThesisData as_thesis_data(const ThesisTable& table, const std::vector<std::string>& versions);

}  // namespace harness
