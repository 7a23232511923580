// The transposition table's replacement schemes (§4.6.3, Breuker's and the buckets; docs/tt.md), their
// rules for a position's own entry apart from their rules on a collision, the subtree sizes some of them
// keep, the memory of an entry and the load (occupied slots).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "engine/search_config.h"
#include "engine/search_stack.h"
#include "engine/transposition_table.h"
#include "engine/zeroed_allocator.h"
#include "same_tree.h"

namespace transposition_table_test {

using namespace buho;

const Move kMove = Move::make(0x14, 0x34);  // e2e4 in 0x88

// Keys that share an index in a table of `n` entries.
std::uint64_t key_at(int n, int index, int which) { return std::uint64_t(index) + std::uint64_t(n) * std::uint64_t(which + 1); }

// The table is allocated zeroed and never swept when made (zeroed_allocator.h): right only while an empty
// entry is all zero bytes, and a fresh table (of any scheme, after any earlier size) is empty.
TEST(TranspositionTable, AnEmptyEntryIsZeroBytesAndAFreshTableIsEmpty) {
  const TTEntry empty{};
  unsigned char bytes[sizeof(TTEntry)];
  std::memcpy(bytes, &empty, sizeof bytes);
  for (unsigned char c : bytes) EXPECT_EQ(c, 0);
  TranspositionTable tt;
  for (ReplacementScheme scheme : {ReplacementScheme::Big1, ReplacementScheme::Bucket4, ReplacementScheme::DepthAlways}) {
    tt.resize(64, ReplacementScheme::Always);
    for (int i = 0; i < 64; ++i) tt.store(key_at(64, i, 0), 3, 5, Bound::Exact, kMove);
    tt.resize(64, scheme);
    EXPECT_EQ(tt.occupied_slots(), 0u);
    for (int e = 0; e < 64; ++e)
      for (int w = 0; w < TranspositionTable::slots_per_entry(scheme); ++w) {
        EXPECT_TRUE(tt.slot(e, w).empty());
        EXPECT_EQ(tt.slot_subtree(e, w), 0u);
      }
    for (int i = 0; i < 64; ++i) EXPECT_EQ(tt.probe(key_at(64, i, 0)), nullptr);
  }
}

// ZeroedAllocator starts the table on a cache line, so a bucket4 group (4 x 16 bytes) is one line and a two-slot
// group half of one; the memory it hands out is zeroed and freed again without error (ASan checks calloc's free).
TEST(TranspositionTable, AGroupOfSlotsNeverStraddlesACacheLine) {
  static_assert(sizeof(TTEntry) == 16);
  for (ReplacementScheme scheme : {ReplacementScheme::Bucket4, ReplacementScheme::Bucket2, ReplacementScheme::DepthAlways}) {
    for (int entries : {64, 1 << 20}) {
      TranspositionTable tt;
      tt.resize(entries, scheme);
      const auto start = reinterpret_cast<std::uintptr_t>(&tt.slot(0, 0));
      EXPECT_EQ(start % 64, 0u) << entries;
      const std::size_t group = TranspositionTable::slots_per_entry(scheme) * sizeof(TTEntry);
      for (int e : {0, 1, 7, entries - 1}) {
        const auto first = reinterpret_cast<std::uintptr_t>(&tt.slot(e, 0));
        EXPECT_EQ(first / 64, (first + group - 1) / 64) << "entry " << e << " of " << entries;
      }
    }
  }
  // two_big1 keeps its two subtree sizes inside its entry, after the slots: its entries are bytes_per_entry (40)
  // apart, the slots 16 bytes apart from the entry's start.
  TranspositionTable two_big1;
  two_big1.resize(64, ReplacementScheme::TwoBig1);
  const auto at = [&](int e, int which) { return reinterpret_cast<std::uintptr_t>(&two_big1.slot(e, which)); };
  EXPECT_EQ(at(1, 0) - at(0, 0), TranspositionTable::bytes_per_entry(ReplacementScheme::TwoBig1));
  EXPECT_EQ(at(0, 1) - at(0, 0), sizeof(TTEntry));
  EXPECT_EQ(at(63, 0) - at(0, 0), 63 * 40u);
  // Blocks of 2 MB and more are mapped on a huge-page boundary (transparent huge pages where the kernel allows
  // them): 1 << 18 eight-byte elements are exactly 2 MB.
  ZeroedAllocator<std::uint64_t> alloc;
  for (std::size_t n : {std::size_t(1), std::size_t(3), (std::size_t(1) << 18) - 1, std::size_t(1) << 18, (std::size_t(1) << 21) + 5}) {
    std::uint64_t* p = alloc.allocate(n);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % (n >= (std::size_t(1) << 18) ? ZeroedAllocator<std::uint64_t>::kHugePage : 64), 0u) << n;
    for (std::size_t i = 0; i < n; i += (n > 64 ? 4099 : 1)) EXPECT_EQ(p[i], 0u);
    p[n - 1] = 1;  // the last element is inside the block
    alloc.deallocate(p, n);
  }
}

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
    SearchConfig c;
    EXPECT_EQ(set_param(search_params(), c, "tt_scheme", name), "") << name;
    EXPECT_EQ(c.tt_scheme, value) << name;
    EXPECT_EQ(param_to_text(*p, c), name);
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(kReplacementSchemeNames[j].name, name);  // names are distinct
  }
  const char* kDomain = "always|never|depth|depth_always|big1|big_all|two_deep|two_big1|bucket2|bucket4|multi_probe4";
  EXPECT_EQ(param_domain(*p), kDomain);
  SearchConfig c;
  const std::string err = set_param(search_params(), c, "tt_scheme", "sometimes");
  EXPECT_NE(err.find("'sometimes'"), std::string::npos) << err;
  EXPECT_NE(err.find(kDomain), std::string::npos) << err;
  EXPECT_EQ(c.tt_scheme, SearchConfig{}.tt_scheme);  // unchanged
}

