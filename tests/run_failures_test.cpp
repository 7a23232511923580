// How `harness run` fails, end to end through the binary: a write refused mid-line (a full disk, here a
// file-size limit) ends the run at once with exit 1 naming cells.jsonl, the stored lines intact, and a
// rerun completes it exactly; a second run on a directory being written refuses (exit 2, naming the
// first's pid); a lock left by kill -9 does not block; every bad input exits 2 naming the input.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "harness/storage/cell_store.h"
#include "harness/storage/output_lock.h"
#include "runner_test_util.h"
#include "stored_cells_util.h"

namespace run_failures_test {

using runner_test::TempDir;
namespace fs = std::filesystem;

// 2 positions x 2 versions x depths 1-6: 24 cells, about a second (small tables: allocating the
// versions' 2M-entry TT per cell would cost more than the searches).
const std::string kConfig = R"({
  "name": "failures",
  "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.FIN.08", "LCTII.POS.09"]}],
  "depths": {"from": 1, "to": 6},
  "versions": [{"name": "Bs", "extends": "B", "flags": {"tt_entries": 4096}},
               {"name": "Hs", "extends": "H", "flags": {"tt_entries": 4096}}]
})";
constexpr std::size_t kCells = 24;

using runner_test::cells_by_key;

struct RunFailures : runner_test::ConfigInTempDir {
  void SetUp() override { write_config("failures.json", kConfig); }
  std::string run_args(const fs::path& out, int threads = 2) const {
    return "run " + config.string() + " -q --no-report --threads " + std::to_string(threads) + " --out " + out.string();
  }
  // Waits until `file` has `lines` lines (or 60 s pass).
  static void wait_for_lines(const fs::path& file, std::size_t lines) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (runner_test::count_lines(file) < lines && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  // Starts a one-thread run into `out`, kills it with SIGKILL once it has stored 3 cells, and returns its pid.
  pid_t kill_a_run_after_three_cells(const fs::path& out) const {
    const pid_t pid = runner_test::spawn_harness({"run", config.string(), "-q", "--threads", "1", "--out", out.string()});
    EXPECT_GT(pid, 0);
    wait_for_lines(out / "cells.jsonl", 3);
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
    return pid;
  }
};

TEST_F(RunFailures, RefusedWriteEndsTheRunAtOnceAndARerunCompletesIt) {
  const auto whole = runner_test::run_harness(run_args(tmp / "whole"));
  ASSERT_EQ(whole.code, 0) << whole.output;
  const auto expected = cells_by_key(tmp / "whole");
  ASSERT_EQ(expected.size(), kCells);

  // A file-size limit below cells.jsonl's full size but above experiment.json's: the append that crosses
  // it gets EFBIG part-way through a line (SIGXFSZ ignored, as a full disk gives ENOSPC).
  const auto exp_size = fs::file_size(tmp / "whole" / "experiment.json");
  const auto cells_size = fs::file_size(tmp / "whole" / "cells.jsonl");
  const auto limit_kib = std::max(exp_size, cells_size / 3) / 1024 + 1;
  ASSERT_LT(limit_kib * 1024, cells_size);
  const fs::path out = tmp / "full";
  const auto t0 = std::chrono::steady_clock::now();
  const auto failed = runner_test::run_shell("timeout 120 bash -c 'trap \"\" XFSZ; ulimit -f " + std::to_string(limit_kib) +
                                             "; exec " + BUHO_HARNESS_BIN + " " + run_args(out) + "'");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(failed.code, 1) << failed.output;
  EXPECT_NE(failed.output.find("cells.jsonl"), std::string::npos) << failed.output;
  EXPECT_NE(failed.output.find("File too large"), std::string::npos) << failed.output;
  EXPECT_LT(seconds, 30.0) << "the run did not stop at the failed write";

  // What was stored is whole lines, each equal to the uninterrupted run's cell.
  const auto stored = harness::read_cells(out / "cells.jsonl");
  EXPECT_FALSE(stored.torn_tail);
  EXPECT_GE(stored.rows.size(), 1u);
  EXPECT_LT(stored.rows.size(), kCells);
  EXPECT_LE(fs::file_size(out / "cells.jsonl"), limit_kib * 1024);
  for (const auto& [key, cell] : cells_by_key(out)) EXPECT_EQ(cell, expected.at(key)) << key;

  // Without the limit, the same command resumes and completes the experiment.
  const auto rerun = runner_test::run_harness(run_args(out));
  ASSERT_EQ(rerun.code, 0) << rerun.output;
  EXPECT_NE(rerun.output.find(std::to_string(stored.rows.size()) + " already in"), std::string::npos) << rerun.output;
  EXPECT_EQ(cells_by_key(out), expected);
}

TEST_F(RunFailures, SecondRunOnADirectoryBeingWrittenRefuses) {
  const fs::path out = tmp / "out";
  const pid_t first = runner_test::spawn_harness({"run", config.string(), "-q", "--threads", "1", "--out", out.string()});
  ASSERT_GT(first, 0);
  wait_for_lines(out / "cells.jsonl", 1);  // the first run holds the lock from before its first cell
  // Freeze it mid-run (it keeps its lock), so the attempts below meet a writer however fast the machine is.
  ASSERT_EQ(::kill(first, SIGSTOP), 0);
  ASSERT_LT(runner_test::count_lines(out / "cells.jsonl"), kCells) << "the first run finished before it could be paused";
  for (const std::string& second : {run_args(out), run_args(out) + " --fresh",
                                    "merge " + (tmp / "out").string() + " --out " + out.string()}) {
    const auto r = runner_test::run_harness(second);
    EXPECT_EQ(r.code, 2) << second << "\n" << r.output;
    EXPECT_NE(r.output.find("pid " + std::to_string(first)), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(out.string()), std::string::npos) << r.output;
  }
  ASSERT_EQ(::kill(first, SIGCONT), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(first, &status, 0), first);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(runner_test::count_lines(out / "cells.jsonl"), kCells);
  EXPECT_EQ(cells_by_key(out).size(), kCells);  // no cell twice
  EXPECT_EQ(std::count_if(fs::directory_iterator(out), fs::directory_iterator(),
                          [](const auto& e) { return e.path().filename().string().find(".bak-") != std::string::npos; }),
            0);  // the refused --fresh moved nothing aside
  EXPECT_FALSE(fs::exists(out / harness::kLockFile));  // the first run removed its lock when it ended
}

TEST_F(RunFailures, LockOfAKilledRunDoesNotBlock) {
  const fs::path out = tmp / "out";
  const pid_t pid = kill_a_run_after_three_cells(out);
  if (HasFailure()) return;
  ASSERT_TRUE(fs::exists(out / harness::kLockFile));
  EXPECT_NE(runner_test::read_text(out / harness::kLockFile).find("pid " + std::to_string(pid)), std::string::npos);

  const std::size_t before = harness::read_cells(out / "cells.jsonl").rows.size();
  const auto r = runner_test::run_harness(run_args(out));
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find(std::to_string(before) + " already in"), std::string::npos) << r.output;
  EXPECT_EQ(cells_by_key(out).size(), kCells);
}

