// `harness bench search --driver ... / --tt-scheme ...` (the drivers' and the schemes' speed): one flag varied over the values given,
// each timed on LCTII.POS.01 and LCTII.FIN.02 with version H's other flags. The nodes it reports are those of the
// engine searching with that value (the speed of the same trees, not of other ones), the reference value's ratio is
// 1, and a bad value or both options at once is refused naming the input (exit 2). With --min-seconds each value is
// timed at depths of its own: the first at which one search took the CPU seconds asked, or the deepest sss's OPEN
// list allows. --position times other positions, and --common-depths every value at the reference's depths.
#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/search.h"
#include "engine/sss_driver.h"
#include "harness/identity/bench_positions.h"
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

// Nodes of version H with `sets` (flag=value, in turn) on `id` at `depth`, by the engine; throws
// OpenListLimitError as the search does.
std::uint64_t nodes_with(const std::vector<std::string>& sets, const std::string& id, int depth) {
  const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
  buho::SearchConfig s = h.search;
  buho::EvalConfig e = h.eval;
  for (const auto& a : sets) apply_flag_text(a, s, e, "test");
  buho::Engine engine(s, e);
  return engine.search(bench_position(id), buho::Limits{depth, 0}).stats.nodes;
}
std::uint64_t driver_nodes(const std::string& driver, std::vector<std::string> sets, const std::string& id, int depth) {
  sets.push_back("driver=" + driver);
  return nodes_with(sets, id, depth);
}

