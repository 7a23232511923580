// The format of a run's results directory (experiment.json, cells.jsonl and its flag-set file), numbered in
// experiment.json's "results_format", which `harness run` writes. `harness migrate DIR` rewrites a directory of an
// older format into the current one.
//
// Format 1 (current): every line of cells.jsonl and of its flag-set file ends with its line_xxh checksum
// (line_checksum.h), and experiment.json says "line_checksums": true and "results_format": 1.
// Format 0 (no number): lines with the line_fnv checksum. Their text before the checksum is the current text:
// migrating gives them a line_xxh checksum over the same bytes, so no field of any cell changes, and a line already
// checksummed with line_xxh is kept byte for byte. Lines without a checksum (written before checksums existed) are
// refused like a damaged line (kOlderFormatRemedy).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace harness {

inline constexpr int kResultsFormat = 1;
// What a reader tells of a line this harness no longer reads (flags in full rather than a flag set's hash, no
// checksum): the committed runs written so were retired to git tag results-history together with that code.
inline constexpr const char* kOlderFormatRemedy =
    "it is of an older results format, which this harness no longer reads; `git checkout results-history` holds the "
    "code that reads it";
inline constexpr const char* kResultsFormatKey = "results_format";
// The copy of its config a calibration's directory keeps (`harness calibrate`): what tells such a directory.
inline constexpr const char* kCalibrationConfigCopy = "calibration-config.json";

// What one migration did, one sentence per file changed; empty when the directory was current already.
struct Migration {
  std::vector<std::string> changes;
};

// Rewrites the run's results directory `dir` into format kResultsFormat, holding its lock (output_lock.h); a
// calibration's directory (`harness calibrate`: calibration-config.json and cells.jsonl) has its lines rewritten alike. Each file
// is rewritten whole beside itself, read back as a store and renamed over the old one (the flag-set file before the
// cells that name its sets, experiment.json last), so a crash leaves every file in one format or the other and a
// second migration finishes the job. A torn last line is set aside first (cell_store.h). UserError (exit 2) when
// `dir` is neither a run's nor a calibration's results directory, when a line fails or lacks its checksum, or when the
// directory's format is newer than this harness's.
Migration migrate_results(const std::filesystem::path& dir);

}  // namespace harness
