// cells.jsonl: lines round-trip; a torn last line is ignored on reading and set aside (the copy
// verified) before appending; a broken line in the middle is an error naming the line; a refused
// write is an IoError naming the file that leaves whole lines behind. Also --shard parsing.
#include "harness/storage/cell_store.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <algorithm>
#include <initializer_list>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"  // fnv1a_hex
#include "harness/experiment/shard.h"
#include "runner_test_util.h"

namespace cell_store_test {

using namespace harness;
using runner_test::TempDir;

// While alive, files may not grow past `bytes` (RLIMIT_FSIZE) and a write past it fails with EFBIG
// instead of raising SIGXFSZ: a full disk, made to order.
struct FileSizeLimit {
  rlimit old{};
  void (*old_handler)(int) = nullptr;
  explicit FileSizeLimit(rlim_t bytes) {
    old_handler = ::signal(SIGXFSZ, SIG_IGN);
    ::getrlimit(RLIMIT_FSIZE, &old);
    rlimit lim = old;
    lim.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &lim);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, old_handler);
  }
};

// A record of position `position` (which tells the records apart), keyed as the runner keys it.
CellRecord record(const std::string& position, std::uint64_t nodes) {
  CellInputs in;
  in.position = position;
  in.fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
  in.depth = 3;
  in.version = "H";
  in.search.tt_entries = 1024;
  CellRecord r = record_of_inputs(make_cell(in, "e"), "e");
  for (const auto& c : search_counters()) r.counters.emplace_back(c.name, c.name == "nodes" ? nodes : 7);
  r.iteration_nodes = {1, 2, nodes};
  r.best_move = "e2e4";
  r.pv = "e2e4 e5d5";
  r.search_seconds = 0.25;
  r.engine_seconds = 0.5;
  return r;
}

// Lines written by hand name their flag set: its line goes in the flag-set file beside `file`, as CellStore writes it.
void write_flag_set_of(const std::filesystem::path& file, const CellRecord& r) {
  runner_test::write_text(flag_sets_file(file), with_checksum(flag_set_line(r.flag_set)) + "\n");
}

// `records` appended to `file` by a CellStore, closed again: the file as a finished run leaves it.
void store_cells(const std::filesystem::path& file, std::initializer_list<CellRecord> records) {
  CellStore store(file);
  for (const auto& r : records) store.append(r);
  store.close();
}

// The torn tail was set aside once, beside the file, as a `cells.jsonl.torn-*` copy holding exactly `torn`.
void expect_one_torn_copy(const std::filesystem::path& dir, const std::string& torn) {
  int aside = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().filename().string().rfind("cells.jsonl.torn-", 0) == 0) {
      ++aside;
      EXPECT_EQ(runner_test::read_text(e.path()), torn);
    }
  EXPECT_EQ(aside, 1);
}

TEST(CellStore, LinesRoundTrip) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  store_cells(file, {record("a", 10), record("b", 20)});
  const auto got = read_cells(file);
  ASSERT_EQ(got.rows.size(), 2u);
  EXPECT_FALSE(got.torn_tail);
  EXPECT_EQ(got.rows[1].nodes(), 20u);
  EXPECT_EQ(got.rows[1].to_json(), record("b", 20).to_json());
  EXPECT_EQ(got.rows[0].counter("null_tries"), 7u);
}