// --- The schemes beyond the thesis's four (docs/tt.md). Each has two rules, tested apart: what a new result
// of the position already in the entry does (own entry), and what a result of another position does when
// the slots are taken (collision). ---

TEST(TranspositionTableLayout, SlotsAndBytesPerScheme) {
  struct Row {
    ReplacementScheme s;
    int slots;
    std::size_t slot_bytes;
  };
  // 16 bytes of TTEntry; subtree schemes keep 4 more bytes a slot (the buckets' generation is inside the entry).
  for (const Row& r : {Row{ReplacementScheme::Always, 1, 16}, Row{ReplacementScheme::Never, 1, 16},
                       Row{ReplacementScheme::Depth, 1, 16}, Row{ReplacementScheme::DepthAlways, 2, 16},
                       Row{ReplacementScheme::Big1, 1, 20}, Row{ReplacementScheme::BigAll, 1, 20},
                       Row{ReplacementScheme::TwoDeep, 2, 16}, Row{ReplacementScheme::TwoBig1, 2, 20},
                       Row{ReplacementScheme::Bucket2, 2, 16}, Row{ReplacementScheme::Bucket4, 4, 16},
                       Row{ReplacementScheme::MultiProbe4, 1, 16}}) {
    SCOPED_TRACE(std::string(scheme_name(r.s)));
    EXPECT_EQ(TranspositionTable::slots_per_entry(r.s), r.slots);
    const TableLayout l = transposition_table_layout(r.s);
    EXPECT_EQ(l.slots_per_entry, r.slots);
    EXPECT_EQ(l.bytes_per_slot, r.slot_bytes);
    EXPECT_EQ(l.bytes_per_entry, r.slot_bytes * std::size_t(r.slots));
    SearchConfig c;
    c.tt_scheme = r.s;
    c.tt_entries = 1000;
    EXPECT_EQ(transposition_table_bytes(c), 1000 * r.slot_bytes * std::size_t(r.slots));
    TranspositionTable tt;
    tt.resize(1000, r.s);
    EXPECT_EQ(tt.capacity_slots(), 1000u * std::uint64_t(r.slots));
    EXPECT_EQ(tt.occupied_slots(), 0u);
  }
}

