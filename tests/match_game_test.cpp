// One game between two engines (harness/match/game.h) and its SAN (san_writer.h): games end by the rules, by
// adjudication and at the maximum length, each end recorded; the same game is played identically twice, whatever
// the memory the engines take over; every SAN the writer gives is read back by the SAN reader as the same move.
#include "harness/match/game.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/movegen.h"
#include "harness/experiment/presets.h"
#include "harness/notation/san_move.h"
#include "harness/notation/san_writer.h"
#include "harness/paths.h"

namespace match_game_test {

using harness::GameEnd;
using harness::GameRecord;

harness::MatchPlayer player(const std::string& version) {
  const auto v = harness::PresetBook::load(harness::project_path("configs/versions.json")).resolve(version);
  return {v.name, v.search, v.eval};
}

std::string san(const std::string& fen, const std::string& uci) {
  buho::Board b = buho::Board::from_fen(fen);
  return harness::san_of(b, b.parse_uci_move(uci));
}

TEST(MatchSan, WritesTheStandardForms) {
  EXPECT_EQ(san(buho::Board().fen(), "g1f3"), "Nf3");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), "O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8"), "Rxa8+");
  // Two knights reach d2: the file tells them apart; two rooks on one file: the rank.
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
  EXPECT_EQ(san("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
  EXPECT_EQ(san("7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q"), "e8=Q+");
  EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
  EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
}

// Random games: every move's SAN names exactly that move for the SAN reader (its check mark included).
TEST(MatchSan, EveryMoveOfRandomGamesReadsBack) {
  std::mt19937 rng(30);
  int checked = 0;
  for (int game = 0; game < 40; ++game) {
    buho::Board b;
    for (int ply = 0; ply < 120; ++ply) {
      const buho::MoveList moves(b);
      if (moves.size() == 0) break;
      for (const buho::Move m : moves) {
        const std::string text = harness::san_of(b, m);
        const auto back = harness::resolve_san(b, text);
        ASSERT_TRUE(back.has_value()) << text << " in " << b.fen();
        EXPECT_EQ(back->uci(), m.uci()) << text << " in " << b.fen();
        ++checked;
      }
      b.make_move(moves.moves[rng() % unsigned(moves.size())]);
    }
  }
  EXPECT_GT(checked, 10000);
}

GameRecord play(const std::string& fen, const harness::Adjudication& adj, harness::MoveLimit limit = {2000, 0}) {
  harness::GameMemory memory;
  GameRecord g;
  EXPECT_TRUE(harness::play_game(player("H"), player("G"), fen, limit, adj, memory, g));
  return g;
}

TEST(MatchGame, MateEndsTheGameForTheMater) {
  // White mates at once (Ra8#): H sees it.
  const GameRecord g = play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {});
  ASSERT_EQ(g.moves.size(), 1u);
  EXPECT_EQ(g.moves[0].move.uci(), "a1a8");
  EXPECT_EQ(g.end, GameEnd::checkmate);
  EXPECT_EQ(g.result, 1);
  EXPECT_EQ(g.end_text, "White mates");
}

TEST(MatchGame, DeadPositionsAndStalemateAreDrawsByTheRules) {
  const GameRecord dead = play("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", {});
  EXPECT_TRUE(dead.moves.empty());
  EXPECT_EQ(dead.end, GameEnd::insufficient_material);
  EXPECT_EQ(dead.result, 0);
  const GameRecord stale = play("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", {});
  EXPECT_EQ(stale.end, GameEnd::stalemate);
  EXPECT_EQ(stale.result, 0);
  EXPECT_FALSE(harness::is_adjudication(stale.end));
}

TEST(MatchGame, MaximumLengthIsAnAdjudicatedDraw) {
  harness::Adjudication adj;
  adj.max_moves = 3;
  const GameRecord g = play(buho::Board().fen(), adj, {500, 0});
  EXPECT_EQ(g.moves.size(), 6u);
  EXPECT_EQ(g.end, GameEnd::max_moves);
  EXPECT_EQ(g.result, 0);
  EXPECT_TRUE(harness::is_adjudication(g.end));
}

