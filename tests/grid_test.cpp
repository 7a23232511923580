// Grids in experiment configs (harness/experiment/grid.h): "full" expands into every combination of the axes'
// values and "one_at_a_time" into the base and each value alone, each version named by its values; "factorial" is
// the factorial design's versions and cells; a full grid over the table's axes alone is a TT sweep, and
// configs/tt-schemes-grid.json is configs/tt-schemes.json's cells key for key; every mistake is refused naming the
// JSON path (exit 2 from `harness run`); and a 3 x 3 grid runs end to end.
#include "harness/experiment/grid.h"

#include <gtest/gtest.h>

#include <set>

#include "harness/errors.h"
#include "harness/experiment/cell_enumeration.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/presets.h"
#include "harness/experiment/result_set.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace grid_test {

using namespace harness;
using nlohmann::json;

json grid_config(const json& grid, const json& depths = {1, 2}) {
  return {{"name", "grid-test"},
          {"positions", json::parse(R"([{"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "id": "P1"}])")},
          {"depths", depths},
          {"grid", grid}};
}

json lmr_grid(const char* design = "full") {
  json g = json::parse(R"({"base": "H", "axes": {"lmr_reduction": [1, 2, 3], "lmr_min_moves": [3, 6, 9]}})");
  g["design"] = design;
  return g;
}

std::vector<std::string> names_of(const Experiment& e) {
  std::vector<std::string> out;
  for (const auto& v : e.versions) out.push_back(v.name);
  return out;
}

// parse_experiment refuses `config` with a message holding every fragment (the JSON path first of all).
void expect_refused(const json& config, const std::vector<std::string>& fragments) {
  try {
    parse_experiment(config, "cfg.json");
    ADD_FAILURE() << "accepted: " << config.dump();
  } catch (const UserError& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("cfg.json: ", 0), 0u) << msg;
    for (const auto& f : fragments) EXPECT_NE(msg.find(f), std::string::npos) << "missing '" << f << "' in: " << msg;
  }
}

ResolvedVersion preset(const std::string& name) { return PresetBook::load(project_path("configs/versions.json")).resolve(name); }

// Every search flag and eval term of `v` but those named: the base's, untouched by the grid.
json flags_but(const buho::SearchConfig& s, const buho::EvalConfig& ev, const std::vector<std::string>& but) {
  json f = flags_to_json(s, ev);
  for (const auto& b : but) f.erase(b);
  return f;
}

TEST(Grid, FullIsEveryCombinationNamedByItsValuesInFlagOrder) {
  const Experiment e = parse_experiment(grid_config(lmr_grid()), "cfg.json");
  // Axes in flag-name order (lmr_min_moves, lmr_reduction), the first varying slowest.
  EXPECT_EQ(names_of(e), (std::vector<std::string>{
                             "H[lmr_min_moves=3,lmr_reduction=1]", "H[lmr_min_moves=3,lmr_reduction=2]", "H[lmr_min_moves=3,lmr_reduction=3]",
                             "H[lmr_min_moves=6,lmr_reduction=1]", "H[lmr_min_moves=6,lmr_reduction=2]", "H[lmr_min_moves=6,lmr_reduction=3]",
                             "H[lmr_min_moves=9,lmr_reduction=1]", "H[lmr_min_moves=9,lmr_reduction=2]", "H[lmr_min_moves=9,lmr_reduction=3]"}));
  const ResolvedVersion h = preset("H");
  std::set<std::pair<int, int>> points;
  for (const auto& v : e.versions) {
    EXPECT_EQ(v.name, fmt::format("H[lmr_min_moves={},lmr_reduction={}]", v.search.lmr_min_moves, v.search.lmr_reduction));
    points.emplace(v.search.lmr_min_moves, v.search.lmr_reduction);
    EXPECT_EQ(flags_but(v.search, v.eval, {"lmr_min_moves", "lmr_reduction"}), flags_but(h.search, h.eval, {"lmr_min_moves", "lmr_reduction"}))
        << v.name;
  }
  EXPECT_EQ(points.size(), 9u);
  EXPECT_FALSE(e.design);
  EXPECT_EQ(enumerate_cells(e, "x").size(), 9u * 2u);
}

TEST(Grid, OneAtATimeIsTheBaseAndEachValueAlone) {
  const Experiment e = parse_experiment(grid_config(lmr_grid("one_at_a_time")), "cfg.json");
  // H has lmr_reduction 1 and lmr_min_moves 6: those values are H itself, which runs once under its name.
  EXPECT_EQ(names_of(e), (std::vector<std::string>{"H", "H[lmr_min_moves=3]", "H[lmr_min_moves=9]", "H[lmr_reduction=2]",
                                                   "H[lmr_reduction=3]"}));
  const ResolvedVersion h = preset("H");
  EXPECT_EQ(flags_to_json(e.versions[0].search, e.versions[0].eval), h.flags);
  EXPECT_EQ(e.versions[2].search.lmr_min_moves, 9);
  EXPECT_EQ(e.versions[2].search.lmr_reduction, h.search.lmr_reduction);
  EXPECT_EQ(e.versions[4].search.lmr_reduction, 3);
  EXPECT_EQ(e.versions[4].search.lmr_min_moves, h.search.lmr_min_moves);
}

