// `harness migrate DIR...`: rewrites each run's results directory of an older results format into the current one
// (harness/storage/results_format.h), printing what it changed; a directory in the current format is left as it is.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "harness/cli/commands.h"
#include "harness/storage/results_format.h"

namespace harness {

void register_migrate(CLI::App& app) {
  auto dirs = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand(
      "migrate", fmt::format("Rewrite run results directories of an older results format into the current one ({})",
                             kResultsFormat));
  cmd->add_option("dirs", *dirs, "Results directories of `harness run` (experiment.json and cells.jsonl)")->required();
  cmd->callback([dirs] {
    for (const auto& d : *dirs) {
      const Migration m = migrate_results(d);
      if (m.changes.empty()) fmt::print("{}: results_format {} already; nothing changed\n", d, kResultsFormat);
      for (const auto& c : m.changes) fmt::print("{}: {}\n", d, c);
    }
  });
}

}  // namespace harness
