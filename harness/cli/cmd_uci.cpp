// `harness uci`: the engine as a UCI engine on standard input and output (harness/uci/), for GUIs and tools
// (polyglot, xboard, cutechess, ...). Every search flag and evaluation term is an option.
#include <CLI/CLI.hpp>

#include <iostream>

#include "harness/cli/commands.h"
#include "harness/uci/uci_session.h"

namespace harness {

void register_uci(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("uci", "Speak UCI on stdin/stdout: every flag is an option, Version = A..H");
  cmd->callback([] {
    std::ios::sync_with_stdio(false);
    run_uci(std::cin, std::cout);
  });
}

}  // namespace harness
