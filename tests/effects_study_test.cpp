// The effects study (harness/report/effects_study.cpp) on hand-made cells whose nodes follow a known model (each
// factor multiplies the base's nodes by its ratio, two of them overlap), so that every ratio, main effect,
// interaction and share has a value known in advance; and on a tiny real run through `harness run`. The design's
// claims (written in the design's own form, converted by design_claims.h) are judged by the one claim evaluator on
// the same model: metric reduction_share (claim_metric_share.h), node_ratio and solved_change.
#include "harness/report/effects_study.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "harness/errors.h"
#include "harness/experiment/experiment_config.h"
#include "harness/paths.h"
#include "harness/report/claim_evaluator.h"
#include "harness/report/paired_proportions.h"
#include "harness/report/study.h"
#include "harness/thesis/thesis_compare.h"
#include "harness/report/writers.h"
#include "hand_made_results.h"
#include "runner_test_util.h"

namespace effects_study_test {

using namespace harness;
using nlohmann::json;

// History, killers and PVS on A; the claims test history+pvs (holds) and history alone (does not hold).
json factorial_config() {
  json c = json::parse(R"({
    "name": "effects-test",
    "depths": [2, 3],
    "factorial": {
      "base": "A",
      "factors": {"history": {"history": true}, "killers": {"killers": true}, "pvs": {"pvs": true}},
      "claims": [
        {"id": "HP", "source": "test", "statement": "history and pvs give it all", "factors": ["history", "pvs"],
         "share": 0.97, "band": [0.95, 1.0]},
        {"id": "H", "source": "test", "statement": "history gives it all", "factors": ["history"], "share": 0.97,
         "band": [0.95, 1.0]}]}
  })");
  c["positions"] = json::array();
  for (int i = 1; i <= 4; ++i)
    c["positions"].push_back(json::object({{"fen", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}, {"id", "P" + std::to_string(i)}}));
  return c;
}

// Nodes of a version: 1e5 × depth × the position's scale × each set factor's ratio × `overlap` when history and
// killers are both set. `change` may alter a cell (by position and version).
ResultSet model_set(const json& config, double overlap,
                    std::function<void(const std::string&, const std::string&, CellRecord&)> change = {}) {
  ResultSet rs = runner_test::indexed_result_set(config);
  for (const CellSpec& c : rs.cells) {
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;  // searched to its depth unless the test says otherwise
    const double scale = std::stoi(c.inputs.position.substr(1));
    const bool h = c.inputs.search.history, k = c.inputs.search.killers, p = c.inputs.search.pvs;
    double n = 1e5 * c.inputs.depth * scale * (h ? 0.5 : 1) * (k ? 0.8 : 1) * (p ? 0.9 : 1) * (h && k ? overlap : 1);
    r.counters = {{"nodes", std::uint64_t(std::llround(n))}};
    if (change) change(c.inputs.position, c.inputs.version, r);
    rs.put(c.identity, r);
  }
  return rs;
}

// The claim `id` of `claims`.
const Claim& claim(const std::vector<Claim>& claims, const std::string& id) {
  for (const auto& c : claims)
    if (c.id == id) return c;
  throw std::runtime_error("no claim " + id);
}

const EffectsCombination& combination(const EffectsAtDepth& at, const Design& d, const std::vector<std::string>& factors) {
  return at.combinations.at(d.mask_of(factors));
}

TEST(EffectsStudy, MeanInterval) {
  const MeanInterval m = mean_interval({1.0, 2.0, 3.0});
  EXPECT_EQ(m.n, 3u);
  EXPECT_DOUBLE_EQ(m.mean, 2.0);
  EXPECT_NEAR(m.high - m.mean, 4.302653 * 1.0 / std::sqrt(3.0), 1e-5);  // t(0.975, 2) × s / √n, s = 1
  EXPECT_FALSE(mean_interval({0.97}).has_interval());
}

