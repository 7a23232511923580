// A cell record's line (cell_record.h), written straight into a buffer: the same bytes as
// CellRecord::to_json().dump(), which builds a tree of the ~55 members (a map node, a key string and a value each)
// only to walk it once. On a run of depth-1 cells (52 us of engine time each) the tree, its dump and their
// allocations cost about 10 us a cell, the largest part of the harness's own time (docs/history.md); this writer
// keeps nlohmann's output format exactly, so every reader, every stored checksum and pandas.read_json(lines=True)
// see the lines they always saw (tests/cell_line_test.cpp compares the two on made and on committed cells).
// What it keeps of nlohmann's format: members sorted by key (std::map's order: bytewise), no spaces, integers in
// decimal, doubles by nlohmann's own shortest round-trip formatter (non-finite as null), strings escaped as
// nlohmann escapes them (any string with a byte outside printable ASCII, a quote or a backslash is handed to
// nlohmann whole, so control characters and UTF-8, valid or not, are treated exactly as before).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "harness/experiment/cell_record.h"

namespace harness {

class CellLineWriter {
 public:
  // The record's line without checksum or newline; valid until the next call. Throws what dump() throws (a string
  // that is not valid UTF-8: nlohmann::json::type_error).
  std::string_view write(const CellRecord& r);

 private:
  std::vector<const std::uint64_t*> counts_;  // each count the record holds, by its member's rank
  std::string buffer_;  // the line's bytes at its front; only grows (cell_line.cpp's LineOut)
  std::string line_;    // a record the table does not know: the tree's dump
};

// `text` as nlohmann's dump() writes a JSON string (quotes included), appended to `out`.
void append_json_string(std::string& out, std::string_view text);
// An integer in decimal, as nlohmann's dump() writes it, appended to `out` (no temporary string).
void append_uint(std::string& out, std::uint64_t v);
void append_int(std::string& out, std::int64_t v);

}  // namespace harness