TEST(TranspositionTable, Big1OnACollisionKeepsTheLargerSubtree) {
  for (auto scheme : {ReplacementScheme::Big1, ReplacementScheme::BigAll}) {
    SCOPED_TRACE(std::string(scheme_name(scheme)));
    TranspositionTable tt;
    tt.resize(64, scheme);
    const auto a = key_at(64, 4, 0), b = key_at(64, 4, 1), c = key_at(64, 4, 2);
    tt.store(a, 2, 1, Bound::Exact, kMove, 500);
    tt.store(b, 9, 2, Bound::Exact, kMove, 499);  // deeper but a smaller subtree: refused
    EXPECT_EQ(tt.slot(4, 0).key, a);
    EXPECT_EQ(tt.slot_subtree(4, 0), 500u);
    EXPECT_EQ(tt.counters.refused, 1u);
    tt.store(c, 1, 3, Bound::Exact, kMove, 500);  // shallower, an equal subtree: replaces (ties to the new)
    EXPECT_EQ(tt.slot(4, 0).key, c);
    EXPECT_EQ(tt.counters.overwrites, 1u);
    EXPECT_EQ(tt.probe(a), nullptr);
    EXPECT_EQ(tt.occupied_slots(), 1u);
  }
}

TEST(TranspositionTable, Big1OwnEntryTakesTheNewResultEvenWithASmallerSubtree) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::Big1);
  const auto a = key_at(64, 4, 0);
  tt.store(a, 6, 1, Bound::Exact, kMove, 9000);
  tt.store(a, 7, 2, Bound::Upper, Move(), 30);  // a re-search that the table made cheap
  EXPECT_EQ(tt.probe(a)->depth, 7);
  EXPECT_EQ(tt.probe(a)->value, 2);
  EXPECT_EQ(tt.probe(a)->move, kMove);  // fail low: the old move is kept for ordering
  EXPECT_EQ(tt.slot_subtree(4, 0), 30u);
  EXPECT_EQ(tt.counters.refused, 0u);
  EXPECT_EQ(tt.counters.overwrites, 0u);
}

TEST(TranspositionTable, TwoDeepOnACollisionDemotesTheFirstEntry) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::TwoDeep);
  const auto a = key_at(64, 9, 0), b = key_at(64, 9, 1), c = key_at(64, 9, 2), d = key_at(64, 9, 3);
  tt.store(a, 8, 1, Bound::Exact, kMove);
  tt.store(b, 3, 2, Bound::Exact, kMove);  // shallower -> second slot
  EXPECT_EQ(tt.slot(9, 0).key, a);
  EXPECT_EQ(tt.slot(9, 1).key, b);
  tt.store(c, 8, 3, Bound::Exact, kMove);  // as deep as the first: c first, a moves to the second, b is lost
  EXPECT_EQ(tt.slot(9, 0).key, c);
  EXPECT_EQ(tt.slot(9, 1).key, a);
  EXPECT_EQ(tt.probe(b), nullptr);
  tt.store(d, 1, 4, Bound::Exact, kMove);  // shallower: replaces the second slot, a is lost
  EXPECT_EQ(tt.slot(9, 0).key, c);
  EXPECT_EQ(tt.slot(9, 1).key, d);
  EXPECT_EQ(tt.counters.overwrites, 2u);
  EXPECT_EQ(tt.occupied_slots(), 2u);
}