TEST(Grid, AnyFlagIsAnAxisEvaluationTermsDriverAndTableMemoryIncluded) {
  const Experiment e = parse_experiment(
      grid_config(json::parse(R"({"base": "D", "axes": {"eval.pawn_value": [90, 110], "driver": ["mtdf"],
                                   "tt_scheme": ["always", "bucket2"], "tt_bytes": [65536]}})")),
      "cfg.json");
  ASSERT_EQ(e.versions.size(), 4u);
  EXPECT_EQ(e.versions[0].name, "D[driver=mtdf,eval.pawn_value=90,tt_bytes=65536,tt_scheme=always]");
  EXPECT_EQ(e.versions[0].eval.pawn_value, 90);
  EXPECT_EQ(e.versions[2].eval.pawn_value, 110);
  EXPECT_EQ(flags_to_json(e.versions[0].search, e.versions[0].eval).at("driver"), "mtdf");
  // 64 KiB: the entries of each scheme that fit, as a sweep sized in bytes gives them.
  EXPECT_EQ(std::uint64_t(e.versions[0].search.tt_entries), 65536 / bytes_per_entry("always"));
  EXPECT_EQ(std::uint64_t(e.versions[1].search.tt_entries), 65536 / bytes_per_entry("bucket2"));
  EXPECT_NE(e.versions[0].search.tt_entries, e.versions[1].search.tt_entries);
}

// A factorial grid is the factorial design with one factor per axis: the same versions, design and cells.
TEST(Grid, FactorialIsTheFactorialDesignsVersionsAndCells) {
  const json grid = json::parse(R"({"base": "A", "design": "factorial",
      "axes": {"history": [false, true], "killers": [true], "eval.pawn_value": [77]}})");
  const Experiment g = parse_experiment(grid_config(grid), "cfg.json");
  json design_form = grid_config(nullptr);
  design_form.erase("grid");
  design_form["factorial"] = json::parse(R"({"base": "A", "factors": {"history": {"history": true}, "killers": {"killers": true},
                                               "eval_pawn_value": {"eval.pawn_value": 77}}})");
  const Experiment d = parse_experiment(design_form, "cfg.json");
  ASSERT_TRUE(g.design);
  EXPECT_EQ(g.design->to_json(), d.design->to_json());
  EXPECT_EQ(names_of(g), names_of(d));
  EXPECT_EQ(g.versions.size(), 8u);
  EXPECT_TRUE(same_experiment(g, d));
  std::vector<std::string> gk, dk;
  for (const auto& c : enumerate_cells(g, "x")) gk.push_back(c.key + " " + c.inputs.version);
  for (const auto& c : enumerate_cells(d, "x")) dk.push_back(c.key + " " + c.inputs.version);
  EXPECT_EQ(gk, dk);
}

TEST(Grid, FactorialTakesTheDesignsMinimalTreeAndTopLevelClaims) {
  json grid = json::parse(R"({"base": "A", "design": "factorial", "axes": {"history": [true], "killers": [true]},
      "minimal_tree": [1]})");
  json config = grid_config(grid);
  config["claims"] = json::parse(R"([{"id": "S1", "source": "s", "statement": "t",
      "figure": {"metric": "reduction_share", "to": "A+history+killers", "depths": [1]}, "band": {"share_pct": [80, 100]}}])");
  const Experiment e = parse_experiment(config, "cfg.json");
  ASSERT_TRUE(e.design);
  EXPECT_EQ(e.claims.size(), 1u);
  EXPECT_EQ(e.design->minimal_tree_depths, (std::vector<int>{1}));
  EXPECT_EQ(e.versions.back().name, Design::kMinimalTreeVersion);
  config["claims"][0]["figure"]["to"] = "A+historyy";
  expect_refused(config, {"$.claims(resolved)[0].figure.to", "'A+historyy' is not one of the design's combinations"});
  // A grid's own claims (the design's form before claims as data) are refused, pointing at the top-level form.
  grid["claims"] = json::parse(R"([{"id": "S1", "source": "s", "statement": "t", "factors": ["history"], "share": 0.9, "band": [0.8, 1.0]}])");
  expect_refused(grid_config(grid), {"$.grid.claims", "top-level \"claims\""});
}