TEST(EffectsStudy, FactorialFiguresFollowTheModel) {
  const double g = 1.2;  // history and killers overlap: together they save 20 % less than the product
  const ResultSet rs = model_set(factorial_config(), g);
  const EffectsStudy st = build_effects_study(rs);
  ASSERT_TRUE(st.present);
  ASSERT_EQ(st.depths.size(), 2u);
  const Design& d = st.design;
  ASSERT_EQ(d.factors.size(), 3u);  // history, killers, pvs (sorted)
  for (const auto& at : st.depths) {
    EXPECT_EQ(at.positions.size(), 4u);
    EXPECT_NEAR(at.alone[0].mean, 0.5, 1e-4);
    EXPECT_NEAR(at.alone[1].mean, 0.8, 1e-4);
    EXPECT_NEAR(at.alone[2].mean, 0.9, 1e-4);
    EXPECT_EQ(at.alone[0].n, 4u);
    // Main effects: the overlap halves into each of its two factors' effects.
    EXPECT_NEAR(at.main_effects[0].mean, 0.5 * std::sqrt(g), 1e-4);
    EXPECT_NEAR(at.main_effects[1].mean, 0.8 * std::sqrt(g), 1e-4);
    EXPECT_NEAR(at.main_effects[2].mean, 0.9, 1e-4);
    ASSERT_EQ(at.interactions.size(), 3u);
    EXPECT_EQ(at.interactions[0].a, 0u);
    EXPECT_EQ(at.interactions[0].b, 1u);
    EXPECT_NEAR(at.interactions[0].ratio.mean, g, 1e-4);
    EXPECT_NEAR(at.interactions[1].ratio.mean, 1.0, 1e-4);
    EXPECT_NEAR(at.interactions[2].ratio.mean, 1.0, 1e-4);
    // All three: 0.5 × 0.8 × 0.9 × 1.2 = 0.432, below history+pvs (0.45).
    EXPECT_EQ(at.best, d.mask_of({"history", "killers", "pvs"}));
    EXPECT_NEAR(combination(at, d, {"history", "killers", "pvs"}).ratio.mean, 0.432, 1e-4);
    EXPECT_NEAR(combination(at, d, {"history", "pvs"}).share.mean, (1 - 0.45) / (1 - 0.432), 1e-4);
    EXPECT_NEAR(combination(at, d, {"history"}).share.mean, (1 - 0.5) / (1 - 0.432), 1e-4);
    EXPECT_NEAR(at.combinations[0].share.mean, 0.0, 1e-9);
    EXPECT_NEAR(combination(at, d, {"history", "killers", "pvs"}).share.mean, 1.0, 1e-9);
    EXPECT_EQ(combination(at, d, {"history", "pvs"}).version, "A+history+pvs");
    ASSERT_EQ(at.best_of_size.size(), 4u);
    EXPECT_EQ(at.best_of_size[0], 0u);
    EXPECT_EQ(at.best_of_size[1], d.mask_of({"history"}));
    EXPECT_EQ(at.best_of_size[2], d.mask_of({"history", "pvs"}));  // 0.45, not history+killers's 0.48
    EXPECT_EQ(at.best_of_size[3], at.best);
  }
  // The share claims, at the deepest depth (3): history+pvs 96.8 % at every position (holds), history 88.0 %.
  const std::vector<Claim> claims = evaluate_claims(rs);
  ASSERT_EQ(claims.size(), 2u);
  const ClaimPart& hp = claim(claims, "HP").parts.at(0);
  EXPECT_EQ(hp.state, Verdict::holds);
  EXPECT_EQ(hp.holm_state, Verdict::holds);
  EXPECT_TRUE(hp.tested);
  EXPECT_EQ(hp.rule, "A+history+pvs's share of the reduction from A to the best combination at depth 3: interval within "
                     "[95.0 %, 100.0 %]");
  EXPECT_EQ(hp.figures, "mean 96.8 % [96.8 %, 96.8 %] over 4 position(s)");
  EXPECT_EQ(hp.context, "the best combination at depth 3: history+killers+pvs (÷ A: geometric mean 0.432)");
  EXPECT_EQ(claim(claims, "H").verdict(), Verdict::does_not_hold);
  EXPECT_NE(claim(claims, "H").parts.at(0).figures.find("mean 88.0 %"), std::string::npos);

  const json j = effects_json(st);
  EXPECT_EQ(j["design"], "factorial");
  EXPECT_NEAR(j["depths"][1]["interactions"][0]["ratio"]["mean"].get<double>(), g, 1e-4);
  EXPECT_EQ(j["depths"][1]["best"], "history+killers+pvs");
  EXPECT_FALSE(j.contains("claims"));  // the study measures; the claims section judges
  const std::string md = effects_markdown(st);
  EXPECT_EQ(md.find("Published"), std::string::npos);
  EXPECT_EQ(md.rfind("## Effects of the design's factors (factorial, base A, 3 factors)", 0), 0u);
  EXPECT_NE(md.find("| history × killers | 1.200 [1.200, 1.200] | 1.200 [1.200, 1.200] |"), std::string::npos) << md;
}

