// DIR/cells.jsonl: one line per finished cell (cell_record.h), appended and flushed at once, never rewritten.
// A torn last line (a crash in the middle of a write) is detected and set aside, never parsed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_record.h"

namespace harness {


struct StoreContents {
  std::vector<CellRecord> rows;  // in file order
  bool torn_tail = false;        // the last line was incomplete and was ignored
  std::size_t torn_bytes = 0;
};

// Reads a cells.jsonl. A missing file is empty. An unparsable line that is not the last one is a
// UserError naming the file and line: the file was edited or corrupted, not torn by a crash.
StoreContents read_cells(const std::filesystem::path& file);

// Appends lines to a cells.jsonl. Opening it first copies any torn tail to `<file>.torn-<time>`, syncs
// and verifies the copy, then truncates it away, so new lines never glue onto a fragment. append() is
// thread-safe: one write of the whole line under a lock, then fdatasync, so a finished cell survives a
// crash or power loss. Any failed write or sync throws IoError naming the file; the partial line is cut
// off (or set aside by the next open) and the store refuses further lines.
class CellStore {
 public:
  explicit CellStore(const std::filesystem::path& file);
  ~CellStore();
  CellStore(const CellStore&) = delete;
  CellStore& operator=(const CellStore&) = delete;
  void append(const CellRecord& rec);

 private:
  struct Impl;
  Impl* impl_;
};

// "20240131-235959": for names of files moved aside.
std::string timestamp_for_filename();

}  // namespace harness
