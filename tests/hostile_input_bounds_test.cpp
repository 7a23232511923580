// Hostile input, bounded: JSON nested past kMaxJsonDepth refused by name (never a stack overflow), a FIFO or a
// symbolic link where a results directory keeps a file refused rather than waited on or followed, config names that
// are one path component, stored values read as written (a count is an integer from 0, a pair index one of the
// match's), range errors printed as written, and memory: a thread count the tables cannot fit refused before a run,
// a cell the machine refused memory never stored as the cell's result.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/cell_record.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/memory_ceiling.h"
#include "harness/experiment/runner.h"
#include "harness/input_file.h"
#include "harness/match/pair_store.h"
#include "harness/storage/cell_store.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace hostile_input_bounds_test {

using runner_test::read_text;
using runner_test::run_harness;
using runner_test::run_shell;
using runner_test::TempDir;
using runner_test::write_text;
namespace fs = std::filesystem;

using runner_test::kAddressSanitizer;

void expect_refused(const runner_test::Result& r, const std::string& message) {
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_EQ(r.output.rfind("error: ", 0), 0u) << r.output;
  EXPECT_NE(r.output.find(message), std::string::npos) << "wanted: " << message << "\n" << r.output;
}

// `depth` objects nested one in the next: {"a":{"a":...{}...}}.
std::string nested_objects(int depth) {
  std::string s;
  s.reserve(std::size_t(depth) * 7);
  for (int i = 0; i < depth; ++i) s += "{\"a\":";
  s += "1";
  s.append(std::size_t(depth), '}');
  return s;
}

const char* kStartpos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A tiny experiment config: one position, depth 1, version H.
std::string tiny_config(const std::string& name) {
  return fmt::format(R"({{"name": "{}", "positions": [{{"fen": "{}", "id": "s"}}], "depths": [1], "versions": ["H"]}})",
                     name, kStartpos);
}

// Issue 51 item 5: a note nesting 100,000 objects inside a versions[] entry crashed the copy of the entry.
TEST(HostileInputBounds, JsonNestedDeeperThanTheLimitIsRefusedByName) {
  TempDir dir;
  const auto cfg = dir / "deep.json";
  write_text(cfg, fmt::format(R"({{"name": "d", "positions": [{{"fen": "{}", "id": "s"}}], "depths": [1],
    "versions": [{{"name": "X", "extends": "H", "note": {}}}]}})",
                              kStartpos, nested_objects(100000)));
  expect_refused(run_harness("run " + cfg.string() + " --out " + (dir / "out").string()),
                 cfg.string() + ": arrays and objects nested more than 64 deep");
  EXPECT_FALSE(fs::exists(dir / "out"));
  // The limit itself: 64 levels are read, 65 are not; arrays count as objects do.
  EXPECT_NO_THROW(harness::parse_json_checked(nested_objects(64), "x"));
  EXPECT_THROW(harness::parse_json_checked(nested_objects(65), "x"), harness::UserError);
  EXPECT_THROW(harness::parse_json_checked(std::string(65, '[') + std::string(65, ']'), "x"), harness::UserError);
  EXPECT_NO_THROW(harness::parse_json_checked(std::string(64, '[') + std::string(64, ']'), "x"));
  // A stored line too, its checksum recomputed: refused naming the file and line.
  const auto cells = dir / "cells.jsonl";
  write_text(cells, harness::with_checksum(R"({"key":"k","deep":)" + nested_objects(100000) + "}") + "\n");
  try {
    harness::read_cells(cells);
    ADD_FAILURE() << "a deep line was read";
  } catch (const harness::UserError& e) {
    EXPECT_NE(std::string(e.what()).find(cells.string() + ":1: arrays and objects nested"), std::string::npos) << e.what();
  }
}

// Issue 51 item 9: `report` waited forever on a FIFO named cells.jsonl; every file of a results directory it reads is
// refused unless it is a regular file.
TEST(HostileInputBounds, ReportRefusesAFifoInsteadOfWaitingOnIt) {
  TempDir dir;
  const auto cfg = dir / "tiny.json";
  write_text(cfg, tiny_config("tiny"));
  const auto out = dir / "out";
  ASSERT_EQ(run_harness("run " + cfg.string() + " --out " + out.string() + " -q").code, 0);
  for (const char* name : {"cells.jsonl", "experiment.json", "runs.jsonl", "notes.md"}) {
    const auto file = out / name;
    const auto kept = dir / (std::string(name) + ".kept");
    const bool existed = fs::exists(file);
    if (existed) fs::rename(file, kept);
    ASSERT_EQ(::mkfifo(file.c_str(), 0644), 0) << name;
    // timeout: a hang shows as 124, not as a test that never ends.
    const auto r = run_shell("timeout 20 " + std::string(BUHO_HARNESS_BIN) + " report " + out.string());
    expect_refused(r, file.string() + ": not a regular file");
    fs::remove(file);
    if (existed) fs::rename(kept, file);
  }
  EXPECT_EQ(run_harness("report " + out.string()).code, 0);
}

