// A match's and a series' claims (harness/match/match_claim_spec.h, match_claims.h): each part's verdict computed from
// the stored pairs by the claim evaluator's rule (holds = the 95 % interval inside the band, does not hold = wholly
// outside, else undecided; an LLR exact), Holm's verdict beside it, the refusal of a bad claim before any game, and
// `harness report` making the same section again from match.json / series.json. The intervals the bands are set
// around are computed here from the pentanomial in summary.json, independently of the harness's code.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "harness/match/match_claim_spec.h"
#include "harness/match/match_claims.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_claims_test {

using nlohmann::json;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
namespace fs = std::filesystem;

// The first player's logistic Elo and its 95 % interval from a pentanomial (fishtest's formulas: a pair's score in
// {0, 1/4, 1/2, 3/4, 1}, the interval of the mean score mapped to Elo).
struct Interval {
  double low, mid, high;
};
Interval elo_interval(const json& penta) {
  const double score[5] = {0, 0.25, 0.5, 0.75, 1};
  double n = 0, mu = 0, var = 0;
  for (int i = 0; i < 5; ++i) n += penta[i].get<double>();
  for (int i = 0; i < 5; ++i) mu += penta[i].get<double>() * score[i] / n;
  for (int i = 0; i < 5; ++i) var += penta[i].get<double>() * (score[i] - mu) * (score[i] - mu) / n;
  const double half = 1.959964 * std::sqrt(var / n);
  const auto elo = [](double s) { return -400 * std::log10(1 / s - 1); };
  return {elo(mu - half), elo(mu), elo(mu + half)};
}

json match_section(int nodes) {
  return json{{"players", json::array({"H", "C"})}, {"openings", match_test::openings()}, {"pairs", 8},
              {"nodes", nodes}, {"max_moves", 40},
              // Bounds no eight pairs reach: the SPRT runs to the end and has an LLR.
              {"sprt", {{"nelo0", -20}, {"nelo1", 20}, {"alpha", 1e-6}, {"beta", 1e-6}}}};
}

json elo_part(const std::string& metric, const std::string& match, json low, json high) {
  json figure{{"metric", metric}};
  if (!match.empty()) figure["match"] = match;
  return json{{"figure", figure}, {"band", {{metric, json::array({low, high})}}}};
}

// The verdicts of summary.json's claims, part by part: "holds", ... and Holm's.
std::vector<std::pair<std::string, std::string>> verdicts(const json& summary) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& c : summary.at("claims"))
    for (const auto& p : c.at("parts")) out.push_back({p.at("state"), p.at("state_holm")});
  return out;
}

