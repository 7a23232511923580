#include "harness/thesis/search_cache.h"

#include <fmt/core.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "harness/errors.h"
#include "harness/identity/engine_identity.h"
#include "harness/experiment/runner.h"
#include "harness/storage/cell_store.h"

namespace harness {

std::string series_identity(CellInputs inputs) {
  inputs.depth = 0;
  return inputs.identity();
}

SearchOutcome outcome_at_depth(const CellRecord& deeper, int depth) {
  const auto& it = deeper.iteration_nodes;
  if (depth < int(it.size()))  // iteration `depth` finished and the search went on: the depth-k search ends there
    return {std::accumulate(it.begin(), it.begin() + depth, std::uint64_t(0)), true};
  return {deeper.nodes(), deeper.completed};
}

SearchCache::SearchCache(std::filesystem::path cells_file, std::string engine_identity, int jobs, bool progress)
    : file_(std::move(cells_file)), engine_(std::move(engine_identity)), jobs_(jobs), progress_(progress) {
  load();
}

void SearchCache::load() {
  by_identity_.clear();
  by_series_.clear();
  for (auto& r : read_cells(file_).rows) {
    if (!same_engine(r.engine))
      throw UserError(fmt::format("{}: holds cells of another engine ({}; this one is {}); use another --out",
                                  file_.string(), r.engine, engine_));
    by_identity_.insert_or_assign(r.identity(), std::move(r));
  }
  for (const auto& [id, r] : by_identity_)
    if (r.inputs.search.iterative_deepening) by_series_[series_identity(r.inputs)].push_back(&r);
}

std::optional<SearchOutcome> SearchCache::find(const CellInputs& inputs) const {
  if (const auto it = by_identity_.find(inputs.identity()); it != by_identity_.end())
    return SearchOutcome{it->second.nodes(), it->second.completed};
  if (!inputs.search.iterative_deepening) return std::nullopt;
  const auto s = by_series_.find(series_identity(inputs));
  if (s == by_series_.end()) return std::nullopt;
  for (const CellRecord* r : s->second)
    if (r->inputs.depth >= inputs.depth) return outcome_at_depth(*r, inputs.depth);
  return std::nullopt;
}

std::size_t SearchCache::ensure(const std::vector<CellInputs>& requests) {
  // The deepest unanswered request of each series (every request without iterative deepening).
  std::map<std::string, const CellInputs*> deepest;
  for (const auto& r : requests) {
    if (find(r)) continue;
    const std::string key = r.search.iterative_deepening ? series_identity(r) : r.identity();
    auto& slot = deepest[key];
    if (!slot || slot->depth < r.depth) slot = &r;
  }
  std::vector<CellSpec> todo;
  std::set<std::string> seen;
  for (const auto& [key, r] : deepest) {
    CellSpec c = make_cell(*r, engine_);
    c.tables = {TableRef::versions()};
    if (seen.insert(c.identity).second) todo.push_back(std::move(c));
  }
  if (progress_)
    fmt::print(stderr, "calibrate: {} cells asked, {} answered by stored searches, {} searches to run\n", requests.size(),
               requests.size() - std::size_t(std::count_if(requests.begin(), requests.end(),
                                                           [&](const CellInputs& r) { return !find(r); })),
               todo.size());
  if (todo.empty()) return 0;
  RunTotals totals;
  {
    CellStore store(file_);
    totals = run_cells(todo, engine_, store, RunnerOptions{jobs_, progress_, {}}, todo.size(), 0);
    store.close();
  }
  if (totals.cells_out_of_memory > 0)
    throw IoError(fmt::format("out of memory: {} search(es) could not get their memory on {} job(s) and were not "
                              "stored (the {} others are); the same command with fewer --jobs runs them",
                              totals.cells_out_of_memory, jobs_, totals.cells_run));
  searched_ += totals.cells_run;
  nodes_searched_ += totals.nodes;
  wall_seconds_ += totals.wall_seconds;
  engine_seconds_ += totals.engine_seconds;
  load();
  return totals.cells_run;
}

}  // namespace harness
