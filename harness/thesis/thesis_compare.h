// The thesis's numbers (data/thesis/*.csv, Tables B.1-B.9) beside the measured ones, as ratios.
// Version tables match by the config's `thesis_position` and the version names A-H; TT tables match
// a sweep over the thesis's TT version on its TT position (thesis_setup.h) by scheme, depth and entries.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "harness/experiment/result_set.h"

namespace harness {

struct ThesisData {
  std::map<std::tuple<int, std::string, int>, std::uint64_t> versions;  // (position 1-6, version, depth)
  std::map<std::tuple<std::string, int, int>, std::uint64_t> tt;        // (scheme, depth, entries)
};

// Reads thesis_versions_nodes.csv and thesis_tt_nodes.csv from `dir` (default data/thesis).
ThesisData load_thesis_data(const std::filesystem::path& dir);

struct ComparisonRow {
  TableRef table;           // the versions table or a sweep
  std::string position;
  int thesis_position = 0;
  std::string version;
  int depth = 0;
  int tt_entries = 0;       // sweeps only
  std::string tt_scheme;    // sweeps only
  std::uint64_t thesis_nodes = 0;
  std::optional<std::uint64_t> measured;  // nullopt: cell not measured (yet)
  bool truncated = false;                 // the cell was stopped by the node budget: `measured` is a lower bound
  bool thesis_flagged = false;            // the credibility test flags the thesis's cell (thesis_credibility.h)
  double ratio() const { return measured && thesis_nodes ? double(*measured) / double(thesis_nodes) : 0.0; }
};

std::vector<ComparisonRow> compare_with_thesis(const ResultSet& rs, const ThesisData& thesis);

// The same experiment with the thesis's own numbers in place of the measured ones: a cell of `rs`
// holds the thesis's node count where the comparison has one, and is unmeasured otherwise. Claims
// evaluated on it say whether the thesis's own tables bear out its prose.
ResultSet thesis_as_results(const ResultSet& rs, const std::vector<ComparisonRow>& comparison);

}  // namespace harness