// A cell line names its flags by their flag set's hash; the set is written once, in the flag-set file beside the
// cells, before the first line that names it. Cells of one version share one set, and a second store on the same
// file (a resumed run) writes a set again at most once, which the reader takes as one.
TEST(CellStore, CellLinesNameTheirFlagSetWrittenOnceBesideThem) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  CellRecord other = record("c", 30);
  {
    CellInputs in = other.inputs;
    in.search.lmr = !in.search.lmr;
    other = record_of_inputs(make_cell(in, "e"), "e");
    other.counters = record("c", 30).counters;
  }
  ASSERT_NE(other.flag_set.hash, record("a", 10).flag_set.hash);
  store_cells(file, {record("a", 10), record("b", 20), other});
  {
    CellStore resumed(file);
    resumed.append(record("d", 40));
  }
  const std::string cells = runner_test::read_text(file);
  EXPECT_EQ(std::count(cells.begin(), cells.end(), '\n'), 4) << "one line per cell, no other line";
  EXPECT_EQ(cells.find("\"lmr\""), std::string::npos) << "no flag is written in a cell line";
  EXPECT_NE(cells.find("\"flags\":\"" + other.flag_set.hash + "\""), std::string::npos);
  const std::string sets = runner_test::read_text(flag_sets_file(file));
  EXPECT_EQ(flag_sets_file(file).filename(), "cells.flag_sets.jsonl");
  EXPECT_EQ(std::count(sets.begin(), sets.end(), '\n'), 3) << "two sets, and the first once more by the resumed store";
  const auto got = read_cells(file);
  ASSERT_EQ(got.rows.size(), 4u);
  EXPECT_EQ(got.flag_sets, 2u);
  EXPECT_EQ(got.rows[2].inputs.search.lmr, other.inputs.search.lmr);
  EXPECT_EQ(got.rows[0].inputs.search.lmr, record("a", 10).inputs.search.lmr);
  EXPECT_EQ(got.rows[2].identity(), other.identity());
  EXPECT_EQ(got.rows[2].identity(), other.inputs.identity()) << "the identity kept on reading is the computed one";
  EXPECT_EQ(got.rows[2].to_json(), other.to_json());
  EXPECT_EQ(got.rows[2].stored_flags(), other.inputs.flags_json());
  // A short line: every flag in full made a line 3.3 KB.
  EXPECT_LT(cells.size() / 4, 1200u);
}

// The flag-set file is as guarded as the cells: an edited set (even one given a fresh checksum, so that its flags no
// longer hash to its name) and a missing file are refused, naming the file.
TEST(CellStore, AnEditedOrMissingFlagSetIsRefused) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  store_cells(file, {record("a", 10)});
  const auto sets_file = flag_sets_file(file);
  const std::string sets = runner_test::read_text(sets_file);
  const std::size_t at = sets.find("\"lmr\":");
  ASSERT_NE(at, std::string::npos);
  const bool lmr = sets.compare(at + 6, 4, "true") == 0;
  std::string edited = sets.substr(0, sets.find(",\"line_xxh\"")) + "}";
  edited.replace(at + 6, lmr ? 4 : 5, lmr ? "false" : "true");
  auto refused = [&](const std::string& text, const std::string& want) {
    runner_test::write_text(sets_file, text);
    try {
      read_cells(file);
      ADD_FAILURE() << "accepted: " << want;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  };
  refused(edited + "\n", "cells.flag_sets.jsonl:1: the flag-set line does not match its checksum");
  refused(with_checksum(edited) + "\n", "hash to");
  std::filesystem::remove(sets_file);
  try {
    read_cells(file);
    ADD_FAILURE() << "accepted a cell whose flag set is missing";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("cells.jsonl:1"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("flag-set file"), std::string::npos) << e.what();
  }
}

// The table's load travels with the cell when measured; a line without it (every line written
// before it was recorded) reads as not measured, never as an empty table, and writes back without it.
TEST(CellStore, TableLoadRoundTripsAndIsAbsentWhenNotMeasured) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  CellRecord loaded = record("a", 10);
  loaded.load = TableLoad{300, 2048};
  store_cells(file, {loaded, record("b", 20)});
  const auto got = read_cells(file);
  ASSERT_EQ(got.rows.size(), 2u);
  ASSERT_TRUE(got.rows[0].load.has_value());
  EXPECT_EQ(*got.rows[0].load, (TableLoad{300, 2048}));
  EXPECT_DOUBLE_EQ(got.rows[0].load->factor(), 300.0 / 2048.0);
  EXPECT_FALSE(got.rows[1].load.has_value());
  EXPECT_FALSE(got.rows[1].to_json().contains("tt_occupied"));
  EXPECT_FALSE(got.rows[1].to_json().contains("tt_capacity"));
  EXPECT_EQ(got.rows[0].to_json(), loaded.to_json());
}

