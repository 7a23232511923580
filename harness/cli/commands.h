// Each subcommand of `harness` lives in its own file and registers itself here. Only the files that
// register a command include CLI11 (it is large); this header needs only the name of its App.
#pragma once

#include "harness/errors.h"

namespace CLI {
class App;
}

namespace harness {

// The whole program: registers every subcommand below, parses argv, runs the command and returns the exit
// code (errors.h: 0 success, 1 a failure not of the input's making, 2 bad input). main.cpp calls it.
int run_command_line(int argc, char** argv);

void register_perft(CLI::App& app);
void register_eval(CLI::App& app);
void register_search(CLI::App& app);
void register_flags(CLI::App& app);
void register_run(CLI::App& app);
void register_report(CLI::App& app);
void register_merge(CLI::App& app);
void register_claims(CLI::App& app);
void register_uci(CLI::App& app);
void register_calibrate(CLI::App& app);
void register_match(CLI::App& app);

// `harness bench <kind>`: one file per kind.
void register_bench_perft(CLI::App& bench);
void register_bench_eval(CLI::App& bench);
void register_bench_search(CLI::App& bench);
void register_bench_eta(CLI::App& bench);
void register_bench_run(CLI::App& bench);
void register_bench_uci_stop(CLI::App& bench);

}  // namespace harness
