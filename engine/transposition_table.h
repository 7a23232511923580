// §4.6 The transposition table (Alg. 8-9): entries indexed by Zobrist key mod table size, each holding
// key, value, bound, depth and best move, with the four replacement schemes of §4.6.3 and the
// counters that show them at work. One table per Engine; nothing here is shared between threads.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/checks.h"
#include "engine/search_config.h"
#include "engine/types.h"

namespace buho {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  std::uint64_t key = 0;
  Move move;                 // best move found (may be null: a fail-low node has none)
  std::int16_t value = 0;    // as stored: mate scores relative to this node (see search.cpp)
  std::int8_t depth = 0;     // remaining depth of the search that produced it
  Bound bound = Bound::None; // None marks an empty slot
  bool empty() const { return bound == Bound::None; }
};

struct TTCounters {
  std::uint64_t probes = 0;      // probe() calls
  std::uint64_t hits = 0;        // ... that found an entry with the same key
  std::uint64_t collisions = 0;  // ... that found no match but an occupied slot (another position)
  std::uint64_t stores = 0;      // store() calls
  std::uint64_t overwrites = 0;  // stores that replaced an entry of another position
  std::uint64_t refused = 0;     // stores the scheme refused (nothing written)
};

class TranspositionTable {
 public:
  TranspositionTable() = default;
  // `entries` as the thesis counts them: with DepthAlways each entry has two slots.
  void resize(int entries, ReplacementScheme scheme);
  void clear();  // empties every slot and zeroes the counters
  bool allocated() const { return !slots_.empty(); }

  // The entry of `key` (first slot first), or nullptr. Counts probes, hits and collisions.
  const TTEntry* probe(std::uint64_t key);
  // Applies the replacement scheme (§4.6.3):
  //  - the same position is updated in place, except that depth and depth_always's first slot keep a
  //    deeper result of the same position (they keep "the position with the greater depth");
  //  - another position: always replaces; never keeps the old one; depth replaces when the new depth is
  //    >= the stored one; depth_always puts a new depth >= the first slot's in the first slot and moves
  //    the old first entry to the second slot, and anything shallower into the second slot.
  void store(std::uint64_t key, int depth, int value, Bound bound, Move move);

  int entries() const { return entries_; }
  ReplacementScheme scheme() const { return scheme_; }
  int slots_per_entry() const { return slots_per_entry(scheme_); }
  // Positions one entry holds under `scheme` (the one place a scheme's slot count is written).
  static constexpr int slots_per_entry(ReplacementScheme scheme) { return scheme == ReplacementScheme::DepthAlways ? 2 : 1; }
  const TTEntry& slot(int entry, int which) const { return slots_[std::size_t(entry) * slots_per_entry() + which]; }
  int index_of(std::uint64_t key) const {
    // key mod entries; a power-of-two size (the usual case) needs no division.
    const int index = mask_ ? int(key & mask_) : int(key % std::uint64_t(entries_));
    BUHO_ASSERT(index >= 0 && index < entries_);
    return index;
  }
  // Starts loading the slots of `key` into the cache; changes nothing.
  void prefetch(std::uint64_t key) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[std::size_t(index_of(key)) * slots_per_entry()]);
  }

  TTCounters counters;

 private:
  std::vector<TTEntry> slots_;
  int entries_ = 0;
  std::uint64_t mask_ = 0;  // entries_ - 1 when entries_ is a power of two (> 1), else 0
  bool dirty_ = false;  // something was stored since the last clear (a clean table needs no sweep)
  ReplacementScheme scheme_ = ReplacementScheme::DepthAlways;
};

}  // namespace buho