TEST(TranspositionTable, TwoDeepOwnEntryIsReplacedAndPlacedByTheCollisionRule) {
  const auto a = key_at(64, 9, 0), b = key_at(64, 9, 1);
  // Own entry in the first slot, shallower new result: two_deep takes it (in place); depth_always keeps the
  // deeper old result. This is the only difference between the two schemes.
  for (auto scheme : {ReplacementScheme::TwoDeep, ReplacementScheme::DepthAlways}) {
    TranspositionTable tt;
    tt.resize(64, scheme);
    tt.store(a, 8, 1, Bound::Exact, kMove);
    tt.store(b, 3, 2, Bound::Exact, kMove);
    tt.store(a, 5, 7, Bound::Lower, kMove);
    const bool two_deep = scheme == ReplacementScheme::TwoDeep;
    EXPECT_EQ(tt.probe(a)->value, two_deep ? 7 : 1) << scheme_name(scheme);
    EXPECT_EQ(tt.slot(9, 0).key, a);
    EXPECT_EQ(tt.slot(9, 1).key, b);
    EXPECT_EQ(tt.counters.refused, two_deep ? 0u : 1u);
  }
  // Own entry in the second slot, now deeper than the first: it moves up and the first moves down; the
  // position is never in both slots.
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::TwoDeep);
  tt.store(a, 8, 1, Bound::Exact, kMove);
  tt.store(b, 3, 2, Bound::Exact, kMove);
  tt.store(b, 10, 3, Bound::Exact, kMove);
  EXPECT_EQ(tt.slot(9, 0).key, b);
  EXPECT_EQ(tt.slot(9, 1).key, a);
  EXPECT_EQ(tt.counters.overwrites, 0u);  // nothing of another position was lost
  // ... and a shallower result of the second slot's position stays in the second slot.
  tt.store(a, 2, 4, Bound::Upper, kMove);
  EXPECT_EQ(tt.slot(9, 0).key, b);
  EXPECT_EQ(tt.slot(9, 1).key, a);
  EXPECT_EQ(tt.probe(a)->value, 4);
  EXPECT_EQ(tt.occupied_slots(), 2u);
}

TEST(TranspositionTable, TwoBig1DecidesBySubtreeAndTheDisplacedEntryKeepsItsSize) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::TwoBig1);
  const auto a = key_at(64, 2, 0), b = key_at(64, 2, 1), c = key_at(64, 2, 2);
  tt.store(a, 3, 1, Bound::Exact, kMove, 1000);
  tt.store(b, 9, 2, Bound::Exact, kMove, 10);  // deeper, smaller subtree: second slot
  EXPECT_EQ(tt.slot(2, 0).key, a);
  EXPECT_EQ(tt.slot(2, 1).key, b);
  tt.store(c, 1, 3, Bound::Exact, kMove, 1001);  // larger subtree: first; a (1000) moves down, b is lost
  EXPECT_EQ(tt.slot(2, 0).key, c);
  EXPECT_EQ(tt.slot_subtree(2, 0), 1001u);
  EXPECT_EQ(tt.slot(2, 1).key, a);
  EXPECT_EQ(tt.slot_subtree(2, 1), 1000u);
  EXPECT_EQ(tt.probe(b), nullptr);
  // Own entry of the second slot with a larger subtree: up it goes.
  tt.store(a, 4, 5, Bound::Exact, kMove, 5000);
  EXPECT_EQ(tt.slot(2, 0).key, a);
  EXPECT_EQ(tt.slot(2, 1).key, c);
  EXPECT_EQ(tt.slot_subtree(2, 1), 1001u);
}

// Six keys of index `index` in a 64-entry table of `scheme`, the first four stored with depths 5, 2, 7, 2 (values
// 0..3): the start of the tests of the four-slot schemes below.
std::array<std::uint64_t, 6> store_four(TranspositionTable& tt, ReplacementScheme scheme, int index) {
  tt.resize(64, scheme);
  std::array<std::uint64_t, 6> k;
  for (int i = 0; i < 6; ++i) k[std::size_t(i)] = key_at(64, index, i);
  const int depths[4] = {5, 2, 7, 2};
  for (int i = 0; i < 4; ++i) tt.store(k[std::size_t(i)], depths[i], i, Bound::Exact, kMove);
  return k;
}