// Issue 51 item 10: the lock file was opened through a symbolic link and its target truncated.
TEST(HostileInputBounds, ALockFileThatIsASymbolicLinkIsRefusedAndItsTargetKept) {
  TempDir dir;
  const auto target = dir / "precious.txt";
  write_text(target, "keep me\n");
  const auto cfg = dir / "tiny.json";
  write_text(cfg, tiny_config("tiny"));
  const auto run_dir = dir / "run";
  fs::create_directories(run_dir);
  fs::create_symlink(target, run_dir / ".harness.lock");
  expect_refused(run_harness("run " + cfg.string() + " --out " + run_dir.string() + " -q"), "is a symbolic link");
  EXPECT_EQ(read_text(target), "keep me\n");
  EXPECT_FALSE(fs::exists(run_dir / "cells.jsonl"));

  const auto match_cfg = dir / "m.json";
  write_text(match_cfg, nlohmann::json{{"name", "m"},
                                       {"match", {{"players", {"H", "E"}}, {"openings", match_test::openings()},
                                                  {"pairs", 1}, {"nodes", 200}, {"max_moves", 20}}}}
                            .dump());
  const auto match_dir = dir / "match";
  fs::create_directories(match_dir);
  fs::create_symlink(target, match_dir / ".harness.lock");
  expect_refused(run_harness("match " + match_cfg.string() + " --out " + match_dir.string() + " -q"),
                 "is a symbolic link");
  EXPECT_EQ(read_text(target), "keep me\n");
  EXPECT_FALSE(fs::exists(match_dir / "pairs.jsonl"));
}

// Issue 51 item 11: a name of "." or ".." wrote the run into the project root; a name is one path component.
TEST(HostileInputBounds, ConfigNamesAreOnePathComponent) {
  TempDir dir;
  for (const std::string& name : std::vector<std::string>{".", "..", "", "a/b", "a\\u0000b"}) {
    const auto cfg = dir / "named.json";
    write_text(cfg, tiny_config(name));
    const auto r = run_harness("run " + cfg.string() + " -q");  // no --out: out/NAME
    expect_refused(r, cfg.string() + ": $.name: ");
    const auto match_cfg = dir / "m.json";
    write_text(match_cfg, "{\"name\": \"" + name + "\", \"match\": " +
                              nlohmann::json{{"players", {"H", "E"}}, {"openings", match_test::openings()},
                                             {"pairs", 1}, {"nodes", 200}}
                                  .dump() +
                              "}");
    expect_refused(run_harness("match " + match_cfg.string() + " -q"), match_cfg.string() + ": $.name: ");
  }
}

// Issue 51 item 13: node_budget above 2^62 was clamped to it silently; a match's nodes of 2^63 printed as negative.
TEST(HostileInputBounds, IntegersAboveTheirRangeAreRefusedAndPrintedAsWritten) {
  TempDir dir;
  const auto cfg = dir / "budget.json";
  for (const std::string budget : {"4611686018427387905", "9223372036854775808", "18446744073709551615"}) {
    write_text(cfg, fmt::format(R"({{"name": "b", "positions": [{{"fen": "{}", "id": "s"}}], "depths": [1],
      "versions": ["H"], "node_budget": {}}})",
                                kStartpos, budget));
    const auto r = run_harness("run " + cfg.string() + " --out " + (dir / "out").string());
    expect_refused(r, "$.node_budget: node_budget must be in 0..4611686018427387904, got " + budget);
  }
  write_text(cfg, fmt::format(R"({{"name": "b", "positions": [{{"fen": "{}", "id": "s"}}], "depths": [1],
    "versions": ["H"], "node_budget": 4611686018427387904}})",
                              kStartpos));
  EXPECT_NO_THROW(harness::load_experiment(cfg));
  const auto match_cfg = dir / "m.json";
  write_text(match_cfg, R"({"name": "m", "match": {"players": ["H", "E"], "openings": ")" + match_test::openings() +
                            R"(", "pairs": 1, "nodes": 9223372036854775808}})");
  const auto m = run_harness("match " + match_cfg.string() + " --out " + (dir / "m").string());
  expect_refused(m, "9223372036854775808 is out of range [1, 1125899906842624]");
  EXPECT_EQ(m.output.find("-9223372036854775808"), std::string::npos) << m.output;
}