TEST(EffectsStudy, APositionWhereAVersionDidNotFinishIsLeftOutAtThatDepth) {
  // P4's killers cell at depth 3 stopped by the budget; and P1's shares vary so that the interval has a width.
  const EffectsStudy st = build_effects_study(model_set(factorial_config(), 1.0, [](const std::string& p, const std::string& v, CellRecord& r) {
    if (p == "P4" && v == "A+killers" && r.inputs.depth == 3) r.completed = false;
    if (p == "P1" && v == "A+history+pvs") r.counters = {{"nodes", r.nodes() * 9 / 10}};
  }));
  EXPECT_EQ(st.depths[0].positions.size(), 4u);
  EXPECT_EQ(st.depths[1].positions, (std::vector<std::string>{"P1", "P2", "P3"}));
  EXPECT_EQ(st.depths[1].alone[1].n, 3u);
  // All three (0.36) stay the best; history+pvs saves more at P1 (0.405) than elsewhere (0.45): its share differs
  // by position (93.0 % against 85.9 %), so its interval has a width.
  const auto& hp = combination(st.depths[1], st.design, {"history", "pvs"});
  EXPECT_GT(hp.share.high - hp.share.low, 0.01);
}

// The share claim reads the study's positions: at depth 3 without P4 (a version did not finish there), with a width
// from P1; so a band that holds the mean alone is undecided, and the p-value of its test is that of the interval.
TEST(EffectsStudy, AShareClaimReadsTheStudysPositionsAndInterval) {
  json c = factorial_config();
  c["factorial"]["claims"][0]["band"] = json::array({0.80, 1.0});
  const ResultSet rs = model_set(c, 1.0, [](const std::string& p, const std::string& v, CellRecord& r) {
    if (p == "P4" && v == "A+killers" && r.inputs.depth == 3) r.completed = false;
    if (p == "P1" && v == "A+history+pvs") r.counters = {{"nodes", r.nodes() * 9 / 10}};
  });
  const EffectsAtDepth at = effects_at_depth(rs, *rs.experiment.design, 3);
  const MeanInterval& share = combination(at, *rs.experiment.design, {"history", "pvs"}).share;
  const ClaimPart part = claim(evaluate_claims(rs), "HP").parts.at(0);
  EXPECT_NE(part.figures.find(fmt::format("mean {:.1f} % [{:.1f} %, {:.1f} %] over 3 position(s)", 100 * share.mean,
                                          100 * share.low, 100 * share.high)),
            std::string::npos) << part.figures;
  EXPECT_EQ(part.state, interval_verdict(true, share.low, share.high, 0.80, 1.0));
  EXPECT_EQ(part.state, Verdict::undecided);  // 88.0 % [74 %, 102 %] or so: meets both edges
  EXPECT_TRUE(part.tested);
  EXPECT_GT(part.p, 0.025);
}

TEST(EffectsStudy, LeaveOneOutHasRatiosOnly) {
  const json c = json::parse(R"({
    "name": "loo-test",
    "positions": [{"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "id": "P1"}, {"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "id": "P2"}],
    "depths": [2],
    "leave_one_out": {"base": "A", "factors": {"history": {"history": true}, "pvs": {"pvs": true}}}
  })");
  const EffectsStudy st = build_effects_study(model_set(c, 1.0));
  ASSERT_TRUE(st.present);
  EXPECT_NEAR(st.depths[0].alone[0].mean, 0.5, 1e-4);
  EXPECT_NEAR(st.depths[0].alone[1].mean, 0.9, 1e-4);
  EXPECT_TRUE(st.depths[0].main_effects.empty());
  EXPECT_TRUE(st.depths[0].combinations.empty());
  const std::string md = effects_markdown(st);
  EXPECT_NE(md.find("`A-history`"), std::string::npos) << md;
  EXPECT_EQ(md.find("Main effects"), std::string::npos);
  EXPECT_FALSE(effects_json(st)["depths"][0].contains("main_effects"));
}

