// The UCI options: every search flag and every evaluation term (`eval.<term>`) of the flag tables that
// `harness flags` prints, the thesis's versions as `Version` (A..H from configs/versions.json, which resets every
// flag to that version but keeps a Hash set before it), `Hash` in MB, `Clear Hash` and `MultiPV` (the number of best
// lines a search reports, Limits::multipv).
#pragma once

#include <string>
#include <vector>

#include "engine/eval_config.h"
#include "engine/search_config.h"
#include "harness/experiment/presets.h"

namespace harness {

struct UciConfig {
  std::string version = "H";
  buho::SearchConfig search;
  buho::EvalConfig eval;
};

class UciOptions {
 public:
  // Starts at version H of `book`.
  explicit UciOptions(PresetBook book);
  // The `option name ... type ...` lines answering `uci`, one per option.
  std::vector<std::string> declarations() const;
  // Applies `setoption name <name> [value <value>]`. Returns "" or an error naming the option and what it takes.
  // `Clear Hash` is not a setting: the session handles it.
  std::string set(const std::string& name, const std::string& value);
  const UciConfig& config() const { return config_; }
  int multipv() const { return multipv_; }

 private:
  PresetBook book_;
  UciConfig config_;
  // The Hash set (MB), kept across a `Version`, which sets its flags but not the table's memory, so options give the
  // same table in any order; 0 = none set (or tt_entries set since), the version's own table.
  int hash_megabytes_ = 0;
  int multipv_ = 1;  // not a search flag: how many lines a search reports (any version)
};

// Whether a `setoption` name is the `Clear Hash` button (option names are not case-sensitive in UCI).
bool is_clear_hash(const std::string& name);

// The largest power-of-two number of entries whose table fits in `megabytes` (at least one entry).
int tt_entries_for_megabytes(const buho::SearchConfig& c, int megabytes);

}  // namespace harness