// `harness report DIR` makes REPORT.md and summary.json again, byte for byte, from the stored claims and pairs.
void expect_report_remade(const fs::path& dir) {
  const std::string md = read_text(dir / "REPORT.md"), summary = read_text(dir / "summary.json");
  fs::remove(dir / "REPORT.md");
  fs::remove(dir / "summary.json");
  const auto r = run_harness("report " + dir.string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(read_text(dir / "REPORT.md"), md);
  EXPECT_EQ(read_text(dir / "summary.json"), summary);
}

// A single match: played without claims, then the config gains them (bands set around the interval the pairs give)
// and the same command, with no pair left to play, judges them and stores them in match.json.
TEST(MatchClaims, ASingleMatchJudgesEloAndLlrFromItsPairs) {
  TempDir tmp;
  json cfg{{"name", "m"}, {"match", match_section(300)}};
  write_text(tmp / "m.json", cfg.dump());
  const fs::path dir = tmp / "out";
  ASSERT_EQ(run_harness(match_test::play(tmp / "m.json", dir)).code, 0);
  const json before = json::parse(read_text(dir / "summary.json"));
  const Interval e = elo_interval(before["match"]["pentanomial"]);
  ASSERT_TRUE(std::isfinite(e.low) && std::isfinite(e.high) && e.high - e.low > 10) << before["match"].dump();
  const double llr = before["match"]["sprt"]["llr"].get<double>();
  ASSERT_TRUE(before["match"]["sprt"]["can_decide"].get<bool>());
  // The figure's own centre agrees with the match's Elo.
  EXPECT_NEAR(e.mid, before["match"]["elo"]["elo"].get<double>(), 1e-9);

  cfg["claims"] = json::array(
      {json{{"id", "E1"}, {"statement", "inside"}, {"parts", json::array({elo_part("elo", "", e.low - 1, e.high + 1)})}},
       json{{"id", "E2"}, {"statement", "far above"}, {"parts", json::array({elo_part("elo", "m", e.high + 400, nullptr)})}},
       json{{"id", "E3"}, {"statement", "at the middle"}, {"parts", json::array({elo_part("elo", "", e.mid, nullptr)})}},
       json{{"id", "L1"},
            {"statement", "llr"},
            {"parts", json::array({elo_part("llr", "", llr - 0.001, llr + 0.001), elo_part("llr", "", llr + 0.01, nullptr)})}}});
  write_text(tmp / "m.json", cfg.dump());
  const auto again = run_harness(match_test::play(tmp / "m.json", dir));
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_EQ(json::parse(read_text(dir / "match.json"))["claims"].size(), 4u);
  const json summary = json::parse(read_text(dir / "summary.json"));
  EXPECT_EQ(summary["match"], before["match"]);  // no pair played again
  const auto v = verdicts(summary);
  ASSERT_EQ(v.size(), 5u) << summary.dump(2);
  EXPECT_EQ(v[0].first, "holds");
  EXPECT_EQ(v[1].first, "does not hold");
  EXPECT_EQ(v[2].first, "undecided");
  EXPECT_EQ(v[3].first, "holds");  // exact: no test, Holm leaves it
  EXPECT_EQ(v[3].second, "holds");
  EXPECT_EQ(v[4].first, "does not hold");
  EXPECT_EQ(v[4].second, "does not hold");
  // Holm across the three interval-tested parts: a band a point outside the interval holds at its p just under
  // 0.025, not under 0.025 / 3; one 400 Elo away still fails.
  EXPECT_EQ(v[0].second, "undecided");
  EXPECT_EQ(v[1].second, "does not hold");
  const double p0 = summary["claims"][0]["parts"][0]["p"].get<double>();
  EXPECT_GT(p0, 0.025 / 3);
  EXPECT_LE(p0, 0.025);
  EXPECT_FALSE(summary["claims"][3]["parts"][0].contains("p"));
  const std::string md = read_text(dir / "REPORT.md");
  EXPECT_NE(md.find("## Claims"), std::string::npos) << md;
  EXPECT_NE(md.find("across the 3 interval-tested part(s)"), std::string::npos) << md;
  EXPECT_NE(md.find("### E1 — holds (Holm: undecided)"), std::string::npos) << md;
  expect_report_remade(dir);
}

// A two-match series: each figure names its match; the claims live in series.json and the series' report.
TEST(MatchClaims, ASeriesJudgesEachNamedMatch) {
  TempDir tmp;
  json cfg{{"name", "s"},
           {"match", {{"openings", match_test::openings()}, {"pairs", 8}, {"max_moves", 40}}},
           {"series", {{"pairings", json::array({json::array({"H", "C"})})}, {"nodes", {300, 500}}}}};
  write_text(tmp / "s.json", cfg.dump());
  const fs::path dir = tmp / "out";
  ASSERT_EQ(run_harness(match_test::play(tmp / "s.json", dir)).code, 0);
  const json before = json::parse(read_text(dir / "summary.json"));
  ASSERT_EQ(before["series"].size(), 2u);
  const Interval a = elo_interval(before["series"][0]["pentanomial"]);
  const Interval b = elo_interval(before["series"][1]["pentanomial"]);
  ASSERT_TRUE(std::isfinite(a.low) && std::isfinite(a.high) && std::isfinite(b.low) && std::isfinite(b.high));
  cfg["claims"] = json::array({json{{"id", "S1"},
                                    {"statement", "both"},
                                    {"parts", json::array({elo_part("elo", "H-vs-C-300n", a.low - 1, a.high + 1),
                                                           elo_part("elo", "H-vs-C-500n", nullptr, b.low - 300)})}}});
  write_text(tmp / "s.json", cfg.dump());
  const auto again = run_harness(match_test::play(tmp / "s.json", dir));
  ASSERT_EQ(again.code, 0) << again.output;
  EXPECT_EQ(json::parse(read_text(dir / "series.json"))["claims"].size(), 1u);
  EXPECT_FALSE(json::parse(read_text(dir / "H-vs-C-300n" / "match.json")).contains("claims"));
  const json summary = json::parse(read_text(dir / "summary.json"));
  const auto v = verdicts(summary);
  ASSERT_EQ(v.size(), 2u) << summary.dump(2);
  EXPECT_EQ(v[0].first, "holds");
  EXPECT_EQ(v[1].first, "does not hold");
  EXPECT_EQ(summary["claims"][0]["verdict"], "does not hold");
  const std::string md = read_text(dir / "REPORT.md");
  EXPECT_NE(md.find("H-vs-C-500n (H against C): Elo (logistic): interval <= "), std::string::npos) << md;
  expect_report_remade(dir);
}

// A bad claim is refused with exit 2, naming the JSON path, before any directory is made or game played.
TEST(MatchClaims, ABadClaimIsRefusedBeforeAnyGame) {
  TempDir tmp;
  const json series{{"name", "s"},
                    {"match", {{"openings", match_test::openings()}, {"pairs", 2}, {"max_moves", 40}}},
                    {"series", {{"pairings", json::array({json::array({"H", "G"})})}, {"nodes", {200, 300}}}}};
  const json single{{"name", "m"},
                    {"match", {{"players", json::array({"H", "G"})}, {"openings", match_test::openings()}, {"pairs", 2},
                               {"nodes", 200}}}};
  struct Case {
    json config;
    json claim;
    std::vector<std::string> says;
  };
  const std::vector<Case> cases = {
      {series, elo_part("elo", "H-vs-G-400n", 0, nullptr),
       {"$.claims(resolved)[0].figure.match", "unknown match 'H-vs-G-400n'", "H-vs-G-200n, H-vs-G-300n"}},
      {series, elo_part("elo", "", 0, nullptr), {"$.claims(resolved)[0].figure", "names its match"}},
      {single, elo_part("node_ratio", "", 0, nullptr), {"$.claims(resolved)[0].figure.metric", "unknown metric 'node_ratio'", "elo, nelo, llr"}},
      {single, elo_part("llr", "", 0, nullptr), {"$.claims(resolved)[0].figure.metric", "needs an SPRT"}},
      {single, json{{"figure", {{"metric", "elo"}}}, {"band", {{"ratio", {0, 1}}}}}, {"$.claims(resolved)[0].band", "unknown key 'ratio'"}},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    json cfg = cases[i].config;
    json claim = cases[i].claim;
    claim["id"] = "X";
    claim["statement"] = "bad";
    cfg["claims"] = json::array({claim});
    const fs::path file = tmp / ("bad" + std::to_string(i) + ".json");
    write_text(file, cfg.dump());
    const fs::path out = tmp / ("never" + std::to_string(i));
    const auto r = run_harness(match_test::play(file, out));
    EXPECT_EQ(r.code, 2) << i << ": " << r.output;
    for (const auto& s : cases[i].says) EXPECT_NE(r.output.find(s), std::string::npos) << i << ": " << r.output;
    EXPECT_FALSE(fs::exists(out)) << i;
  }
}

// The evaluator on a pentanomial worked by hand: [0, 2, 4, 2, 0] over 8 pairs has mean score 1/2, pair variance
// 2 x 2 x 0.0625 / 8 = 0.03125 and standard error sqrt(0.03125 / 8) = 0.0625: a score interval 0.5 -/+ 0.1225, in
// logistic Elo -400 log10(1 / 0.6225 - 1) = 86.9 either side of 0, and in normalised Elo 0.1225 / sqrt(0.0625) x
// 800 / ln 10 = 170.2. A band [-100, 100] holds (p = P(Z > (0.6401 - 0.5) / 0.0625) = 0.0125 for its nearer edge,
// the score of +100 Elo being 0.6401); [50, null] is undecided; [200, null] does not hold; nElo [-171, 171] holds,
// [-170, 170] does not contain the interval's edges and is undecided.
TEST(MatchClaims, TheIntervalAndItsPValueAsWorkedByHand) {
  harness::LoadedMatch m;
  m.spec.name = "a-vs-b";
  m.spec.players[0].name = "a";
  m.spec.players[1].name = "b";
  const std::vector<harness::PairRecord> pairs(8);
  for (const auto& p : pairs) m.tally.counted.push_back(&p);
  m.tally.pentanomial = {0, 2, 4, 2, 0};
  json claims = json::array();
  const std::vector<std::pair<std::string, json>> bands = {{"elo", {-100, 100}}, {"elo", {50, nullptr}},
                                                           {"elo", {200, nullptr}}, {"nelo", {-171, 171}},
                                                           {"nelo", {-170, 170}}};
  for (std::size_t i = 0; i < bands.size(); ++i)
    claims.push_back(json{{"id", "K" + std::to_string(i)}, {"statement", "s"}, {"figure", {{"metric", bands[i].first}}},
                          {"band", {{bands[i].first, bands[i].second}}}});
  json resolved;
  const auto specs = harness::parse_match_claims(claims, "test", "$.claims", {{"a-vs-b", false}}, resolved);
  const auto judged = harness::evaluate_match_claims(specs, {&m});
  ASSERT_EQ(judged.size(), 5u);
  const auto& k0 = judged[0].parts.at(0);
  EXPECT_EQ(k0.state, harness::Verdict::holds) << k0.figures;
  EXPECT_NE(k0.figures.find("+0.0 [-86.9, +86.9] over 8 pair(s)"), std::string::npos) << k0.figures;
  const double s100 = 1 / (1 + std::pow(10.0, -100 / 400.0));
  EXPECT_NEAR(k0.p, 0.5 * std::erfc((s100 - 0.5) / 0.0625 / std::sqrt(2.0)), 1e-12);
  EXPECT_EQ(judged[1].parts.at(0).state, harness::Verdict::undecided);
  EXPECT_EQ(judged[2].parts.at(0).state, harness::Verdict::does_not_hold);
  EXPECT_EQ(judged[3].parts.at(0).state, harness::Verdict::holds) << judged[3].parts.at(0).figures;
  EXPECT_NE(judged[3].parts.at(0).figures.find("[-170.2, +170.2]"), std::string::npos) << judged[3].parts.at(0).figures;
  EXPECT_EQ(judged[4].parts.at(0).state, harness::Verdict::undecided);
  // Holm over the five tested parts: the holds at p = 0.0125 > 0.025 / 5 is undecided under it.
  EXPECT_EQ(judged[0].parts.at(0).holm_state, harness::Verdict::undecided);
  EXPECT_EQ(judged[2].parts.at(0).holm_state, harness::Verdict::does_not_hold);
}

}  // namespace match_claims_test
