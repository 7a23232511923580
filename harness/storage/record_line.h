// A cell's line (cell_store.h) formatted into buffers reused from line to line: the bytes of
// CellRecord::to_json().dump(), without the tree of ~50 map nodes that dump walks once (on a depth-1 run the tree and
// its allocations cost 15 us a line against 1-2 us here). Each member's value is written after the previous one,
// then the members are put in nlohmann's order (std::map's: bytewise by key, a key given twice keeping its last
// value, as to_json()'s assignments do). The values are written as dump() writes them (json_text.h).
// tests/record_line_test.cpp holds it to to_json().dump() on random records.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "harness/experiment/cell_record.h"

namespace harness {

class RecordLine {
 public:
  // The line without checksum or newline; valid until the next call. Throws what dump() throws.
  std::string_view format(const CellRecord& r);

 private:
  struct Member {
    std::string_view key;
    std::size_t begin, end;  // its value's bytes in values_
  };
  void add(std::string_view key);  // a member whose value is the text appended to values_ since the last add
  std::vector<Member> members_;
  struct Order {
    std::vector<std::string> keys;    // a line's keys in the order they were added
    std::vector<std::size_t> order;   // their indices by key, the last of equal keys only
    std::vector<std::string> names;   // the member names in `order`, as the line writes them: `"key":`, a comma before
                                      // all but the first (made with the order: their quoting checked once, not per line)
  };
  static constexpr std::size_t kOrdersKept = 8;
  std::vector<Order> orders_;  // the most recently used first
  std::size_t value_begin_ = 0;
  std::string values_, line_;
};

}  // namespace harness
