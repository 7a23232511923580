// Designs in experiment configs (harness/experiment/design.h): a factorial design expands into its 2^k versions and a
// leave-one-out set into the base and the base with each factor, named by the factors they set, with the factors'
// flags over the base's; every mistake is refused naming the JSON path (exit 2 from `harness run`); the design is
// stored in experiment.json and read back from it.
#include "harness/experiment/design.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <set>

#include "harness/errors.h"
#include "harness/experiment/cell_enumeration.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/presets.h"
#include "harness/experiment/result_set.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace design_test {

using namespace harness;
using nlohmann::json;

json design_config(const json& design, const std::string& key = "factorial") {
  json j = {{"name", "design-test"},
            {"positions", json::parse(R"([{"fen": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "id": "P1"}])")},
            {"depths", {1, 2}}};
  j[key] = design;
  return j;
}

json three_factors() {
  return json::parse(R"({"base": "A", "factors": {"killers": {"killers": true}, "history": {"history": true},
                                                   "table": {"tt_cutoffs": true, "tt_horizon": true}}})");
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

TEST(Design, FactorialExpandsIntoEveryCombinationNamedByItsFactors) {
  const Experiment e = parse_experiment(design_config(three_factors()), "cfg.json");
  ASSERT_TRUE(e.design);
  EXPECT_EQ(e.design->kind, Design::Kind::Factorial);
  ASSERT_EQ(e.versions.size(), 8u);
  // The factors in the config's key order (sorted): history, killers, table.
  std::vector<std::string> names;
  for (const auto& v : e.versions) names.push_back(v.name);
  EXPECT_EQ(names, (std::vector<std::string>{"A", "A+history", "A+killers", "A+history+killers", "A+table", "A+history+table",
                                             "A+killers+table", "A+history+killers+table"}));
  const auto a = PresetBook::load(project_path("configs/versions.json")).resolve("A");
  for (const auto& v : e.versions) {
    const bool h = v.name.find("history") != std::string::npos, k = v.name.find("killers") != std::string::npos,
               t = v.name.find("table") != std::string::npos;
    EXPECT_EQ(v.search.history, h) << v.name;
    EXPECT_EQ(v.search.killers, k) << v.name;
    EXPECT_EQ(v.search.tt_cutoffs, t) << v.name;
    EXPECT_EQ(v.search.tt_horizon, t) << v.name;
    // Everything else is the base's.
    buho::SearchConfig s = v.search;
    s.history = a.search.history, s.killers = a.search.killers, s.tt_cutoffs = a.search.tt_cutoffs, s.tt_horizon = a.search.tt_horizon;
    EXPECT_EQ(flags_to_json(s, v.eval), flags_to_json(a.search, a.eval)) << v.name;
  }
  std::set<std::string> identities;
  for (const auto& c : enumerate_cells(e, "x")) identities.insert(c.identity);
  EXPECT_EQ(identities.size(), 8u * 2u);  // every combination a cell of its own at each depth
  EXPECT_EQ(e.design->version_name(e.design->mask_of({"killers", "table"})), "A+killers+table");
  EXPECT_EQ(e.design->factors_text(0), "none");
}

TEST(Design, LeaveOneOutRunsTheBaseAndTheBaseWithEachFactor) {
  const json d = json::parse(R"({"base": "H", "factors": {"lmr": {"lmr": false}, "ordering": {"killers": false, "history": false}}})");
  const Experiment e = parse_experiment(design_config(d, "leave_one_out"), "cfg.json");
  ASSERT_TRUE(e.design);
  std::vector<std::string> names;
  for (const auto& v : e.versions) names.push_back(v.name);
  EXPECT_EQ(names, (std::vector<std::string>{"H", "H-lmr", "H-ordering"}));
  EXPECT_FALSE(e.versions[1].search.lmr);
  EXPECT_TRUE(e.versions[1].search.killers);
  EXPECT_TRUE(e.versions[2].search.lmr);
  EXPECT_FALSE(e.versions[2].search.killers);
  EXPECT_FALSE(e.versions[2].search.history);
}