TEST(EffectsStudy, AppliesOnlyWithADesign) {
  json c = factorial_config();
  c.erase("factorial");
  c["versions"] = {"A", "B"};
  const ResultSet rs = model_set(c, 1.0);
  EXPECT_FALSE(build_effects_study(rs).present);
  const ThesisData thesis = load_thesis_data(project_path("data/thesis"));
  const Report without = build_report(rs, thesis);
  EXPECT_FALSE(json::parse(summary_json(without)).contains("effects"));
  EXPECT_EQ(markdown_report(without).find("## Effects of the design's factors"), std::string::npos);
  const ResultSet with_design = model_set(factorial_config(), 1.0);
  const Report with = build_report(with_design, thesis);
  EXPECT_TRUE(json::parse(summary_json(with)).contains("effects"));
  EXPECT_NE(markdown_report(with).find("## Effects of the design's factors"), std::string::npos);
}

// A tiny real run: harness run writes the design into experiment.json; harness report rebuilds the study from it
// alone (the config deleted), with each factor's ratio equal to the cells' own.
TEST(EffectsStudy, ATinyRealRunIsReportedFromExperimentJsonAlone) {
  runner_test::TempDir dir;
  const json c = json::parse(R"({
    "name": "effects-run",
    "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01", "LCTII.CMB.01", "LCTII.FIN.01"]}],
    "depths": [1, 2],
    "versions": [{"name": "A_ID", "extends": "A", "flags": {"iterative_deepening": true}}],
    "factorial": {"base": "A_ID", "factors": {"killers": {"killers": true}, "mvv_lva": {"mvv_lva": true}}}
  })");
  runner_test::write_text(dir / "run.json", c.dump());
  const auto out = dir / "out";
  auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  std::filesystem::remove(dir / "run.json");
  std::filesystem::remove(out / "summary.json");
  r = runner_test::run_harness("report " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const json summary = json::parse(runner_test::read_text(out / "summary.json"));
  ASSERT_TRUE(summary.contains("effects"));
  const ResultSet rs = load_results(out);
  for (int depth : {1, 2}) {
    std::vector<double> ratios;
    for (const auto& p : rs.experiment.positions)
      ratios.push_back(double(rs.version_cell(p.id, "A_ID+mvv_lva", depth)->nodes()) /
                       double(rs.version_cell(p.id, "A_ID", depth)->nodes()));
    const json& alone = summary["effects"]["depths"][depth - 1]["alone"]["mvv_lva"];
    EXPECT_EQ(alone["n"], 3);
    EXPECT_NEAR(alone["mean"].get<double>(), geometric_interval(ratios).mean, 1e-4);
  }
  EXPECT_NE(runner_test::read_text(out / "REPORT.md").find("## Effects of the design's factors (factorial, base A_ID, 2 factors)"),
            std::string::npos);
}

// Node-ratio claims (design.h) on the model: the ratio of `against` + `factors` to `against`, per position, decided by
// its geometric mean's interval against the band.
json node_ratio_config() {
  json c = factorial_config();
  c["factorial"]["claims"] = json::parse(R"([
    {"id": "R1", "source": "test", "statement": "history saves 25 % or more", "kind": "node_ratio",
     "factors": ["history"], "ratio": 0.75, "band": [0, 0.75]},
    {"id": "R2", "source": "test", "statement": "killers save 25 % or more once history is there", "kind": "node_ratio",
     "factors": ["killers"], "against": ["history"], "ratio": 0.75, "band": [0, 0.75]},
    {"id": "R3", "source": "test", "statement": "pvs saves 5-15 %", "kind": "node_ratio",
     "factors": ["pvs"], "ratio": 0.9, "band": [0.85, 0.95]}])");
  return c;
}

