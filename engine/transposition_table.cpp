#include "engine/transposition_table.h"

#include <algorithm>

namespace buho {

void TranspositionTable::resize(int entries, ReplacementScheme scheme) {
  entries_ = std::max(1, entries);
  mask_ = entries_ > 1 && (entries_ & (entries_ - 1)) == 0 ? std::uint64_t(entries_ - 1) : 0;
  scheme_ = scheme;
  slots_.assign(std::size_t(entries_) * slots_per_entry(), TTEntry{});
  dirty_ = false;
  counters = {};
}

void TranspositionTable::clear() {
  if (dirty_) std::fill(slots_.begin(), slots_.end(), TTEntry{});
  dirty_ = false;
  counters = {};
}

const TTEntry* TranspositionTable::probe(std::uint64_t key) {
  ++counters.probes;
  const int n = slots_per_entry();
  BUHO_ASSERT(allocated());
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

void TranspositionTable::store(std::uint64_t key, int depth, int value, Bound bound, Move move) {
  ++counters.stores;
  dirty_ = true;
  TTEntry fresh;
  fresh.key = key;
  fresh.move = move;
  fresh.value = std::int16_t(value);
  fresh.depth = std::int8_t(std::clamp(depth, -128, 127));
  fresh.bound = bound;

  // Writes `fresh` over `slot`; a fail-low result has no best move, so the old move of the same
  // position is kept for ordering.
  auto write = [&](TTEntry& slot) {
    if (!slot.empty() && slot.key != key) ++counters.overwrites;
    if (fresh.move.is_null() && !slot.empty() && slot.key == key) fresh.move = slot.move;
    slot = fresh;
  };

  BUHO_ASSERT(allocated());
  TTEntry* e = &slots_[std::size_t(index_of(key)) * slots_per_entry()];
  switch (scheme_) {
    case ReplacementScheme::Always:
      write(e[0]);
      return;
    case ReplacementScheme::Never:
      if (e[0].empty() || e[0].key == key) write(e[0]);
      else ++counters.refused;
      return;
    case ReplacementScheme::Depth:
      if (e[0].empty() || depth >= e[0].depth) write(e[0]);
      else ++counters.refused;
      return;
    case ReplacementScheme::DepthAlways: {
      TTEntry& first = e[0];
      TTEntry& second = e[1];
      if (first.empty() || depth >= first.depth) {
        if (!first.empty() && first.key != key) {
          // The old first entry is demoted to the always-replace slot (§4.6.3).
          if (!second.empty() && second.key != key) ++counters.overwrites;
          second = first;
          first = TTEntry{};
        } else if (!second.empty() && second.key == key) {
          second = TTEntry{};  // keep one copy of a position
        }
        write(first);
      } else if (first.key == key) {
        ++counters.refused;  // the first slot keeps the deeper result of this very position
      } else {
        write(second);
      }
      return;
    }
  }
}

}  // namespace buho
