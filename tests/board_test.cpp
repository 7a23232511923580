// The board: FEN/EPD round trips, make/unmake consistency (piece lists, Zobrist key), end-of-game
// rules, gives_check, and one test per kind of malformed input.
#include <gtest/gtest.h>

#include <random>

#include "engine/attack_query.h"
#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/piece_square_tables.h"
#include "test_data.h"

namespace board_test {

using namespace buho;

// Expects `fen` to be refused with a message containing `fragment`.
void expect_refused(const std::string& fen, const std::string& fragment) {
  try {
    Board::from_fen(fen);
    ADD_FAILURE() << "accepted malformed FEN: " << fen;
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << "message was: " << e.what();
    EXPECT_NE(std::string(e.what()).find(fen), std::string::npos) << "message does not name the input: " << e.what();
  }
}

TEST(Board, StartPositionAndKeyword) {
  Board b;
  EXPECT_EQ(b.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(Board::from_fen("startpos").fen(), b.fen());
  EXPECT_EQ(b.piece_count(White), 16);
  EXPECT_EQ(b.king_square(White), make_square(4, 0));
  EXPECT_EQ(b.king_square(Black), make_square(4, 7));
  EXPECT_EQ(count_legal(b), 20);
  EXPECT_TRUE(b.is_ok());
}

TEST(Board, FenRoundTripOverLct2) {
  const auto lines = test_data::lct2_lines();
  ASSERT_EQ(lines.size(), 35u);
  for (const auto& line : lines) {
    const EpdRecord rec = parse_epd(line);
    EXPECT_FALSE(rec.id.empty());
    const std::string fen = rec.board.fen();
    EXPECT_EQ(Board::from_fen(fen).fen(), fen) << rec.id;
    EXPECT_EQ(Board::from_fen(fen).key(), rec.board.key()) << rec.id;
    // EPD out and back in keeps position and operations.
    const EpdRecord again = parse_epd(to_epd(rec));
    EXPECT_EQ(again.board.fen(), fen) << rec.id;
    EXPECT_EQ(again.ops, rec.ops) << rec.id;
    EXPECT_FALSE(rec.op("bm").empty()) << rec.id;
    EXPECT_TRUE(rec.board.is_ok()) << rec.id;
  }
}

// Found by fuzz/fen_epd_fuzz.cpp: a ';' read from a quoted operand of an operation other than id/cN was written
// back bare, so the line read back as a different record (fuzz/regressions/fen_epd_fuzz/ keeps the input).
TEST(Board, EpdOperandWithSemicolonRoundTrips) {
  const EpdRecord rec = parse_epd(R"(r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; if "castle"0cx "; ;y";)");
  ASSERT_EQ(rec.ops.size(), 2u);
  EXPECT_EQ(rec.ops[1].second, "castle0cx ; ;y");
  const EpdRecord again = parse_epd(to_epd(rec));
  EXPECT_EQ(again.ops, rec.ops) << to_epd(rec);
}

// fishtest's opening books (positions/openings_*.epd) are whole FEN lines: the two clocks after the four fields are
// taken as the clocks, where anything else after the fields must still be a terminated operation.
TEST(Board, EpdFileLinesMayBeWholeFens) {
  const EpdRecord rec = parse_epd("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
  EXPECT_EQ(rec.board.fen(), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
  EXPECT_EQ(rec.id, "");
  EXPECT_EQ(parse_epd(to_epd(rec)).board.fen(), rec.board.fen());
  EXPECT_THROW(parse_epd("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4 5"), ParseError);
  EXPECT_THROW(parse_epd("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 x"), ParseError);
}

// Found by fuzz/fen_epd_fuzz.cpp: a half-move clock above 32767 did not survive make/unmake (the undo record kept
// 16 bits of it). Clocks are now kept whole, and ones no game can reach are refused as input.
TEST(Board, LargeClocksSurviveMakeUnmakeAndAbsurdOnesAreRefused) {
  Board b = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 9999 99999");
  const std::string fen = b.fen();
  Move moves[MaxMoves];
  Move* end = generate_legal(b, moves);
  ASSERT_NE(end, moves);
  for (Move* m = moves; m != end; ++m) {
    b.make_move(*m);
    b.unmake_move(*m);
    EXPECT_EQ(b.fen(), fen) << m->uci();
  }
  EXPECT_THROW(Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 10000 1"), ParseError);
  EXPECT_THROW(Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 100000"), ParseError);
  EXPECT_THROW(Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 000000000000000000001680845794 1"), ParseError);
}

TEST(Board, EpdOperationsAreKept) {
  const EpdRecord rec = parse_epd(R"(4k3/8/8/8/8/8/8/4K2R w K - bm O-O; am Rh8+; id "test.1"; c0 "a comment; with a semicolon";)");
  EXPECT_EQ(rec.id, "test.1");
  EXPECT_EQ(rec.op("bm"), "O-O");
  EXPECT_EQ(rec.op("am"), "Rh8+");
  EXPECT_EQ(rec.op("c0"), "a comment; with a semicolon");
  EXPECT_EQ(rec.op("xx"), "");
  EXPECT_EQ(rec.board.castling_rights(), WhiteOO);
}

TEST(Board, CastlingRightThePlacementDoesNotAllowIsDroppedWithAWarning) {
  // LCTII.CMB.06 carries 'q' although no black rook stands on a8.
  bool found = false;
  for (const auto& line : test_data::lct2_lines()) {
    const EpdRecord rec = parse_epd(line);
    if (rec.id != "LCTII.CMB.06") continue;
    found = true;
    ASSERT_EQ(rec.warnings.size(), 1u);
    EXPECT_NE(rec.warnings[0].find("LCTII.CMB.06"), std::string::npos) << rec.warnings[0];
    EXPECT_NE(rec.warnings[0].find("'q' dropped"), std::string::npos) << rec.warnings[0];
    EXPECT_EQ(rec.board.castling_rights() & BlackOOO, 0);
  }
  EXPECT_TRUE(found);
  std::vector<std::string> warnings;
  const Board b = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", &warnings);
  EXPECT_EQ(b.castling_rights(), WhiteOOO);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("'K' dropped: no rook on h1"), std::string::npos) << warnings[0];
}

TEST(Board, MalformedUnknownPieceLetter) { expect_refused("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "unknown piece letter 'x'"); }
TEST(Board, MalformedRankTooShort) { expect_refused("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 describes 7 squares"); }
TEST(Board, MalformedRankTooLong) { expect_refused("rnbqkbnr/pppppppp/72/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 describes more than 8 squares"); }
TEST(Board, MalformedEmptyCount) { expect_refused("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "'9' in rank 6 is not a count"); }
TEST(Board, MalformedTooFewRanks) { expect_refused("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "expected 8 ranks"); }
TEST(Board, MalformedNoKing) { expect_refused("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "Black has no king"); }
TEST(Board, MalformedTwoKings) { expect_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "more than one white king"); }
TEST(Board, MalformedSideToMove) { expect_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move must be 'w' or 'b'"); }
TEST(Board, MalformedPawnOnFirstRank) { expect_refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w Qkq - 0 1", "pawn on the first rank"); }
TEST(Board, MalformedPawnOnLastRank) { expect_refused("rnbqkbnp/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "pawn on the last rank"); }
TEST(Board, MalformedSideNotToMoveInCheck) { expect_refused("4k3/8/8/8/8/8/8/4K2r b - - 0 1", "the side not to move (White) is in check"); }
TEST(Board, MalformedEnPassantOnWrongRank) { expect_refused("4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1", "impossible en-passant square d5"); }
TEST(Board, MalformedEnPassantWithoutPawn) { expect_refused("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", "no pawn just moved"); }
TEST(Board, MalformedEnPassantNotASquare) { expect_refused("4k3/8/8/3pP3/8/8/8/4K3 w - z9 0 1", "is not a square"); }
TEST(Board, MalformedHalfmoveClock) { expect_refused("4k3/8/8/8/8/8/8/4K3 w - - x 1", "half-move clock 'x'"); }
TEST(Board, MalformedFullmoveNumber) { expect_refused("4k3/8/8/8/8/8/8/4K3 w - - 0 y", "full-move number 'y'"); }
TEST(Board, MalformedTruncatedLine) { expect_refused("4k3/8/8/8/8/8/8/4K3 w", "truncated"); }
TEST(Board, MalformedCastlingLetter) { expect_refused("4k3/8/8/8/8/8/8/4K3 w X - 0 1", "unknown castling letter 'X'"); }
TEST(Board, MalformedTooManyPieces) { expect_refused("4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/Q7/4K3 w - - 0 1", "White has more than 16 pieces"); }
TEST(Board, MalformedEmptyString) { expect_refused("", "truncated"); }

TEST(Board, MalformedEpdNamesThePosition) {
  try {
    parse_epd(R"(4k3/8/8/8/8/8/8/4K3 q - - id "broken.1";)");
    FAIL() << "accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.1"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_epd(R"(4k3/8/8/8/8/8/8/4K3 w - - id "unterminated)"), ParseError);
  EXPECT_THROW(parse_epd(R"(4k3/8/8/8/8/8/8/4K3 w - - bm Ka2)"), ParseError);
}

// gives_check asks only the line through the square a move empties for a discovered check (board.cpp): on random
// games from every LCT II position and a few tactical ones (discovered checks, en passant along the king's rank,
// castling, promotions), every legal move of every position reached is made and the answer compared; so is
// key_after's key (the search prefetches with it: a wrong key would cost time only, so only a test can see it).
TEST(Board, GivesCheckAndKeyAfterAgreeWithMakingEveryMove) {
  std::mt19937_64 rng(29);
  std::vector<std::string> starts = {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                                     "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
                                     "3k4/8/8/8/B7/8/2N5/R3K2R w KQ - 0 1",
                                     "1r2k3/P1P5/8/8/8/8/4B3/4K2Q w - - 0 1",
                                     "4k3/4n3/8/8/4R3/8/2B1N3/Q3K3 w - - 0 1"};
  for (const auto& l : test_data::lct2_lines()) starts.push_back(parse_epd(l).board.fen());
  int moves = 0;
  for (const auto& fen : starts) {
    for (int game = 0; game < 6; ++game) {
      Board b = Board::from_fen(fen);
      for (int ply = 0; ply < 50; ++ply) {
        MoveList list(b);
        if (list.size() == 0) break;
        for (const Move m : list) {
          const bool check = b.gives_check(m);
          const std::uint64_t key = b.key_after(m);
          b.make_move(m);
          ASSERT_EQ(b.in_check(), check) << "gives_check wrong for " << m.uci() << " in " << b.fen();
          ASSERT_EQ(b.key(), key) << "key_after wrong for " << m.uci();
          b.unmake_move(m);
          ++moves;
        }
        b.make_move(list.moves[rng() % list.size()]);
      }
    }
  }
  EXPECT_GT(moves, 100000);
}

// Thousands of random make/unmake/null-move steps: after each one the incremental key equals the key
// computed from scratch and the piece lists agree with the squares; unwinding restores the start.
TEST(Board, RandomMakeUnmakeKeepsKeyAndListsConsistent) {
  std::mt19937_64 rng(20101);
  const auto lines = test_data::lct2_lines();
  std::vector<std::string> starts = {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
  for (const auto& l : lines) starts.push_back(parse_epd(l).board.fen());
  int steps = 0;
  for (const auto& fen : starts) {
    for (int game = 0; game < 10; ++game) {
      Board b = Board::from_fen(fen);
      const std::string start = b.fen();
      struct Step { Move m; bool null; };
      std::vector<Step> played;
      for (int ply = 0; ply < 60; ++ply) {
        MoveList list(b);
        const bool try_null = !b.in_check() && rng() % 8 == 0 && (played.empty() || !played.back().null);
        if (try_null) {
          b.make_null();
          played.push_back({Move(), true});
        } else {
          if (list.size() == 0) break;
          const Move m = list.moves[rng() % list.size()];
          const bool check = b.gives_check(m);
          b.make_move(m);
          EXPECT_EQ(b.in_check(), check) << "gives_check wrong for " << m.uci() << " in " << fen;
          played.push_back({m, false});
        }
        ++steps;
        ASSERT_EQ(b.key(), b.compute_key()) << "after ply " << ply << " from " << fen;
        ASSERT_TRUE(b.is_ok()) << "after ply " << ply << " from " << fen;
        // The side that just moved is never left in check.
        ASSERT_FALSE(b.is_attacked(b.king_square(~b.side_to_move()), b.side_to_move()));
        // Unmake-then-remake sometimes, to exercise unmake mid-game.
        if (rng() % 5 == 0 && !played.back().null) {
          const Move m = played.back().m;
          b.unmake_move(m);
          ASSERT_TRUE(b.is_ok());
          b.make_move(m);
        }
      }
      while (!played.empty()) {
        if (played.back().null) b.unmake_null();
        else b.unmake_move(played.back().m);
        played.pop_back();
        ASSERT_TRUE(b.is_ok());
      }
      EXPECT_EQ(b.fen(), start);
      EXPECT_EQ(b.plies_played(), 0);
    }
  }
  EXPECT_GT(steps, 10000);
}

TEST(Board, CheckmateAndStalemate) {
  Board mate = Board::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");  // fool's mate
  EXPECT_TRUE(mate.in_check());
  EXPECT_EQ(game_state(mate), GameState::Checkmate);
  Board stale = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(stale.in_check());
  EXPECT_EQ(game_state(stale), GameState::Stalemate);
  EXPECT_EQ(game_state(Board()), GameState::Ongoing);
}

TEST(Board, ThreefoldRepetition) {
  Board b;
  const char* shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_FALSE(b.is_repetition(3)) << "before move " << i;
    const Move m = b.parse_uci_move(shuffle[i]);
    ASSERT_FALSE(m.is_null()) << shuffle[i];
    b.make_move(m);
  }
  EXPECT_TRUE(b.is_repetition(3));
  EXPECT_TRUE(b.is_repetition(2));
  EXPECT_EQ(game_state(b), GameState::Repetition);
}

TEST(Board, FiftyMoveRule) {
  Board b = Board::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  EXPECT_FALSE(b.is_fifty_move_draw());
  b.make_move(b.parse_uci_move("a1a2"));
  EXPECT_TRUE(b.is_fifty_move_draw());
  EXPECT_EQ(game_state(b), GameState::FiftyMoves);
}

TEST(Board, InsufficientMaterial) {
  EXPECT_TRUE(Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_insufficient_material());
  EXPECT_TRUE(Board::from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").is_insufficient_material());
  EXPECT_TRUE(Board::from_fen("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").is_insufficient_material());   // same-coloured bishops
  EXPECT_FALSE(Board::from_fen("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1").is_insufficient_material()); // opposite colours
  EXPECT_FALSE(Board::from_fen("4k3/8/8/8/8/8/8/4KNN1 w - - 0 1").is_insufficient_material());
  EXPECT_FALSE(Board::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1").is_insufficient_material());
}

TEST(Board, EnPassantOnlyRecordedWhenACaptureIsPossible) {
  Board b;
  b.make_move(b.parse_uci_move("e2e4"));
  EXPECT_EQ(b.ep_square(), NoSquare);  // no black pawn can take
  Board c = Board::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  c.make_move(c.parse_uci_move("e2e4"));
  EXPECT_EQ(square_name(c.ep_square()), "e3");
  EXPECT_FALSE(c.parse_uci_move("d4e3").is_null());
}

TEST(Board, EnPassantThatExposesTheKingAlongTheRankIsIllegal) {
  Board b = Board::from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
  EXPECT_TRUE(b.parse_uci_move("b5c6").is_null());
  Board ok = Board::from_fen("8/8/8/1Pp4r/K7/8/8/4k3 w - c6 0 1");
  EXPECT_FALSE(ok.parse_uci_move("b5c6").is_null());
}

TEST(Board, CastlingThroughAttackIsIllegal) {
  Board b = Board::from_fen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");  // f2 rook... attacks f1
  EXPECT_TRUE(b.parse_uci_move("e1g1").is_null());
  EXPECT_FALSE(b.parse_uci_move("e1c1").is_null());
  b.make_move(b.parse_uci_move("e1c1"));
  EXPECT_EQ(b.piece_at(make_square(3, 0)), WRook);
  EXPECT_EQ(b.castling_rights(), 0);
  EXPECT_TRUE(b.is_ok());
}

TEST(Board, NullMoveFlipsSideAndKey) {
  Board b = Board::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  b.make_move(b.parse_uci_move("e2e4"));
  const auto key = b.key();
  b.make_null();
  EXPECT_EQ(b.side_to_move(), White);
  EXPECT_EQ(b.ep_square(), NoSquare);
  EXPECT_EQ(b.key(), b.compute_key());
  EXPECT_NE(b.key(), key);
  b.unmake_null();
  EXPECT_EQ(b.key(), key);
  EXPECT_EQ(square_name(b.ep_square()), "e3");
}

// Invariant checks (engine/checks.h): on in Debug and sanitizer builds, where a broken invariant aborts
// naming the file, the line and the condition; compiled out in Release, where the condition is not even
// evaluated.
TEST(BoardChecks, ConditionIsEvaluatedOnlyWhenChecksAreOn) {
  int evaluated = 0;
  BUHO_ASSERT(++evaluated > 0);
  EXPECT_EQ(evaluated, BUHO_CHECKS_ENABLED ? 1 : 0);
}

TEST(BoardChecksDeathTest, AFailingCheckAbortsWithFileLineAndCondition) {
#if BUHO_CHECKS_ENABLED
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(BUHO_ASSERT(1 + 1 == 3), "board_test\\.cpp:[0-9]+: engine invariant violated: 1 \\+ 1 == 3");
#else
  GTEST_SKIP() << "checks are compiled out (Release without BUHO_CHECKS)";
#endif
}

TEST(BoardChecksDeathTest, HistoryBoundIsChecked) {
#if BUHO_CHECKS_ENABLED
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // One ply more than the history holds aborts instead of writing past the array; so does an unmake
  // with nothing to undo.
  Board b;
  for (int i = 0; i < Board::MaxHistory; ++i) b.make_null();
  EXPECT_TRUE(b.is_ok());
  EXPECT_DEATH(b.make_null(), "history_size_ < MaxHistory");
  EXPECT_DEATH(Board().unmake_null(), "history_size_ > 0");
  Board start;
  EXPECT_DEATH(start.unmake_move(start.parse_uci_move("e2e4")), "history_size_ > 0");
#else
  GTEST_SKIP() << "checks are compiled out (Release without BUHO_CHECKS)";
#endif
}

// A position reached by moves, its piece lists put in the FEN's order: the lists equal those of from_fen(fen()),
// and the key and the history (a repetition of the moves made) are kept.
TEST(Board, CanonicalPieceListsAreTheFensAndKeepTheHistory) {
  Board b;
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"})
    b.make_move(b.parse_uci_move(m));
  const Board fen = Board::from_fen(b.fen());
  bool differed = false;
  for (Color c : {White, Black})
    for (int i = 0; i < b.piece_count(c); ++i) differed |= b.piece_square(c, i) != fen.piece_square(c, i);
  EXPECT_TRUE(differed) << "the capture e4d5 should have reordered a list";
  const std::uint64_t key = b.key();
  b.canonicalize_piece_lists();
  EXPECT_EQ(b.key(), key);
  EXPECT_TRUE(b.is_ok());
  for (Color c : {White, Black}) {
    ASSERT_EQ(b.piece_count(c), fen.piece_count(c));
    for (int i = 0; i < b.piece_count(c); ++i) EXPECT_EQ(b.piece_square(c, i), fen.piece_square(c, i)) << i;
  }
  // The history survives: back and forth twice more repeats the position a third time.
  Board r;
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}) {
    r.make_move(r.parse_uci_move(m));
    r.canonicalize_piece_lists();
  }
  EXPECT_TRUE(r.is_repetition(3));
  EXPECT_FALSE(Board::from_fen(r.fen()).is_repetition(2));
}

// The piece-square sums the board keeps through make/unmake (piece_square_sum) equal Appendix A's printed tables
// summed over the squares from scratch, after every move and unmake of random games; and the evaluation of the board
// reached by moves (which reads the kept sums) equals that of the same position read from its FEN.
TEST(Board, PieceSquareSumsFollowMakeAndUnmake) {
  std::mt19937_64 rng(2010);
  const auto lines = test_data::lct2_lines();
  std::vector<std::string> starts = {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/P6k/8/8/8/8/6Kp/8 w - - 0 1"};
  for (const auto& l : lines) starts.push_back(parse_epd(l).board.fen());
  auto walked = [](const Board& b, Color c) {
    int sum = 0;
    for (int rank = 0; rank < 8; ++rank)
      for (int file = 0; file < 8; ++file) {
        const Piece p = b.piece_at(make_square(file, rank));
        if (p != NoPiece && color_of(p) == c && type_of(p) != King) sum += kPst.v[c][type_of(p)][make_square(file, rank)];
      }
    return sum;
  };
  const Evaluator eval{EvalConfig{}};
  int checked = 0;
  for (const auto& fen : starts) {
    for (int game = 0; game < 8; ++game) {
      Board b = Board::from_fen(fen);
      std::vector<Move> played;
      for (int ply = 0; ply < 80; ++ply) {
        MoveList list(b);
        if (list.size() == 0) break;
        const Move m = list.moves[rng() % list.size()];
        b.make_move(m);
        played.push_back(m);
        for (Color c : {White, Black}) ASSERT_EQ(b.piece_square_sum(c), walked(b, c)) << b.fen() << " after " << m.uci();
        ASSERT_EQ(eval.evaluate(b), eval.evaluate(Board::from_fen(b.fen()))) << b.fen();
        ++checked;
        if (rng() % 4 == 0) {
          b.unmake_move(m);
          played.pop_back();
          for (Color c : {White, Black}) ASSERT_EQ(b.piece_square_sum(c), walked(b, c)) << b.fen() << " after unmaking " << m.uci();
        }
      }
      while (!played.empty()) {
        b.unmake_move(played.back());
        played.pop_back();
        for (Color c : {White, Black}) ASSERT_EQ(b.piece_square_sum(c), walked(b, c)) << b.fen();
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

// Board::is_attacked (the piece sets) answers as the thesis's attack-table walk (attacked_by, §2.3) does, for every
// square and both colours, in every position of random games.
TEST(Board, IsAttackedAgreesWithTheAttackTableWalk) {
  std::mt19937_64 rng(1997);
  const auto lines = test_data::lct2_lines();
  std::vector<std::string> starts = {"startpos", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"};
  for (const auto& l : lines) starts.push_back(parse_epd(l).board.fen());
  int asked = 0;
  for (const auto& fen : starts) {
    for (int game = 0; game < 4; ++game) {
      Board b = Board::from_fen(fen);
      for (int ply = 0; ply < 60; ++ply) {
        for (int i = 0; i < 64; ++i)
          for (Color by : {White, Black}) {
            const Square sq = from_index64(i);
            const bool walked = attacked_by(b, sq, by, NoSquare, [&](Square s) { return b.piece_at(s) != NoPiece; });
            ASSERT_EQ(b.is_attacked(sq, by), walked) << b.fen() << " " << square_name(sq) << " by " << int(by);
            ++asked;
          }
        MoveList list(b);
        if (list.size() == 0) break;
        b.make_move(list.moves[rng() % list.size()]);
      }
    }
  }
  EXPECT_GT(asked, 500000);
}

}  // namespace board_test