// The file is read a block at a time (64 KiB): lines that straddle blocks read whole, and the bytes after the last
// newline (a line cut off, and zero bytes a crash left) are the torn tail.
TEST(CellStore, AFileOfManyBlocksReadsEveryLineAndItsTail) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  write_flag_set_of(file, record("a", 10));
  std::string text;
  const int kLines = 400;  // about 850 bytes a line: several blocks, each ending inside a line
  for (int i = 0; i < kLines; ++i) text += with_checksum(record("p" + std::to_string(i), i).to_json().dump()) + "\n";
  ASSERT_GT(text.size(), std::size_t(4) << 16);
  const std::string torn = record("b", 20).to_json().dump().substr(0, 40);
  runner_test::write_text(file, text + torn + std::string(100, '\0'));
  const auto got = read_cells(file);
  ASSERT_EQ(got.rows.size(), std::size_t(kLines));
  for (int i = 0; i < kLines; ++i) EXPECT_EQ(got.rows[i].to_json(), record("p" + std::to_string(i), i).to_json()) << i;
  EXPECT_TRUE(got.torn_tail);
  EXPECT_EQ(got.torn_bytes, torn.size() + 100);
}

TEST(CellStore, TornLastLineIsIgnoredThenSetAside) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  const std::string whole = with_checksum(record("a", 10).to_json().dump()) + "\n";
  write_flag_set_of(file, record("a", 10));
  const std::string torn = record("b", 20).to_json().dump().substr(0, 40);
  runner_test::write_text(file, whole + torn);
  auto got = read_cells(file);
  ASSERT_EQ(got.rows.size(), 1u);
  EXPECT_TRUE(got.torn_tail);
  EXPECT_EQ(got.torn_bytes, torn.size());
  store_cells(file, {record("c", 30)});  // moves the fragment aside
  got = read_cells(file);
  ASSERT_EQ(got.rows.size(), 2u);
  EXPECT_FALSE(got.torn_tail);
  EXPECT_EQ(got.rows[1].inputs.position, "c");
  expect_one_torn_copy(dir.path, torn);
}

TEST(CellStore, TornTailStaysWhenItsCopyCannotBeWritten) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  const std::string text = record("a", 10).to_json().dump() + "\n" + record("b", 20).to_json().dump().substr(0, 40);
  runner_test::write_text(file, text);
  try {
    FileSizeLimit limit(8);  // the 40-byte copy cannot be written
    CellStore store(file);
    ADD_FAILURE() << "opened the store without setting the torn tail aside";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("cells.jsonl.torn-"), std::string::npos) << e.what();
  }
  EXPECT_EQ(runner_test::read_text(file), text);  // the original is truncated only after a verified copy
}

// The partial line is cut off: the file keeps its whole lines and the store takes no more.
TEST(CellStore, RefusedWriteLeavesWholeLinesAndStopsTheStore) {
  {
    TempDir dir;
    const auto file = dir / "cells.jsonl";
    CellStore store(file);
    store.append(record("a", 10));
    const std::string first = runner_test::read_text(file);
    std::string before;
    try {
      FileSizeLimit limit(first.find('\n') + 1 + 100);  // the next line gets 100 bytes in
      for (int i = 0; i < 10; ++i) {
        before = runner_test::read_text(file);
        store.append(record("b" + std::to_string(i), 20));
      }
      ADD_FAILURE() << "a refused write went unnoticed";
    } catch (const IoError& e) {
      EXPECT_NE(std::string(e.what()).find(file.string()), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("File too large"), std::string::npos) << e.what();
    }
    // The partial line was cut off.
    EXPECT_EQ(read_cells(file).rows.size(), std::count(before.begin(), before.end(), '\n'));
    // The store takes no more lines, even once the disk has room: the run is over.
    EXPECT_THROW(store.append(record("c", 30)), IoError);
    store.close();
    const std::string after = runner_test::read_text(file);
    EXPECT_EQ(after, before.substr(0, before.rfind('\n') + 1));
    EXPECT_EQ(read_cells(file).rows.size(), std::count(after.begin(), after.end(), '\n'));
  }
}

