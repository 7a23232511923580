// The cell line writer (cell_line.h) writes what CellRecord::to_json().dump() writes, byte for byte: on records made
// with random counters, seconds and optional members and with odd strings (quotes, backslashes, control characters,
// UTF-8, `|`), and on a sample of every committed results/*/cells.jsonl, whose lines it must write again exactly
// (their checksums included), so that no committed directory changes by the writer.
#include "harness/storage/cell_line.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "harness/experiment/search_counters.h"
#include "harness/paths.h"
#include "harness/storage/cell_store.h"

namespace cell_line_test {

using namespace harness;

const std::vector<std::string> kOddStrings = {
    "",          "P1",         "a|b",           "quote \" in",  "back\\slash", "tab\there", "new\nline",
    "\x01\x1f",  "del \x7f",   "caf\xc3\xa9",   "\xf0\x9f\x90\xb4 horse", "/\\/", "{\"json\":1}", "\r\b\f",
    "100%",      "a,b",        "trailing \\",  "\xe2\x80\xa8 line separator"};

std::string pick(std::mt19937_64& rng, const std::vector<std::string>& from) { return from[rng() % from.size()]; }

double random_seconds(std::mt19937_64& rng) {
  switch (rng() % 8) {
    case 0: return 0.0;
    case 1: return -0.0;
    case 2: return double(rng() % 1000000) * 1e-9;                             // microseconds, as depth-1 cells
    case 3: return std::ldexp(double(rng() >> 11), -int(rng() % 80));          // any bits
    case 4: return double(rng() % 100000) / 1000.0;                            // round decimals
    case 5: return 1e17 * double(rng() % 1000 + 1);                            // exponent form
    case 6: return std::numeric_limits<double>::denorm_min() * double(rng() % 5 + 1);
    default: return std::uniform_real_distribution<double>(0, 1e4)(rng);
  }
}

std::uint64_t random_count(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0: return 0;
    case 1: return rng() % 100;
    case 2: return rng();
    default: return std::numeric_limits<std::uint64_t>::max() - rng() % 3;
  }
}

CellRecord random_record(std::mt19937_64& rng) {
  CellInputs in;
  in.position = pick(rng, kOddStrings) + std::to_string(rng() % 100);
  in.version = pick(rng, kOddStrings);
  in.fen = rng() % 2 ? "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1" : "r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1";
  in.depth = int(rng() % 30) + 1;
  in.node_budget = rng() % 3 ? 0 : rng();
  in.search.tt_entries = 1 << (rng() % 20);
  in.search.etc = rng() % 4 == 0;  // a flag with counters of its own
  const std::string engine = rng() % 2 ? "buho-2+sig:2d98c057d0c08a7c" : pick(rng, kOddStrings);
  CellRecord r = record_of_inputs(make_cell(in, engine), engine);
  for (const auto& n : counter_names()) r.counters.emplace_back(n, random_count(rng));
  if (rng() % 2)
    for (const auto& c : later_search_counters()) r.later_counters.emplace_back(c.name, random_count(rng));
  if (in.search.etc)
    for (const auto& f : flag_search_counters()) r.later_counters.emplace_back(f.counter.name, random_count(rng));
  const std::size_t iterations = rng() % 5;
  for (std::size_t i = 0; i < iterations; ++i) {
    r.iteration_nodes.push_back(random_count(rng));
    r.iteration_passes.push_back(random_count(rng));
    if (rng() % 3) {
      r.iteration_best_moves.push_back(rng() % 4 ? "e2e4" : pick(rng, kOddStrings));
      r.iteration_seconds.push_back(random_seconds(rng));
    }
  }
  r.depth_reached = int(rng() % 40) - 2;
  r.seldepth = int(rng() % 60);
  r.completed = rng() % 3 != 0;
  if (rng() % 5 == 0) r.failure = pick(rng, kOddStrings) + " failed";
  r.best_move = rng() % 3 ? "g1f3" : pick(rng, kOddStrings);
  r.score = int(rng() % 200001) - 100000;
  r.pv = rng() % 3 ? "g1f3 g8f6 c2c4" : pick(rng, kOddStrings);
  r.search_seconds = random_seconds(rng);
  r.engine_seconds = random_seconds(rng);
  if (rng() % 2) r.load = TableLoad{random_count(rng), random_count(rng)};
  if (rng() % 3 == 0) {
    SolveResult s;
    s.solved = rng() % 2;
    if (rng() % 2) s.found_depth = int(rng() % 20), s.found_nodes = random_count(rng), s.found_seconds = random_seconds(rng);
    r.solve = s;
  }
  return r;
}

TEST(CellLine, WritesWhatTheJsonTreeDumpsForRandomRecordsAndOddStrings) {
  std::mt19937_64 rng(20261127);
  CellLineWriter writer;  // one writer for every record: nothing of one line may leak into the next
  int compared = 0;
  for (int i = 0; i < 4000; ++i) {
    const CellRecord r = random_record(rng);
    const std::string expected = r.to_json().dump();
    ASSERT_EQ(std::string(writer.write(r)), expected) << "record " << i;
    // And both lines read back as the same record (the writer's line is a line every reader takes).
    ASSERT_EQ(nlohmann::json::parse(writer.write(r)), r.to_json()) << "record " << i;
    ++compared;
  }
  EXPECT_EQ(compared, 4000);
}

