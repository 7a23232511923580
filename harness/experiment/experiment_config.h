// An experiment: a JSON config (configs/README.md) read, validated and resolved into positions,
// depths, fully resolved versions and TT sweeps (experiment_config.cpp; EPD files: epd_positions.cpp).
// Every mistake in the config is a UserError naming the file and the JSON path ("$.depths[0]") before
// anything runs. Its stored form (DIR/experiment.json) is experiment_json.cpp's; its cells are
// cell_enumeration.h's.
#pragma once

#include <algorithm>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/eval_config.h"
#include "engine/search_config.h"
#include "harness/experiment/claim_spec.h"
#include "harness/experiment/design.h"
#include "harness/experiment/solution.h"

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
  // The depths this version runs at when fewer than the experiment's (a driver whose time or memory
  // does not allow the deepest, e.g. minimax); empty = every depth of the experiment.
  std::vector<int> depths = {};
  bool runs_at(int depth) const { return depths.empty() || std::find(depths.begin(), depths.end(), depth) != depths.end(); }
};

// A transposition-table sweep: one base version × table sizes × schemes (× depths × positions). The sizes
// are given either as entries (`tt_entries`, as the thesis counts them) or as memory (`tt_bytes`): a size
// in bytes becomes, for each scheme, the entries that fit in it (bytes ÷ the scheme's bytes per entry,
// rounded down), so schemes with two or four slots per entry are compared at equal memory.
struct SweepSpec {
  std::string name;                    // "tt" unless the config names it
  VersionSpec version;                 // the base version, resolved
  std::vector<int> tt_entries;         // empty when the sizes are given in bytes
  std::vector<std::string> tt_schemes;
  std::vector<int> depths;             // defaults to the experiment's depths
  std::vector<std::string> positions;  // ids; defaults to every position of the experiment
  std::vector<std::uint64_t> tt_bytes = {};  // the sizes in bytes (then tt_entries is empty)
  // This sweep's cells are the "unlimited table" of the TT study (harness/report/tt_study.h): every
  // other sweep's cell is compared with the reference cell of its position and depth. One scheme, one size;
  // several reference sweeps (for different depths, each sized for its trees) must share the scheme.
  bool reference = false;

  bool sized_in_bytes() const { return !tt_bytes.empty(); }
  std::size_t size_count() const { return sized_in_bytes() ? tt_bytes.size() : tt_entries.size(); }
  // The entries of size `i` under `scheme` (a name the flag table knows).
  int entries_at(std::size_t i, const std::string& scheme) const;
};

// Bytes of one table entry (every slot) under the scheme named `scheme` (a name the flag table knows).
std::uint64_t bytes_per_entry(const std::string& scheme);

// One point of a sweep's grid.
struct SweepPoint {
  const std::string& position;  // an id
  const std::string& scheme;
  int entries;
  int depth;
  std::size_t size_index;  // which of the sweep's sizes (entries or bytes)
};

// The one iteration over a sweep's cells, in the fixed order position × scheme × size × depth:
// enumerate_cells and every writer walk a sweep through here.
template <class Visit>
void for_each_sweep_point(const SweepSpec& s, Visit&& visit) {
  for (const auto& position : s.positions)
    for (const auto& scheme : s.tt_schemes)
      for (std::size_t i = 0; i < s.size_count(); ++i) {
        const int entries = s.entries_at(i, scheme);
        for (int depth : s.depths) visit(SweepPoint{position, scheme, entries, depth, i});
      }
}

struct Experiment {
  std::string name;
  std::string description;
  std::vector<PositionSpec> positions;
  std::vector<int> depths;
  std::vector<VersionSpec> versions;
  std::vector<SweepSpec> sweeps;
  std::uint64_t node_budget = 0;  // per cell; 0 = none
  std::uint64_t time_limit_ms = 0;  // per cell, wall clock; 0 = none (a stopped cell depends on machine and load)
  std::string note;               // the config's "note": prose for the report, not an input of any cell
  // A version without forward pruning (usually "E") that switches on the exact references, one per
  // pruning cell (exact_reference.h), their inert pruning parameters read from it; "" = no references.
  std::string exact_reference;
  // The EPD `bm` / `am` of the positions that have them, by position id (UCI moves): scoring, not inputs.
  std::map<std::string, Solution> solutions;
  // The config's factorial or leave-one-out design (design.h), whose versions are among `versions`: analysis, not
  // an input of any cell, so stored beside the resolved form (design_json) like the notes; nullopt = none.
  std::optional<Design> design;
  // The config's claims (claim_spec.h), judged by harness/report/claim_evaluator.h: analysis, not an input of any
  // cell, stored beside the resolved form (experiment.json "claims", the list with every claims file read) like the
  // design; empty = none, and the report has no claims section.
  std::vector<ClaimSpec> claims;
  nlohmann::json claims_json = nlohmann::json::array();
  const Solution& solution(const std::string& position_id) const;  // an empty one when the position has none

  const VersionSpec* find_version(const std::string& name) const;

  // By id, through the index index_positions() builds (the loaders call it), else a scan; nullptr when absent.
  const PositionSpec* find_position(const std::string& id) const;
  void index_positions();

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
  // {id: {"bm": [...], "am": [...]}} for the positions with a solution (EPD bm/am), stored beside the
  // resolved form like the notes: scoring data, not inputs, so a set stored before they were read still mixes.
  nlohmann::json solutions_json() const;
  void apply_solutions(const nlohmann::json& solutions);
  bool any_solution() const;

 private:
  std::unordered_map<std::string, std::size_t> position_index_;  // id -> index in positions
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
