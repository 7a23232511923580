// `harness report DIR`: rebuilds REPORT.md, cells.csv, summary.json and (for thesis positions) thesis_comparison.csv
// (a match directory: REPORT.md, summary.json and games.pgn from its pairs, harness/match/match_report.h) from
// DIR/experiment.json and DIR/cells.jsonl (with DIR/runs.jsonl and DIR/notes.md), without searching.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <optional>

#include "harness/cli/commands.h"
#include "harness/experiment/result_set.h"
#include "harness/match/match_report.h"
#include "harness/match/series_report.h"
#include "harness/paths.h"
#include "harness/report/writers.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/results_kind.h"

namespace harness {

void register_report(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  auto thesis = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("report", "Rebuild the tables, CSV, JSON summary and claims of a results directory");
  cmd->add_option("dir", *dir, "Results directory (holds experiment.json and cells.jsonl, or a match's match.json and pairs.jsonl)")->required();
  cmd->add_option("--thesis-data", *thesis, "Directory of the thesis CSVs (default data/thesis)");
  cmd->callback([dir, thesis] {
    // A match's directory (harness match): its study, REPORT.md, summary.json and games.pgn from pairs.jsonl; a
    // series' directory: every match's, and the series' table.
    // What to rebuild is told by what the directory holds, one kind only (results_kind.h).
    const ResultsKind kind = results_kind(*dir);
    const bool series = kind == ResultsKind::series;
    if (series || kind == ResultsKind::match) {
      const MatchReport report = series ? write_series_reports(*dir) : write_match_reports(*dir);
      for (const auto& line : report.summary_lines) fmt::print("{}\n", line);
      for (const auto& f : report.files) fmt::print("wrote {}\n", f.string());
      return;
    }
    // A cut-off last line is set aside as `run` sets it aside, unless a run or merge holds the directory: its last
    // line may be one it is writing now, and it is that writer's to finish.
    const std::filesystem::path cells = std::filesystem::path(*dir) / kCellsFile;
    if (ends_in_torn_line(cells)) {
      std::optional<OutputLock> lock;
      try {
        lock.emplace(*dir, this_command_line());
      } catch (const UserError&) {
        fmt::print(stderr, "note: {} ends with an incomplete line and another harness process is writing {}: the line "
                           "is left to it\n", cells.string(), *dir);
      }
      if (lock) set_torn_tail_aside(cells);
    }
    const ResultSet rs = load_results(*dir);
    const auto files =
        write_reports(rs, *dir, load_thesis_data(thesis->empty() ? project_path("data/thesis") : std::filesystem::path(*thesis)));
    fmt::print("{}: {} of {} cells measured{}\n", rs.experiment.name, rs.measured(), rs.cells.size(),
               rs.failed.empty() ? "" : fmt::format(", {} failed (listed in REPORT.md)", rs.failed.size()));
    // The config's claims' verdicts, where the experiment measures any of them (as REPORT.md's section: study.h).
    const std::vector<Claim> claims = evaluate_claims(rs);
    if (any_claim_measured(claims))
      for (const auto& c : claims)
        fmt::print("  {}: {} (Holm: {})\n", c.id, verdict_text(c.verdict()), verdict_text(c.holm_verdict()));
    for (const auto& f : files) fmt::print("wrote {}\n", f.string());
  });
}

}  // namespace harness
