// The command line of `harness`: every subcommand registered, the arguments parsed and run, each kind of
// failure turned into its exit code. Here rather than in main.cpp so that CLI11's inline code is compiled in one
// translation unit (harness_cli's unity batch), not again for the program's main (CMakeLists.txt).
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <exception>
#include <filesystem>
#include <string_view>

#include "engine/sss_driver.h"
#include "engine/transposition_table.h"  // AllocationError
#include "harness/identity/engine_signature.h"
#include "harness/cli/commands.h"

namespace harness {

int run_command_line(int argc, char** argv) {
  // `harness --version`: the program's version and its engine's identity (the node-count signature every cell
  // carries), before CLI11, which would ask for a subcommand.
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    const EngineSignature& sig = engine_signature();
    fmt::print("harness {} (engine {}, bench signature {})\n", kEngineVersion, sig.identity, sig.version_h_nodes);
    return kExitOk;
  }
  CLI::App app{"harness: run and tabulate game-tree search experiments on the BuhoChess engine"};
  app.require_subcommand(1);
  register_perft(app);
  register_eval(app);
  register_search(app);
  register_flags(app);
  register_run(app);
  register_report(app);
  register_merge(app);
  register_claims(app);
  register_uci(app);
  register_calibrate(app);
  register_match(app);
  // Further subcommands are registered here, one line each.

  CLI::App* bench = app.add_subcommand("bench", "Benchmarks: speed and node-count signatures");
  bench->require_subcommand(1);
  register_bench_perft(*bench);
  register_bench_eval(*bench);
  register_bench_search(*bench);
  register_bench_eta(*bench);
  register_bench_run(*bench);
  register_bench_uci_stop(*bench);
  // Further benchmarks are registered here, one line each.

  // Exit codes (errors.h, README "Exit codes"): 0 success, 1 a failure not of the input's making,
  // 2 bad input of any kind, CLI11's own parse errors included (they name the option).
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 reports an unknown first word as "a subcommand is required"; name the word instead.
    const auto commands = app.get_subcommands([](CLI::App*) { return true; });
    if (argc > 1 && argv[1][0] != '-' &&
        std::none_of(commands.begin(), commands.end(), [&](CLI::App* c) { return c->check_name(argv[1]); })) {
      std::string valid;
      for (const CLI::App* c : commands) valid += (valid.empty() ? "" : ", ") + c->get_name();
      fmt::print(stderr, "error: unknown command '{}' (valid: {})\n", argv[1], valid);
      return kExitBadInput;
    }
    if (e.get_exit_code() == 0) return app.exit(e), kExitOk;  // --help and its kind print and succeed
    // CLI11's own message names the option; it gets the prefix every other error has.
    fmt::print(stderr, "error: {}\nRun with --help for more information.\n", e.what());
    return kExitBadInput;
  } catch (const UserError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kExitBadInput;
  } catch (const buho::OpenListLimitError& e) {  // driver sss past sss_open_limit: the flags asked too much
    fmt::print(stderr, "error: {}\n", e.what());
    return kExitBadInput;
  } catch (const Interrupted& e) {
    fmt::print(stderr, "interrupted: {}\n", e.what());
    return kExitInterrupted;
  } catch (const IoError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return kExitFailure;
  } catch (const std::filesystem::filesystem_error& e) {  // the system refused a directory operation
    fmt::print(stderr, "error: {}\n", e.what());
    return kExitFailure;
  } catch (const buho::AllocationError& e) {  // names what and how much
    fmt::print(stderr, "error: out of memory: {}\n", e.what());
    return kExitFailure;
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "error: out of memory: the machine refused an allocation (a smaller tt_entries or "
                       "sss_open_limit needs less)\n");
    return kExitFailure;
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: internal: {}\n", e.what());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace harness