// A cells.jsonl of one stored cell of the tiny config, its line returned without its checksum member.
std::string one_stored_line(const TempDir& dir, fs::path& cells) {
  const auto cfg = dir / "tiny.json";
  write_text(cfg, tiny_config("tiny"));
  const auto out = dir / "out";
  EXPECT_EQ(run_harness("run " + cfg.string() + " --out " + out.string() + " -q --no-report").code, 0);
  cells = out / "cells.jsonl";
  const std::string text = read_text(cells);
  const std::string line = text.substr(0, text.find('\n'));
  return line.substr(0, line.rfind(",\"line_"));  // without `,"line_xxh":"..."}`
}

// Issue 51 item 12: a line with a recomputed checksum was read without sense: -5 nodes as 2^64 - 5, 1.5 as 1, 1e30
// saturated, a key given twice accepted. Each is refused, naming the file, the line and the member.
TEST(HostileInputBounds, StoredCellValuesAreReadAsWritten) {
  TempDir dir;
  fs::path cells;
  const std::string body = one_stored_line(dir, cells);
  ASSERT_NE(body.find("\"nodes\":"), std::string::npos) << body;
  ASSERT_NO_THROW(harness::read_cells(cells));
  const auto nodes_at = body.find("\"nodes\":") + 8;
  const auto nodes_end = body.find_first_of(",}", nodes_at);
  auto with_nodes = [&](const std::string& value) {
    return body.substr(0, nodes_at) + value + body.substr(nodes_end) + "}";
  };
  auto refused = [&](const std::string& line_json, const std::string& want) {
    write_text(cells, harness::with_checksum(line_json) + "\n");
    try {
      harness::read_cells(cells);
      ADD_FAILURE() << "accepted: " << want;
    } catch (const harness::UserError& e) {
      EXPECT_NE(std::string(e.what()).find(cells.string() + ":1:"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  };
  refused(with_nodes("-5"), "'nodes' is -5, not a count");
  refused(with_nodes("1.5"), "'nodes' is 1.5, not a count");
  refused(with_nodes("1e30"), "'nodes' is 1e+30, not a count");
  refused(body.substr(0, body.size()) + ",\"nodes\":7}", "duplicate key 'nodes'");
  const auto seconds_at = body.find("\"search_seconds\":") + 17;
  refused(body.substr(0, seconds_at) + "-1.0" + body.substr(body.find_first_of(",}", seconds_at)) + "}",
          "'search_seconds' is -1.0, not a number of seconds");
  const auto seldepth_at = body.find("\"seldepth\":") + 11;
  refused(body.substr(0, seldepth_at) + "4294967297" + body.substr(body.find_first_of(",}", seldepth_at)) + "}",
          "'seldepth' is 4294967297, not an integer");
  // The same line as written is read again.
  write_text(cells, harness::with_checksum(body + "}") + "\n");
  EXPECT_EQ(harness::read_cells(cells).rows.size(), 1u);
}

// Issue 51 item 12: report accepted pair index -1 or 5000 of a 1-pair match.
TEST(HostileInputBounds, StoredPairIndicesAreTheMatchsOwn) {
  TempDir dir;
  const auto file = dir / "pairs.jsonl";
  harness::PairRecord p;
  p.fen = kStartpos;
  for (auto& g : p.games) g.end_text = "x";
  auto refused = [&](int index, int pair_count, const std::string& want) {
    p.index = index;
    write_text(file, harness::with_checksum(p.to_json().dump()) + "\n");
    try {
      harness::read_pairs(file, pair_count);
      ADD_FAILURE() << "accepted pair " << index;
    } catch (const harness::UserError& e) {
      EXPECT_NE(std::string(e.what()).find(file.string() + ":1:"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
    }
  };
  refused(-1, 40, "pair index -1 is not an index of a pair");
  refused(5000, 40, "pair index 5000 is beyond the match's 40 pairs");
  refused(40, 40, "pair index 40 is beyond the match's 40 pairs");
  p.index = 39;
  write_text(file, harness::with_checksum(p.to_json().dump()) + "\n");
  EXPECT_EQ(harness::read_pairs(file, 40).count(39), 1u);
  // A directory never holds a pair beyond its match.json's pairs: a shorter match into it is refused before
  // match.json is rewritten, and the directory still reports.
  const auto cfg = dir / "m.json";
  write_text(cfg, nlohmann::json{{"name", "m"},
                                 {"match", {{"players", {"H", "E"}}, {"openings", match_test::openings()}, {"pairs", 2},
                                            {"nodes", 200}, {"max_moves", 20}}}}
                      .dump());
  const auto out = dir / "match";
  ASSERT_EQ(run_harness("match " + cfg.string() + " --out " + out.string() + " -q").code, 0);
  const std::string stored = read_text(out / "match.json");
  expect_refused(run_harness("match " + cfg.string() + " --out " + out.string() + " -q --pairs 1"),
                 "holds pair 1, beyond this match's 1 pairs");
  EXPECT_EQ(read_text(out / "match.json"), stored);
  EXPECT_EQ(run_harness("report " + out.string()).code, 0);
}

// Issue 51 item 6: the threads' tables together are checked against the memory before a run.
TEST(HostileInputBounds, ThreadsTimesTableSizeIsCheckedAgainstTheMemory) {
  const std::uint64_t mib = std::uint64_t(1) << 20;
  const std::vector<std::uint64_t> tables(10, 100 * mib);
  EXPECT_EQ(harness::table_memory_problem(tables, 4, 400 * mib), "");
  EXPECT_EQ(harness::table_memory_problem(tables, 64, 0), "");  // memory unknown: nothing refused
  const std::string why = harness::table_memory_problem(tables, 8, 450 * mib);
  EXPECT_NE(why.find("--threads 8 would search 8 cells at once"), std::string::npos) << why;
  EXPECT_NE(why.find("up to 100 MiB each"), std::string::npos) << why;
  EXPECT_NE(why.find("about 800 MiB in all"), std::string::npos) << why;
  EXPECT_NE(why.find("give --threads 4 or fewer"), std::string::npos) << why;
  // No more threads than cells count: 3 cells on 64 threads need 3 tables.
  EXPECT_EQ(harness::table_memory_problem({100 * mib, 100 * mib, 100 * mib}, 64, 300 * mib), "");
  // The largest tables together: one large table and many small ones fit on two threads.
  EXPECT_EQ(harness::table_memory_problem({300 * mib, mib, mib, mib}, 2, 301 * mib), "");
  EXPECT_NE(harness::table_memory_problem({300 * mib}, 1, 200 * mib).find("even one table"), std::string::npos);

  if (kAddressSanitizer) GTEST_SKIP() << "an address-space limit and AddressSanitizer's shadow memory do not mix";
  // End to end under an address-space limit of 3 GiB: 8 threads of 2^26-entry tables (at least 1 GiB each).
  TempDir dir;
  const auto cfg = dir / "big.json";
  write_text(cfg, fmt::format(R"({{"name": "big", "positions": [{{"fen": "{}", "id": "s"}}], "depths": [1, 2, 3, 4, 5, 6, 7, 8],
    "versions": [{{"name": "X", "extends": "H", "flags": {{"tt_entries": 67108864}}}}]}})",
                              kStartpos));
  const auto r = run_shell("ulimit -v 3145728; " + std::string(BUHO_HARNESS_BIN) + " run " + cfg.string() +
                           " --out " + (dir / "out").string() + " -j 8 -q");
  expect_refused(r, "--threads 8 would search 8 cells at once with transposition tables of up to");
  EXPECT_FALSE(fs::exists(dir / "out" / "cells.jsonl") && fs::file_size(dir / "out" / "cells.jsonl") > 0) << r.output;
}

// Issue 51 item 6: a cell whose table the machine refused is reported and not stored, so a rerun runs it.
TEST(HostileInputBounds, ACellThatGotNoMemoryIsNotStored) {
  if (kAddressSanitizer) GTEST_SKIP() << "an address-space limit and AddressSanitizer's shadow memory do not mix";
  TempDir dir;
  const auto file = dir / "cells.jsonl";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The child: a cell with a 2^26-entry table (at least 1 GiB) under an address-space limit 512 MiB above what is
    // mapped now. Exit 0: not stored and counted; 1: stored; 2: anything else.
    harness::CellInputs in;
    in.position = "s";
    in.fen = kStartpos;
    in.depth = 1;
    in.version = "X";
    in.search.tt_entries = 1 << 26;
    const harness::CellSpec cell = harness::make_cell(in, "e");
    std::ifstream status("/proc/self/status");
    std::uint64_t vm_kb = 0;
    for (std::string key; status >> key;)
      if (key == "VmSize:") {
        status >> vm_kb;
        break;
      }
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = rlim_t(vm_kb * 1024 + (std::uint64_t(512) << 20));
    if (vm_kb == 0 || ::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(2);
    try {
      harness::CellStore store(file);
      const harness::RunTotals totals = harness::run_cells({cell}, "e", store, harness::RunnerOptions{1, false, {}}, 1, 0);
      store.close();
      const bool stored = fs::exists(file) && fs::file_size(file) > 0;
      ::_exit(stored ? 1 : totals.cells_out_of_memory == 1 && totals.cells_run == 0 ? 0 : 2);
    } catch (...) {
      ::_exit(2);
    }
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the cell was stored as failed; 2: something else went wrong";
}

}  // namespace hostile_input_bounds_test
