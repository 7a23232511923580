// `harness report DIR`: rebuilds REPORT.md, cells.csv, thesis_comparison.csv and summary.json from
// DIR/experiment.json and DIR/cells.jsonl (with DIR/runs.jsonl and DIR/notes.md), without searching.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "harness/cli/commands.h"
#include "harness/paths.h"
#include "harness/experiment/result_set.h"
#include "harness/report/writers.h"

namespace harness {

void register_report(CLI::App& app) {
  auto dir = std::make_shared<std::string>();
  auto thesis = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("report", "Rebuild the tables, CSV, JSON summary and claims of a results directory");
  cmd->add_option("dir", *dir, "Results directory (holds experiment.json and cells.jsonl)")->required();
  cmd->add_option("--thesis-data", *thesis, "Directory of the thesis CSVs (default data/thesis)");
  cmd->callback([dir, thesis] {
    const ResultSet rs = load_results(*dir);
    const auto files =
        write_reports(rs, *dir, load_thesis_data(thesis->empty() ? project_path("data/thesis") : std::filesystem::path(*thesis)));
    fmt::print("{}: {} of {} cells measured\n", rs.experiment.name, rs.measured(), rs.cells.size());
    for (const auto& c : evaluate_claims(rs)) fmt::print("  {}: {}\n", c.id, c.verdict());
    for (const auto& f : files) fmt::print("wrote {}\n", f.string());
  });
}

}  // namespace harness