// A full grid over the table's axes alone is a TT sweep; {"D": [ids]} runs each position at its own depths.
TEST(Grid, TableAxesAloneAreATtSweep) {
  json c = grid_config(json::parse(R"({"name": "mem", "base": "D", "axes": {"tt_scheme": ["always", "depth"], "tt_entries": [1024, 4096]},
                                       "depths": {"3": ["P1"], "1": ["P1", "P2"]}})"));
  c["positions"].push_back(json::parse(R"({"fen": "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "id": "P2"})"));
  const Experiment e = parse_experiment(c, "cfg.json");
  EXPECT_TRUE(e.versions.empty());
  ASSERT_EQ(e.sweeps.size(), 2u);
  EXPECT_EQ(e.sweeps[0].name, "mem-d1");  // shallowest first, whatever the keys' text order
  EXPECT_EQ(e.sweeps[0].positions, (std::vector<std::string>{"P1", "P2"}));
  EXPECT_EQ(e.sweeps[1].name, "mem-d3");
  EXPECT_EQ(e.sweeps[1].depths, (std::vector<int>{3}));
  EXPECT_EQ(e.sweeps[1].tt_entries, (std::vector<int>{1024, 4096}));
  EXPECT_EQ(e.sweeps[1].tt_schemes, (std::vector<std::string>{"always", "depth"}));
  EXPECT_EQ(e.sweeps[1].version.name, "D");
  EXPECT_EQ(enumerate_cells(e, "x").size(), (2u + 1u) * 2u * 2u);
  // A list or a range is every position's depths: one sweep.
  c["grid"]["depths"] = json::parse(R"({"from": 1, "to": 2})");
  const Experiment ranged = parse_experiment(c, "cfg.json");
  ASSERT_EQ(ranged.sweeps.size(), 1u);
  EXPECT_EQ(ranged.sweeps[0].name, "mem");
  EXPECT_EQ(ranged.sweeps[0].depths, (std::vector<int>{1, 2}));
  EXPECT_EQ(ranged.sweeps[0].positions, (std::vector<std::string>{"P1", "P2"}));
  c["grid"]["depths"] = json::parse(R"({"0": ["P1"]})");
  expect_refused(c, {"$.grid.depths.0", "not a depth"});
  c["grid"]["depths"] = json::parse(R"({"2": ["P3"]})");
  expect_refused(c, {"$.grid.depths.2", "'P3' is not one of the config's positions"});
  // The same axes one at a time are versions, not a sweep.
  c["grid"].erase("depths");
  c["grid"].erase("name");
  c["grid"]["design"] = "one_at_a_time";
  const Experiment v = parse_experiment(c, "cfg.json");
  EXPECT_TRUE(v.sweeps.empty());
  EXPECT_EQ(names_of(v), (std::vector<std::string>{"D", "D[tt_entries=1024]", "D[tt_entries=4096]", "D[tt_scheme=always]",
                                                   "D[tt_scheme=depth]"}));
}

// configs/tt-schemes-grid.json is configs/tt-schemes.json written as grids, with no generating script: the same
// sweeps (names, positions, depths, sizes, schemes, references) and the same cells, key for key, in the same order.
TEST(Grid, TtSchemesGridHasTheCellsOfTtSchemes) {
  const Experiment old_form = load_experiment(project_path("configs/tt-schemes.json"));
  const Experiment grid_form = load_experiment(project_path("configs/tt-schemes-grid.json"));
  const auto a = enumerate_cells(old_form, "engine-x"), b = enumerate_cells(grid_form, "engine-x");
  ASSERT_EQ(a.size(), b.size());
  EXPECT_GT(a.size(), 1000u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].key, b[i].key) << i;
    EXPECT_EQ(a[i].identity, b[i].identity) << i;
    EXPECT_EQ(a[i].tables, b[i].tables) << i;
  }
  // The resolved forms differ only by the name and the prose.
  json x = old_form.to_json(), y = grid_form.to_json();
  for (json* j : {&x, &y}) {
    j->erase("name");
    j->erase("description");
  }
  EXPECT_EQ(x, y);
}

TEST(Grid, ShippedLmrGridLoads) {
  const Experiment e = load_experiment(project_path("configs/lmr-grid.json"));
  EXPECT_EQ(e.versions.size(), 9u);
  EXPECT_EQ(enumerate_cells(e, "x").size(), 9u * 3u * 4u);
}

