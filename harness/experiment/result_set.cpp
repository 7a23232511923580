#include "harness/experiment/result_set.h"

#include <fmt/core.h>

#include <fstream>
#include <sstream>

#include "harness/errors.h"
#include "harness/paths.h"

namespace harness {

using nlohmann::json;

void ResultSet::index() {
  cells = enumerate_cells(experiment, engine);
  version_index_.clear();
  sweep_index_.clear();
  // Re-derive the coordinates of each cell (a cell may stand in several tables).
  for (const auto& c : cells)
    for (const auto& g : c.groups) {
      if (g == "versions")
        version_index_[{c.position, c.version, c.depth}] = c.key;
      else if (g.rfind("sweep:", 0) == 0)
        sweep_index_[{g.substr(6), c.position, c.tt_scheme, c.tt_entries, c.depth}] = c.key;
    }
}

std::size_t ResultSet::measured() const {
  std::size_t n = 0;
  for (const auto& c : cells) n += rows.count(c.key);
  return n;
}

const CellRecord* ResultSet::row(const std::string& key) const {
  auto it = rows.find(key);
  return it == rows.end() ? nullptr : &it->second;
}

const CellRecord* ResultSet::version_cell(const std::string& position, const std::string& version, int depth) const {
  auto it = version_index_.find({position, version, depth});
  return it == version_index_.end() ? nullptr : row(it->second);
}

const CellRecord* ResultSet::sweep_cell(const std::string& sweep, const std::string& position, const std::string& scheme,
                                        int entries, int depth) const {
  auto it = sweep_index_.find({sweep, position, scheme, entries, depth});
  return it == sweep_index_.end() ? nullptr : row(it->second);
}

json experiment_file_json(const Experiment& exp, const std::string& engine, const std::string& config_file) {
  return {{"experiment", exp.to_json()}, {"engine", engine}, {"config", config_file}, {"notes", exp.notes_json()}};
}

ResultSet load_results(const std::filesystem::path& dir) {
  const auto exp_file = dir / kExperimentFile;
  std::ifstream in(exp_file);
  if (!in) throw UserError(fmt::format("{}: not found; is '{}' the output directory of a `harness run`?",
                                       exp_file.string(), dir.string()));
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", exp_file.string(), e.what()));
  }
  ResultSet rs;
  if (!j.contains("experiment") || !j.contains("engine") || !j["engine"].is_string())
    throw UserError(fmt::format("{}: missing 'experiment' or 'engine'", exp_file.string()));
  rs.experiment = Experiment::from_json(j["experiment"], exp_file.string());
  rs.engine = j["engine"].get<std::string>();
  if (j.contains("notes")) {
    rs.experiment.apply_notes(j["notes"]);
  } else if (j.contains("config") && j["config"].is_string()) {
    // Written before notes were stored: take them from the config file if it still loads.
    try {
      std::filesystem::path config = j["config"].get<std::string>();
      if (!std::filesystem::exists(config)) config = project_path(config.string());
      rs.experiment.apply_notes(load_experiment(config).notes_json());
    } catch (const UserError&) {
    }
  }
  rs.index();
  std::map<std::string, bool> known;
  for (const auto& c : rs.cells) known[c.key] = true;
  for (auto& r : read_cells(dir / kCellsFile).rows) {
    if (!known.count(r.key))
      throw UserError(fmt::format("{}: holds a cell ({} d{} {}, key {}) that is not part of {} with engine {}; "
                                  "results of different configs or engines are never mixed",
                                  (dir / kCellsFile).string(), r.position, r.depth, r.version, r.key,
                                  exp_file.string(), rs.engine));
    std::string key = r.key;
    rs.rows.insert_or_assign(key, std::move(r));
  }
  return rs;
}

}  // namespace harness
