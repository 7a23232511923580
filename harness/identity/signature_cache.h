// A cache of the engine's signature (engine_signature.h) across processes. Computing it searches some sixty
// positions: 0.6 s in a Release build, 2.5 s under ASan+UBSan, paid by every `harness run`, `calibrate` and
// `bench search` process, where a sanitizer test of the runner spends three quarters of each run on it. The
// signature is a function of the program's code and of two data files (configs/versions.json for version H,
// positions/lct2.epd for the positions), so it is stored under a key hashed from the bytes of all three: a rebuilt
// binary or an edited file has another key and is computed afresh. The cache is an optimisation only: a file that
// is missing, unreadable, of another key or malformed is ignored, and a failure to write it is silent.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "harness/identity/engine_signature.h"

namespace harness {

// $XDG_CACHE_HOME/buho-harness, else $HOME/.cache/buho-harness; nullopt when neither variable is set.
std::optional<std::filesystem::path> signature_cache_dir();
// A hash of the bytes of `files` in order (and kEngineVersion), as 16 hex digits; nullopt if one cannot be read.
std::optional<std::string> signature_cache_key(const std::vector<std::filesystem::path>& files);
// The signature stored in `dir` under `key`, if there is a well-formed one.
std::optional<EngineSignature> load_cached_signature(const std::filesystem::path& dir, const std::string& key);
// Stores `sig` under `key` in `dir` (created if needed), replacing the file at once (written aside, then renamed),
// so that two processes storing together leave one whole file.
void store_cached_signature(const std::filesystem::path& dir, const std::string& key, const EngineSignature& sig);

}  // namespace harness
