// `harness uci` in a real GUI: Debian's xboard, through polyglot, on a virtual X display (Xvfb), plays a game of the
// engine against itself from the start position (scripts/uci/xboard_game.sh) and saves it. The saved game is
// replayed with the engine's move generator (every SAN move legal and unambiguous, check marks right), it carries a
// result, and the screenshot of the final position is a PNG of the virtual screen. The game, the screenshot and
// xboard's engine log stay in build/test-output/xboard_gui/ for a person to look at.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "cluster_test_util.h"
#include "harness/paths.h"
#include "pgn_replay.h"
#include "runner_test_util.h"

namespace xboard_gui_test {

namespace fs = std::filesystem;

bool is_result(const std::string& s) { return s == "1-0" || s == "0-1" || s == "1/2-1/2"; }

std::uint32_t big_endian32(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

TEST(PgnReplay, AcceptsALegalGameAndRefusesAnIllegalMoveOrAWrongCheckMark) {
  const std::string head = "[Event \"t\"]\n[Result \"1-0\"]\n\n";
  const auto ok = pgn_replay::replay(head + "1. e4 {book} e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
  EXPECT_EQ(ok.error, "");
  EXPECT_EQ(ok.moves, (std::vector<std::string>{"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"}));
  EXPECT_EQ(ok.termination, "1-0");
  EXPECT_EQ(ok.result_tag, "1-0");
  EXPECT_NE(pgn_replay::replay(head + "1. e4 e5 2. Ke3 1-0\n").error, "") << "Ke3 is not a legal move there";
  EXPECT_NE(pgn_replay::replay(head + "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0\n").error, "") << "mate written as +";
  EXPECT_NE(pgn_replay::replay(head + "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5 Nb4 5. Nd4 1-0\n").error, "")
      << "two knights reach d4: SAN must say which";
  const auto castle =
      pgn_replay::replay("[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n1. O-O O-O-O 2. Ra8+ Kb7 *\n");
  EXPECT_EQ(castle.error, "");
  EXPECT_EQ(castle.moves, (std::vector<std::string>{"e1g1", "e8c8", "a1a8", "c8b7"}));
  EXPECT_EQ(castle.termination, "*");
}

TEST(XboardGui, PlaysAGameUnderXvfbWithLegalMovesAndTakesAScreenshot) {
  ASSERT_EQ(cluster_test::shell("test -x /usr/games/xboard && command -v xvfb-run >/dev/null && command -v import >/dev/null"),
            0)
      << "xboard, xvfb or imagemagick is missing: scripts/setup.sh installs them";
  const fs::path out = fs::path(BUHO_HARNESS_BIN).parent_path().parent_path() / "test-output" / "xboard_gui";
  fs::remove_all(out);
  fs::create_directories(out);
  const std::string script = harness::project_path("scripts/uci/xboard_game.sh").string();
  // Depth 3 from the start position; xboard adjudicates a draw after 15 moves unless the game ends before.
  const int code = cluster_test::shell(
      fmt::format("bash {} {} {} 3 15 > {} 2>&1", script, BUHO_HARNESS_BIN, out.string(), (out / "script.log").string()));
  ASSERT_EQ(code, 0) << runner_test::read_text(out / "script.log");

  const std::string pgn = runner_test::read_text(out / "game.pgn");
  const pgn_replay::Replay game = pgn_replay::replay(pgn);
  EXPECT_EQ(game.error, "") << pgn;
  EXPECT_TRUE(is_result(game.result_tag)) << pgn;
  EXPECT_EQ(game.termination, game.result_tag) << pgn;
  EXPECT_GE(game.moves.size(), 10u) << "a game of a few moves at least:\n" << pgn;
  // Our engine played both sides: polyglot passed on its UCI name, and xboard logged it.
  EXPECT_NE(runner_test::read_text(out / "xboard.debug").find("BuhoChess"), std::string::npos);

  // The screenshot: a PNG (signature, then the IHDR chunk with the width and height of the 640x520 screen).
  const std::string png = runner_test::read_text(out / "screenshot.png");
  ASSERT_GT(png.size(), 1000u) << "no screenshot, or an empty one";
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  EXPECT_EQ(big_endian32(png, 16), 640u);
  EXPECT_EQ(big_endian32(png, 20), 520u);
}

}  // namespace xboard_gui_test
