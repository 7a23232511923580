// An experiment: a JSON config (configs/README.md) read, validated and resolved into positions,
// depths, fully resolved versions and TT sweeps (experiment_config.cpp; EPD files: epd_positions.cpp).
// Every mistake in the config is a UserError naming the file and the JSON path ("$.depths[0]") before
// anything runs. Its stored form (DIR/experiment.json) is experiment_json.cpp's; its cells are
// cell_enumeration.h's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/eval_config.h"
#include "engine/search_config.h"

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
  buho::SearchConfig search;
  buho::EvalConfig eval;
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

// One point of a sweep's grid.
struct SweepPoint {
  const std::string& position;  // an id
  const std::string& scheme;
  int entries;
  int depth;
};

// The one iteration over a sweep's cells, in the fixed order position × scheme × entries × depth:
// enumerate_cells and every writer walk a sweep through here.
template <class Visit>
void for_each_sweep_point(const SweepSpec& s, Visit&& visit) {
  for (const auto& position : s.positions)
    for (const auto& scheme : s.tt_schemes)
      for (int entries : s.tt_entries)
        for (int depth : s.depths) visit(SweepPoint{position, scheme, entries, depth});
}

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
  // without the config file, the presets or the EPD files. Two runs mix only when their typed forms
  // are equal (same_experiment). The notes are prose, not inputs: they are stored beside it
  // (notes_json) so that rewording a note never makes results unmixable.
  nlohmann::json to_json() const;
  // Reads a stored form: each version's flags over the current defaults (a flag added since takes its
  // default); a stored flag this engine does not know is a UserError naming it and `where`.
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

// Whether two experiments have the same inputs: equal resolved forms (to_json), their versions compared
// as typed configs, so a form stored before a flag existed equals today's when that flag is at its default.
bool same_experiment(const Experiment& a, const Experiment& b);

}  // namespace harness
