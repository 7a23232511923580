// Each subcommand of `harness` lives in its own file and registers itself here.
#pragma once

#include <CLI/CLI.hpp>
#include <stdexcept>

namespace harness {

// An error in what the user gave us (a flag, a file, a config). main() prints "error: <what>" on
// stderr and exits with code 2. Nothing already written is touched.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void register_perft(CLI::App& app);
void register_eval(CLI::App& app);
void register_search(CLI::App& app);
void register_flags(CLI::App& app);
void register_run(CLI::App& app);
void register_report(CLI::App& app);
void register_merge(CLI::App& app);

// `harness bench <kind>`: one file per kind.
void register_bench_perft(CLI::App& bench);
void register_bench_eval(CLI::App& bench);
void register_bench_search(CLI::App& bench);

}  // namespace harness
