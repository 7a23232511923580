// `harness perft`: leaf counts for checking move generation against published numbers or Stockfish.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "engine/perft.h"
#include "harness/cli/commands.h"
#include "harness/cli/position_input.h"

namespace harness {

void register_perft(CLI::App& app) {
  struct Options {
    std::string fen = "startpos";
    int depth = 1;
    bool divide = false;
    bool no_bulk = false;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("perft", "Count the leaf positions of the legal move tree to a depth");
  cmd->add_option("--fen", opt->fen, "Position as FEN, or 'startpos'")->capture_default_str();
  cmd->add_option("--depth", opt->depth, "Depth in plies")->required()->check(CLI::Range(1, 20));
  cmd->add_flag("--divide", opt->divide, "Also print the count below each root move");
  cmd->add_flag("--no-bulk", opt->no_bulk, "Make every move of the last ply instead of counting its legal moves");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->callback([opt] {
    buho::Board board = board_from_user_fen(opt->fen, "--fen");
    const bool bulk = !opt->no_bulk;
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::pair<buho::Move, std::uint64_t>> divide;
    std::uint64_t nodes = 0;
    if (opt->divide) {
      divide = buho::perft_divide(board, opt->depth, bulk);
      for (const auto& [m, n] : divide) nodes += n;
    } else {
      nodes = buho::perft(board, opt->depth, bulk);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (opt->json) {
      nlohmann::json j{{"fen", board.fen()}, {"depth", opt->depth}, {"bulk", bulk}, {"nodes", nodes}, {"seconds", seconds},
                       {"mnps", seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0}};
      if (opt->divide) {
        nlohmann::json d = nlohmann::json::object();
        for (const auto& [m, n] : divide) d[m.uci()] = n;
        j["divide"] = d;
      }
      fmt::print("{}\n", j.dump());
      return;
    }
    for (const auto& [m, n] : divide) fmt::print("{}: {}\n", m.uci(), n);
    fmt::print("seconds {:.3f}\n", seconds);
    fmt::print("nodes {}\n", nodes);
  });
}

}  // namespace harness
