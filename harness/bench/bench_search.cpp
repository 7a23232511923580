// `harness bench search`: search speed of version H on two LCT II positions, then the engine's signature
// (bench/engine_signature.h): the version-H node signature a commit that changes the search cites, and the
// engine identity every stored cell carries.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>

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

}  // namespace

void register_bench_search(CLI::App& bench) {
  struct Options {
    bool json = false;
    bool signature_only = false;
    int depth_pos = 0;
    int depth_fin = 0;
    std::string driver;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = bench.add_subcommand(
      "search", "Version H speed on LCTII.POS.01 and LCTII.FIN.02, the node-count signature over a fixed set, and the engine identity");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->add_flag("--signature-only", opt->signature_only, "Skip the timed searches; print only the signature and the identity");
  cmd->add_option("--depth-pos", opt->depth_pos, "Override the depth of LCTII.POS.01 (0 = the built-in one)");
  cmd->add_option("--depth-fin", opt->depth_fin, "Override the depth of LCTII.FIN.02 (0 = the built-in one)");
  cmd->add_option("--driver", opt->driver,
                  "Time version H under this root driver (the flag `driver`; the signature stays version H's own)");
  cmd->callback([opt] {
    ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
    if (!opt->driver.empty())
      if (const std::string err = buho::set_param(buho::search_params(), h.search, "driver", opt->driver); !err.empty())
        throw UserError("--driver: " + err);
    buho::Engine engine(h.search, h.eval);
    nlohmann::json out{{"version", "H"}};
    if (!opt->driver.empty()) out["driver"] = opt->driver;

    if (!opt->signature_only) {
      nlohmann::json rows = nlohmann::json::array();
      std::uint64_t nodes = 0;
      double seconds = 0;
      for (const auto& c : kSpeedCases) {
        int depth = c.depth;
        if (opt->depth_pos && std::string(c.id) == "LCTII.POS.01") depth = opt->depth_pos;
        if (opt->depth_fin && std::string(c.id) == "LCTII.FIN.02") depth = opt->depth_fin;
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
