// `harness bench perft`: move-generation speed (millions of leaf nodes per second) on the start
// position to depth 6 and Kiwipete to depth 5, with and without bulk counting, as the median of
// several runs. When Stockfish is installed its own `go perft` is timed in the same run, so the
// ratio compares like with like on this machine.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "engine/perft.h"
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

// Wall time of `stockfish` running `go perft depth` on `fen`; the start-up cost is measured with a
// depth-1 run and subtracted. Returns the node count it printed (0 when it could not be run).
std::uint64_t stockfish_perft(const std::string& exe, const std::string& fen, int depth, double& seconds) {
  auto run = [&](int d, double& secs) -> std::uint64_t {
    const std::string cmd = "printf 'position fen " + fen + "\\ngo perft " + std::to_string(d) + "\\nquit\\n' | '" + exe + "' 2>/dev/null";
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
    return nodes;
  };
  double base = 0, full = 0;
  run(1, base);
  const std::uint64_t nodes = run(depth, full);
  seconds = std::max(1e-9, full - base);
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
    if (!opt->json) fmt::print("{:<10} {:>5} {:>8} {:>12} {:>9} {:>9}\n", "position", "depth", "mode", "nodes", "seconds", "Mnps");
    for (const auto& c : kCases) {
      for (const char* mode : {"bulk", "no-bulk", "stockfish"}) {
        const bool is_sf = std::string(mode) == "stockfish";
        if (is_sf && !with_sf) continue;
        std::vector<double> secs;
        std::uint64_t nodes = 0;
        for (int r = 0; r < opt->repeat; ++r) {
          double s = 0;
          if (is_sf) {
            nodes = stockfish_perft(opt->stockfish, c.fen, c.depth, s);
          } else {
            buho::Board b = buho::Board::from_fen(c.fen);
            const auto t0 = std::chrono::steady_clock::now();
            nodes = buho::perft(b, c.depth, std::string(mode) == "bulk");
            s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
          }
          secs.push_back(s);
        }
        const double med = median(secs);
        const double mnps = double(nodes) / med / 1e6;
        rows.push_back({{"position", c.name}, {"depth", c.depth}, {"mode", mode}, {"nodes", nodes}, {"seconds", med}, {"mnps", mnps}});
        if (!opt->json) fmt::print("{:<10} {:>5} {:>8} {:>12} {:>9.3f} {:>9.1f}\n", c.name, c.depth, mode, nodes, med, mnps);
      }
    }
    // Ratio of our bulk-counting speed to Stockfish's, per position.
    nlohmann::json ratios = nlohmann::json::object();
    for (const auto& c : kCases) {
      double ours = 0, sf = 0;
      for (const auto& r : rows)
        if (r["position"] == c.name) {
          if (r["mode"] == "bulk") ours = r["mnps"];
          if (r["mode"] == "stockfish") sf = r["mnps"];
        }
      if (sf > 0) ratios[c.name] = ours / sf;
    }
    if (opt->json) {
      fmt::print("{}\n", nlohmann::json{{"repeat", opt->repeat}, {"rows", rows}, {"bulk_vs_stockfish", ratios}}.dump());
      return;
    }
    for (auto it = ratios.begin(); it != ratios.end(); ++it)
      fmt::print("bulk speed vs stockfish on {}: {:.0f} %\n", it.key(), 100.0 * it.value().get<double>());
    if (!with_sf) fmt::print("(stockfish not found at '{}': no comparison)\n", opt->stockfish);
  });
}

}  // namespace harness