TEST(CellStore, BrokenLineInTheMiddleIsAnError) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  runner_test::write_text(file, with_checksum(record("a", 1).to_json().dump()) + "\n" + with_checksum(R"({"key":"x"})") +
                                    "\n" + with_checksum(record("b", 2).to_json().dump()) + "\n");
  write_flag_set_of(file, record("a", 1));
  try {
    read_cells(file);
    ADD_FAILURE() << "accepted a broken line";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("cells.jsonl:2"), std::string::npos) << e.what();
  }
}

TEST(CellStore, MissingFileIsEmpty) {
  TempDir dir;
  EXPECT_TRUE(read_cells(dir / "none.jsonl").rows.empty());
}

// Each line carries a checksum of its own text: a counter edited by hand is named and refused, and so is a line
// without a checksum (of the format before checksums, or stripped of it by an edit).
TEST(CellStore, EditedLineIsRefusedByItsChecksum) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  store_cells(file, {record("a", 12), record("b", 20)});
  std::string text = runner_test::read_text(file);
  EXPECT_TRUE(check_line(text.substr(0, text.find('\n'))));
  const std::size_t at = text.find("\"nodes\":12");
  ASSERT_NE(at, std::string::npos);
  runner_test::write_text(file, text.substr(0, at) + "\"nodes\":112" + text.substr(at + 10));
  try {
    read_cells(file);
    FAIL() << "an edited counter was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("cells.jsonl:1: the cell line does not match its checksum"), std::string::npos)
        << e.what();
  }
  // Without the checksum member, the same line is refused as a damaged one, saying where older lines are read.
  runner_test::write_text(file, text.substr(text.find('\n') + 1) + record("a", 12).to_json().dump() + "\n");
  try {
    read_cells(file);
    FAIL() << "a line without a checksum was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("cells.jsonl:2: the cell line does not match its checksum"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("git checkout results-history"), std::string::npos) << e.what();
  }
}

TEST(CellStore, ChecksumIsOfTheLinesOwnText) {
  const std::string line = with_checksum(R"({"a":1,"b":"x"})");
  EXPECT_EQ(line.rfind(R"({"a":1,"b":"x","line_xxh":")", 0), 0u) << line;
  EXPECT_TRUE(check_line(line));
  std::string changed = line;
  changed[5] = '2';
  EXPECT_FALSE(check_line(changed));
  EXPECT_FALSE(check_line(R"({"a":1})"));
}

// A run whose output directory is removed (or replaced) stops with an IoError rather than appending to a deleted
// file until the end: at its next sync (at most a second later in a run).
TEST(CellStore, RemovedOrReplacedDirectoryStopsTheStore) {
  for (const bool replace : {false, true}) {
      TempDir dir;
      const auto out = dir / "out";
      std::filesystem::create_directories(out);
      CellStore store(out / "cells.jsonl");
      store.append(record("a", 10));
      std::filesystem::remove_all(out);
      if (replace) {
        std::filesystem::create_directories(out);
        runner_test::write_text(out / "cells.jsonl", "");
      }
      try {
        store.append(record("b", 20));
        store.sync();
        FAIL() << "appended and synced after the directory was " << (replace ? "replaced" : "removed");
      } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find("no longer at that path"), std::string::npos) << e.what();
      }
      EXPECT_THROW(store.append(record("c", 30)), IoError);  // the store takes no more lines
    }
}

// A killed run (SIGKILL, no destructor) keeps every line appended: the file ends with its last whole line; the next
// store's lines follow the kept ones.
TEST(CellStore, AKilledStoreKeepsEveryLine) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    CellStore store(file);
    for (int i = 0; i < 3; ++i) store.append(record("k" + std::to_string(i), 10 + std::uint64_t(i)));
    ::raise(SIGKILL);
    ::_exit(1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  const std::string left = runner_test::read_text(file);
  ASSERT_FALSE(left.empty());
  EXPECT_EQ(left.back(), '\n');
  EXPECT_FALSE(ends_in_torn_line(file));
  const StoreContents read = read_cells(file);
  ASSERT_EQ(read.rows.size(), 3u);
  EXPECT_EQ(read.rows[2].nodes(), 12u);
  EXPECT_FALSE(read.torn_tail);
  store_cells(file, {record("k3", 13)});
  const std::string after = runner_test::read_text(file);
  EXPECT_EQ(after.substr(0, left.size()), left);
  EXPECT_EQ(std::count(after.begin(), after.end(), '\n'), 4);
}

