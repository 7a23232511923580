// An experiment: a JSON config (configs/README.md) read, validated and resolved into positions,
// depths, fully resolved versions and TT sweeps, and enumerated into cells. Every mistake in the
// config is a UserError naming the file and the JSON path ("$.depths[0]") before anything runs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace harness {

struct PositionSpec {
  std::string id;                      // EPD `id`, or the config's name for an inline FEN
  std::string fen;                     // as the engine reads it (Board::fen() of the loaded position)
  std::optional<int> thesis_position;  // the thesis's position number (1-6) this stands for, if any
  std::string phase;                   // "middlegame" or "endgame" (claims C3, C4, C6-C8 need it)
  std::string note;                    // why this position: prose for the report, not an input of any cell
};

// A version with every flag resolved: what a cell runs.
struct VersionSpec {
  std::string name;
  std::string description;
  nlohmann::json flags;  // every search flag and "eval.<term>" -> value, as `harness search --set` takes them
};

// A transposition-table sweep: one base version × entries × schemes (× depths × positions).
struct SweepSpec {
  std::string name;                    // "tt" unless the config names it
  VersionSpec version;                 // the base version, resolved
  std::vector<int> tt_entries;
  std::vector<std::string> tt_schemes;
  std::vector<int> depths;             // defaults to the experiment's depths
  std::vector<std::string> positions;  // ids; defaults to every position of the experiment
};

struct Experiment {
  std::string name;
  std::string description;
  std::vector<PositionSpec> positions;
  std::vector<int> depths;
  std::vector<VersionSpec> versions;
  std::vector<SweepSpec> sweeps;
  std::uint64_t node_budget = 0;  // per cell; 0 = none
  std::string note;               // the config's "note": prose for the report, not an input of any cell

  const PositionSpec* find_position(const std::string& id) const;

  // The resolved form stored as DIR/experiment.json: enough to rebuild every cell and every table
  // without the config file, the presets or the EPD files. Two runs mix only when these are equal.
  // The notes are prose, not inputs: they are stored beside it (notes_json) so that rewording a note
  // never makes results unmixable.
  nlohmann::json to_json() const;
  static Experiment from_json(const nlohmann::json& j, const std::string& where);
  // {"experiment": note, "positions": {id: note}}; apply_notes reads it back (unknown ids ignored).
  nlohmann::json notes_json() const;
  void apply_notes(const nlohmann::json& notes);
};

// Reads and validates a config file. Throws UserError naming `file` and the JSON path.
Experiment load_experiment(const std::filesystem::path& file);
// The same from parsed JSON; `file` only names the source in messages. Relative paths inside
// ("positions/lct2.epd", "configs/versions.json") are resolved against the project root.
Experiment parse_experiment(const nlohmann::json& config, const std::string& file);

// One cell: position × depth × version (× TT entries × scheme). Identical cells from two tables
// (e.g. version D at its own TT size and the same point of a TT sweep) are enumerated once.
struct CellSpec {
  std::string position;
  std::string fen;
  int depth = 1;
  std::string version;
  nlohmann::json flags;        // full, with tt_entries/tt_scheme set for this cell
  int tt_entries = 0;
  std::string tt_scheme;
  std::uint64_t node_budget = 0;
  std::string key;             // cell_key(): hash of the inputs above plus the engine identity
  std::vector<std::string> groups;  // "versions" and/or "sweep:<name>"

  // The inputs that decide the result (what the key hashes), as one JSON object.
  nlohmann::json inputs() const;
};

// Every cell of the experiment in a fixed order (versions table first, then each sweep; within a
// table position, version/scheme, entries, depth), duplicates merged.
std::vector<CellSpec> enumerate_cells(const Experiment& exp, const std::string& engine_identity);

// 16 hex digits: FNV-1a 64 of the canonical JSON of the cell's inputs and the engine identity.
std::string cell_key(const CellSpec& cell, const std::string& engine_identity);
std::string fnv1a_hex(const std::string& text);

// The search flag names the harness sets per cell (checked against search_params() at start-up).
inline constexpr const char* kTtEntriesFlag = "tt_entries";
inline constexpr const char* kTtSchemeFlag = "tt_scheme";
// The scheme names a config accepts (the choices of the tt_scheme flag).
std::vector<std::string> tt_scheme_names();

}  // namespace harness
