// `harness bench run [--cells N] [--depth D] [--threads J]`: the harness's own cost per cell, at two sizes, to show it
// grows linearly. An experiment of about N cells at depth D (default 1; versions A-H on the first N/8 of the bundled
// positions: the LCT II, Win at Chess, pychess and the two opening samples, 4,430 positions; past 35,440 cells, copies
// of A-H whose aspiration window differs, which changes no depth-1 tree but makes each a cell of its own) is run as
// `harness run -jJ --no-report --quiet` (default one thread) in a fresh process, then reported. The harness's share is
// the J threads' time (J x the process's wall time) less the engine's (construction, search, teardown, summed over
// cells as `run` prints it): reading the config, enumerating the cells, choosing each next cell, building and storing
// its line, syncing, and on J threads the time a thread waits. A sixteenth of N is run first: the two per-cell costs
// should be equal if the overhead is linear. Then the larger run's harness time by stage. The issue's goals are
// stated for 10^5 cells on one thread: at most 10 us a cell at depth 1, at most 5 % of engine time from depth 2.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "harness/cli/commands.h"
#include "harness/paths.h"
#include "harness/errors.h"

namespace harness {

namespace {

const char* const kPositionFiles[] = {"positions/lct2.epd", "positions/wac.epd", "positions/pychess_mate_in_3.epd",
                                      "positions/openings_noob_3moves_sample.epd",
                                      "positions/openings_uho_4060_v2_sample.epd"};
const char* const kVersions[] = {"A", "B", "C", "D", "E", "F", "G", "H"};

// The bundled positions' FENs (the first four fields of each line, with clocks 0 1), in file order.
std::vector<std::string> bundled_fens() {
  std::vector<std::string> fens;
  for (const char* f : kPositionFiles) {
    std::ifstream in(project_path(f));
    for (std::string line; std::getline(in, line);) {
      std::istringstream fields(line);
      std::string board, side, castling, ep;
      if (line.empty() || line[0] == '#') continue;  // pychess_mate_in_3.epd's comments
      if (fields >> board >> side >> castling >> ep) fens.push_back(board + " " + side + " " + castling + " " + ep + " 0 1");
    }
  }
  return fens;
}

// A config of at least `cells` depth-1 cells: versions A-H (and copies of them past 8 x the positions), each on the
// first positions it takes; so a smaller N keeps the mix of versions and only takes fewer positions.
nlohmann::json overhead_config(long cells, int depth, const std::vector<std::string>& fens) {
  const long versions_needed = std::max(8L, (cells + long(fens.size()) - 1) / long(fens.size()));
  const long positions_needed = (cells + versions_needed - 1) / versions_needed;
  nlohmann::json positions = nlohmann::json::array();
  for (long i = 0; i < positions_needed && i < long(fens.size()); ++i)
    positions.push_back({{"fen", fens[std::size_t(i)]}, {"id", fmt::format("P{}", i + 1)}});
  nlohmann::json versions = nlohmann::json::array();
  for (long v = 0; v < versions_needed; ++v) {
    const char* base = kVersions[v % 8];
    if (v < 8)
      versions.push_back(base);
    else
      versions.push_back({{"name", fmt::format("{}_w{}", base, v / 8)},
                          {"extends", base},
                          {"flags", {{"aspiration_window", 33 + v / 8}}},
                          {"description", "a copy for `harness bench run`: a cell of its own (the window changes no depth-1 tree)"}});
  }
  return {{"name", "bench-run"},
          {"description", fmt::format("harness bench run: depth-{} cells to measure the harness's cost per cell", depth)},
          {"positions", positions},
          {"depths", {{"from", depth}, {"to", depth}}},
          {"versions", versions}};
}

struct Measured {
  long cells = 0;
  double process_seconds = 0, engine_seconds = 0, report_seconds = 0;
  // The harness's time by stage, as `run` prints it (cmd_run.cpp): reading and enumerating, the run order's making,
  // in cells outside the engine (record, line, store), between cells (choosing the next, the ETA's learning).
  double setup_seconds = 0, order_seconds = 0, in_cells_seconds = 0, between_cells_seconds = 0;
};

// Runs `args` as a child of this program, stderr to `log`; the exit status.
int run_self(const std::vector<std::string>& args, const std::filesystem::path& log) {
  std::fflush(stdout);  // the child must not print this process's buffered lines again
  const pid_t pid = ::fork();
  if (pid < 0) throw IoError("bench run: fork failed");
  if (pid == 0) {
    std::FILE* f = std::freopen(log.c_str(), "w", stderr);
    if (!f || !std::freopen("/dev/null", "w", stdout)) _exit(127);
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv("/proc/self/exe", argv.data());
    _exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

Measured measure(long cells, int depth, int threads, const std::filesystem::path& dir) {
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto config = dir / "config.json";
  std::ofstream(config) << overhead_config(cells, depth, bundled_fens()).dump(2) << "\n";
  const auto log = dir / "run.log";
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  if (run_self({"harness", "run", config.string(), "-o", (dir / "out").string(), fmt::format("-j{}", threads),
                "--no-report", "--quiet"},
               log) != 0)
    throw IoError(fmt::format("bench run: `harness run` failed; its messages are in {}", log.string()));
  const auto t1 = Clock::now();
  if (run_self({"harness", "report", (dir / "out").string()}, dir / "report.log") != 0)
    throw IoError(fmt::format("bench run: `harness report` failed; its messages are in {}", (dir / "report.log").string()));
  Measured m;
  m.process_seconds = std::chrono::duration<double>(t1 - t0).count();
  m.report_seconds = std::chrono::duration<double>(Clock::now() - t1).count();
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  std::smatch match;
  const std::string s = text.str();
  if (!std::regex_search(s, match, std::regex(R"(ran (\d+) cells, \d+ nodes in [0-9.]+ s wall on \d+ thread\(s\); engine time ([0-9.]+) s)")))
    throw IoError(fmt::format("bench run: no 'ran N cells' line in {}", log.string()));
  m.cells = std::stol(match[1]);
  m.engine_seconds = std::stod(match[2]);
  if (!std::regex_search(s, match, std::regex(R"(setup ([0-9.]+) s, run order ([0-9.]+) s, in cells outside the engine ([0-9.]+) s, between cells ([0-9.]+) s)")))
    throw IoError(fmt::format("bench run: no 'harness overhead' line in {}", log.string()));
  m.setup_seconds = std::stod(match[1]);
  m.order_seconds = std::stod(match[2]);
  m.in_cells_seconds = std::stod(match[3]);
  m.between_cells_seconds = std::stod(match[4]);
  return m;
}

}  // namespace

void register_bench_run(CLI::App& bench) {
  struct Options {
    long cells = 20000;
    int depth = 1;
    int threads = 1;
    std::string dir;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = bench.add_subcommand(
      "run", "The harness's own time per cell (all but the engine's) on about N cells of one depth and on N/16");
  cmd->add_option("--cells", opt->cells, "About how many cells (the issue's goals are stated at 100000)")
      ->check(CLI::Range(100L, 10000000L))
      ->capture_default_str();
  cmd->add_option("--depth", opt->depth, "The cells' depth (the goals: at most 10 us a cell at depth 1, at most 5 % of engine time from depth 2)")
      ->check(CLI::Range(1, 6))
      ->capture_default_str();
  cmd->add_option("--threads,-j", opt->threads, "Threads of `harness run` (its own default is 2; the goals are stated at 1)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--dir", opt->dir, "Where to run (default: a directory under the system's temporary directory, removed after)");
  cmd->callback([opt] {
    const bool keep = !opt->dir.empty();
    const std::filesystem::path dir =
        keep ? std::filesystem::path(opt->dir) : std::filesystem::temp_directory_path() / fmt::format("harness-bench-run-{}", ::getpid());
    fmt::print("depth-{} cells, harness run -j{}\n", opt->depth, opt->threads);
    fmt::print("{:>8} {:>10} {:>10} {:>10} {:>9} {:>10} {:>10}\n", "cells", "process s", "engine s", "harness s",
               "harness %", "us/cell", "report s");
    std::vector<std::pair<long, double>> harness_by_cells;
    std::vector<Measured> runs;
    for (const long n : {std::max(100L, opt->cells / 16), opt->cells}) {
      const Measured m = measure(n, opt->depth, opt->threads, dir / std::to_string(n));
      const double harness = std::max(0.0, opt->threads * m.process_seconds - m.engine_seconds);
      harness_by_cells.emplace_back(m.cells, harness);
      runs.push_back(m);
      fmt::print("{:>8} {:>10.2f} {:>10.2f} {:>10.2f} {:>8.1f}% {:>10.1f} {:>10.2f}\n", m.cells, m.process_seconds,
                 m.engine_seconds, harness, 100.0 * harness / m.engine_seconds, 1e6 * harness / double(m.cells),
                 m.report_seconds);
      std::fflush(stdout);
    }
    // The fixed part (start-up, the engine signature, reading the positions) weighs on the small run: the cost of
    // one cell more is the difference of the two runs over the difference of their cells.
    const auto& [small_cells, small_harness] = harness_by_cells[0];
    const auto& [large_cells, large_harness] = harness_by_cells[1];
    if (large_cells > small_cells)
      fmt::print("harness time per cell added, from {} to {} cells: {:.1f} us; fixed part about {:.2f} s\n", small_cells,
                 large_cells, 1e6 * (large_harness - small_harness) / double(large_cells - small_cells),
                 small_harness - double(small_cells) * (large_harness - small_harness) / double(large_cells - small_cells));
    // Where the larger run's harness time went, as `run` timed its stages; "rest" is the process's time it does not
    // time: starting, the engine identity, the run log, freeing the cells and the ETA's model, exiting; on J threads
    // also the other threads' time while one thread sets up and orders the run (counted once among the stages).
    const Measured& big = runs.back();
    const double staged = big.setup_seconds + big.order_seconds + big.in_cells_seconds + big.between_cells_seconds;
    const double rest = std::max(0.0, opt->threads * big.process_seconds - big.engine_seconds - staged);
    auto share = [&big](double s) { return fmt::format("{:.3f} s ({:.1f} %)", s, 100.0 * s / big.engine_seconds); };
    fmt::print("harness time of the {}-cell run by stage (% of engine time): setup {}, run order {}, in cells outside "
               "the engine {}, between cells {}, rest {}\n",
               big.cells, share(big.setup_seconds), share(big.order_seconds), share(big.in_cells_seconds),
               share(big.between_cells_seconds), share(rest));
    if (!keep) std::filesystem::remove_all(dir);
  });
}

}  // namespace harness