// configs/ablation-h.json is a leave-one-out design now: the same versions (names and flags), so the same cells, as the
// hand-written list it replaced.
TEST(Design, AblationHConfigKeepsTheHandWrittenVersions) {
  const Experiment converted = load_experiment(project_path("configs/ablation-h.json"));
  json by_hand = json::parse(runner_test::read_text(project_path("configs/ablation-h.json")));
  by_hand.erase("leave_one_out");
  by_hand["versions"] = json::parse(R"([
    "H",
    {"name": "H-ordering", "extends": "H", "flags": {"mvv_lva": false, "killers": false, "history": false}},
    {"name": "H-hash_move", "extends": "H", "flags": {"hash_move": false}},
    {"name": "H-pvs", "extends": "H", "flags": {"pvs": false}},
    {"name": "H-tt_cutoffs", "extends": "H", "flags": {"tt_cutoffs": false}},
    {"name": "H-aspiration", "extends": "H", "flags": {"aspiration": false}},
    {"name": "H-null_move", "extends": "H", "flags": {"null_move": false}},
    {"name": "H-futility", "extends": "H", "flags": {"futility": false}},
    {"name": "H-lmr", "extends": "H", "flags": {"lmr": false}}])");
  const Experiment listed = parse_experiment(by_hand, "by-hand");
  auto cells = [](const Experiment& e) {
    std::set<std::pair<std::string, std::string>> out;
    for (const auto& c : enumerate_cells(e, "x")) out.insert({c.inputs.version, c.identity});
    return out;
  };
  EXPECT_EQ(cells(converted), cells(listed));
  EXPECT_EQ(converted.versions.size(), 9u);
}

TEST(Design, ABaseListedInVersionsRunsOnceUnderItsName) {
  json c = design_config(json::parse(R"({"base": "A_ID", "factors": {"killers": {"killers": true}}})"));
  c["versions"] = json::parse(R"([{"name": "A_ID", "extends": "A", "flags": {"iterative_deepening": true}}])");
  const Experiment e = parse_experiment(c, "cfg.json");
  ASSERT_EQ(e.versions.size(), 2u);
  EXPECT_EQ(e.versions[0].name, "A_ID");
  EXPECT_EQ(e.versions[1].name, "A_ID+killers");
  EXPECT_TRUE(e.versions[1].search.iterative_deepening);
}

