#include "harness/bench/bench_uci_stop.h"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "harness/bench/uci_peer.h"
#include "harness/cli/commands.h"
#include "harness/identity/bench_positions.h"
#include "harness/paths.h"
#include "harness/report/median.h"

namespace harness {

// A named namespace, not an anonymous one: the bench files share unity batches (CMakeLists.txt).
namespace uci_stop_bench {

using Clock = std::chrono::steady_clock;

constexpr int kMaxDelayMs = 300;
constexpr double kSlowMs = 100;        // the goal: `stop` answered within 100 ms
constexpr double kAnswerSeconds = 10;  // no `bestmove` or `readyok` within this is a protocol failure

// The delay before `stop` in round i: 0 ms (stop right after go) one round in eight, otherwise 1-300 ms.
// mt19937_64's output is fixed by the standard, and the mapping here is ours, so a seed gives the same delays on
// every platform.
int next_delay_ms(std::mt19937_64& rng) {
  if (rng() % 8 == 0) return 0;
  return 1 + int(rng() % kMaxDelayMs);
}

// The p-quantile by the nearest-rank method: the smallest value with at least p of the values at or below it.
double nearest_rank(std::vector<double> v, double p) {
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  const auto rank = std::size_t(std::ceil(p * double(v.size())));
  return v[std::clamp<std::size_t>(rank, 1, v.size()) - 1];
}

// `threads` threads spinning on arithmetic until destroyed: the machine made busy from within this process.
class BusyLoad {
 public:
  explicit BusyLoad(int threads) {
    for (int i = 0; i < threads; ++i)
      threads_.emplace_back([this, i] {
        std::uint64_t x = std::uint64_t(i) + 1;
        while (!done_.load(std::memory_order_relaxed)) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        sink_.fetch_add(x, std::memory_order_relaxed);  // keeps the loop's work observable
      });
  }
  ~BusyLoad() {
    done_ = true;
    for (auto& t : threads_) t.join();
  }
  BusyLoad(const BusyLoad&) = delete;
  BusyLoad& operator=(const BusyLoad&) = delete;

