// `harness bench eta [RESULTS_DIR...]`: how right the progress line's ETA is, with no search. Each results
// directory's cells (their nodes and seconds as stored in cells.jsonl) are replayed as a fresh run takes them
// (eta.h replay_eta: the runner's order and thread scheduling), and after every finished cell the ETA the
// model would print is compared with the replayed run's true remaining time. For each stretch of the run
// (from 10, 25, 50, 75 and 90 % of the cells done to the next) it prints the ratio ETA / true at the start of
// the stretch, the median and the worst (farthest from 1) over the stretch, how many lines would show `?`,
// and for how much of the stretch's time (the progress line is redrawn by the clock, not by the cell). An ETA
// that prints as the true remaining time does (whole seconds, clock_text) counts as exact: in the last
// second of a run 0.2 s against 0.1 s is no error a reader sees.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "harness/cli/commands.h"
#include "harness/experiment/eta.h"
#include "harness/experiment/result_set.h"
#include "harness/paths.h"
#include "harness/storage/run_log.h"

namespace harness {

namespace {

// The committed runs (results/README.md): the default directories.
const std::vector<std::string> kCommittedRuns = {"results/thesis-versions", "results/thesis-tt", "results/tt-deep"};
constexpr double kStretchStarts[] = {0.10, 0.25, 0.50, 0.75, 0.90, 1.0};

// The stored cells of DIR in the order a fresh run is given them (the experiment's enumeration).
std::vector<ReplayCell> replay_cells(const ResultSet& results) {
  std::vector<ReplayCell> cells;
  for (const auto& spec : results.cells)
    if (const CellRecord* r = results.record(spec))
      cells.push_back({eta_cell(r->inputs, r->flag_set.hash), r->nodes(), r->engine_seconds});
  return cells;
}

// A ratio's distance from 1, either way (x2 and x0.5 are equally wrong).
double wrongness(double ratio) { return std::abs(std::log(ratio)); }

std::string ratio_text(std::optional<double> r) { return r ? fmt::format("{:.2f}", *r) : "?"; }

struct Stretch {
  std::optional<double> at_start, median, worst;
  std::size_t lines = 0, unknown = 0;
  double seconds = 0, unknown_seconds = 0;  // the stretch's wall time, and the part of it showing `?`
};

// ETA / true remaining time as the progress line shows them.
std::optional<double> shown_ratio(const EtaSample& x) {
  if (!x.predicted) return std::nullopt;
  if (std::lround(*x.predicted) == std::lround(x.actual)) return 1.0;
  return *x.predicted / x.actual;
}

Stretch stretch_of(const std::vector<EtaSample>& samples, std::size_t total, double from, double to) {
  Stretch s;
  std::vector<double> ratios;
  bool first = true;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const EtaSample& x = samples[i];
    const double done = double(x.done) / double(total);
    if (done < from || done >= to || x.actual <= 0) continue;
    ++s.lines;
    // The line stands until the next sample (or the run's end).
    const double shown_for = i + 1 < samples.size() ? samples[i + 1].elapsed - x.elapsed : x.actual;
    s.seconds += shown_for;
    const std::optional<double> ratio = shown_ratio(x);
    if (!ratio) ++s.unknown, s.unknown_seconds += shown_for;
    if (first) s.at_start = ratio, first = false;
    if (!ratio) continue;
    ratios.push_back(*ratio);
    if (!s.worst || wrongness(*ratio) > wrongness(*s.worst)) s.worst = ratio;
  }
  if (!ratios.empty()) {
    std::sort(ratios.begin(), ratios.end());
    const std::size_t n = ratios.size();
    s.median = n % 2 ? ratios[n / 2] : std::sqrt(ratios[n / 2 - 1] * ratios[n / 2]);
  }
  return s;
}

}  // namespace

void register_bench_eta(CLI::App& bench) {
  struct Options {
    std::vector<std::string> dirs;
    int threads = 0;  // 0: as the directory's runs were made
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = bench.add_subcommand(
      "eta", "The progress line's ETA against the true remaining time, replayed from stored cells (no search)");
  cmd->add_option("dirs", opt->dirs, "Results directories (default: the three committed runs)");
  cmd->add_option("--threads", opt->threads, "Threads of the replayed run (default: those of the directory's runs)")
      ->check(CLI::Range(1, 1024));
  cmd->callback([opt] {
    std::vector<std::string> dirs = opt->dirs;
    if (dirs.empty())
      for (const auto& d : kCommittedRuns) dirs.push_back(project_path(d).string());
    std::optional<double> worst_overall;
    for (const auto& dir : dirs) {
      const ResultSet results = load_results(dir);
      const std::vector<ReplayCell> cells = replay_cells(results);
      if (cells.size() < 2) throw UserError(dir + ": fewer than two measured cells, nothing to replay");
      int threads = opt->threads;
      if (threads == 0) {
        threads = 1;
        for (const auto& run : read_run_records(dir)) threads = std::max(threads, run.threads);
      }
      const std::vector<EtaSample> samples = replay_eta(cells, threads);
      double sum = 0;
      for (const auto& c : cells) sum += c.seconds;
      const double wall = samples.empty() ? sum : samples.front().elapsed + samples.front().actual;
      fmt::print("{}: {} cells on {} threads, replayed run {:.1f} s (cells' seconds summed: {:.1f} s)\n", dir,
                 cells.size(), threads, wall, sum);
      fmt::print("  {:>9}  {:>6}  {:>6}  {:>6}  {:>7}  {:>5}   (ETA / true remaining time; ? = no estimate)\n", "cells",
                 "at", "median", "worst", "lines?", "time?");
      double seconds = 0, unknown_seconds = 0;
      for (std::size_t i = 0; i + 1 < std::size(kStretchStarts); ++i) {
        const Stretch s = stretch_of(samples, cells.size(), kStretchStarts[i], kStretchStarts[i + 1]);
        fmt::print("  {:>3.0f}-{:>3.0f} %  {:>6}  {:>6}  {:>6}  {:>3}/{:<3}  {:>4.0f}%\n", 100 * kStretchStarts[i],
                   100 * kStretchStarts[i + 1], ratio_text(s.at_start), ratio_text(s.median), ratio_text(s.worst),
                   s.unknown, s.lines, s.seconds > 0 ? 100 * s.unknown_seconds / s.seconds : 0.0);
        seconds += s.seconds, unknown_seconds += s.unknown_seconds;
        if (s.worst && (!worst_overall || wrongness(*s.worst) > wrongness(*worst_overall))) worst_overall = s.worst;
      }
      fmt::print("  after 10 % of cells the line shows `?` for {:.0f} % of the time\n",
                 seconds > 0 ? 100 * unknown_seconds / seconds : 0.0);
    }
    fmt::print("worst ratio after 10 % of cells, all directories: {} (goal: 0.67-1.5)\n", ratio_text(worst_overall));
  });
}

}  // namespace harness
