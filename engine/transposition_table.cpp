#include "engine/transposition_table.h"

#include <algorithm>
#include <limits>

namespace buho {

void TranspositionTable::resize(int entries, ReplacementScheme scheme) {
  entries_ = std::max(1, entries);
  mask_ = entries_ > 1 && (entries_ & (entries_ - 1)) == 0 ? std::uint64_t(entries_ - 1) : 0;
  scheme_ = scheme;
  slots_per_entry_ = slots_per_entry(scheme);
  inline_subtrees_ = keeps_subtree(scheme) && slots_per_entry_ > 1;
  entry_bytes_ = inline_subtrees_ ? bytes_per_entry(scheme) : std::size_t(slots_per_entry_) * sizeof(TTEntry);
  const std::size_t n = std::size_t(entries_) * std::size_t(slots_per_entry_);
  // Fresh arrays: calloc's or mmap's zero pages, not a sweep (zeroed_allocator.h).
  const std::size_t bytes = std::size_t(entries_) * entry_bytes_;
  try {
    memory_ = decltype(memory_)(bytes);
    subtree_ = decltype(subtree_)(keeps_subtree(scheme) && !inline_subtrees_ ? n : 0);
  } catch (const std::bad_alloc&) {
    throw AllocationError("the transposition table of " + std::to_string(entries_) + " entries (" +
                          std::to_string((bytes + (std::size_t(1) << 20) - 1) >> 20) +
                          " MiB) could not be allocated: lower the flag tt_entries");
  }
  written_chunks_.assign(((std::size_t(entries_) >> kChunkShift) >> 6) + 1, 0);
  chunks_written_ = 0;
  generation_ = 0;
  occupied_ = 0;
  dirty_ = false;
  counters = {};
}

void TranspositionTable::clear() {
  if (dirty_) {
    const std::size_t chunks = (std::size_t(entries_) >> kChunkShift) + 1;
    if (chunks_written_ * 4 > chunks) {  // most of it written: one sweep
      std::fill(memory_.begin(), memory_.end(), std::byte{0});
      std::fill(subtree_.begin(), subtree_.end(), 0);
    } else {
      for (std::size_t w = 0; w < written_chunks_.size(); ++w)
        for (std::uint64_t bits = written_chunks_[w]; bits; bits &= bits - 1) {
          const std::size_t chunk = w * 64 + std::size_t(__builtin_ctzll(bits));
          const std::size_t first = chunk << kChunkShift;
          const std::size_t last = std::min(std::size_t(entries_), first + (std::size_t(1) << kChunkShift));
          std::fill(memory_.begin() + std::ptrdiff_t(first * entry_bytes_),
                    memory_.begin() + std::ptrdiff_t(last * entry_bytes_), std::byte{0});
          if (!subtree_.empty())  // big1, big_all: one size per entry
            std::fill(subtree_.begin() + std::ptrdiff_t(first), subtree_.begin() + std::ptrdiff_t(last), 0);
        }
    }
    std::fill(written_chunks_.begin(), written_chunks_.end(), 0);
    chunks_written_ = 0;
  }
  occupied_ = 0;
  dirty_ = false;
  counters = {};
}

void TranspositionTable::reset_as_new() {
  clear();
  generation_ = 0;
}

const TTEntry* TranspositionTable::probe(std::uint64_t key) {
  ++counters.probes;
  BUHO_ASSERT(allocated());
  if (scheme_ == ReplacementScheme::MultiProbe4) return probe_multi(key);
  const int n = slots_per_entry_;
  const TTEntry* e = slots_of(std::size_t(index_of(key)));
  bool occupied = false;
  for (int i = 0; i < n; ++i) {
    if (e[i].empty()) continue;
    if (e[i].key == key) {
      ++counters.hits;
      return &e[i];
    }
    occupied = true;
  }
  if (occupied) ++counters.collisions;
  return nullptr;
}

void TranspositionTable::put(std::size_t entry, int which, const TTEntry& value, std::uint64_t subtree) {
  TTEntry& slot = slots_of(entry)[which];
  mark_written(entry);
  occupied_ += std::uint64_t(!value.empty()) - std::uint64_t(!slot.empty());
  slot = value;
  if (std::uint32_t* sizes = subtrees_of(entry))
    sizes[which] = std::uint32_t(std::min<std::uint64_t>(subtree, std::numeric_limits<std::uint32_t>::max()));
}

void TranspositionTable::store(std::uint64_t key, int depth, int value, Bound bound, Move move, std::uint64_t subtree) {
  ++counters.stores;
  dirty_ = true;
  TTEntry fresh;
  fresh.key = key;
  fresh.move = move;
  fresh.value = std::int16_t(value);
  fresh.depth = std::int8_t(std::clamp(depth, -128, 127));
  fresh.bound = bound;
  fresh.generation = generation_;

  BUHO_ASSERT(allocated());
  const std::size_t entry = std::size_t(index_of(key));
  TTEntry* e = slots_of(entry);
  // Writes `fresh` over slot `which`; a fail-low result has no best move, so the old move of the same
  // position is kept for ordering.
  auto write = [&](int which) {
    const TTEntry& slot = e[which];
    if (!slot.empty() && slot.key != key) ++counters.overwrites;
    if (fresh.move.is_null() && !slot.empty() && slot.key == key) fresh.move = slot.move;
    put(entry, which, fresh, subtree);
  };

  switch (scheme_) {
    case ReplacementScheme::Always:
      write(0);
      return;
    case ReplacementScheme::Never:
      if (e[0].empty() || e[0].key == key) write(0);
      else ++counters.refused;
      return;
    case ReplacementScheme::Depth:
      if (e[0].empty() || depth >= e[0].depth) write(0);
      else ++counters.refused;
      return;
    case ReplacementScheme::DepthAlways: {
      const TTEntry& first_slot = e[0];
      const TTEntry& second_slot = e[1];
      if (first_slot.empty() || depth >= first_slot.depth) {
        if (!first_slot.empty() && first_slot.key != key) {
          // The old first entry is demoted to the always-replace slot (§4.6.3).
          if (!second_slot.empty() && second_slot.key != key) ++counters.overwrites;
          put(entry, 1, first_slot, 0);
          put(entry, 0, TTEntry{}, 0);
        } else if (!second_slot.empty() && second_slot.key == key) {
          put(entry, 1, TTEntry{}, 0);  // keep one copy of a position
        }
        write(0);
      } else if (first_slot.key == key) {
        ++counters.refused;  // the first slot keeps the deeper result of this very position
      } else {
        write(1);
      }
      return;
    }
    case ReplacementScheme::Big1:
    case ReplacementScheme::BigAll:
      store_big(entry, fresh, subtree);
      return;
    case ReplacementScheme::TwoDeep:
    case ReplacementScheme::TwoBig1:
      store_two_level(entry, fresh, subtree);
      return;
    case ReplacementScheme::Bucket2:
    case ReplacementScheme::Bucket4:
      store_bucket(entry, fresh);
      return;
    case ReplacementScheme::MultiProbe4:
      store_multi_probe(entry, fresh);
      return;
  }
}

// Breuker's Big1 / BigAll (one slot): the position's own entry takes the new result and its subtree size;
// another position is replaced when the new subtree is at least as large (ties to the newer result, as
// depth's >=).
void TranspositionTable::store_big(std::size_t entry, const TTEntry& fresh, std::uint64_t subtree) {
  const TTEntry& slot = slots_of(entry)[0];
  TTEntry value = fresh;
  if (slot.empty() || slot.key == fresh.key) {
    if (value.move.is_null() && !slot.empty()) value.move = slot.move;
    put(entry, 0, value, subtree);
  } else if (subtree >= subtrees_of(entry)[0]) {
    ++counters.overwrites;
    put(entry, 0, value, subtree);
  } else {
    ++counters.refused;
  }
}

// Breuker's TwoDeep / TwoBig1: the first slot holds the larger of depth (TwoDeep) or subtree size
// (TwoBig1); a new result that beats (or ties) it goes first and the displaced first entry moves to the
// second slot, anything smaller goes to the second slot. A position's older result, in either slot, is
// dropped first, so a position never has two copies and its newest result is placed by the same rule.
void TranspositionTable::store_two_level(std::size_t entry, const TTEntry& fresh, std::uint64_t subtree) {
  const bool by_size = scheme_ == ReplacementScheme::TwoBig1;
  TTEntry* e = slots_of(entry);
  TTEntry value = fresh;
  for (int i = 0; i < 2; ++i) {
    if (!e[i].empty() && e[i].key == fresh.key) {
      if (value.move.is_null()) value.move = e[i].move;
      put(entry, i, TTEntry{}, 0);
    }
  }
  const TTEntry& head = e[0];
  const TTEntry& tail = e[1];
  const std::uint64_t head_size = by_size ? subtrees_of(entry)[0] : 0;
  const bool beats_head = head.empty() || (by_size ? subtree >= head_size : int(fresh.depth) >= int(head.depth));
  if (beats_head) {
    if (!head.empty()) {
      if (!tail.empty()) ++counters.overwrites;
      put(entry, 1, head, head_size);
    }
    put(entry, 0, value, subtree);
  } else {
    if (!tail.empty()) ++counters.overwrites;
    put(entry, 1, value, subtree);
  }
}

// Buckets of N slots: the position's own slot takes the new result; else the first empty slot; else the
// slot stored by an earlier search (generation), else the lowest depth; ties go to the first such slot.
void TranspositionTable::store_bucket(std::size_t entry, const TTEntry& fresh) {
  const int n = slots_per_entry_;
  const TTEntry* e = slots_of(entry);
  for (int i = 0; i < n; ++i) {
    if (!e[i].empty() && e[i].key == fresh.key) {
      TTEntry value = fresh;
      if (value.move.is_null()) value.move = e[i].move;
      put(entry, i, value, 0);
      return;
    }
  }
  int victim = 0;
  for (int i = 0; i < n; ++i) {
    if (e[i].empty()) {
      put(entry, i, fresh, 0);
      return;
    }
    // Lexicographic (stored by this search, depth): the smallest goes.
    const bool older_i = e[i].generation != generation_, older_v = e[victim].generation != generation_;
    if (older_i != older_v ? older_i : e[i].depth < e[victim].depth) victim = i;
  }
  ++counters.overwrites;
  put(entry, victim, fresh, 0);
}

// Beal & Smith 1996 (ICCA Journal 19(4)), multiple probes: a position is looked for at its index and the
// next kMultiProbes - 1 (probes_per_key) indices. Unlike a bucket, the groups of neighbouring keys overlap.
const TTEntry* TranspositionTable::probe_multi(std::uint64_t key) {
  const std::size_t first = std::size_t(index_of(key));
  bool occupied = false;
  for (int j = 0; j < probes_per_key(); ++j) {
    const TTEntry& e = slots_of(probe_entry(first, j))[0];
    if (e.empty()) continue;
    if (e.key == key) {
      ++counters.hits;
      return &e;
    }
    occupied = true;
  }
  if (occupied) ++counters.collisions;
  return nullptr;
}

// Multi-probe store: the position's own slot (found among its probes) takes the new result; else the first
// empty probed slot; else the probed slot of lowest depth (the shallowest draft, the first such). No
// generation: the table is cleared between searches like the one-slot schemes.
void TranspositionTable::store_multi_probe(std::size_t first, const TTEntry& fresh) {
  for (int j = 0; j < probes_per_key(); ++j) {
    const std::size_t i = probe_entry(first, j);
    const TTEntry& slot = slots_of(i)[0];
    if (!slot.empty() && slot.key == fresh.key) {
      TTEntry value = fresh;
      if (value.move.is_null()) value.move = slot.move;
      put(i, 0, value, 0);
      return;
    }
  }
  std::size_t victim = first;
  for (int j = 0; j < probes_per_key(); ++j) {
    const std::size_t i = probe_entry(first, j);
    const TTEntry& slot = slots_of(i)[0];
    if (slot.empty()) {
      put(i, 0, fresh, 0);
      return;
    }
    if (slot.depth < slots_of(victim)[0].depth) victim = i;
  }
  ++counters.overwrites;
  put(victim, 0, fresh, 0);
}

}  // namespace buho
