// What a results directory holds, told by its files: a run's (experiment.json, cells.jsonl: `harness run`, `merge`),
// one match's (match.json, pairs.jsonl: `harness match`) or a match series' (series.json, its matches in directories
// of their own). A command that writes results refuses a directory holding another kind (issue: `run` into a match's
// directory overwrote its REPORT.md and summary.json and mixed runs.jsonl), and `report` picks what to rebuild by
// kind, refusing a directory that holds more than one.
#pragma once

#include <filesystem>
#include <string>

namespace harness {

enum class ResultsKind { none, run, match, series };

// "a run", "a match", "a match series", "no results".
std::string results_kind_name(ResultsKind k);

// The kind of results `dir` holds (none when it does not exist or holds none of the files above). UserError naming
// the files when it holds more than one kind.
ResultsKind results_kind(const std::filesystem::path& dir);

// UserError unless `dir` holds no results or results of kind `wanted`: "<dir>: holds a match's results (match.json),
// not a run's; <command> would overwrite its REPORT.md and summary.json: give another directory". `command` names
// what was asked ("harness run --out").
void require_results_kind(const std::filesystem::path& dir, ResultsKind wanted, const std::string& command);

}  // namespace harness