// A position's own entry (four slots taken, `key` in slot `slot` of index `index`): a shallower fail-low result
// updates it in place, whatever its depth, not duplicated, and keeps the stored move.
void expect_own_entry_updated(TranspositionTable& tt, std::uint64_t key, int index, int slot) {
  tt.store(key, 1, 99, Bound::Upper, Move());
  EXPECT_EQ(tt.slot(index, slot).key, key);
  EXPECT_EQ(tt.probe(key)->value, 99);
  EXPECT_EQ(tt.probe(key)->move, kMove);
  EXPECT_EQ(tt.occupied_slots(), 4u);
}

TEST(TranspositionTable, BucketsFillThenReplaceTheLowestDepth) {
  TranspositionTable tt;
  const auto k = store_four(tt, ReplacementScheme::Bucket4, 7);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(tt.slot(7, i).key, k[i]);  // empty slots first, in order
  EXPECT_EQ(tt.occupied_slots(), 4u);
  tt.store(k[4], 9, 4, Bound::Exact, kMove);  // full: the first of the lowest depth (slot 1) goes
  EXPECT_EQ(tt.slot(7, 1).key, k[4]);
  EXPECT_EQ(tt.probe(k[1]), nullptr);
  tt.store(k[5], 1, 5, Bound::Exact, kMove);  // a bucket never refuses: slot 3 (depth 2) goes
  EXPECT_EQ(tt.slot(7, 3).key, k[5]);
  EXPECT_EQ(tt.counters.overwrites, 2u);
  EXPECT_EQ(tt.counters.refused, 0u);
  expect_own_entry_updated(tt, k[2], 7, 2);
}

TEST(TranspositionTable, BucketsReplaceAnEarlierSearchsEntriesFirst) {
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::Bucket2);
  const auto a = key_at(64, 3, 0), b = key_at(64, 3, 1), c = key_at(64, 3, 2), d = key_at(64, 3, 3);
  tt.store(a, 9, 1, Bound::Exact, kMove);
  tt.new_search();
  tt.store(b, 1, 2, Bound::Exact, kMove);  // an empty slot: no replacement yet
  tt.store(c, 2, 3, Bound::Exact, kMove);  // a (depth 9, earlier search) goes before b (depth 1, this one)
  EXPECT_EQ(tt.slot(3, 0).key, c);
  EXPECT_EQ(tt.slot(3, 1).key, b);
  tt.store(d, 5, 4, Bound::Exact, kMove);  // both of this search: the lower depth (b) goes
  EXPECT_EQ(tt.slot(3, 1).key, d);
  // Probing finds a position in any slot of its bucket.
  EXPECT_NE(tt.probe(c), nullptr);
  EXPECT_NE(tt.probe(d), nullptr);
}

// The age is 6 bits inside the entry: 63 searches later an entry is still of an earlier search; 64 later its
// generation has wrapped to the current one and it is judged by depth alone, as one of this search.
TEST(TranspositionTable, BucketGenerationsWrapAfter64Searches) {
  for (const int searches : {63, 64}) {
    SCOPED_TRACE(searches);
    TranspositionTable tt;
    tt.resize(64, ReplacementScheme::Bucket2);
    const auto a = key_at(64, 5, 0), b = key_at(64, 5, 1), c = key_at(64, 5, 2);
    tt.store(a, 9, 1, Bound::Exact, kMove);
    for (int i = 0; i < searches; ++i) tt.new_search();
    tt.store(b, 1, 2, Bound::Exact, kMove);
    tt.store(c, 2, 3, Bound::Exact, kMove);
    EXPECT_EQ(tt.slot(5, 0).key, searches == 63 ? c : a);
    EXPECT_EQ(tt.slot(5, 1).key, searches == 63 ? b : c);
  }
}

