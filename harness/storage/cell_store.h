// DIR/cells.jsonl: one line per finished cell (cell_record.h), appended at once, never rewritten.
// A torn last line (a crash in the middle of a write) is detected and set aside, never parsed.
// Each line carries a checksum of its own text (line_checksum.h): a line edited or damaged after it was written is
// named and refused by every reader, and so is a line without one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_record.h"
#include "harness/storage/line_checksum.h"  // with_checksum, check_line
#include "harness/storage/record_line.h"

namespace harness {


// Each whole line of an append-only file of checksummed JSON lines (a flag-set file, a match's pairs.jsonl), parsed,
// with its 1-based line number; a missing file has none, empty lines are skipped, and a torn last line (a write cut
// off: the next writer sets it aside) is not passed. A line that fails its checksum or is not JSON is a UserError
// naming `file:line` and `what` ("flag-set line", "pair line"), with `remedy` after it.
void for_each_checked_line(const std::filesystem::path& file, const std::string& what, const std::string& remedy,
                           const std::function<void(const nlohmann::json&, const std::string& where)>& take);

// The flag sets a cell file's lines name (cell_record.h FlagSetTable) live beside it (cells.jsonl:
// cells.flag_sets.jsonl; cells.jsonl.bak-<time>: cells.jsonl.bak-<time>.flag_sets.jsonl), one checksummed line per set: `{"flag_set":"<hash>","flags":{every flag}}`,
// the hash being the FNV-1a 64 of the flags' canonical dump. A set's line is written and synced before the first
// cell line that names it, so no crash leaves a cell whose flags cannot be read. cells.jsonl stays one line per cell.
std::filesystem::path flag_sets_file(const std::filesystem::path& cells_file);
std::string flag_set_line(const FlagSet& set);
// Reads a flag-set file (a missing file is empty; a line edited, damaged or hashing to another set is a UserError
// naming the file and line; a torn last line is ignored: its set's cells were never written).
FlagSetTable read_flag_sets(const std::filesystem::path& file);

struct StoreContents {
  std::vector<CellRecord> rows;  // in file order
  std::size_t flag_sets = 0;     // flag sets its flag-set file defines (read when a line names one)
  bool torn_tail = false;        // the last line was incomplete and was ignored
  std::size_t torn_bytes = 0;
};

// Reads a cells.jsonl. A missing file is empty. A line that is not the last one and fails (or lacks) its checksum or
// does not parse is a UserError naming the file and line: the file was edited or corrupted, not torn by a crash (a
// torn last line is ignored, and set aside by the next writer).
StoreContents read_cells(const std::filesystem::path& file);
// The same read with each record handed to `take` as its line is read, not kept (the contents returned have no
// rows): a reader that keeps the records its own way holds them once, and the file a block at a time.
StoreContents for_each_cell(const std::filesystem::path& file, const std::function<void(CellRecord&&)>& take);

// An append-only file of checksummed JSON lines (cells.jsonl, a match's pairs.jsonl), opened O_APPEND. Opening it
// first copies any torn tail to `<file>.torn-<time>`, syncs and verifies the copy, then truncates it away, so new
// lines never glue onto a fragment. append()
// is thread-safe and writes the whole line, checksum and newline included, with one write(2): a finished cell (or
// pair) survives the process's crash or kill at once, its line being in the kernel's page cache when append()
// returns. The data reach the disk (fdatasync) when kSyncSeconds have passed since the last sync, and at sync(): a
// power loss costs at most the lines of the last kSyncSeconds (a sync per line took 2 ms, 75 % of a depth-1 cell's
// engine time). sync() waits for the disk outside the store's lock, so appends go on meanwhile. The writers call
// sync() at least every second (a run's supervising thread every half second) and close() at the end.
// At each sync the file is checked to be still the one at its path (stat): a run whose directory was removed or
// replaced stops within a second rather than computing to its end into a file nobody can read.
// Any failed write or sync throws IoError naming the file; a partly written line is cut off (or, if even that
// fails, set aside by the next open), so the file keeps its whole lines, and the store refuses further lines.
class LineStore {
 public:
  explicit LineStore(const std::filesystem::path& file);
  ~LineStore();
  LineStore(const LineStore&) = delete;
  LineStore& operator=(const LineStore&) = delete;
  void append(std::string_view json_text);  // one JSON object's text: its checksum and newline are added here
  void sync();                                // the lines appended so far, to the disk
  // The file synced and closed; IoError if it fails. The destructor does the same, best effort, for a store left by
  // an exception.
  void close();
  static constexpr double kSyncSeconds = 1.0;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// cells.jsonl's writer: a LineStore of cell records, each line CellRecord::to_json().dump() (nlohmann's canonical
// form: members sorted, no spaces), formatted by a RecordLine (record_line.h) under the store's lock: 1-2 us a line
// against a cell's tens of microseconds in the engine, so the workers seldom wait for each other there. A record that names a flag set this store has not written yet gets its set's
// line in the flag-set file first, synced (a resumed run writes a set again once: the reader takes a repeated set as
// one).
class CellStore {
 public:
  explicit CellStore(const std::filesystem::path& file) : file_(file), lines_(file) {}
  void append(const CellRecord& rec);
  void sync() { lines_.sync(); }
  void close();

 private:
  std::filesystem::path file_;
  LineStore lines_;
  std::mutex mutex_;  // a record's flag-set line and its own line go in that order, whichever thread writes
  RecordLine format_;
  std::unique_ptr<LineStore> sets_;  // opened at the first record that names a set
  std::unordered_set<std::string> sets_written_;
};

// Whether `file` ends with anything but a whole line: a line without its newline (a write cut off, or zero bytes a
// crash left).
bool ends_in_torn_line(const std::filesystem::path& file);
// Moves such a last line to `<file>.torn-<time>` (copied, synced and read back first) and cuts it off, with a note
// on stderr; nothing when the file ends with a whole line. Only while no other process appends to the file.
void set_torn_tail_aside(const std::filesystem::path& file);
// Opens an append-only line file (cells.jsonl, a match's pairs.jsonl) for appending: a torn last line set aside
// first, the file created if missing and then its directory synced, so the new file survives a power loss. The
// descriptor (O_APPEND) is the caller's to close; IoError naming the file if it cannot be opened.
int open_for_appending(const std::filesystem::path& file);

// "20240131-235959": for names of files moved aside.
std::string timestamp_for_filename();

}  // namespace harness