TEST(EffectsStudy, NodeRatioClaimsAreDecidedByTheirInterval) {
  const double g = 1.2;  // killers with history: 0.8 × 1.2 = 0.96 of history alone
  const std::vector<Claim> claims = evaluate_claims(model_set(node_ratio_config(), g));
  ASSERT_EQ(claims.size(), 3u);
  EXPECT_EQ(claim(claims, "R1").verdict(), Verdict::holds);
  EXPECT_NE(claim(claims, "R1").parts.at(0).figures.find("geometric mean -50.0 % [-50.0 %, -50.0 %] over 4 position(s)"),
            std::string::npos) << claim(claims, "R1").parts.at(0).figures;
  const ClaimPart& r2 = claim(claims, "R2").parts.at(0);
  EXPECT_EQ(r2.state, Verdict::does_not_hold);
  EXPECT_EQ(r2.rule.rfind("A+history+killers vs A+history at depth 3, all positions: interval within [-100.0 %, -25.0 %]", 0), 0u)
      << r2.rule;
  EXPECT_NE(r2.figures.find("geometric mean -4.0 %"), std::string::npos) << r2.figures;
  EXPECT_EQ(claim(claims, "R3").verdict(), Verdict::holds);
  EXPECT_EQ(claim(claims, "R1").published, "node ratio 0.75 (25 % fewer nodes)");

  // PVS's saving scattered over the positions (ratios 0.9 × 1.3, × 0.7, × 1.1, × 0.9): the interval meets the band
  // and leaves it, so nothing is decided; the figure is the geometric mean of the four ratios.
  const double scatter[] = {1.3, 0.7, 1.1, 0.9};
  const std::vector<Claim> spread = evaluate_claims(model_set(node_ratio_config(), g, [&](const std::string& p, const std::string& v, CellRecord& r) {
    if (v.find("pvs") != std::string::npos)
      r.counters = {{"nodes", std::uint64_t(std::llround(double(r.nodes()) * scatter[std::stoi(p.substr(1)) - 1]))}};
  }));
  const GeometricInterval expect = geometric_interval({0.9 * 1.3, 0.9 * 0.7, 0.9 * 1.1, 0.9 * 0.9});
  EXPECT_NE(claim(spread, "R3").parts.at(0).figures.find(fmt::format("geometric mean {:+.1f} % [{:+.1f} %, {:+.1f} %]",
                                                                      100 * (expect.mean - 1), 100 * (expect.low - 1),
                                                                      100 * (expect.high - 1))),
            std::string::npos) << claim(spread, "R3").parts.at(0).figures;
  EXPECT_EQ(claim(spread, "R3").verdict(), Verdict::undecided);
  EXPECT_EQ(claim(spread, "R1").verdict(), Verdict::holds);  // the other claims' combinations are untouched
}

// A one-factor factorial (base and base+factor) decides a node-ratio claim: Plaat et al.'s ETC experiment's shape.
TEST(EffectsStudy, OneFactorFactorialDecidesANodeRatioClaim) {
  json c = factorial_config();
  c["factorial"]["factors"] = json::parse(R"({"history": {"history": true}})");
  c["factorial"]["claims"] = json::parse(R"([{"id": "R1", "source": "test", "statement": "t", "kind": "node_ratio",
                                              "factors": ["history"], "ratio": 0.6, "band": [0.55, 0.65]}])");
  const ResultSet rs = model_set(c, 1.0);
  const EffectsStudy st = build_effects_study(rs);
  ASSERT_EQ(st.depths.size(), 2u);
  EXPECT_EQ(st.depths[0].combinations.size(), 2u);
  const std::vector<Claim> claims = evaluate_claims(rs);
  EXPECT_EQ(claim(claims, "R1").verdict(), Verdict::does_not_hold);  // 0.5, wholly below the band
  EXPECT_NE(claim(claims, "R1").parts.at(0).figures.find("geometric mean -50.0 %"), std::string::npos);
}