TEST(CellLine, NonFiniteSecondsAreNullAsInTheTree) {
  std::mt19937_64 rng(7);
  CellRecord r = random_record(rng);
  r.search_seconds = std::numeric_limits<double>::quiet_NaN();
  r.engine_seconds = -std::numeric_limits<double>::infinity();
  CellLineWriter writer;
  const std::string line(writer.write(r));
  EXPECT_EQ(line, r.to_json().dump());
  EXPECT_NE(line.find("\"search_seconds\":null"), std::string::npos);
}

TEST(CellLine, InvalidUtf8IsRefusedAsTheTreeRefusesIt) {
  std::mt19937_64 rng(8);
  CellRecord r = random_record(rng);
  r.pv = "e2e4 \xff\xfe";
  CellLineWriter writer;
  EXPECT_THROW(r.to_json().dump(), nlohmann::json::type_error);
  EXPECT_THROW(writer.write(r), nlohmann::json::type_error);
}

TEST(CellLine, StringsEscapedAsNlohmannEscapesThem) {
  for (const std::string& s : kOddStrings) {
    std::string out;
    append_json_string(out, s);
    EXPECT_EQ(out, nlohmann::json(s).dump()) << s;
  }
}

// Every byte value at every place of a string longer than the eight bytes the plain-text check takes at a time (and in
// its tail): as nlohmann writes it, or refused as nlohmann refuses it (a lone byte past 0x7f is invalid UTF-8), both by
// append_json_string and by the writer (the record's PV).
TEST(CellLine, EachByteAtEachPlaceEscapedAsNlohmannEscapesIt) {
  std::mt19937_64 rng(9);
  CellRecord r = random_record(rng);
  CellLineWriter writer;
  int written = 0, refused = 0;
  for (int byte = 0; byte < 256; ++byte)
    for (std::size_t at = 0; at < 19; ++at) {
      std::string s(19, 'a');
      s[at] = char(byte);
      std::string expected;
      try {
        expected = nlohmann::json(s).dump();
      } catch (const nlohmann::json::type_error&) {
        std::string out;
        EXPECT_THROW(append_json_string(out, s), nlohmann::json::type_error) << byte << " at " << at;
        r.pv = s;
        EXPECT_THROW(writer.write(r), nlohmann::json::type_error) << byte << " at " << at;
        ++refused;
        continue;
      }
      std::string out;
      append_json_string(out, s);
      EXPECT_EQ(out, expected) << byte << " at " << at;
      r.pv = s;
      EXPECT_EQ(writer.write(r), r.to_json().dump()) << byte << " at " << at;
      ++written;
    }
  EXPECT_EQ(written, 128 * 19);  // every ASCII byte, escaped or not; every byte past 0x7f alone is invalid UTF-8
  EXPECT_EQ(refused, 128 * 19);
}

// Every committed cell file: its first lines and every 40th, read into records and written again by the writer. A
// line with a checksum must come back byte for byte (checksum included); every line must equal the tree's dump.
TEST(CellLine, RewritesCommittedLinesByteForByte) {
  const auto results = project_path("results");
  int files = 0, lines = 0, exact = 0;
  CellLineWriter writer;
  for (const auto& entry : std::filesystem::directory_iterator(results)) {
    const auto file = entry.path() / "cells.jsonl";
    if (!std::filesystem::exists(file)) continue;
    ++files;
    SCOPED_TRACE(file.string());
    const FlagSetTable table = read_flag_sets(flag_sets_file(file));
    FlagSetTable sets = table;
    std::ifstream in(file, std::ios::binary);
    int lineno = 0;
    for (std::string line; std::getline(in, line);) {
      ++lineno;
      if (line.empty() || (lineno > 20 && lineno % 40 != 0)) continue;
      const CellRecord r = CellRecord::from_json(nlohmann::json::parse(line), &sets);
      const std::string written(writer.write(r));
      ASSERT_EQ(written, r.to_json().dump()) << "line " << lineno;
      ++lines;
      if (check_line(line) == LineCheck::ok) {
        // The committed lines keep the checksum kind they were written with (line_checksum.h): the text before it.
        ASSERT_EQ(written.substr(0, written.size() - 1), line.substr(0, line.size() - kChecksumTailSize))
            << "line " << lineno;
        ASSERT_EQ(check_line(with_checksum(written)), LineCheck::ok) << "line " << lineno;
        ++exact;
      }
    }
  }
  EXPECT_GE(files, 20);
  EXPECT_GT(exact, 1000) << "committed lines with a checksum, rewritten exactly";
  std::printf("%d committed files, %d lines compared, %d with a checksum rewritten byte for byte\n", files, lines, exact);
}

}  // namespace cell_line_test
