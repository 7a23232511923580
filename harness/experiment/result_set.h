// The rows every writer reads: the resolved experiment (DIR/experiment.json), its cells, and the
// measured records (DIR/cells.jsonl) by cell identity, with lookups by table coordinates.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
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
  std::vector<CellRecord> failed;            // stored as failed (CellRecord::failure), in file order: in no table

  // Builds `cells` from the experiment and indexes them. Call after setting experiment/engine; records stored before
  // stay with the cells of their identity (those of no cell now are dropped).
  void index();
  std::size_t measured() const { return records_.size(); }

  const CellRecord* record(const CellSpec& cell) const;  // nullptr: not measured
  const CellSpec* find_cell(std::string_view identity) const;  // nullptr: no cell has this identity
  // The measured record of the cell of this identity (CellSpec::identity); nullptr: no such cell, or not measured.
  const CellRecord* find(std::string_view identity) const;
  CellRecord* find(std::string_view identity);
  // Stores `r` as the measured record of the cell of this identity, in place of any before it; false (nothing
  // stored) when no cell has the identity.
  bool put(std::string_view identity, CellRecord r);
  void clear_records();
  // The measured records, in the order they were stored (a loaded set: file order).
  std::span<const CellRecord> records() const { return records_; }
  std::span<CellRecord> records() { return records_; }
  const CellRecord* version_cell(const std::string& position, const std::string& version, int depth) const;
  const CellRecord* sweep_cell(const std::string& sweep, const std::string& position, const std::string& scheme,
                               int entries, int depth) const;
  // The measured exact reference of a pruning cell of the versions table (nullptr: none or not measured);
  // has_reference: whether the cell has one at all (the experiment names an exact_reference and the cell prunes).
  const CellRecord* reference_of(const CellSpec& cell) const;
  bool has_reference(const CellSpec& cell) const;

 private:
  // Records live in one vector, found through their cell's place in `cells`: a hashed map of identities (long JSON
  // texts) to records made a report of 10^6 cells spend about 30 % of its time in cache misses looking them up.
  static constexpr std::uint32_t kNone = UINT32_MAX;
  static constexpr std::uint32_t kNotACell = UINT32_MAX - 1;  // a reference that is no cell of the experiment
  std::uint32_t cell_index(std::string_view identity) const;  // kNone: no cell has it
  std::uint32_t place(const CellSpec& cell) const;               // its index in `cells`, or kNone
  const CellRecord* at_cell(std::uint32_t cell) const;
  std::vector<CellRecord> records_;
  std::vector<std::uint32_t> record_of_cell_;                       // per cell: its record in records_, or kNone
  std::vector<std::pair<std::uint64_t, std::uint32_t>> by_identity_;  // (hash of the identity, cell), sorted
  struct VersionKey {
    std::uint32_t position, version;
    int depth;
    bool operator==(const VersionKey&) const = default;
  };
  struct VersionKeyHash {
    std::size_t operator()(const VersionKey& k) const {
      const std::uint64_t v = (std::uint64_t(k.position) << 32 | k.version) * 0x9E3779B97F4A7C15ULL;
      return std::hash<std::uint64_t>()(v ^ std::uint64_t(k.depth));
    }
  };
  std::unordered_map<std::string, std::uint32_t> position_numbers_, version_numbers_;
  std::unordered_map<VersionKey, std::uint32_t, VersionKeyHash> version_index_;  // -> cell
  std::map<std::tuple<std::string, std::string, std::string, int, int>, std::uint32_t> sweep_index_;  // -> cell
  std::vector<std::uint32_t> reference_of_cell_;  // per cell: its reference's cell, kNotACell, or kNone
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