// A run killed with SIGKILL leaves its cells.jsonl ending with its last whole line (each cell's line written with
// one write(2): cell_store.h): `harness report` reads every kept cell and changes nothing, and a resumed run
// completes the experiment after them.
TEST_F(RunFailures, AKilledRunLeavesWholeLinesThatAResumeCompletes) {
  const fs::path out = tmp / "out";
  kill_a_run_after_three_cells(out);
  if (HasFailure()) return;
  const std::string left = runner_test::read_text(out / "cells.jsonl");
  ASSERT_FALSE(left.empty());
  EXPECT_EQ(left.back(), '\n');
  const auto kept = harness::read_cells(out / "cells.jsonl");
  EXPECT_FALSE(kept.torn_tail);
  const auto report = runner_test::run_harness("report " + out.string());
  ASSERT_EQ(report.code, 0) << report.output;
  EXPECT_NE(report.output.find(std::to_string(kept.rows.size()) + " of " + std::to_string(kCells) + " cells measured"),
            std::string::npos)
      << report.output;
  EXPECT_EQ(runner_test::read_text(out / "cells.jsonl"), left);
  const auto r = runner_test::run_harness(run_args(out));
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(cells_by_key(out).size(), kCells);
  const std::string after = runner_test::read_text(out / "cells.jsonl");
  EXPECT_EQ(after.substr(0, left.size()), left);
  EXPECT_EQ(after.back(), '\n');
}

TEST_F(RunFailures, EveryBadInputExitsTwoNamingTheInput) {
  const std::string out = (tmp / "o").string();
  // {arguments, a piece of the message that names the input}
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"no-such-command", "'no-such-command'"},
      {"", "subcommand"},
      {"run --no-such-option", "--no-such-option"},
      {"run " + config.string() + " --threads", "--threads"},
      {"run " + config.string() + " --threads many --out " + out, "--threads"},
      {"run " + config.string() + " --threads 0 --out " + out, "--threads"},
      {"run " + (tmp / "missing.json").string(), "missing.json"},
      {"run " + config.string() + " --shard 4/3 --out " + out, "4/3"},
      {"report " + (tmp / "nothing").string(), "nothing"},
      {"report", "dir"},
      {"merge " + (tmp / "nothing").string() + " --out " + out, "nothing"},
      {"merge " + (tmp / "nothing").string(), "--out"},
      {"search --fen startpos --depth x --version H", "--depth"},
      {"search --fen startpos --depth 2 --version Z", "'Z'"},
      {"search --fen 'not a fen' --depth 2 --version H", "not a fen"},
      {"search --fen startpos --depth 2 --version H --set lmr=maybe", "lmr=maybe"},
      {"search --fen startpos --depth 2 --version H --set tt_scheme=nope", "tt_scheme=nope"},
      {"search --fen startpos --depth 2 --version H --set no_flag=1", "no_flag=1"},
      {"eval --set pawn_shield=maybe", "pawn_shield=maybe"},
      {"eval --set no_term=1", "no_term=1"},
      {"eval --set pawn_shield", "pawn_shield"},
      {"eval --fen 'not a fen'", "--fen"},
      {"perft --fen startpos --depth x", "--depth"},
      {"perft --fen 'not a fen' --depth 2", "--fen"},
      {"flags --no-such-option", "--no-such-option"},
      {"bench search --no-such-option", "--no-such-option"},
  };
  for (const auto& [args, names] : cases) {
    const auto r = runner_test::run_harness(args);
    EXPECT_EQ(r.code, 2) << "harness " << args << "\n" << r.output;
    EXPECT_NE(r.output.find(names), std::string::npos) << "harness " << args << " does not name " << names << ":\n" << r.output;
  }
  EXPECT_FALSE(fs::exists(out));
  // --help is not an error.
  for (const char* help : {"--help", "run --help", "bench search --help"})
    EXPECT_EQ(runner_test::run_harness(help).code, 0) << help;
  // The help of `run` says where it writes by default.
  EXPECT_NE(runner_test::run_harness("run --help").output.find("out/<name>"), std::string::npos);
}

}  // namespace run_failures_test
