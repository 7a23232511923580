// Elo beside nodes in a match series: each match joined with its first player's node saving at fixed depth from the
// committed cells the config names (node_savings_from), the players found by their resolved flags, and the reading
// of both intervals.
#include "harness/match/series_node_savings.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace series_node_savings_test {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace harness;

NodeSaving saving_of(double low, double high) {
  NodeSaving s;
  s.ratio = GeometricInterval{6, std::sqrt(low * high), low, high};
  return s;
}

EloInterval elo_of(double elo, double error) { return EloInterval{elo, error, true}; }

// A series of 2-pair matches at 200 nodes over `pairings`, its node savings from results/thesis-versions.
json series_config(const std::string& name, const json& pairings) {
  return json{
      {"name", name},
      {"match", {{"openings", project_path("positions/openings_noob_3moves_sample.epd").string()}, {"pairs", 2}, {"max_moves", 40}}},
      {"series", {{"pairings", pairings}, {"nodes", {200}}, {"node_savings_from", {"results/thesis-versions"}}}}};
}

// Plays `cfg` into tmp/out and returns that directory.
fs::path play_series(const runner_test::TempDir& tmp, const json& cfg) {
  runner_test::write_text(tmp / "s.json", cfg.dump());
  const fs::path dir = tmp / "out";
  const auto r = runner_test::run_harness("match " + (tmp / "s.json").string() + " --out " + dir.string() + " -j 1 -q");
  EXPECT_EQ(r.code, 0) << r.output;
  return dir;
}

TEST(SeriesNodeSavings, TheReadingTakesBothIntervals) {
  EXPECT_EQ(node_elo_reading(saving_of(0.5, 0.8), elo_of(-30, 15)), "saves nodes, loses Elo");
  EXPECT_EQ(node_elo_reading(saving_of(1.1, 1.3), elo_of(30, 15)), "loses nodes, gains Elo");
  EXPECT_EQ(node_elo_reading(saving_of(0.5, 0.8), elo_of(30, 15)), "agree");
  EXPECT_EQ(node_elo_reading(saving_of(1.1, 1.3), elo_of(-30, 15)), "agree");
  EXPECT_EQ(node_elo_reading(saving_of(0.5, 1.2), elo_of(-30, 15)), "undecided");  // the saving's interval meets 1
  EXPECT_EQ(node_elo_reading(saving_of(0.5, 0.8), elo_of(-10, 15)), "undecided");  // the Elo interval meets 0
  EXPECT_EQ(node_elo_reading(std::nullopt, elo_of(-30, 15)), "undecided");
  EXPECT_EQ(node_elo_reading(saving_of(0.5, 0.8), EloInterval{}), "undecided");   // no Elo (a score of 100 %)
}

