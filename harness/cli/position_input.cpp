#include "harness/cli/position_input.h"

#include <fmt/core.h>

#include "harness/cli/commands.h"

namespace harness {

buho::Board board_from_user_fen(const std::string& fen, const std::string& option) {
  std::vector<std::string> warnings;
  try {
    buho::Board b = buho::Board::from_fen(fen, &warnings);
    for (const auto& w : warnings) fmt::print(stderr, "warning: {}: {}\n", option, w);
    return b;
  } catch (const buho::ParseError& e) {
    throw UserError(option + ": " + e.what());
  }
}

}  // namespace harness
