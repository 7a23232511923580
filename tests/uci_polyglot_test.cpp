// `harness uci` driven by a real client: Debian's polyglot (the xboard <-> UCI adapter) plays a short game of the
// engine against itself, as xboard would drive it (scripts/uci/polyglot_game.py). polyglot parses the option list,
// checks every move against the rules and adjudicates the end; the game must end by the rules with no complaint.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <string>

#include "cluster_test_util.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace uci_polyglot_test {

TEST(UciPolyglot, EngineVersusItselfPlaysLegalMovesToTheEnd) {
  ASSERT_EQ(cluster_test::shell("test -x /usr/games/polyglot"), 0)
      << "polyglot is not installed: scripts/setup.sh installs it (Debian package 'polyglot')";
  runner_test::TempDir dir;
  const std::string script = harness::project_path("scripts/uci/polyglot_game.py").string();
  // K+Q against K: a short game; at depth 4 it ends by repetition or mate, either way by polyglot's rules.
  const int code = cluster_test::shell(fmt::format("python3 {} {} '8/8/8/4k3/8/8/8/KQ6 w - - 0 1' 4 150 > {} 2>&1", script,
                                                   BUHO_HARNESS_BIN, (dir / "game").string()));
  const std::string game = runner_test::read_text(dir / "game");
  ASSERT_EQ(code, 0) << game;
  EXPECT_TRUE(game.find("1-0") != std::string::npos || game.find("1/2-1/2") != std::string::npos) << game;
  EXPECT_EQ(game.find("0-1"), std::string::npos) << "the side with the queen lost:\n" << game;
}

}  // namespace uci_polyglot_test
