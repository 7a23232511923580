// `harness flags`: every search flag and eval term with its default and meaning, printed from the same
// tables the JSON reader and --set use.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "engine/eval_config.h"
#include "engine/search.h"
#include "engine/search_config.h"
#include "harness/cli/commands.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"

namespace harness {

namespace {

// Each flag with the engine's built-in default (what a search given no version uses) and the chosen version's
// value in configs/versions.json (H unless --version names another: what `harness uci` and `--version H` use),
// marked `*` where they differ.
template <class Config>
void print_table(const buho::ParamTable<Config>& table, const Config& defaults, const Config& version,
                 std::string_view prefix, nlohmann::json* out) {
  for (const auto& p : table) {
    const std::string name = std::string(prefix) + std::string(p.name);
    const std::string value = buho::param_to_text(p, defaults), h = buho::param_to_text(p, version);
    if (out) {
      out->push_back({{"name", name}, {"default", value}, {"version", h}, {"accepts", buho::param_domain(p)},
                      {"help", std::string(p.help)}});
      continue;
    }
    fmt::print("{:<28} {:<14} {:<20} {}\n", name, value, h == value ? h : h + " *", buho::param_domain(p));
    fmt::print("    {}\n", p.help);
  }
}

}  // namespace

void register_flags(CLI::App& app) {
  struct Options {
    bool json = false;
    std::string version = "H";
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("flags", "List every search flag and evaluation term with its default and meaning");
  cmd->add_flag("--json", opt->json, "Print a JSON list instead of text (each flag's \"version\" is --version's value)");
  cmd->add_option("--version", opt->version, "A version of configs/versions.json whose values are printed beside the defaults")
      ->capture_default_str();
  cmd->callback([opt] {
    const buho::SearchConfig s;
    const buho::EvalConfig e;
    const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve(opt->version);
    if (opt->json) {
      nlohmann::json j = nlohmann::json::array();
      print_table(buho::search_params(), s, h.search, "", &j);
      print_table(buho::eval_params(), e, h.eval, "eval.", &j);
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("Search flags: the engine's built-in default (what a search given no version uses: version H under the "
               "readings of configs/versions-readings-v1.json), then version {} of configs/versions.json (`--version {}`; "
               "H is what `harness uci` plays), * where they differ; see docs/search.md\n\n",
               opt->version, opt->version);
    fmt::print("{:<28} {:<14} {:<20} {}\n", "flag", "default", "version " + opt->version, "accepts");
    print_table(buho::search_params(), s, h.search, "", nullptr);
    // What an entry of each scheme costs, so tables are compared at equal memory as well as
    // equal entries (a sweep's tt_bytes divides by the last column).
    fmt::print("\nTransposition-table memory per tt_scheme (bytes per entry = slots x bytes per slot; docs/tt.md)\n\n");
    fmt::print("{:<14} {:>6} {:>15} {:>16}\n", "tt_scheme", "slots", "bytes per slot", "bytes per entry");
    for (const auto& n : buho::kReplacementSchemeNames) {
      const buho::TableLayout l = buho::transposition_table_layout(n.value);
      fmt::print("{:<14} {:>6} {:>15} {:>16}\n", n.name, l.slots_per_entry, l.bytes_per_slot, l.bytes_per_entry);
    }
    fmt::print("\nEvaluation terms (set them as eval.<term>; see docs/evaluation.md)\n\n");
    print_table(buho::eval_params(), e, h.eval, "eval.", nullptr);
  });
}

}  // namespace harness
