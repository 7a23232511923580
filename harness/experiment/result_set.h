// The rows every writer reads: the resolved experiment (DIR/experiment.json), its cells, and the
// measured records (DIR/cells.jsonl) by cell identity, with lookups by table coordinates.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "harness/experiment/cell_enumeration.h"
#include "harness/experiment/experiment_config.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/durable_file.h"  // write_file_atomically, for the writers

namespace harness {

inline constexpr const char* kExperimentFile = "experiment.json";
inline constexpr const char* kCellsFile = "cells.jsonl";

struct ResultSet {
  Experiment experiment;
  std::string engine;
  std::vector<CellSpec> cells;               // every cell of the experiment, measured or not
  // Measured, by cell identity (CellSpec::identity). Hashed: an ordered map of the identities (long JSON texts) made
  // a report of 10^5 positions spend 40 % of its time comparing them. Nothing reads it in order.
  std::unordered_map<std::string, CellRecord> rows;
  std::vector<CellRecord> failed;            // stored as failed (CellRecord::failure), in file order: in no table

  // Builds `cells` from the experiment and indexes them. Call after setting experiment/engine.
  void index();
  std::size_t measured() const;

  const CellRecord* record(const CellSpec& cell) const;  // nullptr: not measured
  const CellRecord* version_cell(const std::string& position, const std::string& version, int depth) const;
  const CellRecord* sweep_cell(const std::string& sweep, const std::string& position, const std::string& scheme,
                               int entries, int depth) const;
  // The measured exact reference of a pruning cell of the versions table (nullptr: none or not measured);
  // has_reference: whether the cell has one at all (the experiment names an exact_reference and the cell prunes).
  const CellRecord* reference_of(const CellSpec& cell) const;
  bool has_reference(const CellSpec& cell) const;

 private:
  const CellRecord* row(const std::string& key) const;
  std::map<std::tuple<std::string, std::string, int>, std::string> version_index_;
  std::map<std::tuple<std::string, std::string, std::string, int, int>, std::string> sweep_index_;
  std::map<std::string, std::string> reference_index_;  // identity of a pruning cell -> identity of its reference
};

// The stored experiment of DIR: {"experiment": <resolved>, "engine": <identity>, "config": <file>}.
nlohmann::json experiment_file_json(const Experiment& exp, const std::string& engine, const std::string& config_file);

// Reads DIR/experiment.json (typed: stored flags over the current defaults). A file that is not one is a
// UserError naming it.
struct StoredExperiment {
  Experiment experiment;
  std::string engine;
  nlohmann::json file;  // the whole file as read (config, notes)
};
StoredExperiment read_experiment_file(const std::filesystem::path& dir);
// The same with the analysis stored beside the resolved form applied (notes, solutions, design): the experiment as
// its config gave it, enough to run it again (`harness run --from DIR`) or to report it.
StoredExperiment read_stored_experiment(const std::filesystem::path& dir);

// Reads DIR/experiment.json and DIR/cells.jsonl. A row that is not a cell of the experiment (by identity),
// or was made by another engine, is a UserError (results of another config or engine mixed in by hand).
ResultSet load_results(const std::filesystem::path& dir);


}  // namespace harness
