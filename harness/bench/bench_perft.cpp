// `harness bench perft`: move-generation speed (millions of leaf nodes per second) on the start
// position to depth 6 and Kiwipete to depth 5, with and without bulk counting, as the median of
// several runs. When Stockfish is installed its own `go perft` is timed in the same run, so the
// ratio compares the two on this machine under the same load. Both count the last ply without making
// its moves; Stockfish takes the length of its legal move list there, ours counts the moves without
// listing them (engine/legal_count.h). Each is timed by the wall clock and by CPU time (user and system):
// on a shared machine the wall clock also counts the time other processes held the core, so the CPU
// ratio is the steadier of the two.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sys/resource.h>

#include "engine/perft.h"
#include "harness/bench/timed_search.h"
#include "harness/cli/commands.h"
#include "harness/report/median.h"

namespace harness {

namespace {

struct PerftCase {
  const char* name;
  const char* fen;
  int depth;
};
constexpr PerftCase kCases[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
};

// CPU seconds (user and system) of the children this process has waited for: the shell of popen and, through
// it, the program it ran.
double children_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Wall and CPU time of `stockfish` running `go perft depth` on `fen`; the start-up cost is measured with a
// depth-1 run and subtracted. Returns the node count it printed (0 when it could not be run).
std::uint64_t stockfish_perft(const std::string& exe, const std::string& fen, int depth, double& seconds, double& cpu) {
  auto run = [&](int d, double& secs, double& cpu_secs) -> std::uint64_t {
    const std::string cmd = "printf 'position fen " + fen + "\\ngo perft " + std::to_string(d) + "\\nquit\\n' | '" + exe + "' 2>/dev/null";
    const double cpu0 = children_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return 0;
    std::array<char, 512> line{};
    std::uint64_t nodes = 0;
    while (fgets(line.data(), int(line.size()), p)) {
      unsigned long long n = 0;
      if (std::sscanf(line.data(), "Nodes searched: %llu", &n) == 1) nodes = n;
    }
    pclose(p);
    secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu_secs = children_cpu_seconds() - cpu0;
    return nodes;
  };
  double base = 0, full = 0, base_cpu = 0, full_cpu = 0;
  run(1, base, base_cpu);
  const std::uint64_t nodes = run(depth, full, full_cpu);
  seconds = std::max(1e-9, full - base);
  cpu = std::max(1e-9, full_cpu - base_cpu);
  return nodes;
}

}  // namespace

void register_bench_perft(CLI::App& bench) {
  struct Options {
    int repeat = 3;
    std::string stockfish = "/usr/games/stockfish";
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = bench.add_subcommand("perft", "Perft speed on startpos (depth 6) and Kiwipete (depth 5), bulk and no-bulk");
  cmd->add_option("--repeat", opt->repeat, "Runs per case; the median is reported")->check(CLI::Range(1, 100))->capture_default_str();
  cmd->add_option("--stockfish", opt->stockfish, "Stockfish binary timed for comparison ('' to skip)")->capture_default_str();
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->callback([opt] {
    nlohmann::json rows = nlohmann::json::array();
    const bool with_sf = !opt->stockfish.empty() && std::filesystem::exists(opt->stockfish);
    if (!opt->json)
      fmt::print("{:<10} {:>5} {:>8} {:>12} {:>9} {:>9} {:>9} {:>9}\n", "position", "depth", "mode", "nodes", "seconds", "Mnps",
                 "cpu s", "cpu Mnps");
    for (const auto& c : kCases) {
      for (const char* mode : {"bulk", "no-bulk", "stockfish"}) {
        const bool is_sf = std::string(mode) == "stockfish";
        if (is_sf && !with_sf) continue;
        std::vector<double> secs, cpus;
        std::uint64_t nodes = 0;
        for (int r = 0; r < opt->repeat; ++r) {
          double s = 0, cpu = 0;
          if (is_sf) {
            nodes = stockfish_perft(opt->stockfish, c.fen, c.depth, s, cpu);
          } else {
            buho::Board b = buho::Board::from_fen(c.fen);
            const double cpu0 = thread_cpu_seconds();
            const auto t0 = std::chrono::steady_clock::now();
            nodes = buho::perft(b, c.depth, std::string(mode) == "bulk");
            s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            cpu = std::max(1e-9, thread_cpu_seconds() - cpu0);
          }
          secs.push_back(s);
          cpus.push_back(cpu);
        }
        const double med = median(secs), med_cpu = median(cpus);
        const double mnps = double(nodes) / med / 1e6, cpu_mnps = double(nodes) / med_cpu / 1e6;
        rows.push_back({{"position", c.name}, {"depth", c.depth}, {"mode", mode}, {"nodes", nodes}, {"seconds", med}, {"mnps", mnps},
                        {"cpu_seconds", med_cpu}, {"cpu_mnps", cpu_mnps}});
        if (!opt->json)
          fmt::print("{:<10} {:>5} {:>8} {:>12} {:>9.3f} {:>9.1f} {:>9.3f} {:>9.1f}\n", c.name, c.depth, mode, nodes, med, mnps,
                     med_cpu, cpu_mnps);
      }
    }
    // Ratio of our bulk-counting speed to Stockfish's, per position: per wall second and per CPU second.
    nlohmann::json ratios = nlohmann::json::object(), cpu_ratios = nlohmann::json::object();
    for (const auto& c : kCases) {
      double ours = 0, sf = 0, ours_cpu = 0, sf_cpu = 0;
      for (const auto& r : rows)
        if (r["position"] == c.name) {
          if (r["mode"] == "bulk") ours = r["mnps"], ours_cpu = r["cpu_mnps"];
          if (r["mode"] == "stockfish") sf = r["mnps"], sf_cpu = r["cpu_mnps"];
        }
      if (sf > 0) ratios[c.name] = ours / sf;
      if (sf_cpu > 0) cpu_ratios[c.name] = ours_cpu / sf_cpu;
    }
    if (opt->json) {
      fmt::print("{}\n", nlohmann::json{{"repeat", opt->repeat}, {"rows", rows}, {"bulk_vs_stockfish", ratios},
                                        {"bulk_vs_stockfish_cpu", cpu_ratios}}.dump());
      return;
    }
    for (auto it = ratios.begin(); it != ratios.end(); ++it)
      fmt::print("bulk speed vs stockfish on {}: {:.0f} % per wall second, {:.0f} % per CPU second\n", it.key(),
                 100.0 * it.value().get<double>(), 100.0 * cpu_ratios.value(it.key(), 0.0));
    if (!with_sf) fmt::print("(stockfish not found at '{}': no comparison)\n", opt->stockfish);
  });
}

}  // namespace harness
