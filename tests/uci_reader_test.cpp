// `harness uci`'s reader never waits for a search (harness/uci/uci_session.h): the shapes a hostile tester sent to
// the program, through a pipe, as a GUI sends them. `stop`, `quit`, `isready` and the end of input act at once;
// position, go, ucinewgame, setoption and unknown words sent during a search wait behind it; every `go` gets exactly
// one `bestmove`; the program exits within a second of `quit` or the end of input.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>

#include "harness/uci/uci_session.h"
#include "runner_test_util.h"
#include "uci_process.h"

namespace uci_reader_test {

using namespace std::chrono_literals;
using uci_process::count_prefix;
using uci_process::UciProcess;

// One shape: `before` is sent, then (after `pause`) `after`; then the input is closed. The program must exit 0
// within a second of the last line (a `quit` in `after`, or the end of input) with one bestmove per `go`.
void expect_exits_at_once(const std::string& before, const std::string& after, std::chrono::milliseconds pause) {
  UciProcess p;
  ASSERT_TRUE(p.started());
  p.send(before);
  std::this_thread::sleep_for(pause);
  p.send(after);
  const auto t0 = std::chrono::steady_clock::now();
  p.close_input();
  const int code = p.wait_exit(1000ms);
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
  const std::string out = p.output();
  EXPECT_EQ(code, 0) << "did not exit within 1 s of the end of input (" << took.count() << " ms)\n"
                     << before << after << "---\n" << out;
  EXPECT_EQ(count_prefix(out, "bestmove "), count_prefix(before + after, "go")) << before << after << "---\n" << out;
}

// Found: every one of these hung, because the command after the `go` waited for the search on the thread that reads
// the input, so `quit`, `stop` and the end of input were never read.
TEST(UciReader, CommandsQueuedBehindASearchNeverBlockQuitStopOrTheEndOfInput) {
  const std::string deep = "position startpos\ngo depth 40\n";
  expect_exits_at_once(deep, "ucinewgame\nquit\n", 300ms);
  expect_exits_at_once(deep, "ucinewgame\n", 300ms);
  expect_exits_at_once(deep, "position startpos moves e2e4\nstop\nisready\n", 300ms);
  expect_exits_at_once(deep, "go\nxyzzy\nstop\n", 300ms);
  expect_exits_at_once(deep, "setoption name Hash value 16\ngo depth 40\n", 300ms);
  expect_exits_at_once("position startpos\ngo perft 7\n", "go depth 2\nstop\n", 300ms);
  expect_exits_at_once("position startpos\ngo perft 7\n", "go depth 2\n", 300ms);
  expect_exits_at_once("position startpos\ngo infinite\n", "position startpos moves e2e4\ngo infinite\nquit\n", 300ms);
  expect_exits_at_once("position startpos\ngo infinite\n", "go depth 40\n", 300ms);
}

// `isready` during a search is answered at once, though commands wait in the queue behind the search; `stop` then
// ends the search, and the queued commands are carried out in order (the queued position is the one searched next).
TEST(UciReader, IsreadyIsAnsweredAtOnceAndQueuedCommandsRunInOrder) {
  UciProcess p;
  ASSERT_TRUE(p.started());
  p.send("position startpos\ngo depth 40\n");
  std::this_thread::sleep_for(200ms);
  p.send("position startpos moves e2e4\nucinewgame\nxyzzy\nisready\n");
  EXPECT_TRUE(p.wait_for_line("readyok", 1000ms)) << p.output();
  EXPECT_EQ(p.count_lines("bestmove "), 0) << "the search ended early";
  EXPECT_EQ(p.count_lines("info string error"), 0) << "the unknown word was carried out before the search ended";
  p.send("stop\ngo perft 1\n");  // `stop` ends the search at once; the queue then runs, the perft last
  EXPECT_TRUE(p.wait_for_line("Nodes searched: 20", 2000ms)) << p.output();
  const std::string out = p.output();
  EXPECT_NE(out.find("info string error: unknown command 'xyzzy'"), std::string::npos) << out;
  EXPECT_NE(out.find("e7e5: 1"), std::string::npos) << "the perft did not count the queued position\n" << out;
  EXPECT_EQ(count_prefix(out, "bestmove "), 2) << out;
  EXPECT_LT(out.find("bestmove "), out.find("xyzzy")) << "a queued command ran before the search ended\n" << out;
  p.send("quit\n");
  EXPECT_EQ(p.wait_exit(1000ms), 0);
}

// A stream buffer that counts how often it is flushed from one thread.
class FlushCounter : public std::stringbuf {
 public:
  std::thread::id thread;
  int flushes = 0;

 protected:
  int sync() override {
    if (std::this_thread::get_id() == thread) ++flushes;
    return std::stringbuf::sync();
  }
};

// Found: `std::cin` is tied to `std::cout`, so every read of a line flushed the output from the reading thread,
// outside the session's lock, while the search thread wrote: two `bestmove` lines for one `go`, under load. The
// reader unties its input: nothing read flushes the output (here, the reading thread writes nothing itself).
TEST(UciReader, ReadingALineNeverFlushesTheOutput) {
  FlushCounter tied;
  tied.thread = std::this_thread::get_id();
  std::ostream tied_out(&tied);
  std::istringstream in("position startpos\ngo nodes 1\nucinewgame\nposition startpos moves e2e4\ngo depth 1\n");
  in.tie(&tied_out);
  std::ostringstream out;
  harness::run_uci(in, out);
  EXPECT_EQ(tied.flushes, 0);
  EXPECT_EQ(in.tie(), nullptr);
  EXPECT_EQ(count_prefix(out.str(), "bestmove "), 2) << out.str();
}

// Found: a Hash the machine could not allocate ended the session (exit 1, no bestmove). Under a 800 MB address-space
// limit, Hash 65536 (the largest table, 2 GiB) cannot be had: the `setoption` is refused when the limit is seen
// (memory_ceiling.h counts `ulimit -v`), else the `go` that cannot allocate it, with an error and a bestmove; either
// way the session goes on and searches with a smaller Hash.
using runner_test::kAddressSanitizer;

TEST(UciReader, ATableThatCannotBeAllocatedRefusesTheGoNotTheSession) {
  if (kAddressSanitizer) GTEST_SKIP() << "an address-space limit stops the sanitizers' runtime";
  const std::string out_file = testing::TempDir() + "uci_hash_" + std::to_string(::getpid());
  const std::string command = fmt::format(
      "(printf 'setoption name Hash value 65536\nposition startpos\ngo depth 2\n'; sleep 1; "
      "printf 'setoption name Hash value 16\ngo depth 2\n'; sleep 1) | (ulimit -v 800000; exec {} uci) > {} 2>&1",
      BUHO_HARNESS_BIN, out_file);
  const int status = std::system(command.c_str());
  std::ifstream in(out_file);
  const std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::remove(out_file.c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << out;
  const bool refused_option =
      out.find("info string error: option Hash: a transposition table of 2048 MiB is more than") != std::string::npos;
  const bool refused_go =
      out.find("info string error: go: the transposition table (2048 MiB) could not be allocated; lower Hash\n"
               "bestmove ") != std::string::npos;
  EXPECT_TRUE(refused_option || refused_go) << out;
  EXPECT_EQ(count_prefix(out, "bestmove "), 2) << out;
  EXPECT_NE(out.find("info depth 2 "), std::string::npos) << out;
  EXPECT_EQ(count_prefix(out, "bestmove "), 2) << out;
}

}  // namespace uci_reader_test
