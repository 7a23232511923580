// `harness bench uci-stop`: it drives `harness uci` through its standard input and output, in rounds of
// `go infinite` and `stop`, and reports each round's time from `stop` to `bestmove`. The times are figures, not
// asserted here (speed goals live in docs/benchmarks.md); the protocol checks (one bestmove per go, the final info
// before it) and the shape of the report are.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/bench/bench_uci_stop.h"  // a harness test: the harness program's path is given to it
#include "runner_test_util.h"

namespace bench_uci_stop_test {

nlohmann::json run_json(const std::string& args) {
  const auto r = runner_test::run_harness("bench uci-stop --json " + args);
  EXPECT_EQ(r.code, 0) << r.output;
  return nlohmann::json::parse(r.output);
}

TEST(BenchUciStop, TenRoundsEachAnsweredByOneBestmoveAfterTheFinalInfo) {
  const nlohmann::json out = run_json("--rounds 10");
  EXPECT_EQ(out.at("rounds").get<int>(), 10) << out.dump();
  EXPECT_EQ(out.at("rounds_asked").get<int>(), 10);
  EXPECT_EQ(out.at("load_threads").get<int>(), 0);
  EXPECT_EQ(out.at("bestmove_errors").get<int>(), 0) << out.dump();
  EXPECT_EQ(out.at("final_info_errors").get<int>(), 0) << out.dump();
  EXPECT_EQ(out.at("error_lines").get<int>(), 0) << out.dump();
  EXPECT_EQ(out.at("protocol_failures").get<int>(), 0) << out.dump();
  EXPECT_TRUE(out.at("failure").is_null()) << out.dump();

  const auto latencies = out.at("latencies_ms").get<std::vector<double>>();
  ASSERT_EQ(latencies.size(), 10u) << out.dump();
  for (double ms : latencies) EXPECT_TRUE(std::isfinite(ms) && ms >= 0) << ms;
  const auto delays = out.at("delays_ms").get<std::vector<int>>();
  ASSERT_EQ(delays.size(), 10u);
  for (int ms : delays) EXPECT_TRUE(ms >= 0 && ms <= 300) << ms;

  // The summary is the list's: median, 95th percentile (nearest rank: the 10th of 10) and max, and the count over
  // 100 ms.
  std::vector<double> sorted = latencies;
  std::sort(sorted.begin(), sorted.end());
  const auto& summary = out.at("latency_ms");
  EXPECT_DOUBLE_EQ(summary.at("median").get<double>(), (sorted[4] + sorted[5]) / 2);
  EXPECT_DOUBLE_EQ(summary.at("p95").get<double>(), sorted[9]);
  EXPECT_DOUBLE_EQ(summary.at("max").get<double>(), sorted[9]);
  const auto over = std::count_if(sorted.begin(), sorted.end(), [](double ms) { return ms > 100; });
  EXPECT_EQ(out.at("over_100_ms").get<int>(), over);
}

// The pauses before `stop` come from the seed: the same seed gives the same pauses, another seed others. With
// --load the busy threads run beside the rounds and the protocol still holds.
TEST(BenchUciStop, PausesFollowTheSeedAndLoadKeepsTheProtocol) {
  const auto a = run_json("--rounds 4 --seed 7");
  const auto b = run_json("--rounds 4 --seed 7 --load 1");
  const auto c = run_json("--rounds 4 --seed 8");
  EXPECT_EQ(a.at("delays_ms"), b.at("delays_ms"));
  EXPECT_NE(a.at("delays_ms"), c.at("delays_ms"));
  EXPECT_EQ(b.at("load_threads").get<int>(), 1);
  EXPECT_EQ(b.at("protocol_failures").get<int>(), 0) << b.dump();
}

TEST(BenchUciStop, RefusesBadCounts) {
  for (const char* args : {"--rounds 0", "--load -1", "--rounds x"}) {
    const auto r = runner_test::run_harness(std::string("bench uci-stop ") + args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.output;
    EXPECT_EQ(r.output.rfind("error: ", 0), 0u) << r.output;
  }
}

}  // namespace bench_uci_stop_test