// A crash can leave a line without its newline and zero bytes after it (blocks the file system never saw written):
// together they are the torn tail, ignored by a reader and set aside whole by the next writer.
TEST(CellStore, ALineCutOffBeforeZeroBytesIsATornTail) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  store_cells(file, {record("a", 10)});
  const std::string whole = runner_test::read_text(file);
  const std::string torn = with_checksum(record("b", 20).to_json().dump()).substr(0, 50);
  runner_test::write_text(file, whole + torn + std::string(3000, '\0'));
  const StoreContents read = read_cells(file);
  ASSERT_EQ(read.rows.size(), 1u);
  EXPECT_TRUE(read.torn_tail);
  EXPECT_EQ(read.torn_bytes, torn.size() + 3000);
  set_torn_tail_aside(file);
  EXPECT_EQ(runner_test::read_text(file), whole);
  expect_one_torn_copy(dir.path, torn + std::string(3000, '\0'));
}

// A line's checksum (line_xxh, XXH3-64) is checked: a change of any byte is a mismatch. A line of the older format,
// checksummed by FNV-1a (line_fnv), is refused like a damaged one: its code left with its runs (tag results-history).
TEST(CellStore, ChecksumIsCheckedAndTheOlderKindRefused) {
  const std::string body = R"({"a":1,"b":"some text","c":[1,2,3])";
  const std::string h64 = with_checksum(body + "}");
  EXPECT_EQ(h64.rfind(body + R"(,"line_xxh":")", 0), 0u) << h64;
  EXPECT_TRUE(check_line(h64));
  for (std::size_t i = 0; i < h64.size(); ++i) {
    std::string changed = h64;
    changed[i] = changed[i] == 'x' ? 'y' : 'x';
    EXPECT_FALSE(check_line(changed)) << "byte " << i;
  }
  EXPECT_FALSE(check_line(body + R"(,"line_fnv":")" + fnv1a_hex(body + "}") + "\"}"));
  EXPECT_FALSE(check_line(body + "}"));
  EXPECT_NE(line_hash64("abcdefgh"), line_hash64("abcdefgi"));
  EXPECT_NE(line_hash64(std::string(64, 'a')), line_hash64(std::string(65, 'a')));
  EXPECT_NE(line_hash64(std::string(40, '\0')), line_hash64(std::string(41, '\0')));
  // XXH3-64's published value for the empty input (seed 0): any XXH3 implementation (Python's xxhash, xxhsum -H3)
  // checks a stored line.
  EXPECT_EQ(line_hash64(""), 0x2D06800538D394C2ULL);
}

// Lines reach the file at once (a killed process loses none) even when the sync waits for the next second.
TEST(CellStore, LinesAreInTheFileBeforeTheirSync) {
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  CellStore store(file);
  store.append(record("a", 10));
  store.append(record("b", 20));
  EXPECT_EQ(read_cells(file).rows.size(), 2u);
  store.sync();
  EXPECT_EQ(read_cells(file).rows.size(), 2u);
}

TEST(Shard, ParseAndSelect) {
  EXPECT_EQ(parse_shard("2/3").index, 2);
  EXPECT_EQ(parse_shard("2/3").count, 3);
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/"}) EXPECT_THROW(parse_shard(bad), UserError) << bad;
  // Each of 7 cells in exactly one of 3 shards, cell k in shard k % 3 + 1.
  for (std::size_t k = 0; k < 7; ++k)
    for (int i = 1; i <= 3; ++i) EXPECT_EQ((Shard{i, 3}.holds(k)), int(k % 3) == i - 1) << k << " " << i;
}

}  // namespace cell_store_test