// The minimal tree counted at depth 3 only (design.h "minimal_tree"): one tenth of the base's nodes at every
// position, so every combination's share of the reduction to it is (1 - its ratio) ÷ (1 - 0.1), known in advance
// and different from its share of the reduction to the best combination; P4's minimal cell did not finish, so that
// position is left out of these shares only; at depth 2 they are not measured here.
TEST(EffectsStudy, SharesOfTheReductionToTheMinimalTree) {
  json c = factorial_config();
  c["factorial"]["minimal_tree"] = {3};
  // A claim on the share of the reduction to the minimal tree, as data.
  c["claims"] = json::parse(R"([{"id": "M", "source": "test", "statement": "history and pvs take 60-62 % of the way",
      "figure": {"metric": "reduction_share", "to": "A+history+pvs", "depths": [3], "of": "minimal_tree"},
      "band": {"share_pct": [60, 62]}}])");
  const ResultSet rs = model_set(c, 1.2, [](const std::string& p, const std::string& v, CellRecord& r) {
    if (v != Design::kMinimalTreeVersion) return;
    r.counters = {{"nodes", std::uint64_t(std::llround(1e5 * r.inputs.depth * std::stoi(p.substr(1)) * 0.1))}};
    if (p == "P4") r.completed = false;
  });
  const EffectsStudy st = build_effects_study(rs);
  ASSERT_EQ(st.depths.size(), 2u);
  const Design& d = st.design;
  const EffectsAtDepth& d2 = st.depths[0];
  const EffectsAtDepth& d3 = st.depths[1];
  EXPECT_EQ(d2.minimal_ratio.n, 0u);
  EXPECT_EQ(combination(d2, d, {"history"}).share_to_minimal.n, 0u);
  EXPECT_EQ(d3.positions.size(), 4u);  // the design's own versions all finished
  EXPECT_EQ(d3.minimal_ratio.n, 3u);
  EXPECT_NEAR(d3.minimal_ratio.mean, 0.1, 1e-4);
  const double all = 0.5 * 0.8 * 0.9 * 1.2;  // 0.432, the best combination
  EXPECT_NEAR(combination(d3, d, {"history", "killers", "pvs"}).share_to_minimal.mean, (1 - all) / 0.9, 1e-4);
  EXPECT_NEAR(combination(d3, d, {"history", "killers", "pvs"}).share.mean, 1.0, 1e-9);
  EXPECT_NEAR(combination(d3, d, {"history", "pvs"}).share_to_minimal.mean, (1 - 0.45) / 0.9, 1e-4);
  EXPECT_NEAR(combination(d3, d, {"history", "pvs"}).share.mean, (1 - 0.45) / (1 - all), 1e-4);
  EXPECT_NEAR(combination(d3, d, {"killers"}).share_to_minimal.mean, (1 - 0.8) / 0.9, 1e-4);
  EXPECT_EQ(combination(d3, d, {"killers"}).share_to_minimal.n, 3u);
  EXPECT_NEAR(d3.combinations[0].share_to_minimal.mean, 0.0, 1e-9);

  const std::string md = effects_markdown(st);
  EXPECT_NE(md.find("### Every combination's share of the reduction to the minimal tree"), std::string::npos) << md;
  EXPECT_NE(md.find("| minimal tree ÷ base | not measured here | 0.100 [0.100, 0.100] |"), std::string::npos) << md;
  EXPECT_NE(md.find("| history+pvs | not measured here | 61.1 % [61.1, 61.1] |"), std::string::npos) << md;
  // The share claim HP (history+pvs) with its share to the minimal tree beside it; the claim M on that share.
  const std::vector<Claim> claims = evaluate_claims(rs);
  EXPECT_NE(claim(claims, "HP").parts.at(0).context.find("share of the reduction to the minimal tree: 61.1 % [61.1 %, 61.1 %]"),
            std::string::npos) << claim(claims, "HP").parts.at(0).context;
  const ClaimPart& m = claim(claims, "M").parts.at(0);
  EXPECT_EQ(m.state, Verdict::holds);
  EXPECT_EQ(m.figures, "mean 61.1 % [61.1 %, 61.1 %] over 3 position(s)");
  EXPECT_NE(m.rule.find("to the minimal tree at depth 3"), std::string::npos) << m.rule;
  // Where the design counts no minimal tree, such a claim is refused.
  c["claims"][0]["figure"]["depths"] = {2};
  try {
    parse_experiment(c, "cfg.json");
    ADD_FAILURE() << "accepted a share of the reduction to a minimal tree not counted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("$.claims(resolved)[0].figure.of"), std::string::npos) << e.what();
  }
  const json j = effects_json(st);
  EXPECT_EQ(j["depths"][0]["minimal_tree"], "not measured here");
  EXPECT_EQ(j["depths"][0]["combinations"][3]["share_to_minimal"], "not measured here");
  EXPECT_NEAR(j["depths"][1]["minimal_tree"]["ratio_to_base"]["mean"].get<double>(), 0.1, 1e-4);
  EXPECT_NEAR(j["depths"][1]["combinations"][5]["share_to_minimal"]["mean"].get<double>(), (1 - 0.45) / 0.9, 1e-4);
  EXPECT_EQ(j["depths"][1]["combinations"][5]["factors"], "history+pvs");

  // Without a minimal tree, the report says so once.
  const std::string plain = effects_markdown(build_effects_study(model_set(factorial_config(), 1.2)));
  EXPECT_NE(plain.find("The share of the reduction to the minimal tree: not measured here"), std::string::npos);
  EXPECT_EQ(plain.find("### Every combination's share of the reduction to the minimal tree"), std::string::npos);
}

