#include "harness/experiment/result_set.h"

#include <fmt/core.h>

#include <algorithm>
#include <functional>
#include <sstream>
#include <string_view>
#include <utility>

#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/experiment/design_claims.h"
#include "harness/experiment/exact_reference.h"
#include "harness/paths.h"
#include "harness/storage/results_format.h"

namespace harness {

using nlohmann::json;

void ResultSet::index() {
  // The records stored so far, by identity, to be given back to the cells of their identity once they are rebuilt.
  std::vector<std::pair<std::string, CellRecord>> kept;
  for (std::size_t i = 0; i < record_of_cell_.size() && i < cells.size(); ++i)
    if (record_of_cell_[i] != kNone) kept.emplace_back(cells[i].identity, std::move(records_[record_of_cell_[i]]));
  cells = enumerate_cells(experiment, engine);
  records_.clear();
  // Room for every cell's record at once: a vector grown by doubling would move 10^6 records, holding them twice
  // meanwhile (the pages of the room no record fills are never touched, so never resident).
  records_.reserve(cells.size());
  record_of_cell_.assign(cells.size(), kNone);
  by_identity_.clear();
  by_identity_.reserve(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i)
    by_identity_.emplace_back(line_hash64(cells[i].identity), std::uint32_t(i));
  std::sort(by_identity_.begin(), by_identity_.end());
  position_numbers_.clear();
  version_numbers_.clear();
  version_index_.clear();
  sweep_index_.clear();
  const auto number = [](std::unordered_map<std::string, std::uint32_t>& numbers, const std::string& name) {
    return numbers.try_emplace(name, std::uint32_t(numbers.size())).first->second;
  };
  // The coordinates of each cell in each table it stands in.
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (const auto& t : cells[i].tables) {
      const CellInputs& in = cells[i].inputs;
      if (t.is_sweep())
        sweep_index_[{t.sweep, in.position, in.tt_scheme(), in.tt_entries(), in.depth}] = std::uint32_t(i);
      else if (t == TableRef::versions())
        version_index_[{number(position_numbers_, in.position), number(version_numbers_, in.version), in.depth}] =
            std::uint32_t(i);
    }
  // Each pruning cell of the versions table -> its exact reference (exact_reference.h).
  reference_of_cell_.assign(cells.size(), kNone);
  if (const VersionSpec* ref = experiment.find_version(experiment.exact_reference))
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (cells[i].in_table(TableRef::versions()))
        if (auto in = exact_reference_inputs(cells[i].inputs, ref->search, ref->name)) {
          const std::uint32_t r = cell_index(in->identity());
          reference_of_cell_[i] = r == kNone ? kNotACell : r;
        }
  for (auto& [identity, r] : kept) put(identity, std::move(r));
}

std::uint32_t ResultSet::cell_index(std::string_view identity) const {
  const std::uint64_t h = line_hash64(identity);
  for (auto it = std::lower_bound(by_identity_.begin(), by_identity_.end(), std::pair{h, std::uint32_t(0)});
       it != by_identity_.end() && it->first == h; ++it)
    if (cells[it->second].identity == identity) return it->second;
  return kNone;
}

const CellRecord* ResultSet::at_cell(std::uint32_t cell) const {
  if (cell >= record_of_cell_.size() || record_of_cell_[cell] == kNone) return nullptr;
  return &records_[record_of_cell_[cell]];
}

std::uint32_t ResultSet::place(const CellSpec& cell) const {
  // A cell of `cells` is found by its place, with no lookup; another (a copy) by its identity.
  const std::less<const CellSpec*> before;
  if (!cells.empty() && !before(&cell, cells.data()) && before(&cell, cells.data() + cells.size()))
    return std::uint32_t(&cell - cells.data());
  return cell_index(cell.identity);
}

const CellRecord* ResultSet::record(const CellSpec& cell) const { return at_cell(place(cell)); }

const CellSpec* ResultSet::find_cell(std::string_view identity) const {
  const std::uint32_t i = cell_index(identity);
  return i == kNone ? nullptr : &cells[i];
}

const CellRecord* ResultSet::find(std::string_view identity) const { return at_cell(cell_index(identity)); }

CellRecord* ResultSet::find(std::string_view identity) {
  return const_cast<CellRecord*>(std::as_const(*this).find(identity));
}

bool ResultSet::put(std::string_view identity, CellRecord r) {
  const std::uint32_t cell = cell_index(identity);
  if (cell == kNone) return false;
  if (record_of_cell_[cell] != kNone) {
    records_[record_of_cell_[cell]] = std::move(r);
  } else {
    record_of_cell_[cell] = std::uint32_t(records_.size());
    records_.push_back(std::move(r));
  }
  return true;
}

void ResultSet::clear_records() {
  records_.clear();
  record_of_cell_.assign(cells.size(), kNone);
}

const CellRecord* ResultSet::version_cell(const std::string& position, const std::string& version, int depth) const {
  const auto p = position_numbers_.find(position);
  const auto v = version_numbers_.find(version);
  if (p == position_numbers_.end() || v == version_numbers_.end()) return nullptr;
  auto it = version_index_.find({p->second, v->second, depth});
  return it == version_index_.end() ? nullptr : at_cell(it->second);
}

const CellRecord* ResultSet::reference_of(const CellSpec& cell) const {
  const std::uint32_t i = place(cell);
  return i == kNone || reference_of_cell_[i] == kNone ? nullptr : at_cell(reference_of_cell_[i]);
}

bool ResultSet::has_reference(const CellSpec& cell) const {
  const std::uint32_t i = place(cell);
  return i != kNone && reference_of_cell_[i] != kNone;
}

const CellRecord* ResultSet::sweep_cell(const std::string& sweep, const std::string& position, const std::string& scheme,
                                        int entries, int depth) const {
  auto it = sweep_index_.find({sweep, position, scheme, entries, depth});
  return it == sweep_index_.end() ? nullptr : at_cell(it->second);
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
  // Each record goes to its cell as its line is read: the file and the records are never held twice.
  for_each_cell(dir / kCellsFile, [&](CellRecord&& r) {
    const std::string identity = r.identity();
    const CellSpec* cell = rs.find_cell(identity);
    if (!cell || r.engine != rs.engine)
      throw UserError(fmt::format("{}: holds a cell ({} d{} {}, key {}, engine {}) that is not part of {} with engine {}; "
                                  "results of different configs or engines are never mixed",
                                  (dir / kCellsFile).string(), r.inputs.position, r.inputs.depth, r.inputs.version, r.key,
                                  r.engine, exp_file.string(), rs.engine));
    if (!r.failure.empty()) {
      rs.failed.push_back(std::move(r));
      return;
    }
    if (const CellRecord* kept = rs.record(*cell)) {
      if (const std::string conflict = conflict_between(*kept, r, (dir / kCellsFile).string()); !conflict.empty())
        throw UserError(conflict);
      return;  // the same cell stored twice alike (two shards merged by hand): one
    }
    rs.put(identity, std::move(r));
  });
  return rs;
}

}  // namespace harness
