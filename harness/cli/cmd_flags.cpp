// `harness flags`: every search flag and eval term with its default and meaning, printed from the same
// tables the JSON reader and --set use.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "engine/eval_config.h"
#include "engine/search.h"
#include "engine/search_config.h"
#include "harness/cli/commands.h"

namespace harness {

namespace {

template <class Config>
void print_table(const buho::ParamTable<Config>& table, const Config& defaults, std::string_view prefix,
                 nlohmann::json* out) {
  for (const auto& p : table) {
    const std::string name = std::string(prefix) + std::string(p.name);
    const std::string value = buho::param_to_text(p, defaults);
    if (out) {
      out->push_back({{"name", name}, {"default", value}, {"accepts", buho::param_domain(p)}, {"help", std::string(p.help)}});
      continue;
    }
    fmt::print("{:<28} {:<14} {}\n", name, value, buho::param_domain(p));
    fmt::print("    {}\n", p.help);
  }
}

}  // namespace

void register_flags(CLI::App& app) {
  auto json_out = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("flags", "List every search flag and evaluation term with its default and meaning");
  cmd->add_flag("--json", *json_out, "Print a JSON list instead of text");
  cmd->callback([json_out] {
    const buho::SearchConfig s;
    const buho::EvalConfig e;
    if (*json_out) {
      nlohmann::json j = nlohmann::json::array();
      print_table(buho::search_params(), s, "", &j);
      print_table(buho::eval_params(), e, "eval.", &j);
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("Search flags (defaults = version H under the readings of configs/versions-readings-v1.json; configs/versions.json sets the calibrated readings per version; see docs/search.md)\n\n");
    print_table(buho::search_params(), s, "", nullptr);
    // Issue 13: what an entry of each scheme costs, so tables are compared at equal memory as well as
    // equal entries (a sweep's tt_bytes divides by the last column).
    fmt::print("\nTransposition-table memory per tt_scheme (bytes per entry = slots x bytes per slot; docs/tt.md)\n\n");
    fmt::print("{:<14} {:>6} {:>15} {:>16}\n", "tt_scheme", "slots", "bytes per slot", "bytes per entry");
    for (const auto& n : buho::kReplacementSchemeNames) {
      const buho::TableLayout l = buho::transposition_table_layout(n.value);
      fmt::print("{:<14} {:>6} {:>15} {:>16}\n", n.name, l.slots_per_entry, l.bytes_per_slot, l.bytes_per_entry);
    }
    fmt::print("\nEvaluation terms (set them as eval.<term>; see docs/evaluation.md)\n\n");
    print_table(buho::eval_params(), e, "eval.", nullptr);
  });
}

}  // namespace harness
