// `harness uci` under the hostile tester's shapes, many short sessions through a pipe, with the machine loaded by
// busy threads: commands queued during long searches and perft (position, go, unknown words, ucinewgame, setoption,
// isready), `stop` and `quit` at random moments, the input closed after any line, and bursts of `go nodes 1` /
// `quit`. Each session must exit 0 within a second of its `quit` or end of input, and write exactly one `bestmove`
// per `go` it was sent. BUHO_UCI_STRESS_SESSIONS sets the number of sessions (default 40, about 15 s on a loaded
// machine; 10^4 by hand).
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "harness/paths.h"  // a harness test (CMakeLists.txt): it runs the program BUHO_HARNESS_BIN
#include "uci_process.h"

namespace uci_stress_test {

using namespace std::chrono_literals;
using uci_process::count_prefix;
using uci_process::UciProcess;

// One session's script: lines, each with a pause before it, and whether the input is closed without `quit`.
struct Script {
  std::vector<std::pair<std::chrono::milliseconds, std::string>> lines;
};

Script random_script(std::mt19937& rng) {
  const auto pick = [&rng](std::initializer_list<const char*> xs) {
    return std::string(*(xs.begin() + std::ptrdiff_t(rng() % xs.size())));
  };
  const auto pause = [&rng](int most) { return std::chrono::milliseconds(rng() % unsigned(most + 1)); };
  Script s;
  switch (rng() % 3) {
    case 0: {  // a long search with commands queued behind it
      s.lines.push_back({0ms, pick({"position startpos", "position startpos moves e2e4 e7e5", "ucinewgame"})});
      s.lines.push_back({0ms, pick({"go depth 40", "go infinite", "go perft 7", "go movetime 5000", "go nodes 100000000"})});
      for (unsigned i = 0, n = rng() % 5; i < n; ++i)
        s.lines.push_back({pause(40), pick({"position startpos moves d2d4", "go depth 2", "go", "go depth 40", "go perft 7",
                                           "go infinite", "xyzzy", "ucinewgame", "setoption name Hash value 8",
                                           "isready", "stop", "go depth x", "position startpos moves e2e5"})});
      break;
    }
    case 1: {  // perft, then a search, then stop
      s.lines.push_back({0ms, "position startpos"});
      s.lines.push_back({0ms, "go perft 7"});
      s.lines.push_back({pause(30), "go depth 2"});
      s.lines.push_back({pause(30), "stop"});
      break;
    }
    default: {  // short searches answered as fast as they are asked for
      for (unsigned i = 0, n = 1 + rng() % 3; i < n; ++i) {
        s.lines.push_back({0ms, "position startpos"});
        s.lines.push_back({0ms, "go nodes 1"});
      }
      break;
    }
  }
  // The end: `quit`, or the input closed, after any line (the script cut there).
  s.lines.resize(1 + rng() % s.lines.size());
  if (rng() % 2) s.lines.push_back({pause(20), "quit"});
  return s;
}

// Runs one session; "" or what went wrong.
std::string run_session(const Script& script) {
  UciProcess p;
  if (!p.started()) return "the program did not start";
  std::string sent;
  for (const auto& [wait, line] : script.lines) {
    if (wait.count() > 0) std::this_thread::sleep_for(wait);
    p.send(line + "\n");
    sent += line + "\n";
  }
  const auto t0 = std::chrono::steady_clock::now();
  p.close_input();
  const int code = p.wait_exit(1000ms);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  const std::string out = p.output();
  if (code != 0) return fmt::format("exit {} ({} ms after the last line)\n{}---\n{}", code, ms, sent, out);
  const int gos = count_prefix(sent, "go"), bestmoves = count_prefix(out, "bestmove ");
  if (gos != bestmoves) return fmt::format("{} go, {} bestmove\n{}---\n{}", gos, bestmoves, sent, out);
  return {};
}

TEST(UciStress, ShortSessionsUnderLoadExitAtOnceWithOneBestmovePerGo) {
  const char* env = std::getenv("BUHO_UCI_STRESS_SESSIONS");
  const int sessions = env ? std::atoi(env) : 40;
  std::atomic<bool> done{false};
  std::vector<std::thread> load;  // busy threads: the search thread and the reader must still interleave right
  for (int i = 0; i < 2; ++i)
    load.emplace_back([&done] {
      volatile std::uint64_t x = 0;
      while (!done.load(std::memory_order_relaxed)) x = x + 1;
    });
  std::mt19937 rng(20261128);
  int failures = 0;
  std::string first_failure;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < sessions; ++i) {
    const std::string why = run_session(random_script(rng));
    if (!why.empty()) {
      if (++failures == 1) first_failure = fmt::format("session {}: {}", i, why);
    }
  }
  done = true;
  for (auto& t : load) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("uci stress: %d sessions in %.1f s, %d failed\n", sessions, seconds, failures);
  EXPECT_EQ(failures, 0) << first_failure;
}

}  // namespace uci_stress_test
