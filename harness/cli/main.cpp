// harness: the research front end. Thin: the command line is in command_line.cpp, each subcommand in its own
// file (commands.h).
#include "harness/cli/commands.h"

int main(int argc, char** argv) { return harness::run_command_line(argc, argv); }
