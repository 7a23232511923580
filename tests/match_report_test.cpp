// A match's REPORT.md and summary.json as fastchess and cutechess users read them (match_report.cpp), rebuilt by
// `harness report` from a committed match's pairs: LOS, the draw ratio, W/D/L by colour for each player (counted here
// from pairs.jsonl itself), the SPRT bounds in nElo and logistic Elo, the one-line summary, and the LLR and Elo after
// each pair, whose last point is the match's own.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/match/match_report.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_report_test {

using nlohmann::json;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
namespace fs = std::filesystem;

std::string fmt_games(int pairs) { return "Games: " + std::to_string(2 * pairs) + ","; }

std::string fmt_row(const std::string& name, const int* white, const int* black) {
  const auto wdl = [](const int* x) {
    return std::to_string(x[0]) + " / " + std::to_string(x[1]) + " / " + std::to_string(x[2]);
  };
  return "| " + name + " | " + wdl(white) + " | " + wdl(black) + " |\n";
}

TEST(MatchReport, FastchessFiguresByColourAndProgress) {
  TempDir tmp;
  const fs::path dir = tmp / "m";
  fs::copy(fs::path(BUHO_SOURCE_DIR) / "results/elo-ablation/G-vs-F-10000n", dir, fs::copy_options::recursive);
  fs::remove(dir / "REPORT.md");
  fs::remove(dir / "summary.json");
  const auto r = run_harness("report " + dir.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const json m = json::parse(read_text(dir / "summary.json"))["match"];
  const int pairs = m["pairs"].get<int>();
  ASSERT_GT(pairs, 10);

  // By colour, from the stored games of the counted pairs (pair index below the counted count: no gap here).
  int white[3] = {0, 0, 0}, black[3] = {0, 0, 0};  // the first player's wins, draws, losses
  for (const auto& p : match_test::stored_pairs(dir)) {
    if (p["pair"].get<int>() >= pairs) continue;
    for (int g = 0; g < 2; ++g) {
      const std::string res = p["games"][g]["result"].get<std::string>();
      const int white_points = res == "1-0" ? 2 : res == "0-1" ? 0 : 1;
      const int first = g == 0 ? white_points : 2 - white_points;
      (g == 0 ? white : black)[2 - first]++;
    }
  }
  const json& c = m["by_colour"];
  EXPECT_EQ(c["first_as_white"], (json{{"wins", white[0]}, {"draws", white[1]}, {"losses", white[2]}}));
  EXPECT_EQ(c["first_as_black"], (json{{"wins", black[0]}, {"draws", black[1]}, {"losses", black[2]}}));
  EXPECT_EQ(c["second_as_white"], (json{{"wins", black[2]}, {"draws", black[1]}, {"losses", black[0]}}));
  EXPECT_EQ(c["second_as_black"], (json{{"wins", white[2]}, {"draws", white[1]}, {"losses", white[0]}}));
  EXPECT_EQ(m["wins"].get<int>(), white[0] + black[0]);
  EXPECT_NEAR(m["draw_ratio"].get<double>(), double(white[1] + black[1]) / (2.0 * pairs), 1e-12);
  const double los = m["los"].get<double>();
  EXPECT_TRUE(los >= 0 && los <= 1) << los;
  EXPECT_EQ(los < 0.5, m["elo"]["elo"].get<double>() < 0);

  // SPRT bounds in both units: nElo 0 is logistic 0; nElo 10 is positive and smaller in logistic Elo here.
  EXPECT_NEAR(m["sprt"]["logistic_elo0"].get<double>(), 0.0, 1e-9);
  EXPECT_GT(m["sprt"]["logistic_elo1"].get<double>(), 0.0);
  EXPECT_TRUE(m["sprt"]["can_decide"].get<bool>());

  // The course of the match: one point per counted pair, the last equal to the match's own figures.
  const json& pr = m["progress"];
  ASSERT_EQ(pr["pairs"].size(), std::size_t(pairs));
  EXPECT_EQ(pr["pairs"].back().get<int>(), pairs);
  EXPECT_EQ(pr["llr"].back().get<double>(), m["sprt"]["llr"].get<double>());
  EXPECT_EQ(pr["elo"].back().get<double>(), m["elo"]["elo"].get<double>());
  EXPECT_EQ(pr["elo_error95"].back().get<double>(), m["elo"]["error95"].get<double>());
  // The SPRT decided at the last counted pair and at no earlier one.
  for (int i = 0; i + 1 < pairs; ++i) {
    const double llr = pr["llr"][std::size_t(i)].get<double>();
    EXPECT_TRUE(llr > m["sprt"]["lower"].get<double>() && llr < m["sprt"]["upper"].get<double>()) << i << " " << llr;
  }

  const std::string line = m["summary_line"].get<std::string>();
  EXPECT_EQ(line.rfind("Elo: ", 0), 0u) << line;
  for (const std::string& part : std::vector<std::string>{"nElo: ", "LOS: ", "DrawRatio: ", fmt_games(pairs), "Ptnml(0-2): [", "LLR: "})
    EXPECT_NE(line.find(part), std::string::npos) << part << " in " << line;
  EXPECT_NE(r.output.find(line), std::string::npos) << r.output;

  const std::string md = read_text(dir / "REPORT.md");
  for (const std::string& row : std::vector<std::string>{"| LOS (G stronger) | ", "| draw ratio (drawn games) | ", "| SPRT bounds | nElo [0, 10]; logistic Elo [0.0, ",
                                "| player | as White | as Black |\n", "\n```\n" + line + "\n```\n"})
    EXPECT_NE(md.find(row), std::string::npos) << row << "\n" << md;
  EXPECT_NE(md.find(fmt_row("G", white, black)), std::string::npos) << md;
  // The same figures as the library's loader counts them.
  const auto loaded = harness::load_match_dir(dir);
  EXPECT_EQ(loaded->tally.first_as_white.wins + loaded->tally.first_as_black.wins, loaded->tally.wdl.wins);
}

}  // namespace match_report_test