TEST(Design, MistakesAreRefusedNamingTheJsonPath) {
  json d = three_factors();
  d["factors"]["pvs"] = json::parse(R"({"pvs": false})");  // A has no PVS already
  expect_refused(design_config(d), {"$.factorial.factors.pvs.pvs", "change nothing"});
  d = three_factors();
  d["factors"]["table2"] = json::parse(R"({"tt_horizon": true, "tt_cutoffs": true})");
  expect_refused(design_config(d), {"$.factorial.factors.table2", "duplicate factor", "'table'"});
  d = three_factors();
  d["factors"]["z_table"] = json::parse(R"({"tt_cutoffs": true})");
  expect_refused(design_config(d), {"$.factorial.factors.z_table.tt_cutoffs", "set by factor 'table' too"});
  d = three_factors();
  d["factors"]["bad-name"] = json::parse(R"({"pvs": true})");
  expect_refused(design_config(d), {"$.factorial.factors.bad-name", "not a valid factor name"});
  d = three_factors();
  d["factors"]["nope"] = json::parse(R"({"killerz": true})");
  expect_refused(design_config(d), {"$.factorial.factors.nope.killerz"});
  d = three_factors();
  d["factors"]["empty"] = json::object();
  expect_refused(design_config(d), {"$.factorial.factors.empty", "non-empty"});
  d = three_factors();
  d["base"] = "Z";
  expect_refused(design_config(d), {"$.factorial.base", "Z"});
  json eleven = json::object();
  const char* flags[] = {"killers", "history", "hash_move", "mvv_lva", "pvs", "aspiration", "tt_cutoffs", "null_move", "futility", "lmr", "check_ext"};
  for (const char* f : flags) eleven[std::string("f_") + f][f] = true;
  json many = json::object();
  many["base"] = "A";
  many["factors"] = eleven;
  expect_refused(design_config(many), {"$.factorial.factors", "11 factors", "at most 10"});
  // A leave-one-out runs k + 1 versions, not 2^k: eleven factors are one design, 32 are more than its masks hold.
  json out = many;
  out["base"] = "H";
  for (auto& [name, flags] : out["factors"].items()) flags.begin().value() = false;
  out["factors"]["f_check_ext"]["check_ext"] = true;
  EXPECT_EQ(parse_experiment(design_config(out, "leave_one_out"), "cfg.json").versions.size(), 12u);
  for (int i = 0; i < 21; ++i) out["factors"][fmt::format("g{:02}", i)]["killers"] = false;
  const json too_many = design_config(out, "leave_one_out");
  expect_refused(too_many, {"$.leave_one_out.factors", "32 factors", "at most 31"});
  json both = design_config(three_factors());
  both["leave_one_out"] = three_factors();
  expect_refused(both, {"$", "one design"});
  d = three_factors();
  d["claims"] = json::parse(R"([{"id": "S1", "source": "s", "statement": "t", "factors": ["history", "tables"], "share": 0.99,
                                  "band": [0.95, 1.0]}])");
  expect_refused(design_config(d), {"$.factorial.claims[0].factors[1]", "'tables'"});
  d["claims"][0]["factors"] = json::array({"history"});
  d["claims"][0]["band"] = json::array({0.995, 1.0});
  expect_refused(design_config(d), {"$.factorial.claims[0].band", "must hold the published share"});
  d["claims"][0]["band"] = json::array({0.95, 1.0});
  d["claims"][0]["share"] = 99;
  expect_refused(design_config(d), {"$.factorial.claims[0].share"});
  json loo = three_factors();
  loo["claims"] = json::array();
  expect_refused(design_config(loo, "leave_one_out"), {"$.leave_one_out", "unknown key 'claims'"});
  json clash = design_config(three_factors());
  clash["versions"] = json::parse(R"([{"name": "A+killers", "extends": "A", "flags": {"pvs": true}}])");
  expect_refused(clash, {"$.factorial", "'A+killers'"});
}

TEST(Design, HarnessRunRefusesABadDesignWithExitTwo) {
  runner_test::TempDir dir;
  json d = three_factors();
  d["factors"]["pvs"] = json::parse(R"({"pvs": false})");
  runner_test::write_text(dir / "bad.json", design_config(d).dump());
  const auto r = runner_test::run_harness("run " + (dir / "bad.json").string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: " + (dir / "bad.json").string() + ": $.factorial.factors.pvs.pvs"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

TEST(Design, StoredInExperimentJsonAndReadBack) {
  json d = three_factors();
  d["claims"] = json::parse(R"([{"id": "S1", "source": "Schaeffer 1989", "statement": "t", "factors": ["history", "table"],
                                  "share": 0.99, "band": [0.95, 1.0]}])");
  const Experiment e = parse_experiment(design_config(d), "cfg.json");
  const json file = experiment_file_json(e, "engine-x", "cfg.json");
  ASSERT_TRUE(file.contains("design"));
  // A design's own claims (the form before claims as data) are the config's top-level claims (design_claims.h).
  EXPECT_FALSE(file["design"].contains("claims"));
  ASSERT_TRUE(file.contains("claims"));
  runner_test::TempDir dir;
  runner_test::write_text(dir / "experiment.json", file.dump(2));
  const ResultSet rs = load_results(dir.path);
  ASSERT_TRUE(rs.experiment.design);
  EXPECT_EQ(rs.experiment.design->to_json(), e.design->to_json());
  // The design is analysis, not an input: the resolved experiment is the same with or without it.
  Experiment without = e;
  without.design.reset();
  EXPECT_TRUE(same_experiment(e, without));
  EXPECT_FALSE(experiment_file_json(without, "engine-x", "cfg.json").contains("design"));
}