// Beal & Smith's multiple probes: a key may use its index and the next three (wrapping); the groups of
// neighbouring keys overlap, which a bucket's do not.
TEST(TranspositionTable, MultiProbeFillsTheNextIndicesThenReplacesTheShallowest) {
  TranspositionTable tt;
  const auto k = store_four(tt, ReplacementScheme::MultiProbe4, 10);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(tt.slot(10 + i, 0).key, k[i]);  // indices 10..13, in order
  for (int i = 0; i < 4; ++i) ASSERT_NE(tt.probe(k[i]), nullptr);
  tt.store(k[4], 9, 4, Bound::Exact, kMove);  // all four taken: the first of the lowest depth (index 11) goes
  EXPECT_EQ(tt.slot(11, 0).key, k[4]);
  EXPECT_EQ(tt.probe(k[1]), nullptr);
  EXPECT_EQ(tt.counters.overwrites, 1u);
  expect_own_entry_updated(tt, k[2], 12, 0);
  // Overlap: a key of index 12 sees indices 12..15, so it takes the empty 14, not a slot of index 10's group.
  const std::uint64_t other = key_at(64, 12, 0);
  tt.store(other, 1, 7, Bound::Exact, kMove);
  EXPECT_EQ(tt.slot(14, 0).key, other);
  EXPECT_EQ(tt.slot(10, 0).key, k[0]);
  // Wrapping: index 63's probes are 63, 0, 1, 2.
  const std::uint64_t last = key_at(64, 63, 0), wrapped = key_at(64, 63, 1);
  tt.store(last, 3, 1, Bound::Exact, kMove);
  tt.store(wrapped, 3, 2, Bound::Exact, kMove);
  EXPECT_EQ(tt.slot(0, 0).key, wrapped);
  EXPECT_NE(tt.probe(wrapped), nullptr);
  // A table smaller than the probe count probes each index once.
  TranspositionTable tiny;
  tiny.resize(2, ReplacementScheme::MultiProbe4);
  for (std::uint64_t key = 1; key < 50; ++key) tiny.store(key * 7919, int(key % 5), 0, Bound::Exact, kMove);
  EXPECT_EQ(tiny.occupied_slots(), 2u);
}

TEST(TranspositionTable, OccupiedSlotsCountDistinctPositions) {
  // depth_always drops the second-slot copy of a position that goes into the first slot.
  TranspositionTable tt;
  tt.resize(64, ReplacementScheme::DepthAlways);
  const auto a = key_at(64, 1, 0), b = key_at(64, 1, 1);
  tt.store(a, 8, 1, Bound::Exact, kMove);
  tt.store(b, 3, 2, Bound::Exact, kMove);
  EXPECT_EQ(tt.occupied_slots(), 2u);
  tt.store(b, 9, 3, Bound::Exact, kMove);  // b up (its second-slot copy dropped), a down
  EXPECT_EQ(tt.occupied_slots(), 2u);
  tt.store(key_at(64, 2, 0), 1, 1, Bound::Exact, kMove);
  EXPECT_EQ(tt.occupied_slots(), 3u);
  tt.clear();
  EXPECT_EQ(tt.occupied_slots(), 0u);
  // Never past the capacity, whatever is stored.
  TranspositionTable small;
  small.resize(8, ReplacementScheme::Bucket4);
  for (std::uint64_t k = 1; k < 500; ++k) small.store(k * 7919, int(k % 11), 0, Bound::Exact, kMove);
  EXPECT_EQ(small.occupied_slots(), small.capacity_slots());
}

// --- Subtree sizes and load on real searches ---

// White Ka1, Pa2; Black Kh8: White has 4 moves (Kb1, Kb2, a3, a4), Black 3 (Kg8, Kg7, Kh7), nothing can be
// captured. At depth 2 without iterative deepening or pruning every node can be counted by hand.
constexpr const char* kCorners = "7k/8/8/8/8/8/P7/K7 w - - 0 1";