// reduction_share leaves out a position whose reference is missing (0) or not below the base.
TEST(EffectsStudy, ReductionShareIsPerPositionOverUsablePositions) {
  const MeanInterval m = reduction_share({100, 100, 100, 100}, {60, 40, 50, 10}, {20, 0, 100, 0});
  EXPECT_EQ(m.n, 1u);
  EXPECT_DOUBLE_EQ(m.mean, 0.5);  // (100 - 60) ÷ (100 - 20)
  const MeanInterval two = reduction_share({100, 200}, {60, 100}, {20, 100});
  EXPECT_EQ(two.n, 2u);
  EXPECT_DOUBLE_EQ(two.mean, (0.5 + 1.0) / 2);
}

// A node-ratio claim with a published change in positions solved (Heinz 1998): the difference of solved proportions
// with Tango's paired interval, decided against its own band at the deepest depth; on a suite without solutions it
// cannot be measured. As above, A solves P1 and P2, A+pvs only P1: one position lost of three.
TEST(EffectsStudy, PositionsSolvedAreDecidedByTheirPairedInterval) {
  json c = node_ratio_config();
  c["factorial"]["claims"][2]["solved"] = json::parse(R"({"change": -1, "of": 100, "band": [-0.9, 0.5]})");
  c["factorial"]["claims"][0]["solved"] = json::parse(R"({"change": 40, "of": 100, "band": [0.3, 0.5]})");
  ResultSet rs = model_set(c, 1.0);
  for (const char* p : {"P1", "P2", "P3"}) rs.experiment.solutions[p] = Solution{{"e2e4"}, {}};
  for (const CellSpec& cell : rs.cells) {
    const std::string& p = cell.inputs.position;
    SolveResult r;
    r.solved = cell.inputs.version == "A" ? (p == "P1" || p == "P2") : cell.inputs.version == "A+pvs" ? p == "P1" : false;
    rs.find(cell.identity)->solve = r;
  }
  const std::vector<Claim> claims = evaluate_claims(rs);
  const Claim& r3 = claim(claims, "R3");
  ASSERT_EQ(r3.parts.size(), 2u);
  const PairedDifference expect = paired_difference(3, 0, 1);
  EXPECT_EQ(r3.parts[1].state, Verdict::holds);  // [-0.79, +0.42] inside [-0.9, 0.5]
  EXPECT_NE(r3.parts[1].figures.find(fmt::format("2 → 1 of 3 solved (0 gained, 1 lost): -33.3 % [{:+.1f} %, {:+.1f} %]",
                                                  100 * expect.low, 100 * expect.high)),
            std::string::npos) << r3.parts[1].figures;
  EXPECT_EQ(r3.published, "node ratio 0.9 (10 % fewer nodes); -1 of 100 positions solved");
  // R1: A+history solves nothing, A two of three: -2/3 [-0.94, +0.27], wholly below its band.
  EXPECT_EQ(claim(claims, "R1").parts.at(1).state, Verdict::does_not_hold);
  EXPECT_EQ(claim(claims, "R1").verdict(), Verdict::does_not_hold);
  EXPECT_EQ(claim(claims, "R2").parts.size(), 1u);  // R2 publishes no change in positions solved

  // No position with a solution: nothing to decide.
  const std::vector<Claim> none = evaluate_claims(model_set(c, 1.0));
  EXPECT_EQ(claim(none, "R3").parts.at(1).state, Verdict::not_measured);
  EXPECT_EQ(claim(none, "R3").verdict(), Verdict::holds_partly_measured);
}

}  // namespace effects_study_test
