// The transposition table's replacement schemes (§4.6.3) and counters.
#include <gtest/gtest.h>

#include <iterator>

#include "engine/search_config.h"
#include "engine/transposition_table.h"

namespace {

using namespace buho;

const Move kMove = Move::make(0x14, 0x34);  // e2e4 in 0x88

// Keys that share an index in a table of `n` entries.
std::uint64_t key_at(int n, int index, int which) { return std::uint64_t(index) + std::uint64_t(n) * std::uint64_t(which + 1); }

TEST(TranspositionTable, ProbeFindsWhatWasStored) {
  TranspositionTable tt;
  tt.resize(1024, ReplacementScheme::Always);
  const std::uint64_t k = key_at(1024, 7, 0);
  EXPECT_EQ(tt.probe(k), nullptr);
  tt.store(k, 5, 123, Bound::Exact, kMove);
  const TTEntry* e = tt.probe(k);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->value, 123);
  EXPECT_EQ(e->depth, 5);
  EXPECT_EQ(e->bound, Bound::Exact);
  EXPECT_EQ(e->move, kMove);
  EXPECT_EQ(tt.probe(key_at(1024, 7, 1)), nullptr);  // same slot, other position: a collision
  EXPECT_EQ(tt.counters.probes, 3u);
  EXPECT_EQ(tt.counters.hits, 1u);
  EXPECT_EQ(tt.counters.collisions, 1u);
  tt.clear();
  EXPECT_EQ(tt.probe(k), nullptr);
}

TEST(TranspositionTable, AlwaysReplaces) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::Always);
  tt.store(key_at(64, 3, 0), 9, 1, Bound::Exact, kMove);
  tt.store(key_at(64, 3, 1), 1, 2, Bound::Lower, kMove);
  EXPECT_EQ(tt.probe(key_at(64, 3, 0)), nullptr);
  EXPECT_NE(tt.probe(key_at(64, 3, 1)), nullptr);
  EXPECT_EQ(tt.counters.overwrites, 1u);
}

TEST(TranspositionTable, NeverNeverOverwrites) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::Never);
  tt.store(key_at(64, 3, 0), 1, 1, Bound::Exact, kMove);
  for (int i = 1; i < 10; ++i) tt.store(key_at(64, 3, i), 20, i, Bound::Exact, kMove);
  EXPECT_NE(tt.probe(key_at(64, 3, 0)), nullptr);
  for (int i = 1; i < 10; ++i) EXPECT_EQ(tt.probe(key_at(64, 3, i)), nullptr);
  EXPECT_EQ(tt.counters.overwrites, 0u);
  EXPECT_EQ(tt.counters.refused, 9u);
  // The same position is updated in place.
  tt.store(key_at(64, 3, 0), 2, 77, Bound::Lower, kMove);
  EXPECT_EQ(tt.probe(key_at(64, 3, 0))->value, 77);
}

TEST(TranspositionTable, DepthKeepsTheDeeper) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::Depth);
  tt.store(key_at(64, 5, 0), 6, 1, Bound::Exact, kMove);
  tt.store(key_at(64, 5, 1), 5, 2, Bound::Exact, kMove);  // shallower: refused
  EXPECT_NE(tt.probe(key_at(64, 5, 0)), nullptr);
  EXPECT_EQ(tt.probe(key_at(64, 5, 1)), nullptr);
  tt.store(key_at(64, 5, 2), 6, 3, Bound::Exact, kMove);  // equal depth: replaces
  EXPECT_EQ(tt.probe(key_at(64, 5, 0)), nullptr);
  EXPECT_NE(tt.probe(key_at(64, 5, 2)), nullptr);
}