SearchConfig counting_config(ReplacementScheme scheme) {
  SearchConfig c;
  c.iterative_deepening = false;
  c.aspiration = false;
  c.pvs = false;  // no null-window search, so no child is searched twice
  c.null_move = false;
  c.futility = false;
  c.lmr = false;
  c.tt_entries = 1 << 16;
  c.tt_scheme = scheme;
  return c;
}

std::uint64_t subtree_of(const Engine& engine, std::uint64_t key) {
  const TranspositionTable* tt = engine.transposition_table();
  if (!tt) return 0;
  const int index = tt->index_of(key);
  for (int i = 0; i < tt->slots_per_entry(); ++i)
    if (!tt->slot(index, i).empty() && tt->slot(index, i).key == key) return tt->slot_subtree(index, i);
  return 0;
}

TEST(SubtreeSizes, CountedByHandOnADepthTwoSearch) {
  const Board root = Board::from_fen(kCorners);
  Move moves[MaxMoves];
  const int n = int(generate_legal(root, moves) - moves);
  ASSERT_EQ(n, 4);
  for (auto scheme : {ReplacementScheme::Big1, ReplacementScheme::BigAll, ReplacementScheme::TwoBig1}) {
    SCOPED_TRACE(std::string(scheme_name(scheme)));
    Engine engine(counting_config(scheme), EvalConfig{});
    const SearchResult r = engine.search(root, Limits{2});
    // No transposition is possible in two plies, so big_all counts what big1 counts.
    // Each child (depth 1) is 1 node plus the replies it searched, each a quiescence leaf of 1 node: the
    // first child searched has the full window and sees all 3 replies (4 nodes); the others may cut off
    // after 1 or 2 replies (2 to 4 nodes).
    std::uint64_t children = 0;
    for (int i = 0; i < n; ++i) {
      Board b = root;
      b.make_move(moves[i]);
      const std::uint64_t size = subtree_of(engine, b.key());
      EXPECT_GE(size, 2u) << moves[i].uci();
      EXPECT_LE(size, 4u) << moves[i].uci();
      children += size;
    }
    // The root: itself plus its children's subtrees, which is every node of the search.
    EXPECT_EQ(subtree_of(engine, root.key()), 1 + children);
    EXPECT_EQ(subtree_of(engine, root.key()), r.stats.nodes);
    // The first child searched is the one the root's move ordering put first; whichever it is, one child
    // saw all three replies.
    bool one_full = false;
    for (int i = 0; i < n; ++i) {
      Board b = root;
      b.make_move(moves[i]);
      one_full |= subtree_of(engine, b.key()) == 4;
    }
    EXPECT_TRUE(one_full);
  }
}

TEST(SubtreeSizes, BigAllCountsTheSubtreesOfTranspositionsTheTableAnswered) {
  // Depth 5: king moves transpose (Kb1-c2 and Kb2-c2), and the table answers some of them.
  const Board root = Board::from_fen(kCorners);
  Engine big1(counting_config(ReplacementScheme::Big1), EvalConfig{});
  Engine big_all(counting_config(ReplacementScheme::BigAll), EvalConfig{});
  const SearchResult r1 = big1.search(root, Limits{5});
  const SearchResult ra = big_all.search(root, Limits{5});
  ASSERT_GT(ra.stats.tt_cutoffs, 0u);
  // big1: the root's subtree (stored last, the largest of all) is the nodes entered, a transposition
  // counted once.
  EXPECT_EQ(subtree_of(big1, root.key()), r1.stats.nodes);
  // big_all: more, by at least one node per table cut-off (each answered entry had a subtree of >= 2).
  EXPECT_GE(subtree_of(big_all, root.key()), ra.stats.nodes + ra.stats.tt_cutoffs);
}

