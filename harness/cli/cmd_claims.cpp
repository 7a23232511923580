// `harness claims DIR... [--out FILE]`: the claims of results directories side by side (claims_side_by_side.h), each
// judged on its own cells as `harness report` judges them; printed, or written to FILE.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "harness/cli/commands.h"
#include "harness/experiment/result_set.h"
#include "harness/report/claims_side_by_side.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/results_kind.h"

namespace harness {

void register_claims(CLI::App& app) {
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "claims", "The claims' verdicts of results directories side by side: parts decided and holding in each (Markdown)");
  cmd->add_option("dirs", *dirs, "Results directories of `harness run` (experiment.json and cells.jsonl), in the columns' order")
      ->required();
  cmd->add_option("--out,-o", *out, "File to write the Markdown to (default: print it)");
  cmd->callback([dirs, out] {
    std::vector<ClaimsRun> runs;
    std::string made_by = "harness claims";
    for (const auto& d : *dirs) {
      if (results_kind(d) != ResultsKind::run)
        throw UserError(fmt::format("{}: not a run's results directory (needs experiment.json and cells.jsonl)", d));
      const ResultSet rs = load_results(d);
      if (rs.experiment.claims.empty()) throw UserError(fmt::format("{}: its experiment has no claims", d));
      runs.push_back({d, evaluate_claims(rs)});
      made_by += " " + d;
    }
    const std::string md = claims_side_by_side_markdown(runs, made_by);
    if (out->empty()) {
      fmt::print("{}", md);
      return;
    }
    write_file_atomically(*out, md);
    for (const auto& r : runs) {
      const ClaimPartCounts n = count_claim_parts(r.claims);
      fmt::print("{}: {} parts, {} decided, {} hold\n", r.label, n.parts, n.decided(), n.holds);
    }
    fmt::print("wrote {}\n", *out);
  });
}

}  // namespace harness
