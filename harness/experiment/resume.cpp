#include "harness/experiment/resume.h"

#include "harness/experiment/cell_record.h"

#include <fmt/core.h>

#include <map>

#include "harness/errors.h"
#include "harness/experiment/result_set.h"

namespace harness {

namespace {

using nlohmann::json;

// What differs between the stored experiment of DIR and this run, for the error message.
std::string describe_difference(const StoredExperiment& stored, const Experiment& now, const std::string& engine) {
  std::vector<std::string> keys;
  if (stored.engine != engine) keys.push_back(fmt::format("engine ({} then, {} now)", stored.engine, engine));
  const json a = stored.experiment.to_json(), b = now.to_json();
  for (const auto& [k, v] : b.items())
    if (!a.contains(k) || a[k] != v) keys.push_back(k);
  std::string s;
  for (const auto& k : keys) s += (s.empty() ? "" : ", ") + k;
  return s.empty() ? "format" : s;
}

}  // namespace

std::set<std::string> cells_already_done(const std::filesystem::path& dir, const Experiment& exp,
                                         const std::string& engine, const std::vector<CellSpec>& cells) {
  const auto exp_file = dir / kExperimentFile, cells_file = dir / kCellsFile;
  if (std::filesystem::exists(exp_file)) {
    StoredExperiment stored;
    try {
      stored = read_experiment_file(dir);
    } catch (const UserError& e) {
      throw UserError(fmt::format("{}; use --fresh to set it aside", e.what()));
    }
    if (!same_experiment(stored.experiment, exp) || stored.engine != engine)
      throw UserError(fmt::format(
          "{} holds results of a different experiment or engine (differs in: {}); results are never mixed. "
          "Use --fresh to move the old results aside, or --out for a new directory",
          dir.string(), describe_difference(stored, exp, engine)));
  } else if (std::filesystem::exists(cells_file)) {
    throw UserError(fmt::format("{} exists without {}: cannot tell what it holds; use --fresh or another --out",
                                cells_file.string(), exp_file.string()));
  }
  const StoreContents contents = read_cells(cells_file);
  std::set<std::string> done;
  if (contents.rows.empty()) return done;  // a new directory: no set of 10^5 identities to build
  std::set<std::string> identities;
  for (const auto& c : cells) identities.insert(c.identity);
  std::map<std::string, CellRecord> stored;
  for (const auto& r : contents.rows) {
    if (const auto [kept, added] = stored.try_emplace(r.identity(), r); !added)
      if (const std::string conflict = conflict_between(kept->second, r, cells_file.string()); !conflict.empty())
        throw UserError(conflict);
    if (!identities.count(r.identity()) || r.engine != engine)
      throw UserError(fmt::format("{}: holds a cell ({} d{} {}) that is not part of this experiment; "
                                  "use --fresh or another --out",
                                  cells_file.string(), r.inputs.position, r.inputs.depth, r.inputs.version));
    done.insert(r.identity());
  }
  return done;
}

}  // namespace harness