// Runs the fair comparison and checks, for every driver and position, the deepening the JSON reports: depths 1,
// 2, ... with each search before the last under `min_seconds`, the last at the depth timed and, unless the OPEN
// list stopped it, at or over `min_seconds`; the nodes timed are the engine's at those depths. Returns the rows.
nlohmann::json expect_fair_rows(const std::vector<std::string>& drivers, const std::vector<std::string>& sets,
                                double min_seconds) {
  std::string args = "bench search --json --repeat 1 --min-seconds " + std::to_string(min_seconds) + " --driver";
  for (const auto& d : drivers) args += " " + d;
  if (!sets.empty()) args += " --set";
  for (const auto& a : sets) args += " " + a;
  const auto r = runner_test::run_harness(args);
  EXPECT_EQ(r.code, 0) << r.output;
  if (r.code != 0) return nlohmann::json::array();
  const auto out = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  EXPECT_DOUBLE_EQ(out.at("min_seconds").get<double>(), min_seconds);
  const auto& rows = out.at("drivers");
  EXPECT_EQ(rows.size(), drivers.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    const std::string driver = row.at("driver");
    EXPECT_EQ(driver, drivers[i]);
    std::uint64_t nodes = 0;
    EXPECT_EQ(row.at("depths").size(), 2u) << driver;
    for (const auto& pos : row.at("depths")) {
      const std::string id = pos.at("position");
      const int depth = pos.at("depth");
      const std::string stop = pos.at("stop");
      const auto& steps = pos.at("deepening");
      SCOPED_TRACE(driver + " " + id + " stop " + stop);
      EXPECT_FALSE(steps.empty());
      if (steps.empty()) continue;
      for (std::size_t k = 0; k < steps.size(); ++k) {
        EXPECT_EQ(steps[k].at("depth").get<int>(), int(k) + 1);
        if (k + 1 < steps.size()) {
          EXPECT_LT(steps[k].at("cpu_seconds").get<double>(), min_seconds) << "depth " << k + 1;
        }
      }
      EXPECT_EQ(steps.back().at("depth").get<int>(), depth);
      if (stop == "min_seconds") {
        EXPECT_GE(steps.back().at("cpu_seconds").get<double>(), min_seconds);
      } else {
        EXPECT_EQ(stop, "open_limit");
      }
      const std::uint64_t n = driver_nodes(driver, sets, id, depth);
      EXPECT_EQ(steps.back().at("nodes").get<std::uint64_t>(), n);
      nodes += n;
    }
    EXPECT_EQ(row.at("nodes").get<std::uint64_t>(), nodes) << driver;
    EXPECT_GT(row.at("median_cpu_nps").get<double>(), 0.0) << driver;
  }
  return rows;
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
    // Each position's own rate and ratio, and their geometric mean (the positions weighed alike).
    const auto& per = row.at("per_position");
    ASSERT_EQ(per.size(), 2u) << values[i];
    EXPECT_EQ(per[0].at("position"), "LCTII.POS.01");
    EXPECT_EQ(per[1].at("depth").get<int>(), 5);
    double log_sum = 0;
    for (const auto& p : per) {
      const double r = p.at("cpu_ratio_to_" + reference).get<double>();
      EXPECT_GT(p.at("median_cpu_nps").get<double>(), 0.0);
      if (values[i] == reference) {
        EXPECT_DOUBLE_EQ(r, 1.0);
      }
      log_sum += std::log(r);
    }
    EXPECT_NEAR(row.at("cpu_ratio_to_" + reference + "_geomean").get<double>(), std::exp(log_sum / 2), 1e-12) << values[i];
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

// Each command exits 2 with a message that names what it was given wrong.
void expect_refused(const std::vector<std::pair<std::string, std::string>>& cases) {
  for (const auto& [args, names] : cases) {
    const auto r = runner_test::run_harness(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(names), std::string::npos) << args << " does not name " << names << ":\n" << r.output;
  }
}

TEST(BenchSearch, BadValueOrBothOptionsIsRefused) {
  expect_refused({
      {"bench search --tt-scheme nope", "tt_scheme"},
      {"bench search --driver nope", "driver"},
      {"bench search --driver alphabeta --tt-scheme depth_always", "not both"}});
}

TEST(BenchSearch, MinSecondsTimesEachDriverAtItsOwnDepth) {
  // A 64K-entry table: with version H's 2M entries (64 MB) the page faults of each fresh table's first touches
  // are most of a shallow search's CPU time, and under load they stopped alphabeta at depth 2, below minimax.
  const auto rows = expect_fair_rows({"alphabeta", "mtdf", "minimax"}, {"tt_entries=65536"}, 0.05);
  ASSERT_EQ(rows.size(), 3u);
  for (const auto& row : rows)
    for (const auto& pos : row.at("depths")) EXPECT_EQ(pos.at("stop"), "min_seconds") << row.at("driver");
  EXPECT_DOUBLE_EQ(rows[0].at("cpu_ratio_to_alphabeta").get<double>(), 1.0);
  // The depths are each driver's own: minimax, without pruning, reaches the time at a lower depth than alphabeta.
  EXPECT_LT(rows[2].at("depths")[0].at("depth").get<int>(), rows[0].at("depths")[0].at("depth").get<int>());
}

TEST(BenchSearch, MinSecondsStopsSssAtItsOpenListLimit) {
  // With a small OPEN list, sss cannot reach the time asked: its deepest completed depth is timed, and the next
  // depth really passes the limit.
  const std::vector<std::string> sets = {"sss_open_limit=3000"};
  const auto rows = expect_fair_rows({"sss"}, sets, 30.0);
  ASSERT_EQ(rows.size(), 1u);
  for (const auto& pos : rows[0].at("depths")) {
    EXPECT_EQ(pos.at("stop"), "open_limit");
    EXPECT_THROW(driver_nodes("sss", sets, pos.at("position"), pos.at("depth").get<int>() + 1), buho::OpenListLimitError);
  }
  const auto text = runner_test::run_harness("bench search --repeat 1 --min-seconds 30 --driver sss --set sss_open_limit=3000");
  EXPECT_EQ(text.code, 0) << text.output;
  const int depth = rows[0].at("depths")[0].at("depth");
  EXPECT_NE(text.output.find("LCTII.POS.01 " + std::to_string(depth) + "; OPEN list limit at " + std::to_string(depth + 1)),
            std::string::npos)
      << text.output;
}

TEST(BenchSearch, BadMinSecondsSetOrOpenListLimitIsRefused) {
  expect_refused({
      {"bench search --driver alphabeta --min-seconds 0", "--min-seconds"},
      {"bench search --driver alphabeta --min-seconds -1", "--min-seconds"},
      {"bench search --driver alphabeta --min-seconds soon", "--min-seconds"},
      {"bench search --min-seconds 1", "--min-seconds"},
      {"bench search --set sss_open_limit=10", "--set"},
      {"bench search --driver sss --set nope=1", "nope"},
      // sss past its OPEN list limit: at the depths given, and with --min-seconds already at the first depth.
      {"bench search --driver sss --set sss_open_limit=100 --depth-pos 5 --depth-fin 5", "OPEN list"},
      {"bench search --driver sss --set sss_open_limit=10 --min-seconds 1 --depth-pos 4", "starting depth 4"}});
}

// --position times other positions (`all`: every LCT II id, in the file's order) at --depth; --common-depths
// deepens the reference scheme alone and times every scheme at its depths, on each scheme's own tree there.
TEST(BenchSearch, PositionsAtTheReferencesDepths) {
  const auto r = runner_test::run_harness(
      "bench search --json --repeat 1 --tt-scheme bucket2 depth_always --position LCTII.CMB.01 LCTII.FIN.05 "
      "--min-seconds 0.02 --common-depths");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto out = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  EXPECT_TRUE(out.at("common_depths").get<bool>());
  const auto& rows = out.at("tt_schemes");
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& row : rows) {
    const std::string scheme = row.at("tt_scheme");
    const auto& per = row.at("per_position");
    ASSERT_EQ(per.size(), 2u) << scheme;
    EXPECT_EQ(per[0].at("position"), "LCTII.CMB.01");
    EXPECT_EQ(per[1].at("position"), "LCTII.FIN.05");
    std::uint64_t nodes = 0;
    for (std::size_t c = 0; c < 2; ++c) {
      // The reference's deepening, shared: its last step at the depth both schemes were timed at.
      const auto& reference_steps = rows[1].at("depths")[c].at("deepening");
      EXPECT_EQ(per[c].at("depth"), reference_steps.back().at("depth")) << scheme;
      EXPECT_GE(reference_steps.back().at("cpu_seconds").get<double>(), 0.02);
      nodes += nodes_with({"tt_scheme=" + scheme}, per[c].at("position"), per[c].at("depth").get<int>());
    }
    EXPECT_EQ(row.at("nodes").get<std::uint64_t>(), nodes) << scheme;
  }

  const auto all = runner_test::run_harness("bench search --json --repeat 1 --tt-scheme depth_always --position all --depth 1");
  ASSERT_EQ(all.code, 0) << all.output;
  const auto every = nlohmann::json::parse(all.output.substr(all.output.find('{'))).at("tt_schemes")[0].at("per_position");
  ASSERT_EQ(every.size(), 35u);
  EXPECT_EQ(every[0].at("position"), "LCTII.POS.01");
  EXPECT_EQ(every[34].at("position"), "LCTII.FIN.09");
  for (const auto& p : every) EXPECT_EQ(p.at("depth").get<int>(), 1);
}

