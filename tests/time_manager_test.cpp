// The time manager (engine/time_manager.h): how a clock becomes a soft target and a hard limit per move (a pure
// function, checked against the scheme's rules and by simulating whole games at its worst), and the soft target in
// the search: past it no new iteration starts, and a target never reached leaves the tree as it was.
#include "engine/time_manager.h"

#include <gtest/gtest.h>

#include <chrono>

#include "engine/eval_config.h"
#include "engine/search.h"
#include "engine/search_config.h"

namespace time_manager_test {

using buho::allocate_move_time;
using buho::ClockState;
using buho::expected_moves_left;
using buho::MoveTimeBudget;
using buho::TimeManagerRules;

const TimeManagerRules kRules;

std::int64_t usable(std::int64_t remaining) { return std::max<std::int64_t>(0, remaining - kRules.move_overhead_ms); }

TEST(TimeManager, SuddenDeathExpectsFortyMovesAtTheStartAndNeverFewerThanTwentyFive) {
  EXPECT_EQ(expected_moves_left({60000, 0, 0, 0}), kRules.sudden_death_moves_at_start);
  int before = expected_moves_left({60000, 0, 0, 0});
  for (int ply = 1; ply < 600; ++ply) {
    const int now = expected_moves_left({60000, 0, 0, ply});
    EXPECT_LE(now, before) << ply;  // the estimate only shrinks as the game goes on
    EXPECT_GE(now, kRules.sudden_death_moves_at_least) << ply;
    before = now;
  }
  EXPECT_EQ(before, kRules.sudden_death_moves_at_least);
  // One move fewer every four plies: 40 - 8 at ply 32.
  EXPECT_EQ(expected_moves_left({60000, 0, 0, 32}), kRules.sudden_death_moves_at_start - 32 / kRules.plies_per_fewer_move);
  // Known moves to go replace the estimate.
  EXPECT_EQ(expected_moves_left({60000, 0, 7, 300}), 7);
}

TEST(TimeManager, TheTargetIsAnEqualShareOfTheUsableTimePlusMostOfTheIncrement) {
  for (const std::int64_t remaining : {2000, 60000, 300000}) {
    const MoveTimeBudget plain = allocate_move_time({remaining, 0, 0, 0});
    EXPECT_EQ(plain.soft_ms, usable(remaining) / kRules.sudden_death_moves_at_start) << remaining;
    const MoveTimeBudget with_increment = allocate_move_time({remaining, 1000, 0, 0});
    EXPECT_EQ(with_increment.soft_ms - plain.soft_ms, 1000 * kRules.increment_percent / 100) << remaining;
    EXPECT_EQ(allocate_move_time({remaining, 0, 10, 0}).soft_ms, usable(remaining) / 10) << remaining;
  }
  // More time on the clock never means less per move.
  std::int64_t last = 0;
  for (std::int64_t remaining = 0; remaining <= 100000; remaining += 250) {
    const std::int64_t soft = allocate_move_time({remaining, 50, 0, 20}).soft_ms;
    EXPECT_GE(soft, last) << remaining;
    last = soft;
  }
}

TEST(TimeManager, TheHardLimitIsAFewTargetsWithinASafeShareOfTheClock) {
  for (const std::int64_t remaining : {1, 10, 31, 100, 1000, 5000, 60000, 3600000})
    for (const std::int64_t increment : {0, 10, 100, 2000})
      for (const int moves_to_go : {0, 1, 2, 40})
        for (const int ply : {0, 40, 200}) {
          const MoveTimeBudget b = allocate_move_time({remaining, increment, moves_to_go, ply});
          const std::string at = testing::PrintToString(std::vector<std::int64_t>{remaining, increment, moves_to_go, ply});
          EXPECT_GE(b.soft_ms, 1) << at;
          EXPECT_LE(b.soft_ms, b.hard_ms) << at;
          EXPECT_LE(b.hard_ms, std::max<std::int64_t>(1, b.soft_ms * kRules.hard_targets)) << at;
          EXPECT_LE(b.hard_ms, std::max<std::int64_t>(1, usable(remaining) * kRules.hard_percent_of_remaining / 100)) << at;
        }
  // Early in a long game the hard limit is the few targets; with one move to go, the safe share of the clock.
  const MoveTimeBudget early = allocate_move_time({60000, 0, 0, 0});
  EXPECT_EQ(early.hard_ms, early.soft_ms * kRules.hard_targets);
  const MoveTimeBudget last_move = allocate_move_time({60000, 0, 1, 0});
  EXPECT_EQ(last_move.hard_ms, usable(60000) * kRules.hard_percent_of_remaining / 100);
  EXPECT_EQ(last_move.soft_ms, last_move.hard_ms);
  // Clocks of any size give a budget (no overflow: a UCI `go wtime` may say anything up to 18 digits).
  const MoveTimeBudget huge = allocate_move_time({999999999999999999LL, 999999999999999999LL, 0, 0});
  EXPECT_GT(huge.soft_ms, 0);
  EXPECT_GE(huge.hard_ms, huge.soft_ms);
}

// A whole game at its worst: every move takes its full hard limit and the whole overhead on top. With an increment
// larger than the overhead the clock never runs out, however long the game (the safe share leaves a quarter of the
// usable time, and the increment refills it); without one it still lasts beyond the moves the scheme expects.
TEST(TimeManager, AGameOfWorstCaseMovesNeverRunsOutWithAnIncrement) {
  for (const std::int64_t base : {1000, 10000, 60000})
    for (const std::int64_t increment : {kRules.move_overhead_ms + 1, std::int64_t(100), std::int64_t(1000)}) {
      std::int64_t clock = base;
      for (int move = 0; move < 1000; ++move) {
        const MoveTimeBudget b = allocate_move_time({clock, increment, 0, 2 * move});
        clock -= b.hard_ms + kRules.move_overhead_ms;
        ASSERT_GT(clock, 0) << base << "+" << increment << " flags at move " << move + 1;
        clock += increment;
      }
    }
  std::int64_t clock = 60000;
  int moves = 0;
  while (clock > 0 && moves < 10000) {
    clock -= allocate_move_time({clock, 0, 0, 2 * moves}).hard_ms + kRules.move_overhead_ms;
    ++moves;
  }
  EXPECT_GT(moves, kRules.sudden_death_moves_at_start);
}

TEST(TimeManager, GamePlyCountsTheMovesOfTheBoardsMoveNumber) {
  EXPECT_EQ(buho::game_ply(buho::Board()), 0);
  buho::Board b;
  b.make_move(b.parse_uci_move("e2e4"));
  EXPECT_EQ(buho::game_ply(b), 1);
  EXPECT_EQ(buho::game_ply(buho::Board::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 3 10")), 19);
}

// The soft target stops the deepening: a search to the deepest depth the engine allows ends soon after it, with its
// last iteration complete.
TEST(TimeManager, TheSoftTargetEndsTheDeepening) {
  buho::Engine engine(buho::SearchConfig{}, buho::EvalConfig{});
  buho::Limits limits;
  limits.depth = buho::MaxPly - 1;
  limits.soft_time_ms = 20;
  const auto t0 = std::chrono::steady_clock::now();
  const buho::SearchResult r = engine.search(buho::Board(), limits);
  const auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_TRUE(r.completed);
  EXPECT_GE(r.stats.depth_reached, 1);
  EXPECT_LT(r.stats.depth_reached, buho::MaxPly - 1);
  EXPECT_FALSE(r.best_move.is_null());
  EXPECT_GE(took, std::chrono::milliseconds(20));  // it ends only once the target has passed
  EXPECT_LT(took, std::chrono::seconds(60));       // liveness, not speed (the last iteration may be long under ASan)
}

// A target never reached leaves the tree as it was: the same nodes, iteration by iteration.
TEST(TimeManager, ATargetNeverReachedLeavesTheTree) {
  buho::Engine engine(buho::SearchConfig{}, buho::EvalConfig{});
  const buho::Board root = buho::Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  buho::Limits plain;
  plain.depth = 5;
  const buho::SearchResult a = engine.search(root, plain);
  buho::Limits timed = plain;
  timed.soft_time_ms = 3600 * 1000;
  const buho::SearchResult b = engine.search(root, timed);
  EXPECT_EQ(a.stats.iteration_nodes, b.stats.iteration_nodes);
  EXPECT_EQ(b.stats.depth_reached, 5);
}

}  // namespace time_manager_test
