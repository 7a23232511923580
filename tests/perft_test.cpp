// Move generation checked against the published perft counts (data/perft.csv), depth 1 to 4.
#include <gtest/gtest.h>

#include "engine/legal_count.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "test_data.h"

namespace perft_test {

using namespace buho;

TEST(Perft, PublishedCountsToDepth4WithBulkCounting) {
  int checked = 0;
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth > 4) continue;
    Board b = Board::from_fen(r.fen);
    EXPECT_EQ(perft(b, r.depth, true), r.nodes) << r.name << " depth " << r.depth;
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

TEST(Perft, MakingEveryMoveGivesTheSameCounts) {
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth > 3) continue;
    Board b = Board::from_fen(r.fen);
    const std::string before = b.fen();
    EXPECT_EQ(perft(b, r.depth, false), r.nodes) << r.name << " depth " << r.depth;
    EXPECT_EQ(b.fen(), before) << "make/unmake did not restore " << r.name;
    EXPECT_TRUE(b.is_ok());
  }
}

TEST(Perft, DivideSumsToTheTotal) {
  Board b = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const auto parts = perft_divide(b, 3);
  EXPECT_EQ(parts.size(), 48u);
  std::uint64_t sum = 0;
  for (const auto& [m, n] : parts) sum += n;
  EXPECT_EQ(sum, 97862u);
}

// Runs check(position, its legal moves, their end) on `b` and on every position below it to `depth` plies (the
// moves of generate_legal, in order), counting the positions checked; a fatal failure (ASSERT) ends the walk.
template <class Check>
void for_each_position(Board& b, int depth, int& positions, Check&& check) {
  Move all[MaxMoves];
  Move* const all_end = generate_legal(b, all);
  check(b, all, all_end);
  if (::testing::Test::HasFatalFailure()) return;
  ++positions;
  if (depth == 0) return;
  for (Move* m = all; m != all_end; ++m) {
    b.make_move(*m);
    for_each_position(b, depth - 1, positions, check);
    b.unmake_move(*m);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// The captures generator (quiescence) and the full generator are two instances of one template: in every position
// of the perft trees to depth 3, the first gives exactly the captures and promotions of the second, in the same
// order (the order is part of the search tree, so a faster captures generator must keep it).
void expect_captures_are_the_full_lists_captures(Board& b, int depth, int& positions) {
  for_each_position(b, depth, positions, [](Board& at, const Move* all, const Move* all_end) {
    Move captures[MaxMoves];
    Move* const captures_end = generate_legal_captures(at, captures);
    std::vector<Move> expected;
    for (const Move* m = all; m != all_end; ++m)
      if (m->is_capture() || m->is_promotion()) expected.push_back(*m);
    ASSERT_EQ(std::vector<Move>(captures, captures_end), expected) << at.fen();
  });
}

TEST(Perft, CapturesGeneratorGivesTheFullGeneratorsCapturesInOrder) {
  int positions = 0;
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth != 1) continue;  // each position once
    Board b = Board::from_fen(r.fen);
    expect_captures_are_the_full_lists_captures(b, 3, positions);
  }
  EXPECT_GT(positions, 100000);
}

// Bulk counting's last ply counts the moves without listing them (engine/legal_count.h): in every position of the
// perft trees to depth 3, and in positions made for its rare cases, the count is the full generator's list length.
void expect_count_is_the_lists_length(Board& b, int depth, int& positions) {
  for_each_position(b, depth, positions, [](Board& at, const Move* all, const Move* all_end) {
    ASSERT_EQ(count_legal_moves(at), int(all_end - all)) << at.fen();
  });
}

TEST(Perft, CountedLastPlyEqualsTheGeneratorsListLength) {
  int positions = 0;
  for (const auto& r : test_data::perft_rows()) {
    if (r.depth != 1) continue;  // each position once
    Board b = Board::from_fen(r.fen);
    expect_count_is_the_lists_length(b, 3, positions);
  }
  EXPECT_GT(positions, 100000);
  // En passant that exposes the king along the rank, en passant taking the checking pawn, a pinned pawn's
  // en passant along its pin and across it, promotions with and without a pin, castling through attack.
  for (const char* fen : {"8/8/8/K2pP2q/8/8/8/7k w - d6 0 1", "8/8/8/3k4/3pP3/8/8/4K3 b - e3 0 1",
                          "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1", "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1",
                          "7b/8/8/4Pp2/8/8/8/K6k w - f6 0 1", "7b/8/8/3pP3/8/8/8/K6k w - d6 0 1",
                          "1r2k3/P1P5/8/8/8/8/8/4K2R w K - 0 1", "1nr1k3/2P5/8/8/8/8/8/2K5 w - - 0 1",
                          "4k2b/6P1/8/8/8/8/8/K7 w - - 0 1", "4k3/8/8/8/8/K7/6p1/5R2 b - - 0 1",
                          "4k3/8/8/8/8/8/6p1/4K2r w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                          "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1"}) {
    Board b = Board::from_fen(fen);
    expect_count_is_the_lists_length(b, 2, positions);
  }
}

TEST(Perft, DepthZeroIsOneLeaf) {
  Board b;
  EXPECT_EQ(perft(b, 0), 1u);
}

}  // namespace perft_test
