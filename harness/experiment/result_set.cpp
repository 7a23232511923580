#include "harness/experiment/result_set.h"

#include <fmt/core.h>

#include <sstream>
#include <string_view>
#include <unordered_set>

#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/experiment/design_claims.h"
#include "harness/experiment/exact_reference.h"
#include "harness/paths.h"
#include "harness/storage/results_format.h"

namespace harness {

using nlohmann::json;

void ResultSet::index() {
  cells = enumerate_cells(experiment, engine);
  version_index_.clear();
  sweep_index_.clear();
  // The coordinates of each cell in each table it stands in.
  for (const auto& c : cells)
    for (const auto& t : c.tables) {
      const CellInputs& in = c.inputs;
      if (t.is_sweep())
        sweep_index_[{t.sweep, in.position, in.tt_scheme(), in.tt_entries(), in.depth}] = c.identity;
      else if (t == TableRef::versions())
        version_index_[{in.position, in.version, in.depth}] = c.identity;
    }
  // Each pruning cell of the versions table -> its exact reference (exact_reference.h).
  reference_index_.clear();
  if (const VersionSpec* ref = experiment.find_version(experiment.exact_reference))
    for (const auto& c : cells)
      if (c.in_table(TableRef::versions()))
        if (auto in = exact_reference_inputs(c.inputs, ref->search, ref->name))
          reference_index_[c.identity] = in->identity();
}

std::size_t ResultSet::measured() const {
  std::size_t n = 0;
  for (const auto& c : cells) n += rows.count(c.identity);
  return n;
}

const CellRecord* ResultSet::record(const CellSpec& cell) const { return row(cell.identity); }

const CellRecord* ResultSet::row(const std::string& identity) const {
  auto it = rows.find(identity);
  return it == rows.end() ? nullptr : &it->second;
}

const CellRecord* ResultSet::version_cell(const std::string& position, const std::string& version, int depth) const {
  auto it = version_index_.find({position, version, depth});
  return it == version_index_.end() ? nullptr : row(it->second);
}

const CellRecord* ResultSet::reference_of(const CellSpec& cell) const {
  auto it = reference_index_.find(cell.identity);
  return it == reference_index_.end() ? nullptr : row(it->second);
}

bool ResultSet::has_reference(const CellSpec& cell) const { return reference_index_.count(cell.identity) > 0; }

const CellRecord* ResultSet::sweep_cell(const std::string& sweep, const std::string& position, const std::string& scheme,
                                        int entries, int depth) const {
  auto it = sweep_index_.find({sweep, position, scheme, entries, depth});
  return it == sweep_index_.end() ? nullptr : row(it->second);
}

json experiment_file_json(const Experiment& exp, const std::string& engine, const std::string& config_file) {
  json j = {{"experiment", exp.to_json()}, {"engine", engine}, {"config", config_file}, {"notes", exp.notes_json()}};
  // Every line of a directory made from now on carries its checksum: a line without one is an edit (cell_store.h).
  j["line_checksums"] = true;
  j[kResultsFormatKey] = kResultsFormat;  // the format of the directory's files (results_format.h)
  // The suite's solutions only when some position has one, so other sets' files stay as they were.
  if (exp.any_solution()) j["solutions"] = exp.solutions_json();
  // The design (design.h) only when the config has one, so other sets' files stay as they were.
  if (exp.design) j["design"] = exp.design->to_json();
  // The claims (claim_spec.h) only when the config has some, so other sets' files stay as they were.
  if (!exp.claims.empty()) j["claims"] = exp.claims_json;
  return j;
}

StoredExperiment read_experiment_file(const std::filesystem::path& dir) {
  const auto exp_file = dir / kExperimentFile;
  std::error_code missing;
  if (!std::filesystem::exists(exp_file, missing))
    throw UserError(fmt::format("{}: not found; is '{}' the output directory of a `harness run`?", exp_file.string(),
                                dir.string()));
  StoredExperiment out;
  try {
    out.file = parse_json_checked(read_input_file(exp_file, exp_file.string(), kMaxExperimentBytes), exp_file.string());
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", exp_file.string(), e.what()));
  }
  if (!out.file.is_object() || !out.file.contains("experiment") || !out.file.contains("engine") || !out.file["engine"].is_string())
    throw UserError(fmt::format("{}: missing 'experiment' or 'engine'", exp_file.string()));
  const auto f = out.file.find(kResultsFormatKey);
  if (f == out.file.end())
    throw UserError(fmt::format("{}: no results_format: {}", exp_file.string(), kOlderFormatRemedy));
  if (!f->is_number_unsigned() || f->get<std::uint64_t>() != std::uint64_t(kResultsFormat))
    throw UserError(fmt::format("{}: results_format {} is not one this harness reads (it reads {}): {}",
                                exp_file.string(), f->dump(), kResultsFormat,
                                f->is_number_unsigned() && f->get<std::uint64_t>() < std::uint64_t(kResultsFormat)
                                    ? kOlderFormatRemedy
                                    : "written by a newer build?"));
  out.experiment = Experiment::from_json(out.file["experiment"], exp_file.string());
  out.engine = out.file["engine"].get<std::string>();
  return out;
}

// A directory written before claims were stored (or by a run of a config without claims) takes them from the config
// file it names, if that file still reads and has claims. A claim is analysis,
// never an input of a cell, so judging stored cells by the config's claims of today mixes nothing.
namespace {
void apply_config_claims(const json& stored, Experiment& exp) {
  if (!stored.contains("config") || !stored["config"].is_string()) return;
  std::filesystem::path config = stored["config"].get<std::string>();
  if (!std::filesystem::exists(config)) config = project_path(config.string());
  if (!std::filesystem::exists(config)) return;
  const json c = parse_json_checked(read_input_file(config, config.string(), kMaxConfigBytes), config.string());
  if (c.is_object() && c.contains("claims"))
    exp.claims = parse_claims(c["claims"], config.string(), "$.claims", nullptr, exp.claims_json);
}
}  // namespace

StoredExperiment read_stored_experiment(const std::filesystem::path& dir) {
  const auto exp_file = dir / kExperimentFile;
  StoredExperiment stored = read_experiment_file(dir);
  Experiment& exp = stored.experiment;
  const json& j = stored.file;
  // Every run stores its notes (experiment_file_json); the directories written before they were, which took them
  // from their config, are at git tag results-history.
  if (j.contains("notes")) exp.apply_notes(j["notes"]);
  if (j.contains("solutions")) exp.apply_solutions(j["solutions"]);
  if (j.contains("design")) exp.design = Design::from_json(j["design"], exp_file.string());
  // A design stored with its own "claims" (the form before claims as data) has them judged as top-level claims,
  // converted in one place (design_claims.h), after the stored top-level ones.
  json claims = j.contains("claims") ? j["claims"] : json::array();
  if (exp.design && j["design"].contains("claims") && claims.is_array())
    for (auto& c : design_claims_as_claims(j["design"]["claims"], *exp.design, exp.depths, json_fields::Where{exp_file.string()}, "$.design.claims"))
      claims.push_back(std::move(c));
  if (!claims.empty()) {
    exp.claims_json = claims;
    exp.claims = claims_from_json(claims, exp_file.string());
  } else {
    apply_config_claims(j, exp);
  }
  return stored;
}

ResultSet load_results(const std::filesystem::path& dir) {
  const auto exp_file = dir / kExperimentFile;
  StoredExperiment stored = read_stored_experiment(dir);
  ResultSet rs;
  rs.experiment = std::move(stored.experiment);
  rs.engine = stored.engine;
  rs.index();
  std::unordered_set<std::string_view> known;  // views of rs.cells' identities, which outlive the loop
  for (const auto& c : rs.cells) known.insert(c.identity);
  for (auto& r : read_cells(dir / kCellsFile).rows) {
    if (!known.count(r.identity()) || r.engine != rs.engine)
      throw UserError(fmt::format("{}: holds a cell ({} d{} {}, key {}, engine {}) that is not part of {} with engine {}; "
                                  "results of different configs or engines are never mixed",
                                  (dir / kCellsFile).string(), r.inputs.position, r.inputs.depth, r.inputs.version, r.key,
                                  r.engine, exp_file.string(), rs.engine));
    if (!r.failure.empty()) {
      rs.failed.push_back(std::move(r));
      continue;
    }
    std::string identity = r.identity();
    if (const auto kept = rs.rows.find(identity); kept != rs.rows.end()) {
      if (const std::string conflict = conflict_between(kept->second, r, (dir / kCellsFile).string()); !conflict.empty())
        throw UserError(conflict);
      continue;  // the same cell stored twice alike (two shards merged by hand): one
    }
    rs.rows.emplace(std::move(identity), std::move(r));
  }
  return rs;
}

}  // namespace harness