// A two-match series at 200 nodes: H against G under another name (the same flags: found as G in the run) and H
// against H without LMR (in no committed run). The saving is recomputed here from the run's cells.
TEST(SeriesNodeSavings, EachMatchIsJoinedWithItsPlayersCellsFoundByTheirFlags) {
  runner_test::TempDir tmp;
  json cfg = series_config("join", json::array({json::array({"H", "G-again"}), json::array({"H", "H-lmr"})}));
  cfg["versions"] = json::array({json{{"name", "G-again"}, {"extends", "G"}},
                                 json{{"name", "H-lmr"}, {"extends", "H"}, {"flags", {{"lmr", false}}}}});
  const fs::path dir = play_series(tmp, cfg);
  EXPECT_EQ(json::parse(runner_test::read_text(dir / "series.json"))["node_savings_from"], json({"results/thesis-versions"}));
  const json rows = json::parse(runner_test::read_text(dir / "summary.json"))["series"];
  ASSERT_EQ(rows.size(), 2u);

  // The saving from the cells: nodes(H) / nodes(G) at the run's deepest depth, over every position both finished.
  const ResultSet rs = load_results(project_path("results/thesis-versions"));
  const int deepest = rs.experiment.depths.back();
  double logs = 0;
  int n = 0;
  for (const auto& p : rs.experiment.positions) {
    const CellRecord* h = rs.version_cell(p.id, "H", deepest);
    const CellRecord* g = rs.version_cell(p.id, "G", deepest);
    ASSERT_TRUE(h && g && h->completed && g->completed) << p.id;
    logs += std::log(double(h->nodes()) / double(g->nodes()));
    ++n;
  }
  const json& joined = rows[0]["node_saving"];
  ASSERT_TRUE(joined.is_object()) << rows[0].dump();
  EXPECT_EQ(joined["run"], "results/thesis-versions");
  EXPECT_EQ(joined["first"], "H");
  EXPECT_EQ(joined["second"], "G");  // G-again is found by its flags, which are G's
  EXPECT_EQ(joined["depth"], deepest);
  EXPECT_EQ(joined["positions"], n);
  EXPECT_NEAR(joined["ratio"].get<double>(), std::exp(logs / n), 1e-6);
  EXPECT_LT(joined["low"].get<double>(), joined["ratio"].get<double>());
  EXPECT_GT(joined["high"].get<double>(), joined["ratio"].get<double>());
  EXPECT_TRUE(rows[0].contains("reading"));
  // H without LMR is in no run: no saving, and the reading cannot be decided.
  EXPECT_TRUE(rows[1]["node_saving"].is_null()) << rows[1].dump();
  EXPECT_EQ(rows[1]["reading"], "undecided");
  const std::string md = runner_test::read_text(dir / "REPORT.md");
  EXPECT_NE(md.find("| H-vs-G-again-200n | results/thesis-versions | H vs G | " + std::to_string(deepest) + " | " +
                    std::to_string(n) + " | "),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| H-vs-H-lmr-200n | — | no run holds both players' flags |"), std::string::npos) << md;
  // `harness report` rebuilds the same join.
  fs::remove(dir / "REPORT.md");
  ASSERT_EQ(runner_test::run_harness("report " + dir.string()).code, 0);
  EXPECT_EQ(runner_test::read_text(dir / "REPORT.md"), md);

  // A directory that is not a run is refused before any game is played.
  json bad = cfg;
  bad["series"]["node_savings_from"] = {"results/no-such-run"};
  runner_test::write_text(tmp / "bad.json", bad.dump());
  const auto refused = runner_test::run_harness("match " + (tmp / "bad.json").string() + " --out " + (tmp / "never").string() + " -q");
  EXPECT_EQ(refused.code, 2) << refused.output;
  EXPECT_NE(refused.output.find("$.series.node_savings_from[0]"), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(tmp / "never"));
}

// A ladder of three players (H, G and F in a round robin at 200 nodes) shows beside each rating the player's nodes at
// fixed depth against the anchor's, recomputed here from the run's cells.
TEST(SeriesNodeSavings, EachLadderRatingCarriesItsNodesAgainstTheAnchor) {
  runner_test::TempDir tmp;
  const fs::path dir = play_series(
      tmp, series_config("ladder", json::array({json::array({"H", "G"}), json::array({"G", "F"}), json::array({"H", "F"})})));
  const json ladder = json::parse(runner_test::read_text(dir / "summary.json"))["ladder"];
  ASSERT_EQ(ladder.size(), 1u) << ladder.dump();
  const std::string anchor = ladder[0]["anchor"];
  // Every player plays 4 pairs: the anchor is the one whose score is nearest 50 %.
  std::map<std::string, double> points;
  const json rows = json::parse(runner_test::read_text(dir / "summary.json"))["series"];
  for (const json& row : rows) {
    const double first = row["wins"].get<double>() + 0.5 * row["draws"].get<double>();
    points[row["first"]] += first;
    points[row["second"]] += 8 - first;
  }
  ASSERT_EQ(points.size(), 3u);
  for (const auto& [player, p] : points) EXPECT_LE(std::abs(points[anchor] - 8), std::abs(p - 8)) << player;
  const ResultSet rs = load_results(project_path("results/thesis-versions"));
  const int deepest = rs.experiment.depths.back();
  int checked = 0;
  for (const json& rating : ladder[0]["ratings"]) {
    const json& nodes = rating["nodes_vs_anchor"];
    ASSERT_TRUE(nodes.is_object()) << rating.dump();
    EXPECT_EQ(nodes["run"], "results/thesis-versions");
    EXPECT_EQ(nodes["depth"], deepest);
    double logs = 0;
    int n = 0;
    for (const auto& p : rs.experiment.positions) {
      const CellRecord* a = rs.version_cell(p.id, rating["player"].get<std::string>(), deepest);
      const CellRecord* b = rs.version_cell(p.id, anchor, deepest);
      ASSERT_TRUE(a && b && a->completed && b->completed) << p.id;
      logs += std::log(double(a->nodes()) / double(b->nodes()));
      ++n;
    }
    EXPECT_EQ(nodes["positions"], n);
    EXPECT_NEAR(nodes["ratio"].get<double>(), std::exp(logs / n), 1e-6) << rating.dump();
    if (rating["player"] != anchor) {
      EXPECT_NE(nodes["ratio"].get<double>(), 1.0);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 3);
  const std::string md = runner_test::read_text(dir / "REPORT.md");
  EXPECT_NE(md.find("| player | Elo | 95 % interval | games | nodes ÷ anchor's | run, depth, positions |"), std::string::npos) << md;
  EXPECT_NE(md.find("| results/thesis-versions, " + std::to_string(deepest) + ", "), std::string::npos) << md;
}

}  // namespace series_node_savings_test
