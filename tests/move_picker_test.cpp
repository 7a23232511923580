// The one move picker (engine/move_picker.h): its stages come in §4.2's order, every legal move comes once, the
// table move first and never again, and without an ordering heuristic the generator's order stands.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "engine/board.h"
#include "engine/move_order.h"
#include "engine/move_picker.h"
#include "engine/movegen.h"
#include "engine/search_config.h"

namespace {

using namespace buho;

// Black to move: exd4 wins a pawn back (a good capture), Nxd4 puts the knight where the queen and the knight on
// f3 take it (a bad capture), and many quiet moves.
constexpr const char* kFen = "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3";

struct Picked {
  std::vector<Move> moves;
  std::vector<PickStage> stages;
};

Picked pick_all(const Board& b, const SearchConfig& cfg, const MoveOrder& order, Move table_move) {
  Move moves[MaxMoves];
  std::int64_t scores[MaxMoves];
  MovePicker picker(b, cfg, order, 0, moves, scores, Move(), table_move);
  Picked p;
  for (Move m = picker.next(); !m.is_null(); m = picker.next()) {
    p.moves.push_back(m);
    p.stages.push_back(picker.stage());
  }
  EXPECT_EQ(picker.stage(), PickStage::Done);
  return p;
}

std::set<std::uint32_t> legal_set(const Board& b) {
  Move buf[MaxMoves];
  std::set<std::uint32_t> s;
  for (Move* m = buf; m != generate_legal(b, buf); ++m) s.insert(m->raw());
  return s;
}

TEST(MovePicker, StagesComeInOrderAndEveryMoveOnce) {
  const Board b = Board::from_fen(kFen);
  SearchConfig cfg;  // mvv_lva, killers and history on (version H's ordering)
  MoveOrder order;
  const Move killer = b.parse_uci_move("g8f6"), table = b.parse_uci_move("d7d6"), liked = b.parse_uci_move("a7a6");
  order.add_killer(0, killer);
  order.add_history(liked, 10);
  const Picked p = pick_all(b, cfg, order, table);

  std::set<std::uint32_t> seen;
  for (Move m : p.moves) EXPECT_TRUE(seen.insert(m.raw()).second) << m.uci() << " picked twice";
  EXPECT_EQ(seen, legal_set(b));
  ASSERT_GE(p.moves.size(), 5u);
  EXPECT_EQ(p.moves[0], table);
  EXPECT_EQ(p.stages[0], PickStage::TableMove);
  EXPECT_TRUE(std::is_sorted(p.stages.begin(), p.stages.end()));  // TableMove < GoodCaptures < ... < Quiets
  auto stage_of = [&](const char* uci) {
    const auto it = std::find(p.moves.begin(), p.moves.end(), b.parse_uci_move(uci));
    return p.stages[std::size_t(it - p.moves.begin())];
  };
  EXPECT_EQ(stage_of("e5d4"), PickStage::GoodCaptures);
  EXPECT_EQ(stage_of("c6d4"), PickStage::BadCaptures);
  EXPECT_EQ(stage_of("g8f6"), PickStage::Killers);
  EXPECT_EQ(stage_of("a7a6"), PickStage::Quiets);
  // The quiet move with history comes first among the quiet moves.
  const auto first_quiet = std::find(p.stages.begin(), p.stages.end(), PickStage::Quiets);
  EXPECT_EQ(p.moves[std::size_t(first_quiet - p.stages.begin())], liked);
}

TEST(MovePicker, WithoutOrderingTheGeneratorsOrderStands) {
  const Board b = Board::from_fen(kFen);
  SearchConfig cfg;
  cfg.mvv_lva = cfg.killers = cfg.history = false;
  MoveOrder order;
  const Picked p = pick_all(b, cfg, order, Move());
  Move buf[MaxMoves];
  const std::vector<Move> generated(buf, generate_legal(b, buf));
  EXPECT_EQ(p.moves, generated);
  for (PickStage s : p.stages) EXPECT_EQ(s, PickStage::Generated);
}

TEST(MovePicker, PickAheadIsTheNextMove) {
  const Board b = Board::from_fen(kFen);
  SearchConfig cfg;
  MoveOrder order;
  order.add_history(b.parse_uci_move("h7h6"), 3);
  Move moves[MaxMoves];
  std::int64_t scores[MaxMoves];
  MovePicker picker(b, cfg, order, 0, moves, scores, Move(), b.parse_uci_move("d7d6"));
  EXPECT_TRUE(picker.next() == b.parse_uci_move("d7d6"));
  EXPECT_TRUE(picker.pick_ahead().is_null());  // after the table move nothing is generated yet
  int checked = 0;
  for (Move m = picker.next(); !m.is_null();) {
    const Move ahead = picker.pick_ahead();
    const Move next = picker.next();
    if (!ahead.is_null() && ahead != b.parse_uci_move("d7d6")) {
      EXPECT_EQ(ahead, next);
      ++checked;
    }
    m = next;
  }
  EXPECT_GT(checked, 20);
}

}  // namespace