TEST(Grid, MistakesAreRefusedNamingTheJsonPath) {
  json g = lmr_grid();
  g["axes"]["lmr_reductio"] = {1};
  expect_refused(grid_config(g), {"$.grid.axes.lmr_reductio", "unknown flag 'lmr_reductio'", "lmr_reduction"});
  g = lmr_grid();
  g["axes"]["lmr_reduction"] = {1, 11};
  expect_refused(grid_config(g), {"$.grid.axes.lmr_reduction[1]", "11"});
  g["axes"]["lmr_reduction"] = {1, "two"};
  expect_refused(grid_config(g), {"$.grid.axes.lmr_reduction[1]", "expects an integer"});
  g["axes"]["lmr_reduction"] = json::array();
  expect_refused(grid_config(g), {"$.grid.axes.lmr_reduction:", "non-empty list"});
  g["axes"]["lmr_reduction"] = {1, 2, 1};
  expect_refused(grid_config(g), {"$.grid.axes.lmr_reduction[2]", "value 1 is listed twice"});
  g["axes"] = json::object();
  expect_refused(grid_config(g), {"$.grid.axes", "at least one axis"});
  g = lmr_grid("everything");
  expect_refused(grid_config(g), {"$.grid.design", "unknown design 'everything'", "one_at_a_time"});
  g = lmr_grid();
  g["base"] = "Z";
  expect_refused(grid_config(g), {"$.grid.base", "'Z'"});
  g = lmr_grid();
  g["axis"] = g["axes"];
  expect_refused(grid_config(g), {"$.grid", "unknown key 'axis'"});
  g = lmr_grid();
  g["positions"] = {"P1"};
  expect_refused(grid_config(g), {"$.grid.positions", "TT sweep"});
  g = lmr_grid();
  g["claims"] = json::array();
  expect_refused(grid_config(g), {"$.grid.claims", "a grid takes no claims"});
  // A factorial axis is a binary factor.
  expect_refused(grid_config(lmr_grid("factorial")), {"$.grid.axes.lmr_min_moves", "binary factor"});
  expect_refused(grid_config(json::parse(R"({"base": "A", "design": "factorial", "axes": {"history": [false]}})")),
                 {"$.grid.axes.history", "binary factor"});
  // Table memory every scheme of the grid can hold.
  expect_refused(grid_config(json::parse(R"({"base": "D", "axes": {"tt_scheme": ["always", "bucket4"], "tt_bytes": [16, 65536]}})")),
                 {"$.grid.axes.tt_bytes[0]", "16 bytes hold"});
  expect_refused(grid_config(json::parse(R"({"base": "D", "axes": {"tt_entries": [1024], "tt_bytes": [65536]}})")),
                 {"$.grid.axes.tt_bytes", "not both"});
  // A list of grids names each.
  expect_refused(grid_config(json::array({lmr_grid(), json::parse(R"({"base": "H", "axes": {"pvs": [1]}})")})),
                 {"$.grid[1].axes.pvs[0]", "expects true or false"});
  expect_refused(grid_config(json::array()), {"$.grid", "non-empty list"});
  // A grid makes its own versions: no list of them (nor a design) beside it.
  json c = grid_config(lmr_grid());
  c["versions"] = {"A"};
  expect_refused(c, {"$.grid", "either 'versions' or a 'grid'"});
  c.erase("versions");
  c["leave_one_out"] = json::parse(R"({"base": "H", "factors": {"lmr": {"lmr": false}}})");
  expect_refused(c, {"$.grid", "either 'leave_one_out' or a 'grid'"});
  // Two grids that make one version.
  expect_refused(grid_config(json::array({lmr_grid(), lmr_grid()})), {"$.grid[1]", "defined twice"});
}

TEST(Grid, HarnessRunRefusesABadGridWithExitTwo) {
  runner_test::TempDir dir;
  json g = lmr_grid();
  g["axes"]["lmr_reduction"] = {1, 0};
  runner_test::write_text(dir / "bad.json", grid_config(g).dump());
  const auto r = runner_test::run_harness("run " + (dir / "bad.json").string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: " + (dir / "bad.json").string() + ": $.grid.axes.lmr_reduction[1]"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

// The 3 x 3 grid end to end: `harness run` searches every version's cells, stores them under the grid's names, and
// the flags reach the engine (the versions' trees differ).
TEST(Grid, ThreeByThreeGridRunsEndToEnd) {
  runner_test::TempDir dir;
  json c = grid_config(lmr_grid(), {1, 3});
  c["positions"] = json::parse(R"([{"fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "id": "P1"}])");
  runner_test::write_text(dir / "grid.json", c.dump());
  const auto out = dir / "out";
  const auto r = runner_test::run_harness("run " + (dir / "grid.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const ResultSet rs = load_results(out);
  EXPECT_EQ(rs.measured(), 9u * 2u);
  std::set<std::uint64_t> nodes_at_3;
  for (const auto& v : rs.experiment.versions) {
    const CellRecord* cell = rs.version_cell("P1", v.name, 3);
    ASSERT_NE(cell, nullptr) << v.name;
    nodes_at_3.insert(cell->nodes());
  }
  EXPECT_GT(nodes_at_3.size(), 1u);
  EXPECT_NE(runner_test::read_text(out / "REPORT.md").find("H[lmr_min_moves=9,lmr_reduction=3]"), std::string::npos);
}

}  // namespace grid_test
