#include "harness/storage/results_kind.h"

#include <fmt/core.h>

#include <array>
#include <vector>

#include "harness/errors.h"
#include "harness/experiment/result_set.h"
#include "harness/match/match_report.h"
#include "harness/match/pair_store.h"
#include "harness/match/series_report.h"

namespace harness {

namespace {

struct KindFile {
  ResultsKind kind;
  const char* file;
};

// The files that mark each kind. REPORT.md, summary.json and runs.jsonl are written by every kind and mark none.
const std::array<KindFile, 5> kMarks = {{{ResultsKind::run, kExperimentFile},
                                         {ResultsKind::run, kCellsFile},
                                         {ResultsKind::match, kMatchFile},
                                         {ResultsKind::match, kPairsFile},
                                         {ResultsKind::series, kSeriesFile}}};

// The marks present in `dir`, "match.json, pairs.jsonl" for kind `k`.
std::string marks_of(const std::filesystem::path& dir, ResultsKind k) {
  std::string s;
  std::error_code ec;
  for (const KindFile& m : kMarks)
    if (m.kind == k && std::filesystem::exists(dir / m.file, ec)) s += (s.empty() ? "" : ", ") + std::string(m.file);
  return s;
}

}  // namespace

std::string results_kind_name(ResultsKind k) {
  switch (k) {
    case ResultsKind::run: return "a run";
    case ResultsKind::match: return "a match";
    case ResultsKind::series: return "a match series";
    case ResultsKind::none: break;
  }
  return "no results";
}

ResultsKind results_kind(const std::filesystem::path& dir) {
  std::vector<ResultsKind> found;
  for (ResultsKind k : {ResultsKind::run, ResultsKind::match, ResultsKind::series})
    if (!marks_of(dir, k).empty()) found.push_back(k);
  if (found.empty()) return ResultsKind::none;
  if (found.size() == 1) return found[0];
  std::string what;
  for (ResultsKind k : found)
    what += fmt::format("{}{} ({})", what.empty() ? "" : " and ", results_kind_name(k), marks_of(dir, k));
  throw UserError(fmt::format("{}: holds the results of more than one kind: {}; a results directory holds one kind",
                              dir.string(), what));
}

void require_results_kind(const std::filesystem::path& dir, ResultsKind wanted, const std::string& command) {
  const ResultsKind k = results_kind(dir);
  if (k == ResultsKind::none || k == wanted) return;
  throw UserError(fmt::format("{}: holds {}'s results ({}), not {}'s; {} would overwrite its REPORT.md and "
                              "summary.json: give another directory",
                              dir.string(), results_kind_name(k), marks_of(dir, k), results_kind_name(wanted), command));
}

}  // namespace harness