TEST(MatchGame, ScoresBeyondTheThresholdAdjudicateAWin) {
  harness::Adjudication adj;
  adj.win_score = 500;
  adj.win_moves = 2;
  // Black has a queen and a rook more: both engines see it from their first move.
  const GameRecord g = play("r3k2q/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", adj);
  ASSERT_EQ(g.end, GameEnd::adjudicated_win) << g.end_text;
  EXPECT_EQ(g.result, -1);
  EXPECT_EQ(g.moves.size(), 4u);  // two moves each
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    EXPECT_GE(i % 2 == 0 ? -g.moves[i].score : g.moves[i].score, 500) << i;
}

TEST(MatchGame, ScoresNearZeroAdjudicateADrawFromTheMoveNumberOn) {
  harness::Adjudication adj;
  adj.draw_score = 20000;  // any score that is not a mate
  adj.draw_moves = 2;
  adj.draw_from_move = 3;
  const GameRecord g = play(buho::Board().fen(), adj, {500, 0});
  ASSERT_EQ(g.end, GameEnd::adjudicated_draw) << g.end_text;
  // Moves counted from move 3 on: White's moves 3 and 4, Black's moves 3 and 4.
  EXPECT_EQ(g.moves.size(), 8u);
}

// The same game twice, the second time with memory (tables) another game has used: identical, move for move.
TEST(MatchGame, TheSameGameIsPlayedIdentically) {
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  harness::Adjudication adj;
  adj.max_moves = 30;
  harness::GameMemory used;
  GameRecord first, other, second;
  ASSERT_TRUE(harness::play_game(player("H"), player("E"), fen, {1500, 0}, adj, used, first));
  ASSERT_TRUE(harness::play_game(player("E"), player("H"), buho::Board().fen(), {1500, 0}, adj, used, other));
  ASSERT_TRUE(harness::play_game(player("H"), player("E"), fen, {1500, 0}, adj, used, second));
  ASSERT_EQ(first.moves.size(), second.moves.size());
  for (std::size_t i = 0; i < first.moves.size(); ++i) {
    EXPECT_EQ(first.moves[i].move, second.moves[i].move) << i;
    EXPECT_EQ(first.moves[i].score, second.moves[i].score) << i;
    EXPECT_EQ(first.moves[i].nodes, second.moves[i].nodes) << i;
  }
  EXPECT_EQ(first.result, second.result);
  // Every search kept to its budget.
  for (const auto& m : first.moves) EXPECT_LE(m.nodes, 1500u);
}

// A thread's engines are kept by flags: the same player again gets the same engine, a player with equal flags under
// another name still gets an engine of its own (the two sides never share a table), another player a new one.
TEST(MatchGame, EnginesAreKeptPerPlayerAndNeverShared) {
  harness::GameMemory memory;
  const auto h = player("H"), g = player("G");
  auto twin = h;
  twin.name = "H-twin";
  const auto first = memory.engines_for(h, g);
  EXPECT_NE(first[0], first[1]);
  const auto swapped = memory.engines_for(g, h);
  EXPECT_EQ(swapped[0], first[1]);
  EXPECT_EQ(swapped[1], first[0]);
  const auto twins = memory.engines_for(h, twin);
  EXPECT_NE(twins[0], twins[1]);
  EXPECT_EQ(twins[0], first[0]);
}

TEST(MatchGame, AStopFlagSetBeforehandStopsTheGame) {
  std::atomic<bool> stop{true};
  harness::GameMemory memory;
  GameRecord g;
  EXPECT_FALSE(harness::play_game(player("H"), player("G"), buho::Board().fen(), {2000, 0}, {}, memory, g, &stop));
}

}  // namespace match_game_test
