// What decides a cell's result, as typed values: the position, the depth, the engine configs and the
// node budget (CellInputs), shared by the cell the runner is asked to search (CellSpec) and the cell as
// stored (CellRecord, cell_record.h). JSON appears only where a cell meets a file: key_json() is the
// form a new cell is written and keyed in.
//
// Two identities, two jobs (configs/README.md "Cell identity"):
//  - the stored `key`: FNV-1a 64 of the inputs as written in the line plus the engine identity. It is
//    computed once, when the cell is created, and only ever checked against its own line (integrity);
//  - identity(): computed in memory from the typed inputs with the current flag table, on both sides,
//    whenever cells are matched (load, resume, merge). A flag added later takes its default on both
//    sides, so a cell stored before the flag existed still matches.
//
// A new cell's line names its flags by their flag set's hash (FlagSet): every flag written in full in each of
// 10^5 lines made a line 3.3 KB, most of a small cell's harness time and a factorial run's 107 MB; the flags are
// written once per file instead, in a flag-set line (cell_store.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/eval_config.h"
#include "engine/search_config.h"
#include "harness/experiment/solution.h"

namespace harness {

// The search flags the harness sets per cell of a TT sweep (checked against search_params() at start-up).
inline constexpr const char* kTtEntriesFlag = "tt_entries";
inline constexpr const char* kTtSchemeFlag = "tt_scheme";
// The scheme names a config accepts: the choices of the tt_scheme flag, from the flag table.
std::vector<std::string> tt_scheme_names();

// Which table of an experiment a cell stands in: the versions table or a TT sweep (by name).
struct TableRef {
  enum class Kind { Versions, Sweep, Reference };  // Reference: an exact search (exact_reference.h)
  Kind kind = Kind::Versions;
  std::string sweep;  // Kind::Sweep only

  static TableRef versions() { return {}; }
  static TableRef sweep_named(std::string name) { return {Kind::Sweep, std::move(name)}; }
  static TableRef reference() { return {Kind::Reference, ""}; }
  bool is_sweep() const { return kind == Kind::Sweep; }
  bool operator==(const TableRef&) const = default;
  // "versions", "sweep:<name>" or "reference": how cells.csv and thesis_comparison.csv print it (never parsed back).
  std::string text() const;
};

// A set of flag values as lines name it: `text` is the canonical dump of every search flag and eval term
// (flags_to_json: keys sorted, no spaces), `hash` its FNV-1a 64 (fnv1a_hex). The versions of an experiment share a
// few; a cell line carries the hash, its file the text once (cell_store.h's flag-set line).
struct FlagSet {
  std::string hash;
  std::shared_ptr<const std::string> text;
};
// The flag set of `flags` (an object of every flag, as flags_to_json() gives it).
FlagSet flag_set_of(const nlohmann::json& flags);

struct CellInputs {
  std::string position;  // the position's id
  std::string fen;
  int depth = 1;
  std::string version;   // the version's name: a label, not an input (identical configs are one cell)
  buho::SearchConfig search;
  buho::EvalConfig eval;
  std::uint64_t node_budget = 0;
  // Wall-clock milliseconds per cell; 0 = none. Part of the identity only when set, so a cell without one keeps
  // the identity and key it had before the limit existed. Its stops depend on the machine and its load.
  std::uint64_t time_limit_ms = 0;

  int tt_entries() const { return search.tt_entries; }
  std::string tt_scheme() const;  // the scheme's name, from the flag table
  // Every search flag and eval term with its value (flags_to_json).
  nlohmann::json flags_json() const;
  // flag_set_of(flags_json()): the flags a new cell of these inputs is written with.
  FlagSet flag_set() const;
  // {fen, depth, flags, tt_entries, tt_scheme, node_budget} (and time_limit_ms where set) with `flags` the flag
  // set's hash: what a new cell's line holds and its key hashes.
  nlohmann::json key_json() const { return key_json(flag_set().hash); }
  // The same with the flag set's hash given (a record knows its set: no dump of the flags).
  nlohmann::json key_json(const std::string& flags_hash) const;
  // Equal exactly when the position, FEN, depth, every flag and the budget are equal (the version name is not
  // an input). Computed with the current flag table (its flags by the hash of their canonical dump, as a flag set
  // names them); never stored.
  std::string identity() const;
};

// One cell of an experiment: its inputs, its key and the tables it stands in.
struct CellSpec {
  CellInputs inputs;
  std::string key;             // cell_key() of inputs.key_json() and the engine identity, computed at creation
  std::string key_engine;      // the engine identity `key` was computed for
  std::string identity;        // inputs.identity(), computed at creation
  FlagSet flag_set;            // inputs.flag_set(): what the cell's line names its flags by
  std::vector<TableRef> tables;
  Solution solution;           // the position's EPD bm/am: how the runner scores the cell; not an input

  bool in_table(const TableRef& t) const;
  bool only_in_versions() const { return tables.size() == 1 && tables[0] == TableRef::versions(); }
};

// A cell of `inputs` for the engine `engine_identity`, in no table yet. `flags`, when given, must be
// inputs.flag_set() (computed once for the many cells of one version: the dump of every flag is most of the cost).
CellSpec make_cell(CellInputs inputs, const std::string& engine_identity, const FlagSet* flags = nullptr);

// The identity() text of cells of these scalar inputs whose flags have the flag set hash `flags_hash`.
// `time_limit_ms` 0 leaves it out of the text.
std::string identity_text(const std::string& position, const std::string& fen, int depth, std::uint64_t node_budget,
                          const std::string& flags_hash, std::uint64_t time_limit_ms = 0);

// 16 hex digits: FNV-1a 64 of the canonical JSON of a cell's written inputs with "engine" added.
std::string cell_key(nlohmann::json written_inputs, const std::string& engine_identity);
// The same for the inputs key_json(flags_hash) gives, their text written without a json.
std::string cell_key(const CellInputs& inputs, const std::string& flags_hash, const std::string& engine_identity);
// FNV-1a 64 of `text`, and the same as 16 lowercase hex digits (what keys, flag sets and line checksums store).
// `from`: the hash of the text before `text`, to hash a text given in pieces.
constexpr std::uint64_t kFnv1aBasis = 1469598103934665603ULL;
std::uint64_t fnv1a_64(std::string_view text, std::uint64_t from = kFnv1aBasis);
std::string hex16(std::uint64_t v);
// The same 16 digits written into out[0..15], no string made (a stored line's checksum, line_checksum.cpp).
void write_hex16(std::uint64_t v, char* out);
std::string fnv1a_hex(std::string_view text);

}  // namespace harness
