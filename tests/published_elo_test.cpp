// Our Elo per heuristic beside the sources' annotations: Spearman's rank correlation with its interval, the series
// config's "published_elo" section checked before any game, and the series report's comparison table.
#include "harness/match/published_elo.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/errors.h"
#include "harness/match/match_config.h"
#include "harness/paths.h"
#include "harness/report/rank_correlation.h"
#include "runner_test_util.h"

namespace published_elo_test {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace harness;

TEST(RankCorrelation, TiesShareTheirMeanRank) {
  EXPECT_EQ(mean_ranks({10, -5, 3, 3, 40, 7}), (std::vector<double>{5, 1, 2.5, 2.5, 6, 4}));
  EXPECT_EQ(mean_ranks({2, 2, 2}), (std::vector<double>{2, 2, 2}));
}

// Worked by hand: ranks (5, 1, 2.5, 2.5, 6, 4) against (4, 1, 3, 2, 6, 5) give 16 / sqrt(17 x 17.5); the interval is
// tanh(atanh(rho) -+ 1.96 sqrt((1 + rho^2 / 2) / 3)).
TEST(RankCorrelation, SpearmanWithBonettWrightInterval) {
  const RankCorrelation r = spearman({10, -5, 3, 3, 40, 7}, {25, 4, 9, 5, 58, 30});
  ASSERT_TRUE(r.defined);
  ASSERT_TRUE(r.has_interval);
  EXPECT_EQ(r.n, 6u);
  EXPECT_NEAR(r.rho, 0.9276336570439175, 1e-12);
  EXPECT_NEAR(r.low, 0.28015896173014215, 1e-9);
  EXPECT_NEAR(r.high, 0.994999719260307, 1e-9);
  // Reversing one list reverses the sign and mirrors the interval.
  const RankCorrelation m = spearman({10, -5, 3, 3, 40, 7}, {-25, -4, -9, -5, -58, -30});
  EXPECT_NEAR(m.rho, -r.rho, 1e-12);
  EXPECT_NEAR(m.low, -r.high, 1e-9);
}

TEST(RankCorrelation, UndefinedOrWithoutIntervalWhereTheFormulaHasNone) {
  EXPECT_FALSE(spearman({1, 2, 3}, {4, 4, 4}).defined);  // a constant list has no ranks to correlate
  const RankCorrelation three = spearman({1, 2, 3}, {3, 1, 2});
  EXPECT_TRUE(three.defined);
  EXPECT_FALSE(three.has_interval);  // n - 3 = 0
  const RankCorrelation perfect = spearman({1, 2, 3, 4, 5}, {2, 4, 8, 16, 32});
  EXPECT_DOUBLE_EQ(perfect.rho, 1.0);
  EXPECT_FALSE(perfect.has_interval);  // atanh(1) is infinite
  EXPECT_THROW(spearman({1, 2}, {1}), std::invalid_argument);
}

json section() {
  return json::parse(R"json({"file": "data/feature_elo.csv",
    "sources": [{"label": "SF", "engine": "Stockfish", "version": "15.1"}, {"label": "Eth", "engine": "Ethereal"}],
    "features": {"H-null_move": {"SF": "null move search with verification", "Eth": "null move pruning"},
                 "H-lmr": {"SF": "late move reductions (Step 17 as a whole)"}}})json");
}

