// Depth honesty (harness/report/depth_end.h): a cell whose search ended before its depth (a mate, the node budget, the
// time limit) is marked in the tables with the depth it reached and why, left out of every node aggregate at its
// depth with the count stated, and still answers (solved counts read its move).
#include "harness/report/depth_end.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <initializer_list>

#include "runner_test_util.h"

namespace depth_honesty_test {

using namespace harness;
using nlohmann::json;

CellRecord ended(int asked, int reached, bool completed, const std::string& stopped_by = "") {
  CellRecord r;
  r.inputs.depth = asked;
  r.depth_reached = reached;
  r.completed = completed;
  r.stopped_by = stopped_by;
  r.counters = {{"nodes", 1000}};
  return r;
}

TEST(DepthEnd, EachEndHasItsMarkAndOnlyAFullDepthCellCountsAtItsDepth) {
  const CellRecord full = ended(7, 7, true), mate = ended(7, 4, true), budget = ended(7, 5, false),
                   time = ended(7, 6, false, "time");
  EXPECT_EQ(depth_mark(full), "");
  EXPECT_EQ(depth_mark(mate), "4m");
  EXPECT_EQ(depth_mark(budget), "5b");
  EXPECT_EQ(depth_mark(time), "6t");
  EXPECT_TRUE(counts_at_depth(&full));
  for (const CellRecord* r : std::initializer_list<const CellRecord*>{&mate, &budget, &time}) {
    EXPECT_FALSE(counts_at_depth(r));
    EXPECT_TRUE(answers(r));  // every measured cell gives its move
  }
  EXPECT_TRUE(exact_answer(&mate));  // a mate proved is the exact search's answer
  EXPECT_FALSE(exact_answer(&budget));
  CellRecord failed = full;
  failed.failure = "OPEN list limit";
  EXPECT_FALSE(counts_at_depth(&failed));
  EXPECT_FALSE(answers(&failed));
  CellRecord no_nodes = full;
  no_nodes.counters = {{"nodes", 0}};
  EXPECT_FALSE(counts_at_depth(&no_nodes));
  EXPECT_FALSE(counts_at_depth(nullptr));

  EarlyEnds early;
  EXPECT_EQ(early.sentence(), "");
  for (const CellRecord* r : std::initializer_list<const CellRecord*>{&full, &mate, &mate, &budget, &time, &failed})
    early.add(r);
  EXPECT_EQ(early.total(), 4u);
  EXPECT_EQ(early.sentence(),
            "4 cells that ended before their depth (2 on a mate, 1 by the node budget, 1 by the time limit) are left out");
}

// WAC.001, WAC.004 and WAC.005 end on a mate at depth 4 under G and H: at depth 5 their cells are marked (4m), their
// positions leave the depth-5 ratio (n = the other two) and are counted, and their solutions still count.
TEST(DepthEnd, AMateBeforeTheDepthIsMarkedLeftOutOfTheRatioAndCounted) {
  runner_test::TempDir dir;
  runner_test::write_text(
      dir / "m.epd",
      "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n"
      "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n"
      "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - bm Rg3; id \"WAC.003\";\n"
      "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id \"WAC.004\";\n"
      "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - bm Qc4+; id \"WAC.005\";\n");
  runner_test::write_text(dir / "run.json",
                          R"({"name": "mates", "positions": [{"epd": "m.epd"}], "depths": [3, 5], "versions": ["G", "H"]})");
  const auto out = dir / "out";
  const auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;

  const std::string md = runner_test::read_text(out / "REPORT.md");
  EXPECT_NE(md.find("(Nm) a search that ended on a mate at depth N"), std::string::npos) << md;
  EXPECT_NE(md.find("cells that ended before their depth"), std::string::npos) << md;
  const auto wac4 = md.find("#### WAC.004");
  ASSERT_NE(wac4, std::string::npos) << md;
  const auto g_row = md.find("| G | ", wac4);
  ASSERT_NE(g_row, std::string::npos);
  EXPECT_NE(md.substr(g_row, md.find('\n', g_row) - g_row).find("(4m)"), std::string::npos)
      << md.substr(g_row, 80);

  const json summary = json::parse(runner_test::read_text(out / "summary.json"));
  const json& depths = summary.at("version_ratios").at("depths");
  ASSERT_EQ(depths.size(), 2u);
  const json& at5 = depths[1];
  ASSERT_EQ(at5.at("depth"), 5);
  const json& h = at5.at("versions")[0];
  EXPECT_EQ(h.at("version"), "H");
  EXPECT_EQ(h.at("positions"), 2);  // WAC.001, WAC.004 and WAC.005 left out of the ratio
  EXPECT_EQ(h.at("ended_early"), 3);
  EXPECT_EQ(h.at("solved").at("positions"), 5);  // their answers still count
  EXPECT_EQ(depths[0].at("versions")[0].at("ended_early"), 0);  // at depth 3 every cell searched to its depth
}

}  // namespace depth_honesty_test
