// DIR/pairs.jsonl: one line per finished game pair, written whole at once (a killed process loses none: the kernel
// has it) and synced to the disk at most a second later (grouped, as cell_store.h does: with a sync per pair, the time
// outside the pairs was 15 ms a pair, 9 % of a 2,000-node pair's; a power loss costs at most the last second's pairs), never rewritten; each line carries its checksum (cell_store.h with_checksum), so a line edited or
// damaged after it was written is refused by every reader. A line cut off by a crash is set aside as cells.jsonl's
// is, and a killed match resumes from the pairs stored: none lost, none played twice.
#pragma once

#include <filesystem>
#include <map>

#include "harness/match/pair_record.h"
#include "harness/storage/cell_store.h"

namespace harness {

inline constexpr const char* kPairsFile = "pairs.jsonl";

// The most pairs a match may have (the config's $.match.pairs maximum).
inline constexpr int kMaxMatchPairs = 10'000'000;

// The stored pairs by index. A missing file is empty; a torn last line is ignored (the next writer sets it aside);
// a damaged line, a line without its checksum, a pair stored twice or a pair index outside 0..pair_count-1 (the
// match's pairs: a directory never holds a pair beyond them) is a UserError naming the file and line.
std::map<int, PairRecord> read_pairs(const std::filesystem::path& file, int pair_count = kMaxMatchPairs);

// pairs.jsonl's writer: a LineStore (cell_store.h) of pair records, with its torn-tail handling, grouped syncs and
// refusal after a failed write.
class PairStore {
 public:
  explicit PairStore(const std::filesystem::path& file) : lines_(file) {}  // sets a torn tail aside first
  void append(const PairRecord& pair);  // thread-safe; written before it returns, synced if a second has passed
  void sync() { lines_.sync(); }        // every pair appended so far, to the disk

 private:
  LineStore lines_;
};

}  // namespace harness