std::string refusal(const json& j) {
  try {
    parse_published_elo(j, json_fields::Where{"s.json"}, "$.series.published_elo");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(PublishedElo, TheSectionIsCheckedAgainstTheFile) {
  const PublishedEloSpec spec = parse_published_elo(section(), json_fields::Where{"s.json"}, "$.series.published_elo");
  ASSERT_EQ(spec.sources.size(), 2u);
  EXPECT_EQ(spec.features.at("H-null_move").at("Eth"), "null move pruning");
  EXPECT_EQ(published_elo_json(spec)["features"], section()["features"]);

  json j = section();
  j["features"]["H-lmr"]["SF"] = "late move reductions";  // not a row of the file
  EXPECT_NE(refusal(j).find("$.series.published_elo.features.H-lmr.SF"), std::string::npos) << refusal(j);
  j = section();
  j["features"]["H-lmr"]["Komodo"] = "late move reductions";
  EXPECT_NE(refusal(j).find("'Komodo' is not one of the sources' labels"), std::string::npos) << refusal(j);
  j = section();
  j["sources"][1]["version"] = "16";  // Stockfish 16's rows are not Ethereal's
  j["sources"][1]["engine"] = "Stockfish";
  EXPECT_NE(refusal(j).find("null move pruning"), std::string::npos) << refusal(j);
  j = section();
  j["file"] = "data/no-such.csv";
  EXPECT_NE(refusal(j).find("$.series.published_elo.file"), std::string::npos) << refusal(j);
  j = section();
  j["sources"].push_back(j["sources"][0]);
  EXPECT_NE(refusal(j).find("'SF' is listed twice"), std::string::npos) << refusal(j);
}

// A two-match series at 300 nodes: H against H without null move and without LMR, each one pair; the report sets
// our Elo beside the sources' and ranks them, and a bad section is refused before any game (exit 2, no directory).
TEST(PublishedElo, TheSeriesReportSetsOurEloBesideTheirs) {
  runner_test::TempDir tmp;
  json cfg{{"name", "beside"},
           {"versions", json::array({json{{"name", "H-null_move"}, {"extends", "H"}, {"flags", {{"null_move", false}}}},
                                     json{{"name", "H-lmr"}, {"extends", "H"}, {"flags", {{"lmr", false}}}}})},
           {"match", {{"openings", project_path("positions/openings_noob_3moves_sample.epd").string()}, {"pairs", 1}, {"max_moves", 30}}},
           {"series",
            {{"pairings", json::array({json::array({"H", "H-null_move"}), json::array({"H", "H-lmr"})})},
             {"nodes", {300}},
             {"published_elo", section()}}}};
  json bad = cfg;
  bad["series"]["published_elo"]["features"]["H-lmr"]["SF"] = "LMR";
  runner_test::write_text(tmp / "bad.json", bad.dump());
  const auto refused = runner_test::run_harness("match " + (tmp / "bad.json").string() + " --out " + (tmp / "b").string() + " -q");
  EXPECT_EQ(refused.code, 2) << refused.output;
  EXPECT_NE(refused.output.find("$.series.published_elo.features.H-lmr.SF"), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(tmp / "b"));

  runner_test::write_text(tmp / "s.json", cfg.dump());
  const fs::path dir = tmp / "out";
  const auto r = runner_test::run_harness("match " + (tmp / "s.json").string() + " --out " + dir.string() + " -j 1 -q");
  ASSERT_EQ(r.code, 0) << r.output;
  const json summary = json::parse(runner_test::read_text(dir / "summary.json"));
  const json& published = summary.at("published_elo");
  ASSERT_EQ(published.size(), 2u);  // one limit, two sources
  EXPECT_EQ(published[0]["source"], "SF");
  EXPECT_EQ(published[0]["rows"].size(), 2u);
  EXPECT_EQ(published[0]["rows"][0]["heuristic"], "H-null_move");
  EXPECT_EQ(published[0]["rows"][0]["theirs"], 22);
  EXPECT_EQ(published[0]["rows"][1]["theirs"], 98);
  EXPECT_EQ(published[1]["source"], "Eth");
  ASSERT_EQ(published[1]["rows"].size(), 1u);
  EXPECT_EQ(published[1]["rows"][0]["theirs"], 93);
  EXPECT_EQ(published[1]["spearman"]["n"].get<int>() <= 1, true);
  const std::string md = runner_test::read_text(dir / "REPORT.md");
  EXPECT_NE(md.find("beside SF's annotations"), std::string::npos);
  EXPECT_NE(md.find("| H-null_move | null move search with verification |"), std::string::npos) << md;
  EXPECT_EQ(md.find("## Notes (written by hand"), std::string::npos);
  // `harness report` rebuilds the same section from series.json alone, with the prose of notes.md beside it.
  runner_test::write_text(dir / "notes.md", "## Where ours and theirs differ\n\nOne pair decides nothing.\n");
  const auto again = runner_test::run_harness("report " + dir.string());
  ASSERT_EQ(again.code, 0) << again.output;
  const std::string with_notes = runner_test::read_text(dir / "REPORT.md");
  EXPECT_NE(with_notes.find("## Notes (written by hand, notes.md)\n\n### Where ours and theirs differ\n\nOne pair decides nothing."),
            std::string::npos) << with_notes;
  EXPECT_EQ(json::parse(runner_test::read_text(dir / "summary.json")).at("published_elo"), published);
}

// The shipped series of version I's leave-one-out: every mapped step is a row of data/feature_elo.csv (checked by the
// parse) and every mapped heuristic is the second player of its matches.
TEST(PublishedElo, TheShippedSeriesOfVersionIMapsItsHeuristics) {
  const MatchSeries s = load_match_series(project_path("configs/elo-ablation-i.json"));
  ASSERT_EQ(s.matches.size(), 38u);  // (I vs H, I vs I without each of 17, I with LMR everywhere vs I) x 2 limits
  EXPECT_EQ(s.published_elo.sources.size(), 3u);
  EXPECT_EQ(s.published_elo.features.size(), 9u);
  for (const auto& [second, steps] : s.published_elo.features) {
    bool played = false;
    for (const MatchSpec& m : s.matches) played = played || m.players[1].name == second;
    EXPECT_TRUE(played) << second;
  }
}

}  // namespace published_elo_test
