// harness: the research front end. Thin: each subcommand is in its own file (commands.h).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <exception>

#include "harness/cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"harness: run and tabulate game-tree search experiments on the BuhoChess engine"};
  app.require_subcommand(1);
  harness::register_perft(app);
  harness::register_eval(app);
  harness::register_search(app);
  harness::register_flags(app);
  harness::register_run(app);
  harness::register_report(app);
  harness::register_merge(app);
  harness::register_uci(app);
  // Further subcommands are registered here, one line each.

  CLI::App* bench = app.add_subcommand("bench", "Benchmarks: speed and node-count signatures");
  bench->require_subcommand(1);
  harness::register_bench_perft(*bench);
  harness::register_bench_eval(*bench);
  harness::register_bench_search(*bench);
  // Further benchmarks are registered here, one line each.

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const harness::UserError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 3;
  }
  return 0;
}