// A share claim of a design becomes metric reduction_share of its combination at the experiment's deepest depth,
// banded in % of the reduction; the published share goes to "published".
TEST(Design, AShareClaimBecomesAReductionShareClaim) {
  json d = three_factors();
  d["claims"] = json::parse(R"([{"id": "S1", "source": "Schaeffer 1989", "statement": "t", "factors": ["table", "history"],
                                  "share": 0.99, "band": [0.95, 1.05]}])");
  const Experiment e = parse_experiment(design_config(d), "cfg.json");
  ASSERT_EQ(e.claims.size(), 1u);
  const ClaimSpec& c = e.claims[0];
  EXPECT_EQ(c.id, "S1");
  EXPECT_EQ(c.source, "Schaeffer 1989");
  EXPECT_EQ(c.published, "share 99 % of the reduction to the best combination");
  ASSERT_EQ(c.parts.size(), 1u);
  EXPECT_EQ(c.parts[0].figure.metric, "reduction_share");
  EXPECT_EQ(c.parts[0].figure.to, "A+history+table");  // the design's factor order, whatever the claim's
  EXPECT_EQ(c.parts[0].figure.depths.list, std::vector<int>{2});
  EXPECT_EQ(c.parts[0].figure.share_of, "best_combination");
  EXPECT_DOUBLE_EQ(*c.parts[0].low, 0.95);
  EXPECT_DOUBLE_EQ(*c.parts[0].high, 1.05);
  // The same claim written as data reads the same.
  json top = design_config(three_factors());
  top["claims"] = e.claims_json;
  EXPECT_EQ(parse_experiment(top, "cfg.json").claims_json, e.claims_json);
}

// A reduction_share figure is refused, naming the JSON path, without a factorial design, on a version that is no
// combination of it, over more than one depth or a depth the experiment lacks, and with a band other than share_pct.
TEST(Design, AReductionShareClaimIsChecked) {
  json c = design_config(three_factors());
  c["claims"] = json::parse(R"([{"id": "S1", "statement": "t",
      "figure": {"metric": "reduction_share", "to": "A+history+table", "depths": [2]}, "band": {"share_pct": [95, 105]}}])");
  EXPECT_EQ(parse_experiment(c, "cfg.json").claims.size(), 1u);
  json bad = c;
  bad["claims"][0]["figure"]["to"] = "B";
  expect_refused(bad, {"$.claims(resolved)[0].figure.to", "not one of the design's combinations"});
  bad = c;
  bad["claims"][0]["figure"]["depths"] = {1, 2};
  expect_refused(bad, {"$.claims(resolved)[0].figure.depths", "reads one depth"});
  bad = c;
  bad["claims"][0]["figure"]["depths"] = {3};
  expect_refused(bad, {"$.claims(resolved)[0].figure.depths[0]", "not one of the experiment's depths"});
  bad = c;
  bad["claims"][0]["band"] = json::parse(R"({"ratio": [0.95, 1.05]})");
  expect_refused(bad, {"$.claims(resolved)[0].band", "share_pct"});
  bad = c;
  bad["claims"][0]["band"] = json::parse(R"({"share_pct": [105, 95]})");
  expect_refused(bad, {"$.claims(resolved)[0].band.share_pct", "low is above high"});
  bad = c;
  bad["claims"][0]["figure"]["of"] = "minimal_tree";  // the design counts no minimal tree
  expect_refused(bad, {"$.claims(resolved)[0].figure.of", "no minimal tree at depth 2"});
  json loo = design_config(three_factors(), "leave_one_out");
  loo["claims"] = c["claims"];
  expect_refused(loo, {"$.claims(resolved)[0].figure", "no factorial design"});
}

