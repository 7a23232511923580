// The drivers study (harness/report/drivers_study.cpp) on hand-made result sets whose node, leaf and pass
// counts decide each ratio and verdict; and a version's own depths (configs/drivers.json limits minimax, sss and
// the minimal tree to the depths their time allows).
#include "harness/report/drivers_study.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>

#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"

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
  x.depths = {3, 5};
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
    r.counters = {{"nodes", nodes}};
    // Two iterations: the last holds half the nodes (the minimal tree: one tree, all of them).
    r.iteration_nodes = c.inputs.version == "minimal" ? std::vector<std::uint64_t>{nodes}
                                                      : std::vector<std::uint64_t>{nodes - nodes / 2, nodes / 2};
    r.later_counters = {{"passes", shape.passes + 1},
                        {"leaves", std::uint64_t(std::llround(base / 2 * shape.leaves * wobble))}};
    r.iteration_passes = {1, shape.passes};
    rs.rows[c.identity] = r;
  }
  return rs;
}

const DriversVerdict& verdict(const DriversStudy& st, const std::string& id) {
  for (const auto& v : st.verdicts)
    if (v.id == id) return v;
  throw std::runtime_error("no verdict " + id);
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

TEST(DriversStudy, VerdictsHoldWhenTheFiguresLieInTheBands) {
  const DriversStudy st = build_drivers_study(drivers_set(claims_hold()));
  for (const char* id : {"P1", "P2", "P3", "P4", "S1", "S2", "C10"}) EXPECT_EQ(verdict(st, id).verdict, Verdict::holds) << id;
  EXPECT_NE(verdict(st, "P1").evidence.find("depth 5"), std::string::npos);  // the deepest depth decides
  // No MT-DUAL* in this set: its check is not measured, not decided.
  EXPECT_EQ(verdict(st, "P5").verdict, Verdict::undecided);
  EXPECT_NE(verdict(st, "P5").evidence.find("not measured"), std::string::npos);
  EXPECT_FALSE(verdict(st, "P5").applies);
  // It is named once as not applicable, not given a row among the verdicts.
  const std::string md = drivers_markdown(st);
  EXPECT_EQ(md.find("| P5 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| P1 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Not applicable here (the experiment has none of the versions they compare): P5."), std::string::npos)
      << md;
  EXPECT_EQ(drivers_json(st)["not_applicable"], nlohmann::json::array({"P5"}));
}

// A run with the minimal tree as its only driver (a modern version measured against it) gets the minimal-tree table
// and C10 where B–E are present, and none of the literature's driver claims.
TEST(DriversStudy, OnlyTheClaimsWhoseVersionsARunHoldsAreReported) {
  ResultSet rs = drivers_set(claims_hold());
  rs.experiment.versions = {rs.experiment.versions[1], rs.experiment.versions.back()};  // D and the minimal tree
  rs.index();
  const DriversStudy st = build_drivers_study(rs);
  ASSERT_TRUE(st.present);
  for (const char* id : {"P1", "P2", "P3", "P4", "P5", "S1", "S2"}) EXPECT_FALSE(verdict(st, id).applies) << id;
  EXPECT_TRUE(verdict(st, "C10").applies);
  const std::string md = drivers_markdown(st);
  EXPECT_NE(md.find("| C10 |"), std::string::npos) << md;
  EXPECT_NE(md.find(": P1, P2, P3, P4, P5, S1, S2."), std::string::npos) << md;
  // Without D (or any of B–E) no verdict applies and the verdicts table is left out.
  rs.experiment.versions = {rs.experiment.versions.back()};
  rs.index();
  const std::string alone = drivers_markdown(build_drivers_study(rs));
  EXPECT_EQ(alone.find("### Verdicts (computed)"), std::string::npos) << alone;
}

TEST(DriversStudy, VerdictsFailWhenTheFiguresLieOutside) {
  auto shapes = claims_hold();
  shapes["mtdf"] = {1.1, 1.0, 20};  // more nodes, the same leaves, 20 passes
  shapes["mt_sss"] = {0.8, 1, 6};
  shapes["alphabeta"] = {1.0, 1, 1};            // NegaScout no better
  shapes["negascout-gen"] = {1.5, 1, 1};        // better than alpha-beta in the poor order
  shapes["B"] = {2 * 0.4 * 3.0, 1, 1};          // 3x the minimal tree
  const DriversStudy st = build_drivers_study(drivers_set(shapes));
  for (const char* id : {"P1", "P2", "P3", "P4", "S1", "S2", "C10"})
    EXPECT_EQ(verdict(st, id).verdict, Verdict::does_not_hold) << id;
}

TEST(DriversStudy, AbsentWithoutDriversSoOtherReportsStayAsTheyWere) {
  ResultSet rs = drivers_set(claims_hold());
  rs.experiment.versions = {rs.experiment.versions[0], rs.experiment.versions[1]};  // B and D only
  rs.rows.clear();
  rs.index();
  const DriversStudy st = build_drivers_study(rs);
  EXPECT_FALSE(st.present);
  EXPECT_EQ(drivers_markdown(st), "");
}

TEST(DriversStudy, SectionNamesTheRolesAndMarksWhatIsComputed) {
  const std::string md = drivers_markdown(build_drivers_study(drivers_set(claims_hold())));
  EXPECT_NE(md.find("## Search drivers and the minimal tree"), std::string::npos);
  EXPECT_NE(md.find("computed"), std::string::npos);
  EXPECT_NE(md.find("Written by hand"), std::string::npos);
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
