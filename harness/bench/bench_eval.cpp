// `harness bench eval`: evaluation speed over the LCT II positions (positions/lct2.epd). Each run
// evaluates every position many times; the median run gives evaluations per second. A checksum of
// the values (the sum over the positions, side-to-move view) is printed so a change to the
// evaluation is visible.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "harness/cli/commands.h"
#include "harness/paths.h"
#include "harness/report/median.h"

namespace harness {

namespace {

std::vector<buho::Board> load_lct2() {
  const auto path = project_path("positions/lct2.epd");
  std::ifstream in(path);
  if (!in) throw UserError("cannot read " + path.string());
  std::vector<buho::Board> boards;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      boards.push_back(buho::parse_epd(line).board);
    } catch (const buho::ParseError& e) {
      throw UserError(path.string() + ":" + std::to_string(number) + ": " + e.what());
    }
  }
  if (boards.empty()) throw UserError(path.string() + ": no positions");
  return boards;
}

}  // namespace

void register_bench_eval(CLI::App& bench) {
  struct Options {
    int loops = 20000;  // passes over the positions per run
    int repeat = 5;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = bench.add_subcommand("eval", "Evaluations per second over the LCT II positions (default EvalConfig)");
  cmd->add_option("--loops", opt->loops, "Passes over the positions per run")->check(CLI::Range(1, 10000000))->capture_default_str();
  cmd->add_option("--repeat", opt->repeat, "Runs; the median is reported")->check(CLI::Range(1, 100))->capture_default_str();
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->callback([opt] {
    const std::vector<buho::Board> boards = load_lct2();
    const buho::Evaluator evaluator{buho::EvalConfig{}};
    long long checksum = 0;
    for (const auto& b : boards) checksum += evaluator.evaluate(b);

    // Median seconds of `repeat` runs of `loops` passes. Each run's sum of values is compared with
    // one pass's sum: that keeps the work from being optimised away and checks determinism.
    auto time_runs = [&](auto&& fn) {
      long long one_pass = 0;
      for (const auto& b : boards) one_pass += fn(b);
      std::vector<double> secs;
      for (int r = 0; r < opt->repeat; ++r) {
        long long sink = 0;
        const auto t0 = std::chrono::steady_clock::now();
        for (int l = 0; l < opt->loops; ++l)
          for (const auto& b : boards) sink += fn(b);
        secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        if (sink != one_pass * opt->loops) throw std::logic_error("bench eval: evaluation is not deterministic");
      }
      return median(secs);
    };
    const double n = double(boards.size()) * opt->loops;
    const double eval_s = time_runs([&](const buho::Board& b) { return evaluator.evaluate(b); });
    const double mat_s = time_runs([&](const buho::Board& b) { return evaluator.material_balance(b); });

    if (opt->json) {
      fmt::print("{}\n", nlohmann::json{{"positions", boards.size()},
                                        {"evaluations", n},
                                        {"seconds", eval_s},
                                        {"evals_per_second", n / eval_s},
                                        {"ns_per_eval", eval_s / n * 1e9},
                                        {"material_ns_per_call", mat_s / n * 1e9},
                                        {"checksum", checksum}}
                                 .dump());
      return;
    }
    fmt::print("positions      {} (LCT II)\n", boards.size());
    fmt::print("evaluations    {:.0f} in {:.3f} s (median of {})\n", n, eval_s, opt->repeat);
    fmt::print("evals/s        {:.0f}\n", n / eval_s);
    fmt::print("ns/eval        {:.1f}\n", eval_s / n * 1e9);
    fmt::print("material ns    {:.1f} per material_balance call\n", mat_s / n * 1e9);
    fmt::print("checksum       {}\n", checksum);
  });
}

}  // namespace harness
