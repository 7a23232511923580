// `harness calibrate [CONFIG] [--out DIR] [--jobs N] [--stage mapping|readings|all]`: decides the thesis-position
// mapping and the contested readings by their fit to the thesis's own tables (harness/thesis/).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "harness/thesis/calibration_config.h"
#include "harness/thesis/calibration_report.h"
#include "harness/thesis/calibration_run.h"
#include "harness/cli/commands.h"
#include "harness/paths.h"

namespace harness {

void register_calibrate(CLI::App& app) {
  struct Options {
    std::string config;
    std::string out;
    int jobs = 1;
    std::string stage = "all";
    bool quiet = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "calibrate", "Fit the thesis-position mapping and the readings of the text to Tables B.1-B.6 (default configs/calibration.json)");
  cmd->add_option("config", opt->config, "Calibration config (JSON, see configs/README.md); default configs/calibration.json");
  cmd->add_option("--out,-o", opt->out, "Output directory (default out/calibration); resumes what it holds");
  cmd->add_option("--jobs,-j", opt->jobs, "Searches at once (one engine each)")->capture_default_str()->check(CLI::Range(1, 256));
  cmd->add_option("--stage", opt->stage, "mapping, readings (needs the mapping pinned) or all")->capture_default_str();
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress line");
  cmd->callback([opt] {
    const CalibrationStage stage = parse_stage(opt->stage);
    const std::filesystem::path config =
        opt->config.empty() ? project_path("configs/calibration.json") : std::filesystem::path(opt->config);
    const CalibrationConfig cfg = load_calibration_config(config);
    CalibrationOptions options;
    options.out = opt->out.empty() ? project_path("out/calibration") : std::filesystem::path(opt->out);
    options.jobs = opt->jobs;
    options.stage = stage;
    options.progress = !opt->quiet;
    const CalibrationResult r = run_calibration(cfg, options);
    fmt::print(stderr, "calibrate: searched {} cells ({} nodes) in {:.1f} s\n", r.searched, r.nodes_searched, r.wall_seconds);
    for (const auto& m : r.mapping)
      fmt::print(stderr, "  thesis position {} -> {}\n", m.thesis_position, m.chosen.empty() ? "(none possible)" : m.chosen);
    for (const auto& g : r.groups) fmt::print(stderr, "  {}: {}\n", g.group.name, g.scores[g.chosen].reading.name);
    fmt::print(stderr, "wrote {}\n", (options.out / kCalibrationReport).string());
    fmt::print(stderr, "wrote {}\n", (options.out / kCalibrationCsv).string());
  });
}

}  // namespace harness
