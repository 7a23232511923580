// `harness bench search --epd FILE`: the speed benchmark on the positions of any EPD file (every one, or the ids given
// with --position), read from where the user is; the nodes it reports are the engine's own on those positions, and a
// missing file, an id the file lacks or a missing depth exits 2 naming the input.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "engine/board.h"
#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace bench_search_epd_test {

using namespace harness;
using nlohmann::json;

const char* kFens[] = {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
                       "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1"};

// Version H's nodes on the FENs given, in turn, by one engine (as the bench searches its cases).
std::vector<std::uint64_t> engine_nodes(const std::vector<std::string>& fens, int depth) {
  const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
  buho::Engine engine(h.search, h.eval);
  std::vector<std::uint64_t> nodes;
  for (const auto& fen : fens) nodes.push_back(engine.search(buho::Board::from_fen(fen), buho::Limits{depth, 0}).stats.nodes);
  return nodes;
}

TEST(BenchSearchEpd, TimesEveryPositionOfAnyEpdFileOrTheIdsGiven) {
  runner_test::TempDir dir;
  runner_test::write_text(dir / "mine.epd", std::string(kFens[0]).substr(0, std::string(kFens[0]).size() - 4) +
                                                " bm Qg6; id \"mine.1\";\n" +
                                                std::string(kFens[1]).substr(0, std::string(kFens[1]).size() - 4) +
                                                " bm Rxb2; id \"mine.2\";\n");
  // A relative path is the user's, from the working directory.
  auto r = runner_test::run_shell("cd " + dir.path.string() + " && " + BUHO_HARNESS_BIN +
                                  " bench search --epd mine.epd --depth 4 --json");
  ASSERT_EQ(r.code, 0) << r.output;
  json out = json::parse(r.output.substr(r.output.find('{')));
  ASSERT_EQ(out["speed"].size(), 2u);
  const auto both = engine_nodes({kFens[0], kFens[1]}, 4);
  EXPECT_EQ(out["speed"][0]["position"], "mine.1");
  EXPECT_EQ(out["speed"][1]["position"], "mine.2");
  EXPECT_EQ(out["speed"][0]["nodes"], both[0]);
  EXPECT_EQ(out["speed"][1]["nodes"], both[1]);
  EXPECT_EQ(out["speed"][0]["depth"], 4);
  EXPECT_EQ(out["epd"], "mine.epd");

  r = runner_test::run_harness("bench search --epd " + (dir / "mine.epd").string() + " --position mine.2 --depth 4 --json");
  ASSERT_EQ(r.code, 0) << r.output;
  out = json::parse(r.output.substr(r.output.find('{')));
  ASSERT_EQ(out["speed"].size(), 1u);
  EXPECT_EQ(out["speed"][0]["position"], "mine.2");
  EXPECT_EQ(out["speed"][0]["nodes"], engine_nodes({kFens[1]}, 4)[0]);
}

TEST(BenchSearchEpd, ABadFileIdOrDepthExitsTwoNamingIt) {
  runner_test::TempDir dir;
  runner_test::write_text(dir / "mine.epd", "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"mine.2\";\n");
  auto r = runner_test::run_harness("bench search --epd " + (dir / "absent.epd").string() + " --depth 3");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: harness bench search --epd: EPD file '" + (dir / "absent.epd").string() + "'"),
            std::string::npos)
      << r.output;
  r = runner_test::run_harness("bench search --epd " + (dir / "mine.epd").string() + " --position mine.9 --depth 3");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("holds no position with id 'mine.9'"), std::string::npos) << r.output;
  r = runner_test::run_harness("bench search --epd " + (dir / "mine.epd").string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: harness bench search --epd: give --depth"), std::string::npos) << r.output;
  runner_test::write_text(dir / "bad.epd", "not a position at all\n");
  r = runner_test::run_harness("bench search --epd " + (dir / "bad.epd").string() + " --depth 3");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("bad.epd' line 1"), std::string::npos) << r.output;
  r = runner_test::run_harness("bench search --versions --epd " + (dir / "mine.epd").string());
  EXPECT_EQ(r.code, 2) << r.output;
}

}  // namespace bench_search_epd_test
