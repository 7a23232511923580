// `harness bench search --driver ... / --tt-scheme ...` (issues 12 and 13): one flag varied over the values given,
// each timed on LCTII.POS.01 and LCTII.FIN.02 with version H's other flags. The nodes it reports are those of the
// engine searching with that value (the speed of the same trees, not of other ones), the reference value's ratio is
// 1, and a bad value or both options at once is refused naming the input (exit 2).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/search.h"
#include "harness/bench/bench_positions.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace bench_search_test {

using namespace harness;

// Nodes and quiescence nodes of version H with `flag=value` on the two positions the bench times, by the engine.
std::pair<std::uint64_t, std::uint64_t> engine_nodes(const std::string& flag, const std::string& value, int depth_pos,
                                                     int depth_fin) {
  const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
  buho::SearchConfig s = h.search;
  buho::EvalConfig e = h.eval;
  apply_flag_text(flag + "=" + value, s, e, "test");
  buho::Engine engine(s, e);
  std::uint64_t n = 0, q = 0;
  for (const auto& [id, depth] : {std::pair<const char*, int>{"LCTII.POS.01", depth_pos}, {"LCTII.FIN.02", depth_fin}}) {
    const auto r = engine.search(bench_position(id), buho::Limits{depth, 0});
    n += r.stats.nodes;
    q += r.stats.qnodes;
  }
  return {n, q};
}

void expect_rows(const std::string& option, const std::string& flag, const std::vector<std::string>& values,
                 const std::string& reference) {
  std::string args = "bench search --json --depth-pos 3 --depth-fin 5 --repeat 2 " + option;
  for (const auto& v : values) args += " " + v;
  const auto r = runner_test::run_harness(args);
  ASSERT_EQ(r.code, 0) << r.output;
  const auto out = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  const auto& rows = out.at(flag == "driver" ? "drivers" : "tt_schemes");
  ASSERT_EQ(rows.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& row = rows[i];
    EXPECT_EQ(row.at(flag), values[i]);
    const auto [nodes, qnodes] = engine_nodes(flag, values[i], 3, 5);
    EXPECT_EQ(row.at("nodes").get<std::uint64_t>(), nodes) << values[i];
    EXPECT_EQ(row.at("qnodes").get<std::uint64_t>(), qnodes) << values[i];
    EXPECT_EQ(row.at("nps").size(), 2u) << values[i];  // one speed per round
    EXPECT_GT(row.at("median_nps").get<double>(), 0.0) << values[i];
    EXPECT_EQ(row.at("cpu_nps").size(), 2u) << values[i];
    EXPECT_GT(row.at("median_cpu_nps").get<double>(), 0.0) << values[i];
    if (values[i] == reference) {
      EXPECT_DOUBLE_EQ(row.at("ratio_to_" + reference).get<double>(), 1.0);
      EXPECT_DOUBLE_EQ(row.at("cpu_ratio_to_" + reference).get<double>(), 1.0);
    }
  }
}

TEST(BenchSearch, TtSchemesAreTimedOnTheirOwnTrees) {
  expect_rows("--tt-scheme", "tt_scheme", {"depth_always", "two_big1", "bucket4"}, "depth_always");
  // The schemes grow different trees on these positions: the bench reports each one's (and its quiescence part).
  EXPECT_NE(engine_nodes("tt_scheme", "depth_always", 4, 6), engine_nodes("tt_scheme", "always", 4, 6));
}

TEST(BenchSearch, DriversAreTimedOnTheirOwnTrees) {
  expect_rows("--driver", "driver", {"alphabeta", "negascout", "mtdf"}, "alphabeta");
}

TEST(BenchSearch, BadValueOrBothOptionsIsRefused) {
  for (const auto& [args, names] : std::vector<std::pair<std::string, std::string>>{
           {"bench search --tt-scheme nope", "tt_scheme"},
           {"bench search --driver nope", "driver"},
           {"bench search --driver alphabeta --tt-scheme depth_always", "not both"}}) {
    const auto r = runner_test::run_harness(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(names), std::string::npos) << args << " does not name " << names << ":\n" << r.output;
  }
}

}  // namespace bench_search_test