 private:
  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> sink_{0};
  std::vector<std::thread> threads_;
};

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// What one round saw.
struct Round {
  int delay_ms = 0;
  double latency_ms = std::nan("");  // from writing `stop` to reading `bestmove`
  int bestmoves = 0;                 // from `go` to the `readyok` after the bestmove
  bool bestmove_before_stop = false;
  bool final_info_before_bestmove = false;
  std::vector<std::string> errors;  // `info string error` lines
};

}  // namespace uci_stop_bench

nlohmann::json run_uci_stop_bench(const UciStopBenchOptions& o) {
  using namespace uci_stop_bench;
  const std::string epd = project_path("positions/lct2.epd").string();
  std::vector<std::string> fens;
  for (const auto& [id, board] : bench_epd_positions(epd, {}, "positions/lct2.epd")) fens.push_back(board.fen());

  // The running program itself, as `harness uci`: the front end a GUI starts.
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<Round> rounds;
  std::string failure;
  std::mt19937_64 rng(o.seed);
  try {
    UciPeer engine(self, 0, {"uci"});  // the engine's own defaults (Hash included), as a GUI leaves them
    BusyLoad load(o.load);
    for (int i = 0; i < o.rounds; ++i) {
      Round r;
      r.delay_ms = next_delay_ms(rng);
      bool stopped = false;
      std::string last_info;  // the last `info` line that is not `info string`
      auto note = [&](const std::string& line) {
        if (starts_with(line, "bestmove")) {
          ++r.bestmoves;
          if (!stopped) r.bestmove_before_stop = true;
          if (r.bestmoves == 1) r.final_info_before_bestmove = last_info.find(" hashfull ") != std::string::npos;
        } else if (starts_with(line, "info string error")) {
          r.errors.push_back(line);
        } else if (starts_with(line, "info ") && !starts_with(line, "info string")) {
          last_info = line;
        }
      };
      engine.send("position fen " + fens[std::size_t(i) % fens.size()]);
      engine.send("go infinite");
      // The delay is spent reading what the search prints, so that `bestmove` is the next line after `stop`
      // but for the final `info`.
      const auto stop_at = Clock::now() + std::chrono::milliseconds(r.delay_ms);
      while (auto line = engine.read_line_until(stop_at)) note(*line);
      const auto t0 = Clock::now();
      engine.send("stop");
      stopped = true;
      for (;;) {
        const std::string line = engine.read_line(kAnswerSeconds);
        note(line);
        if (starts_with(line, "bestmove")) break;
      }
      r.latency_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      engine.send("isready");
      for (;;) {
        const std::string line = engine.read_line(kAnswerSeconds);
        if (line == "readyok") break;
        note(line);
      }
      rounds.push_back(std::move(r));
    }
  } catch (const std::exception& e) {
    failure = fmt::format("round {}: {}", rounds.size() + 1, e.what());
  }

  std::vector<double> latencies;
  std::vector<int> delays;
  int over = 0, bestmove_errors = 0, final_info_errors = 0, error_lines = 0;
  for (const Round& r : rounds) {
    latencies.push_back(r.latency_ms);
    delays.push_back(r.delay_ms);
    over += r.latency_ms > kSlowMs;
    bestmove_errors += r.bestmoves != 1 || r.bestmove_before_stop;
    final_info_errors += !r.final_info_before_bestmove;
    error_lines += int(r.errors.size());
  }
  const double med = harness::median(latencies), p95 = nearest_rank(latencies, 0.95);
  const double max = latencies.empty() ? std::nan("") : *std::max_element(latencies.begin(), latencies.end());
  const int protocol_failures = bestmove_errors + final_info_errors + error_lines + (failure.empty() ? 0 : 1);
  auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  nlohmann::json out{{"rounds", rounds.size()},
                     {"rounds_asked", o.rounds},
                     {"load_threads", o.load},
                     {"seed", o.seed},
                     {"latency_ms", {{"median", number(med)}, {"p95", number(p95)}, {"max", number(max)}}},
                     {"over_100_ms", over},
                     {"bestmove_errors", bestmove_errors},
                     {"final_info_errors", final_info_errors},
                     {"error_lines", error_lines},
                     {"protocol_failures", protocol_failures},
                     {"latencies_ms", latencies},
                     {"delays_ms", delays}};
  out["failure"] = failure.empty() ? nlohmann::json(nullptr) : nlohmann::json(failure);
  out["first_error_line"] = nullptr;
  for (const Round& r : rounds)
    for (const auto& line : r.errors)
      if (out["first_error_line"].is_null()) out["first_error_line"] = line;

  if (!o.json) {
    fmt::print("rounds             {} of {} (LCT II positions in turn; go infinite, stop after 0-{} ms, seed {})\n",
               rounds.size(), o.rounds, kMaxDelayMs, o.seed);
    fmt::print("load threads       {}\n", o.load);
    fmt::print("stop -> bestmove   median {:.2f} ms, 95th percentile {:.2f} ms, max {:.2f} ms\n", med, p95, max);
    fmt::print("over {:.0f} ms        {} of {}\n", kSlowMs, over, rounds.size());
    fmt::print("bestmove errors    {} (rounds whose go got other than one bestmove, or one before stop)\n",
               bestmove_errors);
    fmt::print("final info errors  {} (rounds whose bestmove did not follow the search's final info line)\n",
               final_info_errors);
    fmt::print("error lines        {}\n", error_lines);
    if (!failure.empty()) fmt::print("failure            {}\n", failure);
  }
  return out;
}

void register_bench_uci_stop(CLI::App& bench) {
  auto opt = std::make_shared<UciStopBenchOptions>();
  CLI::App* cmd = bench.add_subcommand("uci-stop",
                                       "How fast `harness uci` answers stop after go infinite, timed from stop to "
                                       "bestmove as a GUI sees it");
  cmd->add_option("--rounds", opt->rounds, "Rounds of position, go infinite, a pause, stop")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--load", opt->load, "Busy-spinning threads in this process during the rounds (a loaded host)")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Seed of the pauses before stop")->capture_default_str();
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->callback([opt] {
    const nlohmann::json out = run_uci_stop_bench(*opt);
    if (opt->json) fmt::print("{}\n", out.dump());
    // A slow answer is reported, never a failure (the speed goal is read off the figures); a protocol failure is.
    if (out.at("protocol_failures").get<int>() > 0)
      throw std::runtime_error(fmt::format(
          "bench uci-stop: the UCI front end broke the protocol: {} bestmove errors, {} final info errors, {} error "
          "lines{}",
          out.at("bestmove_errors").get<int>(), out.at("final_info_errors").get<int>(),
          out.at("error_lines").get<int>(),
          out.at("failure").is_null() ? std::string() : "; " + out.at("failure").get<std::string>()));
  });
}

}  // namespace harness
