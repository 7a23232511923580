// §4.6 The transposition table (Alg. 8-9): entries indexed by Zobrist key mod table size, each holding
// key, value, bound, depth and best move, with the four replacement schemes of §4.6.3, Breuker's
// and the bucket schemes (docs/tt.md), and the counters that show them at work. One table per Engine;
// nothing here is shared between threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "engine/checks.h"
#include "engine/search_config.h"
#include "engine/types.h"
#include "engine/zeroed_allocator.h"

namespace buho {

// An allocation the machine refused, naming what was being allocated and its size. A std::bad_alloc, so every
// handler of one sees it; its what() is the message.
class AllocationError : public std::bad_alloc {
 public:
  explicit AllocationError(std::string what) : what_(std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTEntry {
  std::uint64_t key = 0;
  Move move;                 // best move found (may be null: a fail-low node has none)
  std::int16_t value = 0;    // as stored: mate scores relative to this node (mate_to_table below)
  std::int8_t depth = 0;     // remaining depth of the search that produced it
  Bound bound : 2 = Bound::None;  // None marks an empty slot
  // bucket2 / bucket4: the search that stored the entry (TranspositionTable::new_search), in the bound's byte so
  // that a bucket of four is one 64-byte cache line with its ages (a side array cost bucket4 a second line per
  // store). 6 bits wrap at 64 searches; only equality is used, as in engines of today (Stockfish keeps 5 bits).
  std::uint8_t generation : 6 = 0;
  bool empty() const { return bound == Bound::None; }
};
static_assert(sizeof(TTEntry) == 16, "a slot is 16 bytes: four make one cache line");

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
  // `entries` as the thesis counts them (indices): a two-slot scheme's entry holds two positions.
  void resize(int entries, ReplacementScheme scheme);
  void clear();  // empties every slot and zeroes the counters
  // clear(), and the generation back to a new table's: the table is then exactly as resize() leaves it, so an
  // engine given it (EngineMemory) searches as with a table of its own. Only the parts written are zeroed.
  void reset_as_new();
  bool allocated() const { return !memory_.empty(); }
  // A new Engine::search begins: entries stored from now on are of a new generation, and the bucket
  // schemes replace those of earlier searches first. (Within one search every iteration shares a
  // generation: the previous iteration's entries are the ones that order this iteration's moves.)
  void new_search() { generation_ = std::uint8_t((generation_ + 1) & kGenerationMask); }

  // The entry of `key` (first slot first), or nullptr. Counts probes, hits and collisions.
  const TTEntry* probe(std::uint64_t key);
  // Applies the replacement scheme (§4.6.3; docs/tt.md has every scheme's two rules). `subtree` is the
  // size of the search below the position that produced this result, as the scheme counts it (Big1,
  // BigAll, TwoBig1; ignored by the others).
  // The thesis's four:
  //  - the same position is updated in place, except that depth and depth_always's first slot keep a
  //    deeper result of the same position (they keep "the position with the greater depth");
  //  - another position: always replaces; never keeps the old one; depth replaces when the new depth is
  //    >= the stored one; depth_always puts a new depth >= the first slot's in the first slot and moves
  //    the old first entry to the second slot, and anything shallower into the second slot.
  // The others: a position's own entry always takes the new result (its older result is dropped, and a
  // two-slot scheme places the new one by its collision rule); on a collision big1/big_all replace when
  // the new subtree is >= the stored one, two_deep/two_big1 do what depth_always does with depth or
  // subtree size, and the buckets fill an empty slot, else replace the slot of an earlier search, else
  // the lowest depth (the first such slot). multi_probe4 does what a bucket does without generations, over
  // the 4 consecutive indices its key may use (index_of(key) .. +3, wrapping), so that its groups overlap.
  void store(std::uint64_t key, int depth, int value, Bound bound, Move move, std::uint64_t subtree = 1);

  int entries() const { return entries_; }
  ReplacementScheme scheme() const { return scheme_; }
  int slots_per_entry() const { return slots_per_entry(scheme_); }
  // Positions one entry holds under `scheme` (the one place a scheme's slot count is written).
  static constexpr int slots_per_entry(ReplacementScheme scheme) {
    switch (scheme) {
      case ReplacementScheme::DepthAlways:
      case ReplacementScheme::TwoDeep:
      case ReplacementScheme::TwoBig1:
      case ReplacementScheme::Bucket2: return 2;
      case ReplacementScheme::Bucket4: return 4;
      case ReplacementScheme::Always:
      case ReplacementScheme::Never:
      case ReplacementScheme::Depth:
      case ReplacementScheme::Big1:
      case ReplacementScheme::BigAll:
      case ReplacementScheme::MultiProbe4: return 1;
    }
    return 1;  // not reached: every scheme has its case (no default, so -Wswitch names a new one)
  }
  // Whether the scheme keeps each slot's subtree size (4 bytes a slot) beside the 16-byte TTEntry.
  static constexpr bool keeps_subtree(ReplacementScheme s) {
    return s == ReplacementScheme::Big1 || s == ReplacementScheme::BigAll || s == ReplacementScheme::TwoBig1;
  }
  // Memory of one slot and of one entry (slots x slot) under `scheme`, in bytes.
  static constexpr std::size_t bytes_per_slot(ReplacementScheme s) {
    return sizeof(TTEntry) + (keeps_subtree(s) ? sizeof(std::uint32_t) : 0);
  }
  static constexpr std::size_t bytes_per_entry(ReplacementScheme s) { return std::size_t(slots_per_entry(s)) * bytes_per_slot(s); }

  const TTEntry& slot(int entry, int which) const { return slots_of(std::size_t(entry))[which]; }
  // The subtree size kept with slot `which` of `entry` (0 when the scheme keeps none).
  std::uint64_t slot_subtree(int entry, int which) const {
    const std::uint32_t* sizes = subtrees_of(std::size_t(entry));
    return sizes ? sizes[which] : 0;
  }
  // The subtree size kept with an entry probe() returned (0 when the scheme keeps none).
  std::uint64_t subtree_of(const TTEntry* e) const {
    const std::size_t offset = std::size_t(reinterpret_cast<const std::byte*>(e) - memory_.data());
    return slot_subtree(int(offset / entry_bytes_), int(offset % entry_bytes_ / sizeof(TTEntry)));
  }
  // Slots that hold a position now (distinct positions stored: a position is never in two slots).
  std::uint64_t occupied_slots() const { return occupied_; }
  std::uint64_t capacity_slots() const { return std::uint64_t(entries_) * std::uint64_t(slots_per_entry_); }
  int index_of(std::uint64_t key) const {
    // key mod entries; a power-of-two size (the usual case) needs no division.
    const int index = mask_ ? int(key & mask_) : int(key % std::uint64_t(entries_));
    BUHO_ASSERT(index >= 0 && index < entries_);
    return index;
  }
  // Starts loading the slots of `key` into the cache; changes nothing.
  void prefetch(std::uint64_t key) const {
    if (!memory_.empty()) __builtin_prefetch(slots_of(std::size_t(index_of(key))));
  }

  TTCounters counters;

 private:
  // Layout. Entry i's slots are the TTEntry objects at byte i * entry_bytes_ of one block; two_big1 keeps its
  // two subtree sizes right after them ([slot 0][slot 1][size 0][size 1], 40 bytes), so that the sizes a store
  // compares are in the slots' cache line or the next one (a side array cost two_big1 a cache miss per store:
  // 10 % of its time, against 1.5 % for depth_always's stores). big1 and big_all (one 16-byte slot and a 4-byte
  // size) keep their sizes in a side array: 20-byte entries would misalign the 8-byte keys.
  TTEntry* slots_of(std::size_t entry) { return reinterpret_cast<TTEntry*>(memory_.data() + entry * entry_bytes_); }
  const TTEntry* slots_of(std::size_t entry) const {
    return reinterpret_cast<const TTEntry*>(memory_.data() + entry * entry_bytes_);
  }
  // The subtree sizes of `entry`'s slots, or nullptr when the scheme keeps none.
  std::uint32_t* subtrees_of(std::size_t entry) {
    if (inline_subtrees_) return reinterpret_cast<std::uint32_t*>(slots_of(entry) + slots_per_entry_);
    return subtree_.empty() ? nullptr : &subtree_[entry];
  }
  const std::uint32_t* subtrees_of(std::size_t entry) const { return const_cast<TranspositionTable*>(this)->subtrees_of(entry); }
  // Puts `value` (possibly empty) into slot `which` of `entry`, with its subtree size when the scheme keeps
  // them, keeping `occupied_` right.
  void put(std::size_t entry, int which, const TTEntry& value, std::uint64_t subtree);
  void store_big(std::size_t entry, const TTEntry& fresh, std::uint64_t subtree);
  void store_two_level(std::size_t entry, const TTEntry& fresh, std::uint64_t subtree);
  void store_bucket(std::size_t entry, const TTEntry& fresh);
  void store_multi_probe(std::size_t entry, const TTEntry& fresh);
  const TTEntry* probe_multi(std::uint64_t key);
  // Beal & Smith 1996: the indices a multi-probe position may occupy, `index_of(key)` and the next ones
  // (wrapping); fewer when the table has fewer entries.
  static constexpr int kMultiProbes = 4;
  std::size_t probe_entry(std::size_t first, int j) const { return (first + std::size_t(j)) % std::size_t(entries_); }
  int probes_per_key() const { return entries_ < kMultiProbes ? entries_ : kMultiProbes; }

  // Zeroed allocation: an empty table is all zero bytes and costs nothing until touched (zeroed_allocator.h).
  ZeroedArray<std::byte> memory_;
  ZeroedArray<std::uint32_t> subtree_;  // Big1, BigAll: each slot's subtree size (saturating)
  std::size_t entry_bytes_ = 0;   // the stride of memory_: the slots, and two_big1's sizes (bytes_per_entry but for big1/big_all)
  int slots_per_entry_ = 1;       // slots_per_entry(scheme_), read at every probe
  bool inline_subtrees_ = false;  // TwoBig1: the sizes follow the slots inside the entry
  static constexpr std::uint8_t kGenerationMask = 63;  // TTEntry::generation's 6 bits
  std::uint8_t generation_ = 0;  // the current search's generation, stored in every entry written (wraps; only equality is used)
  std::uint64_t occupied_ = 0;
  int entries_ = 0;
  std::uint64_t mask_ = 0;  // entries_ - 1 when entries_ is a power of two (> 1), else 0
  bool dirty_ = false;  // something was stored since the last clear (a clean table needs no sweep)
  // Which runs of kChunkEntries entries were written since the last clear, a bit each: clear() zeroes those alone
  // while they are few (a depth-1 search writes a few dozen entries of a table of millions; zeroing the whole
  // 64 MB took longer than the search), the whole block otherwise.
  static constexpr int kChunkShift = 8;  // 256 entries: 4 KB of 16-byte entries
  std::vector<std::uint64_t> written_chunks_;
  std::size_t chunks_written_ = 0;
  void mark_written(std::size_t entry) {
    const std::size_t chunk = entry >> kChunkShift;
    std::uint64_t& word = written_chunks_[chunk >> 6];
    const std::uint64_t bit = std::uint64_t(1) << (chunk & 63);
    chunks_written_ += (word & bit) == 0;
    word |= bit;
  }
  ReplacementScheme scheme_ = ReplacementScheme::DepthAlways;
};

// Mate scores are stored relative to the node, so a mate found through a transposition keeps its distance from
// the current root: every search and driver that stores a value converts it with these two.
inline int mate_to_table(Score v, int ply) {
  if (v >= ScoreMateBound) return v + ply;
  if (v <= -ScoreMateBound) return v - ply;
  return v;
}
inline Score mate_from_table(int v, int ply) {
  if (v >= ScoreMateBound) return v - ply;
  if (v <= -ScoreMateBound) return v + ply;
  return v;
}

}  // namespace buho