TEST(TableLoad, SearchReportsOccupiedSlotsAndCapacity) {
  const Board root = Board::from_fen(kCorners);
  SearchConfig c = counting_config(ReplacementScheme::DepthAlways);
  c.tt_entries = 1000;
  Engine engine(c, EvalConfig{});
  const SearchResult r = engine.search(root, Limits{2});
  EXPECT_EQ(r.stats.tt_capacity, 2000u);
  EXPECT_EQ(r.stats.tt_occupied, engine.transposition_table()->occupied_slots());
  // Depth 2 stores the root and its 4 children (quiescence stores nothing), all distinct.
  EXPECT_EQ(r.stats.tt_occupied, 5u);
  // Without a table there is nothing to load.
  SearchConfig none = c;
  none.hash_move = false;
  none.tt_cutoffs = false;
  Engine no_table(none, EvalConfig{});
  const SearchResult r0 = no_table.search(root, Limits{2});
  EXPECT_EQ(r0.stats.tt_capacity, 0u);
  EXPECT_EQ(no_table.transposition_table(), nullptr);
}

// An engine that takes its table from an EngineMemory (the runner's, passed from cell to cell) searches exactly as
// one with a table of its own: every scheme, a table small enough to be mostly written (cleared by one sweep) and
// one large enough to be written in a few places (cleared chunk by chunk), after searches of other positions,
// depths and tables in between.
TEST(TranspositionTable, ATableReusedAsNewSearchesAsAFreshOne) {
  const char* const fens[] = {"r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1",
                              "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
                              "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"};
  for (const auto& named : kReplacementSchemeNames)
    for (const int entries : {1024, 1 << 16}) {
      SearchConfig c;
      c.tt_scheme = named.value;
      c.tt_entries = entries;
      EngineMemory memory;
      for (int round = 0; round < 2; ++round)
        for (const char* fen : fens)
          for (const int depth : {1, 4}) {
            const Board root = Board::from_fen(fen);
            SearchResult fresh, reused;
            {
              Engine own(c, EvalConfig{});
              fresh = own.search(root, Limits{depth, 0});
            }
            {
              Engine lent(c, EvalConfig{}, &memory);
              reused = lent.search(root, Limits{depth, 0});
            }
            const std::string where = std::string(named.name) + " " + std::to_string(entries) + " " + fen + " d" +
                                      std::to_string(depth);
            test::expect_same_tree(reused, fresh, where);
          }
      // A table of another size or scheme in between: the engine allocates its own, and hands it back.
      SearchConfig other = c;
      other.tt_entries = entries * 2;
      {
        Engine different(other, EvalConfig{}, &memory);
        different.search(Board::from_fen(fens[0]), Limits{2, 0});
      }
      Engine back(c, EvalConfig{}, &memory);
      Engine own(c, EvalConfig{});
      EXPECT_EQ(back.search(Board::from_fen(fens[1]), Limits{5, 0}).stats.nodes,
                own.search(Board::from_fen(fens[1]), Limits{5, 0}).stats.nodes);
    }
}

// A stack reset as new holds a new stack's bytes: the frames past the deepest ply entered + 1 were never written,
// and the ones before are rewritten (EngineMemory lends the stack from engine to engine).
TEST(TranspositionTable, AStackResetAsNewHoldsANewStacksBytes) {
  SearchStack used;
  for (int ply = 0; ply <= 9; ++ply) {
    used.note_entered(ply);
    for (PlyFrame* f : {&used[ply], &used[ply + 1]}) {
      f->moves[3] = Move::make(12, 28);
      f->scores[7] = 99;
      f->pv[ply] = Move::make(6, 21);
      f->pv_len = ply + 1;
      f->on_prev_pv = f->verification_off = true;
      f->static_eval = 5;
    }
  }
  used.reset_as_new();
  const SearchStack fresh;
  for (int ply = 0; ply < MaxPly + 2; ++ply)
    EXPECT_EQ(std::memcmp(&used[ply], &fresh[ply], sizeof(PlyFrame)), 0) << "frame " << ply;
}

}  // namespace transposition_table_test
