// Calibration's searches, each done once: a search is keyed by its resolved inputs (position, FEN, every flag,
// depth, node budget: CellInputs::identity), however many groups or candidates ask for it. Searches run through
// the experiment runner (run_cells) into DIR/cells.jsonl (the cell store), so an interrupted calibration resumes
// without searching a finished cell again.
//
// Iterative deepening gives the shallower depths for free (§3.4 Alg. 3): a search to depth d runs iterations
// 1, 2, ..., d, and the search to depth k <= d runs exactly the first k of them (nothing in an iteration depends
// on the target depth), so its node count is the sum of the first k entries of `iteration_nodes`. If the deeper
// search stopped (node budget) or ended early (a mate) in iteration m <= k, the depth-k search stops or ends at the
// same node, with the same count. So only the deepest depth of each series (inputs but the depth) is searched;
// tests/calibrate_test.cpp checks the derivation against direct searches.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/cell_record.h"

namespace harness {

struct SearchOutcome {
  std::uint64_t nodes = 0;
  bool completed = true;  // false: stopped by the node budget, `nodes` is a lower bound
};

// What a record of a deeper (or equal) search of the same series says about depth `depth` (see above).
SearchOutcome outcome_at_depth(const CellRecord& deeper, int depth);

class SearchCache {
 public:
  // Reads `cells_file` (missing = empty). A stored cell made by another engine is a UserError naming the file.
  SearchCache(std::filesystem::path cells_file, std::string engine_identity, int jobs, bool progress);

  // Searches every request not answered yet (one search per series with iterative deepening), appending each
  // to the cell store. Returns how many searches ran.
  std::size_t ensure(const std::vector<CellInputs>& requests);
  // The answer for `inputs`, if the stored cells give one.
  std::optional<SearchOutcome> find(const CellInputs& inputs) const;

  std::size_t searched() const { return searched_; }
  std::uint64_t nodes_searched() const { return nodes_searched_; }
  double wall_seconds() const { return wall_seconds_; }
  double engine_seconds() const { return engine_seconds_; }

 private:
  void load();
  std::filesystem::path file_;
  std::string engine_;
  int jobs_;
  bool progress_;
  std::map<std::string, CellRecord> by_identity_;
  std::map<std::string, std::vector<const CellRecord*>> by_series_;  // iterative-deepening cells only
  std::size_t searched_ = 0;
  std::uint64_t nodes_searched_ = 0;
  double wall_seconds_ = 0, engine_seconds_ = 0;
};

// A series: the inputs without the depth.
std::string series_identity(CellInputs inputs);

}  // namespace harness
