// The format of a run's results directory (experiment.json, cells.jsonl and its flag-set file), numbered in
// experiment.json's "results_format", which `harness run` writes. Format 1 is the only one this harness reads: every
// line of cells.jsonl and of its flag-set file ends with its line_xxh checksum (line_checksum.h), and a directory of a
// newer format is refused. The older formats (lines with an FNV-1a checksum or none, flags written in full) left with
// the runs written in them and the code that read them: git tag results-history (commit 87c4181).
#pragma once

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

}  // namespace harness
