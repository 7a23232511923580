// How stored pairs are counted (harness/match/match_tally.h): in index order from pair 0, up to the first gap, the
// pair count or the SPRT's decision; the runner's growing tally equals a tally from scratch after every pair, in any
// order of arrival.
#include "harness/match/match_tally.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace match_tally_test {

using harness::PairRecord;

PairRecord pair_with(int index, int first_game_result, int second_game_result) {
  PairRecord p;
  p.index = index;
  p.games[0].result = first_game_result;   // White's: the first player is White in game 1
  p.games[1].result = second_game_result;  // White's: the second player is White in game 2
  return p;
}

harness::MatchSpec spec_of(int pairs, bool sprt) {
  harness::MatchSpec s;
  s.pairs = pairs;
  s.sprt_enabled = sprt;
  s.sprt = harness::SprtBounds{0, 40, 0.1, 0.1};
  return s;
}

TEST(MatchTally, CountsThePrefixFromPairZeroInIndexOrder) {
  std::map<int, PairRecord> stored;
  stored.emplace(0, pair_with(0, 1, -1));  // two wins for the first player
  stored.emplace(1, pair_with(1, 0, 1));   // a draw and a loss
  stored.emplace(3, pair_with(3, 1, 1));   // after a gap: kept, not counted
  const auto t = harness::tally_pairs(stored, spec_of(10, false));
  ASSERT_EQ(t.counted.size(), 2u);
  EXPECT_EQ(t.pentanomial, (harness::Pentanomial{0, 1, 0, 0, 1}));
  EXPECT_EQ(t.wdl.wins, 2u);
  EXPECT_EQ(t.wdl.draws, 1u);
  EXPECT_EQ(t.wdl.losses, 1u);
  EXPECT_EQ(t.stored_not_counted, 1u);
  EXPECT_FALSE(t.finished(spec_of(10, false)));
  EXPECT_TRUE(harness::tally_pairs(stored, spec_of(2, false)).finished(spec_of(2, false)));
}

// Pairs arriving in a random order, the tally grown after each equals the tally from scratch; with an SPRT, counting
// stops at the first pair whose LLR crosses a bound, whatever arrives after.
TEST(MatchTally, GrowingTallyEqualsATallyFromScratch) {
  std::mt19937 rng(30);
  for (const bool sprt : {false, true}) {
    const auto spec = spec_of(60, sprt);
    std::vector<int> order(60);
    for (int i = 0; i < 60; ++i) order[std::size_t(i)] = i;
    std::shuffle(order.begin(), order.end(), rng);
    std::map<int, PairRecord> stored;
    harness::MatchTally grown;
    for (int i : order) {
      // The first player wins more often than not: an SPRT for [0, 40] decides within the 60 pairs.
      const auto result = [&] { const unsigned r = rng() % 10; return r < 6 ? 1 : r < 8 ? 0 : -1; };
      stored.emplace(i, pair_with(i, result(), -result()));
      harness::extend_tally(grown, stored, spec);
      const auto fresh = harness::tally_pairs(stored, spec);
      ASSERT_EQ(grown.counted.size(), fresh.counted.size());
      EXPECT_EQ(grown.pentanomial, fresh.pentanomial);
      EXPECT_EQ(grown.llr, fresh.llr);
      EXPECT_EQ(grown.verdict, fresh.verdict);
      EXPECT_EQ(grown.stored_not_counted, fresh.stored_not_counted);
    }
    if (sprt) {
      ASSERT_NE(grown.verdict, harness::SprtVerdict::running);
      // The pair before the deciding one had not crossed.
      std::map<int, PairRecord> before;
      for (const PairRecord* p : grown.counted)
        if (p != grown.counted.back()) before.emplace(p->index, *p);
      EXPECT_EQ(harness::tally_pairs(before, spec).verdict, harness::SprtVerdict::running);
      EXPECT_LT(grown.counted.size(), 60u);
    } else {
      EXPECT_EQ(grown.counted.size(), 60u);
    }
  }
}

}  // namespace match_tally_test
