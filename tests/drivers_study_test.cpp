// The drivers study (harness/report/drivers_study.cpp) on hand-made result sets whose node, leaf and pass
// counts decide each ratio; the drivers' claims (configs/claims/drivers.json: P1-P5, S1-S2, C10) judged on them by the
// one claim evaluator, with the metrics they need (leaves_ratio, minimal_tree_multiple, passes_median); and a
// version's own depths (configs/drivers.json limits minimax, sss and the minimal tree to the depths their time allows).
#include "harness/report/drivers_study.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/experiment_config.h"
#include "harness/report/claim_evaluator.h"

namespace drivers_study_test {

using namespace harness;
using buho::RootDriver;

VersionSpec version(const std::string& name, std::function<void(buho::SearchConfig&)> change) {
  buho::SearchConfig s;  // D-like: ordering and table, no forward pruning, no aspiration
  s.null_move = s.futility = s.lmr = false;
  s.aspiration = false;
  change(s);
  return VersionSpec{name, name, s, buho::EvalConfig{}};
}

// Per version, nodes (and leaves, and last-iteration passes) as a multiple of NegaScout's on every position
// (with a small per-position wobble, so intervals are narrow but not empty).
struct Shape {
  double nodes = 1, leaves = 1;
  std::uint64_t passes = 1;
};

ResultSet drivers_set(std::map<std::string, Shape> shapes, int positions = 8) {
  ResultSet rs;
  Experiment& x = rs.experiment;
  x.name = "drivers";
  for (int i = 0; i < positions; ++i)
    x.positions.push_back({"P" + std::to_string(i), "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", std::nullopt, "endgame", ""});
  x.depths = {3, 5, 7};
  x.versions = {
      version("B", [](auto& s) { s.tt_cutoffs = false; }),
      version("D", [](auto&) {}),
      version("alphabeta", [](auto& s) { s.pvs = false; }),
      version("negascout", [](auto& s) { s.root_driver = RootDriver::NegaScout; }),
      version("negascout-asp", [](auto& s) { s.root_driver = RootDriver::NegaScout, s.aspiration = true; }),
      version("mtdf", [](auto& s) { s.root_driver = RootDriver::Mtdf; }),
      version("mt_sss", [](auto& s) { s.root_driver = RootDriver::MtSss; }),
      version("alphabeta-gen",
              [](auto& s) { s.pvs = false, s.mvv_lva = s.killers = s.history = s.hash_move = false; }),
      version("negascout-gen", [](auto& s) {
        s.root_driver = RootDriver::NegaScout, s.mvv_lva = s.killers = s.history = s.hash_move = false;
      }),
      version("minimal", [](auto& s) { s.root_driver = RootDriver::Minimal; }),
  };
  nlohmann::json resolved;
  x.claims = parse_claims(nlohmann::json::array({"configs/claims/drivers.json"}), "test", "$.claims", nullptr, resolved);
  rs.engine = "test-engine";
  rs.index();
  for (const CellSpec& c : rs.cells) {
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;  // searched to its depth unless the test says otherwise
    const int pos = std::stoi(c.inputs.position.substr(1));
    const double wobble = 1.0 + 0.002 * (pos % 3 - 1);
    const Shape shape = shapes.count(c.inputs.version) ? shapes[c.inputs.version] : Shape{};
    const double base = 100000.0 * c.inputs.depth;
    const auto nodes = std::uint64_t(std::llround(base * shape.nodes * wobble));
    r.counters = {{"nodes", nodes},
                  {"passes", shape.passes + 1},
                  {"leaves", std::uint64_t(std::llround(base / 2 * shape.leaves * wobble))}};
    // Two iterations: the last holds half the nodes (the minimal tree: one tree, all of them).
    r.iteration_nodes = c.inputs.version == "minimal" ? std::vector<std::uint64_t>{nodes}
                                                      : std::vector<std::uint64_t>{nodes - nodes / 2, nodes / 2};
    r.iteration_passes = {1, shape.passes};
    rs.put(c.identity, r);
  }
  return rs;
}

const Claim& claim(const std::vector<Claim>& cs, const std::string& id) {
  for (const auto& c : cs)
    if (c.id == id) return c;
  throw std::runtime_error("no claim " + id);
}

// Shapes under which every claim holds: MTD(f) 8 % fewer leaves and fewer nodes, 4 passes; MT-SSS* 1.4x;
// NegaScout 10 % below alpha-beta, 20 % above it in the poor order; B and D 1.3x and 1.2x the minimal tree
// (in their last iteration, half their nodes).
std::map<std::string, Shape> claims_hold() {
  return {{"mtdf", {0.9, 0.92, 4}},         {"mt_sss", {1.4, 1, 6}},     {"alphabeta", {1 / 0.9, 1, 1}},
          {"alphabeta-gen", {2.0, 1, 1}},   {"negascout-gen", {2.4, 1, 1}}, {"minimal", {0.4, 1, 1}},
          {"B", {2 * 0.4 * 1.3, 1, 1}},     {"D", {2 * 0.4 * 1.2, 1, 1}}};
}

TEST(DriversStudy, BandVerdictByWhereTheIntervalLies) {
  GeometricInterval g{5, 0.92, 0.91, 0.93};
  EXPECT_EQ(band_verdict(g, 0.90, 0.95), Verdict::holds);
  EXPECT_EQ(band_verdict(g, 0.95, 1.0), Verdict::does_not_hold);
  EXPECT_EQ(band_verdict(g, 0.925, 1.0), Verdict::undecided);
  EXPECT_EQ(band_verdict(g, 1, std::numeric_limits<double>::infinity()), Verdict::does_not_hold);
  EXPECT_EQ(band_verdict(GeometricInterval{1, 0.92, 0.92, 0.92}, 0.9, 0.95), Verdict::undecided);  // no interval
}

TEST(DriversStudy, RatiosToNegaScoutAndMinimalAndPasses) {
  const DriversStudy st = build_drivers_study(drivers_set(claims_hold()));
  ASSERT_TRUE(st.present);
  EXPECT_EQ(st.negascout, "negascout");
  EXPECT_EQ(st.negascout_aspiration, "negascout-asp");
  EXPECT_EQ(st.alphabeta, "alphabeta");
  EXPECT_EQ(st.alphabeta_poor, "alphabeta-gen");
  EXPECT_EQ(st.negascout_poor, "negascout-gen");
  EXPECT_EQ(st.minimal, "minimal");
  bool seen_mtdf = false, seen_b = false;
  for (const auto& r : st.to_negascout) {
    EXPECT_NE(r.version, "negascout");
    EXPECT_NE(r.version, "minimal");
    if (r.version == "mtdf" && r.depth == 5) {
      seen_mtdf = true;
      EXPECT_EQ(r.nodes.n, 8u);
      EXPECT_NEAR(r.nodes.mean, 0.9, 1e-3);
      EXPECT_NEAR(r.leaves.mean, 0.92, 1e-3);
    }
  }
  for (const auto& r : st.to_minimal)
    if (r.version == "B" && r.depth == 3) {
      seen_b = true;
      EXPECT_NEAR(r.nodes.mean, 1.3, 1e-2);  // last iteration (half of B's nodes) over the minimal tree
    }
  EXPECT_TRUE(seen_mtdf);
  EXPECT_TRUE(seen_b);
  ASSERT_FALSE(st.passes.empty());
  for (const auto& p : st.passes)
    if (p.version == "mtdf") {
      EXPECT_EQ(p.median, 4);
      EXPECT_EQ(p.max, 4u);
    }
}

TEST(DriversStudy, ClaimsHoldWhenTheFiguresLieInTheBands) {
  const std::vector<Claim> cs = evaluate_claims(drivers_set(claims_hold()));
  for (const char* id : {"P1", "P2", "P3", "P4", "S1", "S2"}) EXPECT_EQ(claim(cs, id).verdict(), Verdict::holds) << id;
  EXPECT_EQ(claim(cs, "C10").verdict(), Verdict::holds_partly_measured);  // B and D hold; C and E are not in the set
  // P1 reads leaves at depth 7 (mtdf 0.92 x aspiration NegaScout's), not nodes (0.9, outside [0.90, 0.95]'s inside).
  EXPECT_NE(claim(cs, "P1").parts[0].rule.find("(leaves) at depth 7"), std::string::npos) << claim(cs, "P1").parts[0].rule;
  EXPECT_NE(claim(cs, "P1").parts[0].figures.find("geometric mean -8.0 %"), std::string::npos) << claim(cs, "P1").parts[0].figures;
  // P3: the median of the passes at depth 7, exact, no test.
  EXPECT_NE(claim(cs, "P3").parts[0].figures.find("median 4, max 4 passes over 8 position(s)"), std::string::npos)
      << claim(cs, "P3").parts[0].figures;
  EXPECT_FALSE(claim(cs, "P3").parts[0].tested);
  // C10: B's last iteration (half its nodes) is 1.3x the minimal tree; a version the set lacks (C, E) is not measured.
  const Claim& c10 = claim(cs, "C10");
  ASSERT_EQ(c10.parts.size(), 4u);
  EXPECT_NE(c10.parts[0].figures.find("geometric mean +30.0 %"), std::string::npos) << c10.parts[0].figures;
  EXPECT_EQ(c10.parts[1].state, Verdict::not_measured);
  // No MT-DUAL* in this set: P5 is not measured, not decided.
  EXPECT_EQ(claim(cs, "P5").verdict(), Verdict::not_measured);
  // The study prints tables only: no verdicts of its own.
  const std::string md = drivers_markdown(build_drivers_study(drivers_set(claims_hold())));
  EXPECT_EQ(md.find("| P1 |"), std::string::npos) << md;
  EXPECT_EQ(md.find("Verdict"), std::string::npos) << md;
  EXPECT_FALSE(drivers_json(build_drivers_study(drivers_set(claims_hold()))).contains("verdicts"));
}

TEST(DriversStudy, ClaimsFailWhenTheFiguresLieOutside) {
  auto shapes = claims_hold();
  shapes["mtdf"] = {1.1, 1.0, 20};  // more nodes, the same leaves, 20 passes
  shapes["mt_sss"] = {0.8, 1, 6};
  shapes["alphabeta"] = {1.0, 1, 1};            // NegaScout no better
  shapes["negascout-gen"] = {1.5, 1, 1};        // better than alpha-beta in the poor order
  shapes["B"] = {2 * 0.4 * 3.0, 1, 1};          // 3x the minimal tree
  const std::vector<Claim> cs = evaluate_claims(drivers_set(shapes));
  for (const char* id : {"P1", "P2", "P3", "P4", "S1", "S2", "C10"})
    EXPECT_EQ(claim(cs, id).verdict(), Verdict::does_not_hold) << id;
}

// A config that names a version it lacks in a drivers claim is refused with the claim's path; passes_median reads one
// depth and a band of values.
TEST(DriversStudy, PassesMedianIsCheckedWithTheConfig) {
  const nlohmann::json ok = nlohmann::json::parse(R"([{"id": "P3", "statement": "3-6 passes",
      "figure": {"metric": "passes_median", "version": "mtdf", "depths": [2]}, "band": {"value": [3, 6]}}])");
  auto config = [](const nlohmann::json& claims) {
    return nlohmann::json{{"name", "c"}, {"positions", {{{"fen", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"}, {"id", "KPK"}}}},
                          {"depths", {1, 2}},
                          {"versions", {"D", {{"name", "mtdf"}, {"extends", "D"}, {"flags", {{"driver", "mtdf"}}}}}},
                          {"claims", claims}};
  };
  auto error_of = [&](const nlohmann::json& claims) -> std::string {
    try {
      parse_experiment(config(claims), "c.json");
    } catch (const UserError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(error_of(ok), "");
  nlohmann::json bad = ok;
  bad[0]["figure"]["version"] = "mt_dual";
  EXPECT_NE(error_of(bad).find("$.claims(resolved)[0].figure.version: 'mt_dual' is not one of the config's versions"),
            std::string::npos) << error_of(bad);
  bad = ok;
  bad[0]["figure"]["depths"] = {1, 2};
  EXPECT_NE(error_of(bad).find("reads one depth"), std::string::npos) << error_of(bad);
  bad = ok;
  bad[0]["band"] = {{"ratio", {3, 6}}};
  EXPECT_NE(error_of(bad).find("unknown key 'ratio'"), std::string::npos) << error_of(bad);
  bad = ok;
  bad[0]["figure"]["from"] = "D";
  EXPECT_NE(error_of(bad).find("unknown key 'from'"), std::string::npos) << error_of(bad);
  bad = nlohmann::json::parse(R"([{"id": "P1", "statement": "leaves",
      "figure": {"metric": "leaves_ratio", "to": "mtdf", "from": "D", "version": "D"}, "band": {"ratio": [0.9, 0.95]}}])");
  EXPECT_NE(error_of(bad).find("figure.version: not a key of metric 'leaves_ratio'"), std::string::npos) << error_of(bad);
}

TEST(DriversStudy, AbsentWithoutDriversSoOtherReportsStayAsTheyWere) {
  ResultSet rs = drivers_set(claims_hold());
  rs.experiment.versions = {rs.experiment.versions[0], rs.experiment.versions[1]};  // B and D only
  rs.clear_records();
  rs.index();
  const DriversStudy st = build_drivers_study(rs);
  EXPECT_FALSE(st.present);
  EXPECT_EQ(drivers_markdown(st), "");
}

TEST(DriversStudy, SectionNamesTheRolesAndMarksWhatIsComputed) {
  const std::string md = drivers_markdown(build_drivers_study(drivers_set(claims_hold())));
  EXPECT_NE(md.find("## Search drivers and the minimal tree"), std::string::npos);
  EXPECT_NE(md.find("computed"), std::string::npos);
  // Nothing in it is written by hand: the claims it once judged are data, and the section says where they are.
  EXPECT_EQ(md.find("Written by hand"), std::string::npos);
  EXPECT_NE(md.find("configs/claims/drivers.json"), std::string::npos);
  EXPECT_NE(md.find("| mtdf | 5 | 8 | 4 | 4 |"), std::string::npos);
}

TEST(VersionDepths, AVersionRunsOnlyAtItsOwnDepths) {
  const nlohmann::json config = {
      {"name", "t"},
      {"positions", {{{"fen", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"}, {"id", "kpk"}}}},
      {"depths", {1, 2, 3}},
      {"versions", {"D", {{"name", "minimax"}, {"extends", "D"}, {"flags", {{"driver", "minimax"}}}, {"depths", {1, 2}}}}}};
  const Experiment exp = parse_experiment(config, "t.json");
  ASSERT_EQ(exp.versions.size(), 2u);
  EXPECT_EQ(exp.versions[1].depths, (std::vector<int>{1, 2}));
  int minimax_cells = 0, d_cells = 0;
  for (const CellSpec& c : enumerate_cells(exp, "test-engine")) (c.inputs.version == "minimax" ? minimax_cells : d_cells)++;
  EXPECT_EQ(minimax_cells, 2);
  EXPECT_EQ(d_cells, 3);
  // The stored form keeps them, and reads back equal.
  EXPECT_TRUE(same_experiment(exp, Experiment::from_json(exp.to_json(), "stored")));
  EXPECT_EQ(Experiment::from_json(exp.to_json(), "stored").versions[1].depths, (std::vector<int>{1, 2}));

  nlohmann::json bad = config;
  bad["versions"][1]["depths"] = {1, 4};
  try {
    parse_experiment(bad, "t.json");
    FAIL() << "a depth outside the experiment's was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("$.versions[1].depths[1]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("depth 4"), std::string::npos) << e.what();
  }
}

}  // namespace drivers_study_test
