// DIR/pairs.jsonl: one line per finished game pair, appended at once and synced to the disk (a pair takes far longer
// than a sync), never rewritten; each line carries its checksum (cell_store.h with_checksum), so a line edited or
// damaged after it was written is refused by every reader. A line cut off by a crash is set aside as cells.jsonl's
// is, and a killed match resumes from the pairs stored: none lost, none played twice.
#pragma once

#include <filesystem>
#include <map>

#include "harness/match/pair_record.h"

namespace harness {

inline constexpr const char* kPairsFile = "pairs.jsonl";

// The stored pairs by index. A missing file is empty; a torn last line is ignored (the next writer sets it aside);
// a damaged line, a line without its checksum or a pair stored twice is a UserError naming the file and line.
std::map<int, PairRecord> read_pairs(const std::filesystem::path& file);

class PairStore {
 public:
  explicit PairStore(const std::filesystem::path& file);  // sets a torn tail aside first
  ~PairStore();
  PairStore(const PairStore&) = delete;
  PairStore& operator=(const PairStore&) = delete;
  void append(const PairRecord& pair);  // thread-safe; written and synced before it returns

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace harness