// A run stored with its design's own claims (experiment.json "design": {"claims": [...]}, no top-level claims) is
// judged by them, converted when it is read.
TEST(Design, AStoredDesignsClaimsAreReadAsTopLevelClaims) {
  json d = three_factors();
  const Experiment e = parse_experiment(design_config(d), "cfg.json");
  json file = experiment_file_json(e, "engine-x", "no-such-config.json");
  file["design"]["claims"] = json::parse(R"([{"id": "P1", "source": "Plaat et al. 1996", "statement": "t",
      "kind": "node_ratio", "factors": ["history"], "against": ["killers"], "ratio": 0.75, "band": [0, 0.75]}])");
  runner_test::TempDir dir;
  runner_test::write_text(dir / "experiment.json", file.dump(2));
  const ResultSet rs = load_results(dir.path);
  ASSERT_EQ(rs.experiment.claims.size(), 1u);
  const ClaimPartSpec& p = rs.experiment.claims[0].parts.at(0);
  EXPECT_EQ(p.figure.metric, "node_ratio");
  EXPECT_EQ(p.figure.to, "A+history+killers");
  EXPECT_EQ(p.figure.from, "A+killers");
  EXPECT_EQ(p.figure.depths.list, std::vector<int>{2});
  EXPECT_DOUBLE_EQ(*p.high, 0.75);
  EXPECT_EQ(rs.experiment.claims[0].published, "node ratio 0.75 (25 % fewer nodes)");
}

// A node-ratio claim (Plaat et al. 1996's "25 % or more" is base+etc ÷ base at most 0.75): metric node_ratio of the
// combination with the claim's factors to the one it is taken against (the base when none), checked as before.
TEST(Design, NodeRatioClaimsAreReadCheckedAndStored) {
  json d = json::parse(R"({"base": "A", "factors": {"history": {"history": true}}})");
  d["claims"] = json::parse(R"([{"id": "P1", "source": "Plaat et al. 1996", "statement": "t", "kind": "node_ratio",
                                  "factors": ["history"], "ratio": 0.75, "band": [0, 0.75]}])");
  const Experiment e = parse_experiment(design_config(d), "cfg.json");
  ASSERT_TRUE(e.design);
  ASSERT_EQ(e.versions.size(), 2u);  // a one-factor factorial: A and A+history
  const ClaimPartSpec& c = e.claims.at(0).parts.at(0);
  EXPECT_EQ(c.figure.metric, "node_ratio");
  EXPECT_EQ(c.figure.to, "A+history");
  EXPECT_EQ(c.figure.from, "A");
  EXPECT_DOUBLE_EQ(*c.low, 0.0);
  EXPECT_DOUBLE_EQ(*c.high, 0.75);

  json t = three_factors();
  t["claims"] = json::parse(R"([{"id": "H2", "source": "s", "statement": "t", "kind": "node_ratio", "factors": ["killers"],
                                  "against": ["history"], "ratio": 0.98, "band": [0.9, 1.0]}])");
  const Experiment e3 = parse_experiment(design_config(t), "cfg.json");
  EXPECT_EQ(e3.claims.at(0).parts.at(0).figure.from, "A+history");
  EXPECT_EQ(e3.claims.at(0).parts.at(0).figure.to, "A+history+killers");

  json bad = t;
  bad["claims"][0]["kind"] = "nodes";
  expect_refused(design_config(bad), {"$.factorial.claims[0].kind", "unknown claim kind 'nodes'"});
  bad = t;
  bad["claims"][0]["against"] = json::array({"killers"});
  expect_refused(design_config(bad), {"$.factorial.claims[0].against", "'killers' is in both"});
  bad = t;
  bad["claims"][0]["against"] = json::array({"tables"});
  expect_refused(design_config(bad), {"$.factorial.claims[0].against[0]", "'tables'"});
  bad = t;
  bad["claims"][0]["band"] = json::array({0.99, 1.0});
  expect_refused(design_config(bad), {"$.factorial.claims[0].band", "must hold the published ratio 0.98"});
  bad = t;
  bad["claims"][0]["share"] = 0.5;  // a share belongs to share claims
  expect_refused(design_config(bad), {"$.factorial.claims[0]", "'share'"});
  bad = t;
  bad["claims"][0].erase("ratio");
  expect_refused(design_config(bad), {"$.factorial.claims[0]", "ratio"});
  bad = t;
  bad["claims"][0]["ratio"] = 0;
  expect_refused(design_config(bad), {"$.factorial.claims[0].ratio", "above 0"});
}

}  // namespace design_test

