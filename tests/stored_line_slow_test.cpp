// A cell's line is CellRecord::to_json().dump() (cell_store.h): on a sample of every committed
// results/*/cells.jsonl, a line read into a record and written again must give the same bytes as the text before its
// checksum, so that the store's writer changes no committed cell's bytes and a line rewritten by `harness migrate`
// keeps its fields as they were; and the store's own formatter (record_line.h) must write those bytes too. Slow: a
// breadth check over the committed data (10 s under ASan+UBSan, 0.7 s in Release), run in the Release pass; the
// formatter on random records is record_line_test.cpp's.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "harness/paths.h"
#include "harness/storage/cell_store.h"

namespace stored_line_slow_test {

using namespace harness;

// Every committed cell file: its first lines and every 40th, read into records and written again: each must come
// back byte for byte (checksum included).
TEST(StoredLine, ToJsonRewritesCommittedLinesByteForByte) {
  const auto results = project_path("results");
  int files = 0, lines = 0;
  for (const auto& entry : std::filesystem::directory_iterator(results)) {
    const auto file = entry.path() / "cells.jsonl";
    if (!std::filesystem::exists(file)) continue;
    ++files;
    SCOPED_TRACE(file.string());
    FlagSetTable sets = read_flag_sets(flag_sets_file(file));
    std::ifstream in(file, std::ios::binary);
    int lineno = 0;
    RecordLine record_line;
    for (std::string line; std::getline(in, line);) {
      ++lineno;
      if (line.empty() || (lineno > 20 && lineno % 40 != 0)) continue;
      const CellRecord r = CellRecord::from_json(nlohmann::json::parse(line), &sets);
      const std::string written = r.to_json().dump();
      ASSERT_EQ(record_line.format(r), written) << "line " << lineno << ": the store's formatter (record_line.h)";
      ++lines;
      // Every committed line has a checksum (the reader refuses one without), kept of the kind it was written with
      // (line_checksum.h): the text before it comes back byte for byte.
      ASSERT_TRUE(check_line(line)) << "line " << lineno;
      ASSERT_EQ(written.substr(0, written.size() - 1), line.substr(0, line.size() - kChecksumTailSize))
          << "line " << lineno;
      ASSERT_TRUE(check_line(with_checksum(written))) << "line " << lineno;
    }
  }
  EXPECT_GE(files, 20);
  EXPECT_GT(lines, 1000);
  std::printf("%d committed files, %d lines read and rewritten byte for byte\n", files, lines);
}

}  // namespace stored_line_slow_test
