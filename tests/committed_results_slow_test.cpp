// Re-running a committed cell gives exactly the committed result. For every results/<name>/cells.jsonl
// in the source tree, a deterministic sample of shallow cells (the cheapest cell of each position,
// the deepest affordable cell of each position, version, TT scheme and TT size, and the cheapest
// cell of each depth, within a node budget) is searched again through run_cell, the runner's own
// path from stored flags to engine, on a fresh engine. Every counter, the iterations, the best
// move, the score and the PV must equal the stored ones.
//
// Cells are comparable only with the engine that made them: a file written by another engine
// identity fails here, saying the committed results are stale and need a re-run.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_inputs.h"
#include "harness/identity/engine_identity.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/result_set.h"
#include "harness/experiment/runner.h"
#include "harness/experiment/search_counters.h"
#include "harness/storage/cell_store.h"

namespace committed_results_slow_test {

using namespace harness;
namespace fs = std::filesystem;

// A shallow cell costs at most this many nodes to re-run.
constexpr std::uint64_t kMaxCellNodes = 100'000;
// Nodes re-searched per file, about (the cheapest cell of each position comes on top). A cell also
// allocates and clears its own transposition table (64 MB for the versions' 2048K entries × 2
// slots), which at these depths costs more than its nodes: a file of 20-30 sampled cells takes
// about half a second of CPU in Release.
constexpr std::uint64_t kSampleNodes = 200'000;

const fs::path kResults = fs::path(BUHO_SOURCE_DIR) / "results";

// results/<name>/ holding an experiment's cells.jsonl (beside its experiment.json), by name. Directories appear
// while an experiment is being produced, so whichever exist are taken. A calibration's directory (its
// calibration-config.json instead) is checked by committed_reports_slow_test.
std::vector<fs::path> result_dirs() {
  std::vector<fs::path> dirs;
  if (fs::is_directory(kResults))
    for (const auto& entry : fs::directory_iterator(kResults))
      if (entry.is_directory() && fs::exists(entry.path() / kCellsFile) && fs::exists(entry.path() / "experiment.json"))
        dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

std::string relative_name(const fs::path& dir) { return fs::relative(dir, BUHO_SOURCE_DIR).string(); }

// The command that re-makes DIR, from the config its experiment.json names.
std::string rerun_command(const fs::path& dir) {
  std::string config = fmt::format("configs/{}.json", dir.filename().string());
  std::ifstream in(dir / kExperimentFile);
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_object() && j.contains("config") && j["config"].is_string()) config = j["config"].get<std::string>();
  return fmt::format("harness run {} --fresh --out {}", config, relative_name(dir));
}

std::string label(const CellRecord& r) {
  return fmt::format("{} d{} {} tt={}/{} (key {})", r.inputs.position, r.inputs.depth, r.inputs.version, r.inputs.tt_entries(), r.inputs.tt_scheme(), r.key);
}

// The groups a sample spreads over: each position, version, TT scheme and TT size.
std::vector<std::string> groups_of(const CellRecord& r) {
  return {"position " + r.inputs.position, "version " + r.inputs.version, "scheme " + r.inputs.tt_scheme(),
          "size " + std::to_string(r.inputs.tt_entries())};
}

// The cells to re-run, in three steps:
//  1. the cheapest cell of each position, whatever it costs;
//  2. the deepest cell of each group within an equal share of the node budget (deeper trees
//     exercise more of the search: TT replacement, re-searches, pruning), the cheapest among equals;
//  3. the cheapest cell of each depth, while the budget lasts.
// Cells stopped by the node budget are left out: their counts depend on where the budget fell.
std::vector<const CellRecord*> sample_shallow_cells(const std::vector<CellRecord>& rows) {
  std::vector<const CellRecord*> pool;
  for (const CellRecord& r : rows)
    if (r.completed && r.nodes() <= kMaxCellNodes) pool.push_back(&r);
  std::sort(pool.begin(), pool.end(), [](const CellRecord* a, const CellRecord* b) {
    return std::pair(a->nodes(), a->key) < std::pair(b->nodes(), b->key);
  });

  std::vector<const CellRecord*> picked;
  std::uint64_t nodes = 0;
  auto pick = [&](const CellRecord* r) {
    if (std::find(picked.begin(), picked.end(), r) != picked.end()) return;
    picked.push_back(r);
    nodes += r->nodes();
  };

  std::set<std::string> positions;
  for (const CellRecord* r : pool)
    if (positions.insert(r->inputs.position).second) pick(r);

  std::map<std::string, const CellRecord*> deepest;  // by group; a std::map, so picked in a fixed order
  for (const CellRecord* r : pool)
    for (const auto& g : groups_of(*r)) deepest.emplace(g, nullptr);
  const std::uint64_t share = deepest.empty() ? 0 : kSampleNodes / deepest.size();
  for (const CellRecord* r : pool)  // cheapest first: a later cell replaces one only when deeper
    if (r->nodes() <= share)
      for (const auto& g : groups_of(*r))
        if (!deepest[g] || r->inputs.depth > deepest[g]->inputs.depth) deepest[g] = r;
  for (const auto& [group, r] : deepest)
    if (r) pick(r);

  std::set<int> depths;
  for (const CellRecord* r : pool) {
    if (nodes + r->nodes() > kSampleNodes) break;  // cheapest first: nothing later fits either
    if (depths.insert(r->inputs.depth).second) pick(r);
  }
  return picked;
}

// The rows of DIR/cells.jsonl computed by the current engine, and how many are of another engine:
// a failure when `report_stale`, naming the command that re-makes the file.
struct CurrentRows {
  std::vector<CellRecord> rows;
  std::size_t other_engine = 0;
};

CurrentRows current_rows(const fs::path& dir, bool report_stale) {
  CurrentRows out;
  std::set<std::string> stale;
  for (auto& r : read_cells(dir / kCellsFile).rows) {
    if (same_engine(r.engine)) {
      out.rows.push_back(std::move(r));
    } else {
      stale.insert(r.engine);
      ++out.other_engine;
    }
  }
  if (report_stale)
    for (const auto& engine : stale)
      ADD_FAILURE() << fmt::format(
          "{}: cells computed by engine {}, but the current engine is {}. The committed results are stale and "
          "need a re-run: {}",
          relative_name(dir / kCellsFile), engine, engine_identity(), rerun_command(dir));
  return out;
}

void expect_same_result(const CellRecord& committed, const CellRecord& again) {
  for (const auto& c : search_counters()) {
    const std::string name(c.name);
    EXPECT_EQ(again.counter(name), committed.counter(name)) << "counter " << name;
  }
  EXPECT_EQ(again.iteration_nodes, committed.iteration_nodes);
  EXPECT_EQ(again.depth_reached, committed.depth_reached);
  EXPECT_EQ(again.seldepth, committed.seldepth);
  EXPECT_EQ(again.completed, committed.completed);
  EXPECT_EQ(again.best_move, committed.best_move);
  EXPECT_EQ(again.score, committed.score);
  EXPECT_EQ(again.pv, committed.pv);
}

TEST(CommittedResults, SomeExist) {
  EXPECT_FALSE(result_dirs().empty()) << "no results/<name>/cells.jsonl under " << kResults.string();
}

TEST(CommittedResults, AreOfTheCurrentEngine) {
  for (const auto& dir : result_dirs()) current_rows(dir, /*report_stale=*/true);
}

TEST(CommittedResults, ShallowCellsReRunToTheSameCounts) {
  // Every cell allocates its own transposition table (up to 64 MB). Served by mmap, each would be
  // fresh pages from the kernel, and faulting them in costs more than all the searches (seconds in
  // a VM); from the heap, the pages of one cell's table are reused by the next. glibc only.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  std::size_t files_checked = 0;
  for (const auto& dir : result_dirs()) {
    SCOPED_TRACE(relative_name(dir / kCellsFile));
    const CurrentRows current = current_rows(dir, /*report_stale=*/false);  // AreOfTheCurrentEngine reports
    const auto sample = sample_shallow_cells(current.rows);
    if (sample.empty()) {
      // `harness run` does the deepest cells first: a file being produced has no shallow cells yet.
      std::cout << fmt::format("{}: not checked: {}\n", relative_name(dir),
                               current.rows.empty() && current.other_engine > 0
                                   ? "every cell is of another engine"
                                   : fmt::format("no finished cell within {} nodes yet", kMaxCellNodes));
      continue;
    }
    ++files_checked;

    // The sample reaches more than one position whenever the file has more than one.
    std::set<std::string> positions_in_file, positions_sampled;
    for (const CellRecord& r : current.rows) positions_in_file.insert(r.inputs.position);
    for (const CellRecord* r : sample) positions_sampled.insert(r->inputs.position);
    if (positions_in_file.size() > 1) {
      EXPECT_GT(positions_sampled.size(), 1u) << "the sample sticks to one position";
    }

    std::uint64_t nodes = 0;
    int deepest = 0;
    for (const CellRecord* committed : sample) {
      SCOPED_TRACE(label(*committed));
      // Reading the line checked that its inputs hash to its key; its typed inputs are what the runner searches.
      expect_same_result(*committed, run_cell(make_cell(committed->inputs, engine_identity()), engine_identity()));
      nodes += committed->nodes();
      deepest = std::max(deepest, committed->inputs.depth);
    }
    std::cout << fmt::format("{}: re-ran {} of {} cells ({} positions, depths up to {}, {} nodes)\n",
                             relative_name(dir), sample.size(), current.rows.size(), positions_sampled.size(),
                             deepest, nodes);
  }
  EXPECT_GT(files_checked, 0u) << "no results/<name>/cells.jsonl had a shallow cell of the current engine to re-run";
}

}  // namespace committed_results_slow_test