namespace design_test {

// "minimal_tree": one more version, the base with every factor's flags and the driver minimal, at the listed depths
// only; stored with the design and read back; refused at a depth the experiment lacks, under a name already taken,
// and on a base that prunes forward (the minimal tree is the exact search's).
TEST(Design, MinimalTreeAddsOneVersionAtItsDepths) {
  json d = three_factors();
  d["minimal_tree"] = {2};
  const Experiment e = parse_experiment(design_config(d), "cfg.json");
  ASSERT_EQ(e.versions.size(), 9u);  // 2^3 combinations, then the minimal tree
  const VersionSpec& m = e.versions.back();
  EXPECT_EQ(m.name, Design::kMinimalTreeVersion);
  EXPECT_EQ(m.search.root_driver, buho::RootDriver::Minimal);
  EXPECT_TRUE(m.search.killers && m.search.history && m.search.tt_cutoffs && m.search.tt_horizon);
  const VersionSpec* all = e.find_version("A+history+killers+table");
  ASSERT_NE(all, nullptr);
  buho::SearchConfig same = m.search;
  same.root_driver = all->search.root_driver;
  EXPECT_EQ(flags_to_json(same, m.eval), flags_to_json(all->search, all->eval));  // nothing else differs
  EXPECT_EQ(m.depths, std::vector<int>{2});
  EXPECT_EQ(e.design->minimal_tree_depths, std::vector<int>{2});
  std::size_t minimal_cells = 0;
  for (const CellSpec& c : enumerate_cells(e, "engine-x")) minimal_cells += c.inputs.version == Design::kMinimalTreeVersion;
  EXPECT_EQ(minimal_cells, 1u);  // one position at depth 2 only
  const json stored = e.design->to_json();
  EXPECT_EQ(stored["minimal_tree"], json::array({2}));
  EXPECT_EQ(Design::from_json(stored, "x").minimal_tree_depths, std::vector<int>{2});
  EXPECT_FALSE(parse_experiment(design_config(three_factors()), "cfg.json").design->to_json().contains("minimal_tree"));

  d["minimal_tree"] = {3};
  expect_refused(design_config(d), {"$.factorial.minimal_tree[0]", "depth 3 is not one of the experiment's depths"});
  d["minimal_tree"] = json::array();
  expect_refused(design_config(d), {"$.factorial.minimal_tree", "non-empty list"});
  d["minimal_tree"] = {1, 1};
  expect_refused(design_config(d), {"$.factorial.minimal_tree[1]", "listed twice"});
  d["minimal_tree"] = {1};
  json pruning = d;
  pruning["factors"]["null_move"] = json::parse(R"({"null_move": true})");
  expect_refused(design_config(pruning), {"$.factorial.minimal_tree", "prunes forward"});
  json taken = design_config(d);
  taken["versions"] = json::parse(R"([{"name": "minimal_tree", "extends": "A", "flags": {"pvs": true}}])");
  expect_refused(taken, {"$.factorial.minimal_tree", "'minimal_tree'"});
  json loo = three_factors();
  loo["minimal_tree"] = {1};
  expect_refused(design_config(loo, "leave_one_out"), {"$.leave_one_out", "unknown key 'minimal_tree'"});
}

// A node-ratio claim's published change in positions solved (Heinz 1998: 10 fewer of 879): read, checked against its
// band, stored and read back; refused on a share claim.
TEST(Design, SolvedChangesAreReadCheckedAndStored) {
  json t = three_factors();
  t["claims"] = json::parse(R"([{"id": "H1", "source": "s", "statement": "t", "kind": "node_ratio", "factors": ["killers"],
                                  "ratio": 0.88, "band": [0.83, 0.89],
                                  "solved": {"change": -10, "of": 879, "band": [-0.015, -0.005]}}])");
  const Experiment e = parse_experiment(design_config(t), "cfg.json");
  const ClaimSpec& c = e.claims.at(0);
  ASSERT_EQ(c.parts.size(), 2u);  // the node ratio, then the change in positions solved
  EXPECT_EQ(c.parts[1].figure.metric, "solved_change");
  EXPECT_EQ(c.parts[1].figure.to, "A+killers");
  EXPECT_EQ(c.parts[1].figure.from, "A");
  EXPECT_TRUE(c.parts[1].difference);
  EXPECT_DOUBLE_EQ(*c.parts[1].low, -0.015);
  EXPECT_DOUBLE_EQ(*c.parts[1].high, -0.005);
  EXPECT_EQ(c.published, "node ratio 0.88 (12 % fewer nodes); -10 of 879 positions solved");

  json bad = t;
  bad["claims"][0]["solved"]["band"] = json::array({-0.005, 0.0});
  expect_refused(design_config(bad), {"$.factorial.claims[0].solved.band", "must hold the published difference -10 / 879"});
  bad = t;
  bad["claims"][0]["solved"]["change"] = 900;
  expect_refused(design_config(bad), {"$.factorial.claims[0].solved.change", "-879..879"});
  bad = t;
  bad["claims"][0]["solved"].erase("of");
  expect_refused(design_config(bad), {"$.factorial.claims[0].solved", "of"});
  bad = t;
  bad["claims"][0]["solved"]["band"] = json::array({-2, 0});
  expect_refused(design_config(bad), {"$.factorial.claims[0].solved.band", "[-1, 1]"});
  json share = three_factors();
  share["claims"] = json::parse(R"([{"id": "S1", "source": "s", "statement": "t", "factors": ["history"], "share": 0.99,
                                      "band": [0.95, 1.0], "solved": {"change": 0, "of": 10, "band": [-0.1, 0.1]}}])");
  expect_refused(design_config(share), {"$.factorial.claims[0]", "'solved'"});
}

}  // namespace design_test

