// Openings from a PGN file (harness/match/pgn_openings.h): each game's last position, through tags, comments,
// variations, NAGs and move numbers, from the start position or a FEN tag; an illegal move or a finished game is
// refused naming the file, the game and the move; a match config takes a .pgn file as its openings.
#include "harness/match/pgn_openings.h"

#include <gtest/gtest.h>

#include "engine/board.h"
#include "harness/errors.h"
#include "harness/match/match_config.h"
#include "runner_test_util.h"

namespace match_openings_test {

using runner_test::TempDir;
using runner_test::write_text;

std::string after(const std::string& fen, const std::vector<std::string>& uci) {
  buho::Board b = fen.empty() ? buho::Board() : buho::Board::from_fen(fen);
  for (const auto& m : uci) b.make_move(b.parse_uci_move(m));
  return b.fen();
}

TEST(MatchOpenings, EachGamesLastPositionIsAnOpening) {
  TempDir tmp;
  const std::string kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  write_text(tmp / "book.pgn",
             "[Event \"one\"]\n[Site \"?\"]\n[Result \"*\"]\n\n"
             "1. e4 {a comment} e5 $1 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 ; to the end of the line\n3.Bb5 *\n\n"
             "[Event \"two\"]\n[SetUp \"1\"]\n[FEN \"" + kiwi + "\"]\n[Result \"1/2-1/2\"]\n\n"
             "1. O-O O-O-O 2. Qxf6 1/2-1/2\n\n"
             "[Event \"three\"]\n\n1. d4 d5 2. c4 e6 *\n");
  const auto openings = harness::load_pgn_openings("test", (tmp / "book.pgn").string());
  ASSERT_EQ(openings.size(), 3u);
  EXPECT_EQ(openings[0], after("", {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}));
  EXPECT_EQ(openings[1], after(kiwi, {"e1g1", "e8c8", "f3f6"}));
  EXPECT_EQ(openings[2], after("", {"d2d4", "d7d5", "c2c4", "e7e6"}));
}

TEST(MatchOpenings, IllegalMovesAndFinishedGamesAreRefused) {
  TempDir tmp;
  write_text(tmp / "bad.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n");
  try {
    harness::load_pgn_openings("cfg.json: $.match.openings", (tmp / "bad.pgn").string());
    FAIL() << "no error";
  } catch (const harness::UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cfg.json: $.match.openings"), std::string::npos) << what;
    EXPECT_NE(what.find("game 2"), std::string::npos) << what;
    EXPECT_NE(what.find("'Ke3'"), std::string::npos) << what;
  }
  write_text(tmp / "mate.pgn", "[Event \"m\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
  EXPECT_THROW(harness::load_pgn_openings("x", (tmp / "mate.pgn").string()), harness::UserError);
}

TEST(MatchOpenings, AMatchConfigTakesAPgnBook) {
  TempDir tmp;
  write_text(tmp / "book.pgn", "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Nf6 *\n");
  const nlohmann::json cfg{{"name", "pgn-book"},
                           {"match", {{"players", {"H", "G"}}, {"openings", (tmp / "book.pgn").string()}, {"pairs", 2}, {"nodes", 100}}}};
  const auto m = harness::match_spec_from_json(cfg, "cfg.json");
  ASSERT_EQ(m.openings.size(), 2u);
  EXPECT_EQ(m.opening_of_pair(1), after("", {"d2d4", "g8f6"}));
}

}  // namespace match_openings_test
