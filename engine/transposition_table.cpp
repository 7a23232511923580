#include "engine/transposition_table.h"

#include <algorithm>
#include <limits>

namespace buho {

void TranspositionTable::resize(int entries, ReplacementScheme scheme) {
  entries_ = std::max(1, entries);
  mask_ = entries_ > 1 && (entries_ & (entries_ - 1)) == 0 ? std::uint64_t(entries_ - 1) : 0;
  scheme_ = scheme;
  const std::size_t n = std::size_t(entries_) * slots_per_entry(scheme);
  // Fresh vectors, default-inserted: calloc's zero pages, not a sweep (zeroed_allocator.h).
  slots_ = decltype(slots_)(n);
  subtree_ = decltype(subtree_)(keeps_subtree(scheme) ? n : 0);
  generation_of_ = decltype(generation_of_)(keeps_generation(scheme) ? n : 0);
  generation_ = 0;
  occupied_ = 0;
  dirty_ = false;
  counters = {};
}

void TranspositionTable::clear() {
  if (dirty_) {
    std::fill(slots_.begin(), slots_.end(), TTEntry{});
    std::fill(subtree_.begin(), subtree_.end(), 0);
    std::fill(generation_of_.begin(), generation_of_.end(), 0);
  }
  occupied_ = 0;
  dirty_ = false;
  counters = {};
}

const TTEntry* TranspositionTable::probe(std::uint64_t key) {
  ++counters.probes;
  BUHO_ASSERT(allocated());
  if (scheme_ == ReplacementScheme::MultiProbe4) return probe_multi(key);
  const int n = slots_per_entry();
  TTEntry* e = &slots_[std::size_t(index_of(key)) * n];
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

void TranspositionTable::put(std::size_t i, const TTEntry& value, std::uint64_t subtree) {
  TTEntry& slot = slots_[i];
  occupied_ += std::uint64_t(!value.empty()) - std::uint64_t(!slot.empty());
  slot = value;
  if (!subtree_.empty())
    subtree_[i] = std::uint32_t(std::min<std::uint64_t>(subtree, std::numeric_limits<std::uint32_t>::max()));
  if (!generation_of_.empty()) generation_of_[i] = generation_;
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

  BUHO_ASSERT(allocated());
  const std::size_t first = std::size_t(index_of(key)) * slots_per_entry();
  // Writes `fresh` over slot `i`; a fail-low result has no best move, so the old move of the same
  // position is kept for ordering.
  auto write = [&](std::size_t i) {
    const TTEntry& slot = slots_[i];
    if (!slot.empty() && slot.key != key) ++counters.overwrites;
    if (fresh.move.is_null() && !slot.empty() && slot.key == key) fresh.move = slot.move;
    put(i, fresh, subtree);
  };

  TTEntry* e = &slots_[first];
  switch (scheme_) {
    case ReplacementScheme::Always:
      write(first);
      return;
    case ReplacementScheme::Never:
      if (e[0].empty() || e[0].key == key) write(first);
      else ++counters.refused;
      return;
    case ReplacementScheme::Depth:
      if (e[0].empty() || depth >= e[0].depth) write(first);
      else ++counters.refused;
      return;
    case ReplacementScheme::DepthAlways: {
      const TTEntry& first_slot = e[0];
      const TTEntry& second_slot = e[1];
      if (first_slot.empty() || depth >= first_slot.depth) {
        if (!first_slot.empty() && first_slot.key != key) {
          // The old first entry is demoted to the always-replace slot (§4.6.3).
          if (!second_slot.empty() && second_slot.key != key) ++counters.overwrites;
          put(first + 1, first_slot, 0);
          put(first, TTEntry{}, 0);
        } else if (!second_slot.empty() && second_slot.key == key) {
          put(first + 1, TTEntry{}, 0);  // keep one copy of a position
        }
        write(first);
      } else if (first_slot.key == key) {
        ++counters.refused;  // the first slot keeps the deeper result of this very position
      } else {
        write(first + 1);
      }
      return;
    }
    case ReplacementScheme::Big1:
    case ReplacementScheme::BigAll:
      store_big(first, fresh, subtree);
      return;
    case ReplacementScheme::TwoDeep:
    case ReplacementScheme::TwoBig1:
      store_two_level(first, fresh, subtree);
      return;
    case ReplacementScheme::Bucket2:
    case ReplacementScheme::Bucket4:
      store_bucket(first, fresh);
      return;
    case ReplacementScheme::MultiProbe4:
      store_multi_probe(first, fresh);
      return;
  }
}

// Breuker's Big1 / BigAll (one slot): the position's own entry takes the new result and its subtree size;
// another position is replaced when the new subtree is at least as large (ties to the newer result, as
// depth's >=).
void TranspositionTable::store_big(std::size_t first, const TTEntry& fresh, std::uint64_t subtree) {
  TTEntry& slot = slots_[first];
  TTEntry value = fresh;
  if (slot.empty() || slot.key == fresh.key) {
    if (value.move.is_null() && !slot.empty()) value.move = slot.move;
    put(first, value, subtree);
  } else if (subtree >= subtree_[first]) {
    ++counters.overwrites;
    put(first, value, subtree);
  } else {
    ++counters.refused;
  }
}

// Breuker's TwoDeep / TwoBig1: the first slot holds the larger of depth (TwoDeep) or subtree size
// (TwoBig1); a new result that beats (or ties) it goes first and the displaced first entry moves to the
// second slot, anything smaller goes to the second slot. A position's older result, in either slot, is
// dropped first, so a position never has two copies and its newest result is placed by the same rule.
void TranspositionTable::store_two_level(std::size_t first, const TTEntry& fresh, std::uint64_t subtree) {
  const bool by_size = scheme_ == ReplacementScheme::TwoBig1;
  TTEntry value = fresh;
  for (std::size_t i = first; i < first + 2; ++i) {
    if (!slots_[i].empty() && slots_[i].key == fresh.key) {
      if (value.move.is_null()) value.move = slots_[i].move;
      put(i, TTEntry{}, 0);
    }
  }
  const TTEntry& head = slots_[first];
  const TTEntry& tail = slots_[first + 1];
  const bool beats_head =
      head.empty() || (by_size ? subtree >= subtree_[first] : int(fresh.depth) >= int(head.depth));
  if (beats_head) {
    if (!head.empty()) {
      if (!tail.empty()) ++counters.overwrites;
      put(first + 1, head, by_size ? subtree_[first] : 0);
    }
    put(first, value, subtree);
  } else {
    if (!tail.empty()) ++counters.overwrites;
    put(first + 1, value, subtree);
  }
}

// Buckets of N slots: the position's own slot takes the new result; else the first empty slot; else the
// slot stored by an earlier search (generation), else the lowest depth; ties go to the first such slot.
void TranspositionTable::store_bucket(std::size_t first, const TTEntry& fresh) {
  const std::size_t n = std::size_t(slots_per_entry());
  std::size_t victim = first;
  for (std::size_t i = first; i < first + n; ++i) {
    if (!slots_[i].empty() && slots_[i].key == fresh.key) {
      TTEntry value = fresh;
      if (value.move.is_null()) value.move = slots_[i].move;
      put(i, value, 0);
      return;
    }
  }
  for (std::size_t i = first; i < first + n; ++i) {
    if (slots_[i].empty()) {
      put(i, fresh, 0);
      return;
    }
    // Lexicographic (stored by this search, depth): the smallest goes.
    const bool older_i = generation_of_[i] != generation_, older_v = generation_of_[victim] != generation_;
    if (older_i != older_v ? older_i : slots_[i].depth < slots_[victim].depth) victim = i;
  }
  ++counters.overwrites;
  put(victim, fresh, 0);
}

// Beal & Smith 1996 (ICCA Journal 19(4)), multiple probes: a position is looked for at its index and the
// next kMultiProbes - 1 (probes_per_key) indices. Unlike a bucket, the groups of neighbouring keys overlap.
const TTEntry* TranspositionTable::probe_multi(std::uint64_t key) {
  const std::size_t first = std::size_t(index_of(key));
  bool occupied = false;
  for (int j = 0; j < probes_per_key(); ++j) {
    const TTEntry& e = slots_[probe_slot(first, j)];
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
  std::size_t victim = first;
  for (int j = 0; j < probes_per_key(); ++j) {
    const std::size_t i = probe_slot(first, j);
    if (!slots_[i].empty() && slots_[i].key == fresh.key) {
      TTEntry value = fresh;
      if (value.move.is_null()) value.move = slots_[i].move;
      put(i, value, 0);
      return;
    }
  }
  for (int j = 0; j < probes_per_key(); ++j) {
    const std::size_t i = probe_slot(first, j);
    if (slots_[i].empty()) {
      put(i, fresh, 0);
      return;
    }
    if (slots_[i].depth < slots_[victim].depth) victim = i;
  }
  ++counters.overwrites;
  put(victim, fresh, 0);
}

}  // namespace buho