namespace design_test {

// The claims are analysis: `harness run` of the same experiment into a directory that holds it re-stores them (a
// claim added to the design, in the form before claims as data) without searching a cell again, and the reports read
// the new claim.
TEST(Design, HarnessRunReStoresTheDesignOfTheSameExperiment) {
  runner_test::TempDir dir;
  json c = design_config(json::parse(R"({"base": "A", "factors": {"history": {"history": true}}})"));
  c["depths"] = json::array({1});
  runner_test::write_text(dir / "run.json", c.dump());
  const auto out = dir / "out";
  auto r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  const std::string cells = runner_test::read_text(out / "cells.jsonl"), runs = runner_test::read_text(out / "runs.jsonl");
  EXPECT_EQ(runner_test::read_text(out / "REPORT.md").find("### R1"), std::string::npos);

  c["factorial"]["claims"] = json::parse(R"([{"id": "R1", "source": "s", "statement": "history halves the tree", "kind": "node_ratio",
                                               "factors": ["history"], "ratio": 0.5, "band": [0.4, 0.6]}])");
  runner_test::write_text(dir / "run.json", c.dump());
  r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("re-stored its claims"), std::string::npos) << r.output;
  EXPECT_EQ(runner_test::read_text(out / "cells.jsonl"), cells);  // nothing searched again
  EXPECT_EQ(runner_test::read_text(out / "runs.jsonl"), runs);
  EXPECT_EQ(load_results(out).experiment.claims.size(), 1u);
  EXPECT_NE(runner_test::read_text(out / "REPORT.md").find("### R1 — "), std::string::npos);
  // A third run with the same config changes nothing and says nothing.
  const std::string stored = runner_test::read_text(out / "experiment.json");
  r = runner_test::run_harness("run " + (dir / "run.json").string() + " -q --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find("re-stored"), std::string::npos) << r.output;
  EXPECT_EQ(runner_test::read_text(out / "experiment.json"), stored);
}

}  // namespace design_test
