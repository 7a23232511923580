// `harness bench search`: search speed of version H on two LCT II positions, then the engine's signature
// (bench/engine_signature.h): the version-H node signature a commit that changes the search cites, and the
// engine identity every stored cell carries. With --driver, the speed of version H under each root driver
// named (issue 12), searched in turn --repeat times, and each driver's median nodes per second against
// alphabeta's: on a loaded machine only speeds measured side by side in one run compare. With --tt-scheme the
// same for replacement schemes against depth_always (issue 13's speed goal).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <sys/resource.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <vector>

#include "engine/search.h"
#include "engine/search_config.h"
#include "harness/bench/bench_positions.h"
#include "harness/bench/engine_signature.h"
#include "harness/cli/commands.h"
#include "harness/errors.h"
#include "harness/paths.h"
#include "harness/experiment/presets.h"

namespace harness {

namespace {

struct BenchCase {
  const char* id;  // an LCT II id, or "startpos"
  int depth;
};

// Speed: about 5 s each with version H and the full evaluation on the reference machine.
constexpr BenchCase kSpeedCases[] = {{"LCTII.POS.01", 13}, {"LCTII.FIN.02", 19}};

// User CPU seconds of this process so far. The search runs on this thread alone, so the difference around a
// search is its CPU time: unlike its wall time, it leaves out the time the other processes of a shared machine
// held the core (on the 2-core development machine, with a run and a fuzz job beside it, wall time was twice the
// CPU time and swung the ratios between schemes by 20 %).
double user_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return double(u.ru_utime.tv_sec) + double(u.ru_utime.tv_usec) * 1e-6;
}

double median_nps(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n == 0 ? 0.0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

void register_bench_search(CLI::App& bench) {
  struct Options {
    bool json = false;
    bool signature_only = false;
    int depth_pos = 0;
    int depth_fin = 0;
    std::vector<std::string> drivers;
    std::vector<std::string> schemes;
    int repeat = 1;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = bench.add_subcommand(
      "search", "Version H speed on LCTII.POS.01 and LCTII.FIN.02, the node-count signature over a fixed set, and the engine identity");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->add_flag("--signature-only", opt->signature_only, "Skip the timed searches; print only the signature and the identity");
  cmd->add_option("--depth-pos", opt->depth_pos, "Override the depth of LCTII.POS.01 (0 = the built-in one)");
  cmd->add_option("--depth-fin", opt->depth_fin, "Override the depth of LCTII.FIN.02 (0 = the built-in one)");
  cmd->add_option("--driver", opt->drivers,
                  "Root drivers to time in turn (alphabeta, minimax, negascout, scout, mtdf, sss, mt_sss, mt_dual; repeatable); each one's "
                  "median nps and its ratio to alphabeta's")
      ->take_all();
  cmd->add_option("--tt-scheme", opt->schemes,
                  "Replacement schemes to time in turn (depth_always, two_deep, two_big1, bucket2, ...; repeatable); each one's "
                  "median nps and its ratio to depth_always's (issue 13)")
      ->take_all();
  cmd->add_option("--repeat", opt->repeat, "With --driver or --tt-scheme: rounds of all of them, for the medians")->check(CLI::Range(1, 100));
  cmd->callback([opt] {
    const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
    nlohmann::json out{{"version", "H"}};
    auto depth_of = [&](const BenchCase& c) {
      if (opt->depth_pos && std::string(c.id) == "LCTII.POS.01") return opt->depth_pos;
      if (opt->depth_fin && std::string(c.id) == "LCTII.FIN.02") return opt->depth_fin;
      return c.depth;
    };

    if (!opt->drivers.empty() && !opt->schemes.empty())
      throw UserError("harness bench search: give --driver or --tt-scheme, not both (one flag varies per comparison)");
    // One flag varied over the values given, each timed against the reference value's speed.
    const bool by_driver = !opt->drivers.empty();
    const std::vector<std::string>& values = by_driver ? opt->drivers : opt->schemes;
    const std::string flag = by_driver ? "driver" : "tt_scheme";
    const std::string reference_value = by_driver ? "alphabeta" : "depth_always";
    if (!values.empty()) {
      // Each round searches every case under every value, in the order given, so a change of load touches
      // all the values of a round alike; each one's speed is the median over the rounds.
      std::vector<buho::SearchConfig> configs;
      for (const auto& name : values) {
        buho::SearchConfig s = h.search;
        buho::EvalConfig e = h.eval;
        apply_flag_text(flag + "=" + name, s, e, by_driver ? "--driver" : "--tt-scheme");
        configs.push_back(s);
      }
      std::vector<std::vector<double>> nps(configs.size()), cpu_nps(configs.size());
      std::vector<std::uint64_t> nodes(configs.size()), qnodes(configs.size());
      for (int round = 0; round < opt->repeat; ++round)
        for (std::size_t i = 0; i < configs.size(); ++i) {
          buho::Engine engine(configs[i], h.eval);
          std::uint64_t n = 0, q = 0;
          double seconds = 0, cpu = 0;
          for (const auto& c : kSpeedCases) {
            const buho::Board board = bench_position(c.id);
            const double cpu_before = user_cpu_seconds();
            const auto r = engine.search(board, buho::Limits{depth_of(c), 0});
            cpu += user_cpu_seconds() - cpu_before;
            n += r.stats.nodes;
            q += r.stats.qnodes;
            seconds += r.stats.seconds;
          }
          nodes[i] = n;
          qnodes[i] = q;
          nps[i].push_back(seconds > 0 ? double(n) / seconds : 0.0);
          cpu_nps[i].push_back(cpu > 0 ? double(n) / cpu : 0.0);
        }
      double reference = 0, cpu_reference = 0;
      for (std::size_t i = 0; i < configs.size(); ++i)
        if (values[i] == reference_value) reference = median_nps(nps[i]), cpu_reference = median_nps(cpu_nps[i]);
      nlohmann::json rows = nlohmann::json::array();
      const std::string ratio_key = "ratio_to_" + reference_value;
      for (std::size_t i = 0; i < configs.size(); ++i) {
        const double m = median_nps(nps[i]), cpu_m = median_nps(cpu_nps[i]);
        const double ratio = reference > 0 ? m / reference : 0.0;
        const double cpu_ratio = cpu_reference > 0 ? cpu_m / cpu_reference : 0.0;
        // The share of quiescence nodes: two values that grow different trees may differ in speed by what
        // their trees are made of (a quiescence node is cheaper than a full-width one), not by their own cost.
        const double qshare = nodes[i] ? double(qnodes[i]) / double(nodes[i]) : 0.0;
        rows.push_back({{flag, values[i]}, {"nodes", nodes[i]}, {"qnodes", qnodes[i]}, {"nps", nps[i]}, {"median_nps", m},
                        {ratio_key, reference > 0 ? nlohmann::json(ratio) : nlohmann::json(nullptr)},
                        {"cpu_nps", cpu_nps[i]}, {"median_cpu_nps", cpu_m},
                        {"cpu_" + ratio_key, cpu_reference > 0 ? nlohmann::json(cpu_ratio) : nlohmann::json(nullptr)}});
        if (!opt->json)
          fmt::print("{} {:<12} nodes {:>11} (quiescence {:.3f})  median nps {:>10.0f} (per CPU second {:>10.0f}) over {} rounds{}\n",
                     flag, values[i], nodes[i], qshare, m, cpu_m, opt->repeat,
                     reference > 0 ? fmt::format("  ratio to {} {:.3f} (CPU {:.3f})", reference_value, ratio, cpu_ratio) : "");
      }
      out["depth_pos"] = depth_of(kSpeedCases[0]);
      out["depth_fin"] = depth_of(kSpeedCases[1]);
      out[by_driver ? "drivers" : "tt_schemes"] = rows;
    } else if (!opt->signature_only) {
      buho::Engine engine(h.search, h.eval);
      nlohmann::json rows = nlohmann::json::array();
      std::uint64_t nodes = 0;
      double seconds = 0;
      for (const auto& c : kSpeedCases) {
        const int depth = depth_of(c);
        const auto r = engine.search(bench_position(c.id), buho::Limits{depth, 0});
        nodes += r.stats.nodes;
        seconds += r.stats.seconds;
        rows.push_back({{"position", c.id}, {"depth", depth}, {"nodes", r.stats.nodes}, {"seconds", r.stats.seconds},
                        {"nps", r.stats.nps()}, {"best_move", r.best_move.uci()}, {"score", r.score}});
        if (!opt->json)
          fmt::print("{:<14} depth {:>2}  nodes {:>11}  seconds {:>7.3f}  nps {:>10.0f}  bestmove {} score {}\n", c.id,
                     depth, r.stats.nodes, r.stats.seconds, r.stats.nps(), r.best_move.uci(), r.score);
      }
      out["speed"] = rows;
      out["nodes"] = nodes;
      out["seconds"] = seconds;
      out["nps"] = seconds > 0 ? double(nodes) / seconds : 0.0;
      if (!opt->json) fmt::print("total nodes {}  seconds {:.3f}  nps {:.0f}\n", nodes, seconds, seconds > 0 ? double(nodes) / seconds : 0.0);
    }

    const EngineSignature& sig = engine_signature();
    out["signature_set"] = sig.version_h_cases;
    out["signature"] = sig.version_h_nodes;
    out["identity"] = sig.identity;
    out["identity_set"] = sig.identity_cases;
    if (opt->json) {
      fmt::print("{}\n", out.dump());
    } else {
      fmt::print("signature {}\n", sig.version_h_nodes);
      fmt::print("identity {}\n", sig.identity);
    }
  });
}

}  // namespace harness
