// A cell bounded by wall-clock time as well as depth (the config's `time_limit_ms`): a real run of a depth no search
// finishes in the limit stops on time through the engine's external stop, and stores the cell as stopped by time
// (completed false, the depth and move of its last completed iteration), which the report says is not reproducible;
// a config without the limit keeps the identity and key its cells always had; a bad limit exits 2 naming its path.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/cell_record.h"
#include "harness/experiment/result_set.h"
#include "runner_test_util.h"

namespace time_limit_test {

using namespace harness;
using nlohmann::json;

json limited_config(const json& limit) {
  json c = json::parse(R"({
    "name": "time-limit",
    "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01"]}],
    "depths": [20],
    "versions": ["H"]
  })");
  c["time_limit_ms"] = limit;
  return c;
}

TEST(TimeLimit, ADeepCellStopsAtItsTimeLimitAndIsStoredAsStoppedByTime) {
  runner_test::TempDir dir;
  runner_test::write_text(dir / "run.json", limited_config(200).dump());
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + (dir / "out").string());
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(r.code, 0) << r.output;
  // Version H (iterative deepening) to depth 20 would run for hours; the whole harness (start-up signature included) ends soon
  // after the 200 ms.
  EXPECT_LT(wall, 5.0);

  const ResultSet rs = load_results(dir / "out");
  EXPECT_TRUE(rs.failed.empty());  // stopped is not failed
  ASSERT_EQ(rs.measured(), 1u);
  const CellRecord& cell = rs.records()[0];
  EXPECT_FALSE(cell.completed);
  EXPECT_EQ(cell.stopped_by, "time");
  EXPECT_EQ(cell.inputs.time_limit_ms, 200u);
  EXPECT_GE(cell.depth_reached, 1);  // the last completed iteration's depth, and its move
  EXPECT_LT(cell.depth_reached, 20);
  EXPECT_FALSE(cell.best_move.empty());
  EXPECT_GE(cell.search_seconds, 0.19);
  EXPECT_LT(cell.search_seconds, 2.0);
  // The line as stored names the limit among its inputs (its key hashes it) and why the cell stopped.
  const std::string line = runner_test::read_text(dir / "out" / "cells.jsonl");
  EXPECT_NE(line.find("\"time_limit_ms\":200"), std::string::npos) << line;
  EXPECT_NE(line.find("\"stopped_by\":\"time\""), std::string::npos) << line;
  EXPECT_EQ(line.substr(0, line.find(",\"line_xxh\"")), cell.to_json().dump().substr(0, cell.to_json().dump().size() - 1));

  const std::string md = runner_test::read_text(dir / "out" / "REPORT.md");
  EXPECT_NE(md.find("- Time limit: 200 ms of wall clock per cell; 1 cell(s) stopped by it"), std::string::npos) << md;
  EXPECT_NE(md.find("**A cell stopped by its time limit is not reproducible**"), std::string::npos) << md;
}

TEST(TimeLimit, NoLimitLeavesTheIdentityAndKeyAsTheyWere) {
  CellInputs in;
  in.position = "LCTII.POS.01";
  in.fen = "r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1";
  in.depth = 9;
  const std::string engine = "buho-2+sig:0123456789abcdef";
  const CellSpec plain = make_cell(in, engine);
  // The key and identity of a cell as every line written before the limit existed has them.
  const json before = {{"fen", in.fen},         {"depth", in.depth},           {"flags", in.flag_set().hash},
                       {"tt_entries", in.tt_entries()}, {"tt_scheme", in.tt_scheme()}, {"node_budget", 0}};
  EXPECT_EQ(plain.key, cell_key(before, engine));
  EXPECT_EQ(plain.identity, identity_text(in.position, in.fen, in.depth, 0, in.flag_set().hash));
  EXPECT_EQ(plain.identity.find("time_limit_ms"), std::string::npos);

  in.time_limit_ms = 200;
  const CellSpec limited = make_cell(in, engine);
  EXPECT_NE(limited.identity, plain.identity);  // a run under a limit never resumes one without
  EXPECT_NE(limited.key, plain.key);
  EXPECT_EQ(limited.identity, in.identity());
  EXPECT_EQ(limited.key, cell_key(in.key_json(), engine));
  in.time_limit_ms = 300;
  EXPECT_NE(make_cell(in, engine).identity, limited.identity);
}

TEST(TimeLimit, ABadLimitExits2NamingItsPath) {
  runner_test::TempDir dir;
  for (const json& bad : {json(-1), json("200"), json(1.5), json(86'400'001)}) {
    runner_test::write_text(dir / "run.json", limited_config(bad).dump());
    const auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + (dir / "out").string());
    EXPECT_EQ(r.code, 2) << bad.dump() << ": " << r.output;
    EXPECT_NE(r.output.find("$.time_limit_ms"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("error: "), std::string::npos) << r.output;
  }
}

}  // namespace time_limit_test