TEST(TranspositionTable, DepthAlwaysKeepsTheDeeperInItsFirstSlot) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::DepthAlways);
  EXPECT_EQ(tt.slots_per_entry(), 2);
  const auto a = key_at(64, 9, 0), b = key_at(64, 9, 1), c = key_at(64, 9, 2), d = key_at(64, 9, 3);
  tt.store(a, 8, 1, Bound::Exact, kMove);
  tt.store(b, 3, 2, Bound::Exact, kMove);  // shallower -> second slot
  EXPECT_EQ(tt.slot(9, 0).key, a);
  EXPECT_EQ(tt.slot(9, 1).key, b);
  tt.store(c, 2, 3, Bound::Exact, kMove);  // shallower -> second slot, replacing b
  EXPECT_EQ(tt.slot(9, 0).key, a);
  EXPECT_EQ(tt.slot(9, 1).key, c);
  tt.store(d, 9, 4, Bound::Exact, kMove);  // deeper -> first slot; a moves to the second
  EXPECT_EQ(tt.slot(9, 0).key, d);
  EXPECT_EQ(tt.slot(9, 1).key, a);
  EXPECT_NE(tt.probe(a), nullptr);
  EXPECT_NE(tt.probe(d), nullptr);
  EXPECT_EQ(tt.probe(c), nullptr);
  // A shallower result of the first slot's own position does not replace it.
  tt.store(d, 1, 5, Bound::Upper, Move());
  EXPECT_EQ(tt.slot(9, 0).depth, 9);
  EXPECT_EQ(tt.probe(d)->value, 4);
}

TEST(TranspositionTable, EntriesCountTwoSlotsForDepthAlways) {
  TranspositionTable one, two;
  one.resize(1000, ReplacementScheme::Depth);
  two.resize(1000, ReplacementScheme::DepthAlways);
  EXPECT_EQ(one.entries(), 1000);
  EXPECT_EQ(two.entries(), 1000);
  EXPECT_EQ(one.index_of(1612), 612);  // index = key mod size (Alg. 9)
  EXPECT_EQ(two.slots_per_entry(), 2 * one.slots_per_entry());
}

TEST(TranspositionTable, FailLowKeepsTheOldMove) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::Always);
  tt.store(5, 3, 10, Bound::Exact, kMove);
  tt.store(5, 4, -10, Bound::Upper, Move());
  EXPECT_EQ(tt.probe(5)->move, kMove);
  EXPECT_EQ(tt.probe(5)->bound, Bound::Upper);
}

// The scheme names are written once (kReplacementSchemeNames): the tt_scheme flag's choices, its text,
// its parser and scheme_name() all read that table, and a name it lacks is refused with the valid ones.
TEST(ReplacementSchemeNames, OneTableReadByTheFlagTheParserAndTheNameFunction) {
  const Param<SearchConfig>* p = find_param(search_params(), "tt_scheme");
  ASSERT_NE(p, nullptr);
  ASSERT_EQ(p->kind, ParamKind::Choice);
  ASSERT_EQ(p->choices.size(), std::size(kReplacementSchemeNames));
  for (std::size_t i = 0; i < std::size(kReplacementSchemeNames); ++i) {
    const auto [value, name] = kReplacementSchemeNames[i];
    EXPECT_EQ(p->choices[i], name);
    EXPECT_EQ(scheme_name(value), name);
    EXPECT_EQ(enum_from_name(kReplacementSchemeNames, name), value);
    SearchConfig c;
    EXPECT_EQ(set_param(search_params(), c, "tt_scheme", name), "") << name;
    EXPECT_EQ(c.tt_scheme, value) << name;
    EXPECT_EQ(param_to_text(*p, c), name);
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(kReplacementSchemeNames[j].name, name);  // names are distinct
  }
  EXPECT_EQ(param_domain(*p), "always|never|depth|depth_always");
  SearchConfig c;
  const std::string err = set_param(search_params(), c, "tt_scheme", "sometimes");
  EXPECT_NE(err.find("'sometimes'"), std::string::npos) << err;
  EXPECT_NE(err.find("always|never|depth|depth_always"), std::string::npos) << err;
  EXPECT_EQ(c.tt_scheme, SearchConfig{}.tt_scheme);  // unchanged
  EXPECT_FALSE(enum_from_name(kReplacementSchemeNames, "sometimes").has_value());
}

}  // namespace