TEST(BenchSearch, BadPositionOrDepthsIsRefused) {
  expect_refused({
      {"bench search --tt-scheme depth_always --position LCTII.POS.99 --depth 2", "LCTII.POS.99"},
      {"bench search --tt-scheme depth_always --position all", "--depth"},
      {"bench search --tt-scheme depth_always --depth 3", "--position"},
      {"bench search --tt-scheme depth_always --position all --depth 2 --depth-pos 3", "--depth-pos"},
      {"bench search --tt-scheme depth_always --position all --depth 0", "--depth"},
      {"bench search --tt-scheme depth_always --common-depths", "--min-seconds"},
      {"bench search --tt-scheme bucket2 --min-seconds 1 --common-depths", "depth_always"}});
}

// --versions: every version A-I on LCTII.POS.01, each on its own deterministic tree, and the peers over
// UCI. A peer that is not installed is reported so, and the run goes on; a stand-in peer (a shell script speaking
// enough UCI) shows what is read from a real one: its name, the nodes of its last `info` line, the depth asked.
TEST(BenchSearch, VersionsBesideThePeers) {
  runner_test::TempDir dir;
  const auto fake = dir / "fake-peer";
  runner_test::write_text(fake,
                          "#!/bin/sh\n"
                          "while read -r line; do\n"
                          "  case \"$line\" in\n"
                          "    uci) echo 'id name FakePeer 1.0'; echo uciok ;;\n"
                          "    isready) echo readyok ;;\n"
                          "    'go depth '*) echo \"info depth ${line#go depth } nodes 1234 time 5\"; echo 'info nodes 4321 time 7';"
                          " echo 'bestmove e1g1' ;;\n"
                          "    quit) exit 0 ;;\n"
                          "  esac\n"
                          "done\n");
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  const std::string missing = (dir / "no-such-glaurung").string();
  const auto r = runner_test::run_harness("bench search --versions --json --repeat 2 --depth-pos 3 --peer-depth 7 --glaurung " +
                                          missing + " --ethereal " + fake.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const auto out = nlohmann::json::parse(r.output.substr(r.output.find('{')));
  const auto& bench = out.at("versions_bench");
  EXPECT_EQ(bench.at("position"), "LCTII.POS.01");
  EXPECT_EQ(bench.at("rounds").get<int>(), 2);
  const auto& versions = bench.at("versions");
  ASSERT_EQ(versions.size(), 9u);
  const PresetBook book = PresetBook::load(project_path("configs/versions.json"));
  for (std::size_t i = 0; i < versions.size(); ++i) {
    const auto& row = versions[i];
    const std::string name(1, char('A' + i));
    EXPECT_EQ(row.at("version"), name);
    EXPECT_EQ(row.at("depth").get<int>(), 3);
    const ResolvedVersion v = book.resolve(name);
    buho::Engine engine(v.search, v.eval);
    const auto searched = engine.search(bench_position("LCTII.POS.01"), buho::Limits{3, 0});
    EXPECT_EQ(row.at("nodes").get<std::uint64_t>(), searched.stats.nodes) << name;
    EXPECT_EQ(row.at("qnodes").get<std::uint64_t>(), searched.stats.qnodes) << name;
    EXPECT_EQ(row.at("cpu_nps").size(), 2u) << name;
    EXPECT_TRUE(row.at("cpu_ratio_to_glaurung").is_null()) << name;  // no Glaurung: no ratio
  }
  const auto& peers = bench.at("peers");
  ASSERT_EQ(peers.size(), 2u);
  EXPECT_EQ(peers[0].at("peer"), "glaurung");
  EXPECT_EQ(peers[0].at("status"), "not installed");
  EXPECT_TRUE(peers[0].at("program").is_null());
  EXPECT_EQ(peers[1].at("peer"), "ethereal");
  EXPECT_EQ(peers[1].at("status"), "ok") << peers[1].dump();
  EXPECT_EQ(peers[1].at("id_name"), "FakePeer 1.0");
  EXPECT_EQ(peers[1].at("depth").get<int>(), 7);
  EXPECT_EQ(peers[1].at("nodes"), nlohmann::json::parse("[4321, 4321]"));
  EXPECT_EQ(peers[1].at("reported_nps").size(), 2u);
  EXPECT_NEAR(peers[1].at("median_reported_nps").get<double>(), 4321 / 0.007, 1e-6);

  // The table names the missing peer and skips one given as ''.
  const auto text = runner_test::run_harness("bench search --versions --repeat 1 --depth-pos 2 --glaurung " + missing +
                                             " --ethereal ''");
  ASSERT_EQ(text.code, 0) << text.output;
  EXPECT_NE(text.output.find("version H"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("Glaurung                 not installed"), std::string::npos) << text.output;
  EXPECT_NE(text.output.find("Ethereal                 skipped"), std::string::npos) << text.output;
}

TEST(BenchSearch, VersionsRefuseTheOtherComparisons) {
  expect_refused({
      {"bench search --versions --driver alphabeta", "--versions"},
      {"bench search --versions --tt-scheme bucket2", "--versions"},
      {"bench search --versions --position all --depth 2", "--versions"},
      {"bench search --glaurung glaurung", "--versions"}});
}

}  // namespace bench_search_test
