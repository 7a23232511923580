// Config validation: every kind of bad input gets one error naming the file and the JSON path (or
// the EPD line) and listing the valid choices; a failed run leaves an existing output untouched.
#include "harness/experiment/experiment_config.h"

#include "harness/experiment/cell_enumeration.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "harness/errors.h"
#include "harness/experiment/nearest_names.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "harness/report/pruning_cost.h"
#include "runner_test_util.h"

namespace experiment_config_test {

using namespace harness;
using runner_test::TempDir;

const std::string kGood = R"({
  "name": "t",
  "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.FIN.08", "LCTII.POS.09"]},
                {"fen": "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "id": "kpk", "thesis_position": 4}],
  "depths": {"from": 1, "to": 3},
  "versions": ["B", {"name": "H-lmr", "extends": "H", "flags": {"lmr": false}}],
  "sweeps": [{"version": "D", "tt_entries": [1024, 2048], "tt_schemes": ["always", "depth"], "depths": [2]}]
})";

// A position's phase, where the config does not set one, is the evaluation's endgame test on its board (§2.4.3,
// L476: each side's material below 1300 cp), not its name: LCTII.FIN.07 keeps two rooks, a knight and pawns a side,
// a FEN named like an endgame but holding the opening's material is a middlegame, and K+P vs K is an endgame
// whatever it is called. A config's own phase still decides.
TEST(ExperimentConfig, PhaseIsDecidedByMaterialUnlessTheConfigSetsIt) {
  TempDir dir;
  runner_test::write_text(dir / "phase.json", R"({
    "name": "phase",
    "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.FIN.07", "LCTII.FIN.08"]},
                  {"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "id": "start.FIN.1"},
                  {"fen": "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "id": "CMB.kpk"},
                  {"fen": "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", "id": "kpk-set", "phase": "middlegame"}],
    "depths": [1], "versions": ["D"]})");
  const Experiment e = load_experiment(dir / "phase.json");
  ASSERT_EQ(e.positions.size(), 5u);
  EXPECT_EQ(e.positions[0].phase, "middlegame") << "LCTII.FIN.07: above 1300 cp a side";
  EXPECT_EQ(e.positions[1].phase, "endgame") << "LCTII.FIN.08";
  EXPECT_EQ(e.positions[2].phase, "middlegame") << "the id does not decide";
  EXPECT_EQ(e.positions[3].phase, "endgame") << "the id does not decide";
  EXPECT_EQ(e.positions[4].phase, "middlegame") << "a config's phase decides";
}

// Writes `text` as a config and expects load_experiment to throw a UserError with every fragment.
void expect_error(const std::string& text, const std::vector<std::string>& fragments) {
  TempDir dir;
  const auto file = dir / "bad.json";
  runner_test::write_text(file, text);
  try {
    load_experiment(file);
    ADD_FAILURE() << "accepted: " << text;
  } catch (const UserError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(file.string()), std::string::npos) << "does not name the file: " << msg;
    for (const auto& f : fragments) EXPECT_NE(msg.find(f), std::string::npos) << "missing '" << f << "' in: " << msg;
  }
}

std::string with(const std::string& from, const std::string& to) {
  std::string s = kGood;
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

TEST(ExperimentConfig, GoodConfigResolvesAndEnumerates) {
  TempDir dir;
  runner_test::write_text(dir / "good.json", kGood);
  const Experiment e = load_experiment(dir / "good.json");
  ASSERT_EQ(e.positions.size(), 3u);
  EXPECT_EQ(e.positions[0].id, "LCTII.FIN.08");
  EXPECT_EQ(e.positions[0].phase, "endgame");
  EXPECT_EQ(e.positions[1].phase, "middlegame");
  EXPECT_EQ(e.positions[2].thesis_position, 4);
  EXPECT_EQ(e.depths, (std::vector<int>{1, 2, 3}));
  ASSERT_EQ(e.versions.size(), 2u);
  EXPECT_FALSE(e.versions[1].search.lmr);
  EXPECT_TRUE(e.versions[1].search.null_move);
  ASSERT_EQ(e.sweeps.size(), 1u);
  EXPECT_EQ(e.sweeps[0].positions.size(), 3u);

  const auto cells = enumerate_cells(e, "engine-x");
  EXPECT_EQ(cells.size(), 3u * 2u * 3u + 3u * 2u * 2u * 1u);
  std::set<std::string> keys;
  for (const auto& c : cells) keys.insert(c.key);
  EXPECT_EQ(keys.size(), cells.size());
  // Another engine identity changes every key; the same one reproduces them.
  EXPECT_NE(enumerate_cells(e, "engine-y")[0].key, cells[0].key);
  EXPECT_EQ(enumerate_cells(e, "engine-x")[0].key, cells[0].key);
  // The resolved form round-trips.
  EXPECT_EQ(Experiment::from_json(e.to_json(), "x").to_json(), e.to_json());
  // A new cell's written flags (its flag set, named by its hash) are complete: applying them to any start gives the
  // same config back.
  const nlohmann::json written = cells.back().inputs.key_json();
  const nlohmann::json set_flags = nlohmann::json::parse(*cells.back().flag_set.text);
  EXPECT_EQ(written["flags"], cells.back().flag_set.hash);
  EXPECT_EQ(fnv1a_hex(set_flags.dump()), cells.back().flag_set.hash);
  buho::SearchConfig s;
  buho::EvalConfig ev;
  s.pvs = !s.pvs;
  apply_flags(set_flags, s, ev, "test");
  EXPECT_EQ(flags_to_json(s, ev), set_flags);
  EXPECT_EQ(cells.back().inputs.tt_entries(), 2048);
  EXPECT_EQ(written["tt_entries"], 2048);
  EXPECT_EQ(written["tt_scheme"], "depth");
  EXPECT_EQ(cells.back().key, cell_key(written, "engine-x"));
  // Each sweep point stands in the sweep's table only, with the point's scheme set through the flag table.
  EXPECT_EQ(cells.back().tables, std::vector<TableRef>{TableRef::sweep_named("tt")});
  EXPECT_EQ(cells.back().inputs.tt_scheme(), "depth");
}

TEST(ExperimentConfig, VersionCellAndIdenticalSweepPointAreOneCell) {
  TempDir dir;
  runner_test::write_text(dir / "c.json", R"({"name": "t", "positions": [{"epd": "positions/lct2.epd", "id": "LCTII.FIN.08"}],
    "depths": [3], "versions": ["D"],
    "sweeps": [{"version": "D", "tt_entries": [1024, 2097152], "tt_schemes": ["depth_always"]}]})");
  const auto cells = enumerate_cells(load_experiment(dir / "c.json"), "e");
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].tables, (std::vector<TableRef>{TableRef::versions(), TableRef::sweep_named("tt")}));
  EXPECT_EQ(cells[1].tables, (std::vector<TableRef>{TableRef::sweep_named("tt")}));
}

TEST(ExperimentConfigErrors, NotJson) { expect_error("{\"name\": \"t\",\n  \"depths\": [1,}", {"not valid JSON", "line 2"}); }

// Found by fuzz/experiment_config_fuzz.cpp (fuzz/regressions/experiment_config_fuzz/): a number too large for a double
// (1E999) is not a parse_error to nlohmann/json but an out_of_range, which escaped as an internal error (exit 1).
TEST(ExperimentConfigErrors, NumberTooLargeIsNotValidJson) {
  expect_error(R"({"name": "t", "positions": [{"fen": "startpos"}], "depths": [1E999], "versions": ["A"]})",
               {"not valid JSON", "number overflow", "1E999"});
  TempDir dir;
  const auto presets = dir / "presets.json";
  runner_test::write_text(presets, R"({"versions": [{"name": "A", "flags": {"tt_entries": 1E999}}]})");
  runner_test::write_text(dir / "c.json", R"({"name": "t", "presets": ")" + presets.string() +
                                              R"(", "positions": [{"fen": "startpos"}], "depths": [1], "versions": ["A"]})");
  try {
    load_experiment(dir / "c.json");
    ADD_FAILURE() << "a presets file with 1E999 was accepted";
  } catch (const UserError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find(presets.string() + ": not valid JSON"), std::string::npos) << msg;
  }
}

// Found by fuzz/experiment_config_fuzz.cpp (fuzz/regressions/experiment_config_fuzz/): an EPD id that is not UTF-8
// reached the JSON writer and escaped as an internal error (exit 1); now the EPD line is refused as bad input. Valid
// UTF-8 beyond ASCII stays accepted.
TEST(ExperimentConfigErrors, EpdLineNotUtf8IsBadInput) {
  TempDir dir;
  const auto epd = dir / "x.epd";
  const std::string good_fen = "8/8/8/4k3/8/8/8/KQ6 w - -";
  for (const auto& [id, ok] : {std::pair<std::string, bool>{"\"caf\xc3\xa9\"", true}, {"\"\xb1P1\"", false},
                               {"\"\xc3\"", false}, {"\"\xe0\x80\xaf\"", false}, {"\"\xed\xa0\x80\"", false}}) {
    runner_test::write_text(epd, "# a comment\n" + good_fen + " id " + id + ";\n");
    runner_test::write_text(dir / "c.json", R"({"name": "t", "positions": [{"epd": ")" + epd.string() +
                                                R"("}], "depths": [1], "versions": ["A"]})");
    try {
      const Experiment e = load_experiment(dir / "c.json");
      EXPECT_TRUE(ok) << "accepted a line that is not UTF-8: " << id;
      EXPECT_FALSE(e.to_json().dump().empty());  // the stored form is written without an error
    } catch (const UserError& err) {
      const std::string msg = err.what();
      EXPECT_FALSE(ok) << msg;
      EXPECT_NE(msg.find("line 2: not valid UTF-8"), std::string::npos) << msg;
    }
  }
}

TEST(ExperimentConfigErrors, MissingField) { expect_error(R"({"name": "t", "positions": [{"fen": "startpos"}], "versions": ["A"]})", {"$", "missing required key 'depths'"}); }

TEST(ExperimentConfigErrors, UnknownKey) { expect_error(with("\"name\": \"t\",", "\"name\": \"t\", \"depth\": 3,"), {"$", "unknown key 'depth'", "valid:", "depths"}); }

TEST(ExperimentConfigErrors, UnknownFlag) {
  expect_error(with("{\"lmr\": false}", "{\"lmrr\": false}"), {"$.versions[1]", "lmrr", "lmr_min_depth"});
}

TEST(ExperimentConfigErrors, UnknownPreset) { expect_error(with("[\"B\",", "[\"Z\","), {"$.versions[0]", "'Z'", "A", "H"}); }

TEST(ExperimentConfigErrors, DepthZero) { expect_error(with("{\"from\": 1, \"to\": 3}", "[0, 1]"), {"$.depths[0]", "depth must be in 1..40, got 0"}); }

// One limit for a table size: the tt_entries flag's range in the engine's flag table.
TEST(ExperimentConfigErrors, TtEntriesOutsideTheFlagsRange) {
  const auto* p = buho::find_param(buho::search_params(), "tt_entries");
  ASSERT_NE(p, nullptr);
  const std::string range = fmt::format("TT entries must be in {}..{}", p->min, p->max);
  expect_error(with("[1024, 2048]", "[1024, -5]"), {"$.sweeps[0].tt_entries[1]", range, "got -5"});
  expect_error(with("[1024, 2048]", "[1024, 0]"), {"$.sweeps[0].tt_entries[1]", range, "got 0"});
  expect_error(with("[1024, 2048]", fmt::format("[1024, {}]", p->max + 1LL)), {"$.sweeps[0].tt_entries[1]", range});
  expect_error(with("[1024, 2048]", "[1024, 2.5]"), {"$.sweeps[0].tt_entries[1]", "must be an integer", "2.5"});
  TempDir dir;
  runner_test::write_text(dir / "max.json", with("[1024, 2048]", fmt::format("[1024, {}]", p->max)));
  EXPECT_EQ(load_experiment(dir / "max.json").sweeps[0].tt_entries.back(), p->max);
}

TEST(ExperimentConfigErrors, UnknownScheme) {
  expect_error(with("[\"always\", \"depth\"]", "[\"always\", \"deepest\"]"),
               {"$.sweeps[0].tt_schemes[1]", "unknown scheme 'deepest'", "always, never, depth, depth_always"});
}

// A mistyped id names the ids nearest to it (edit distance, at most 5), not every id of the suite.
TEST(ExperimentConfigErrors, UnknownEpdIdNamesTheNearestIds) {
  expect_error(with("\"LCTII.POS.09\"", "\"LCTII.POS.99\""),
               {"$.positions[0].ids[1]", "LCTII.POS.99", "nearest of its 35 ids: LCTII.POS.09, "});
  TempDir dir;
  runner_test::write_text(dir / "bad.json", with("\"LCTII.POS.09\"", "\"lctii.pos.9\""));
  const auto r = runner_test::run_harness("run '" + (dir / "bad.json").string() + "' --out '" + (dir / "out").string() + "'");
  EXPECT_EQ(r.code, 2) << r.output;
  const auto at = r.output.find("nearest of its 35 ids: ");
  ASSERT_NE(at, std::string::npos) << r.output;
  const std::string named = r.output.substr(at, r.output.find('\n', at) - at);
  EXPECT_EQ(named.rfind("nearest of its 35 ids: LCTII.POS.09, ", 0), 0u) << named;  // case is ignored
  EXPECT_EQ(std::count(named.begin(), named.end(), ','), 4) << "five ids: " << named;
  EXPECT_EQ(r.output.find("LCTII.CMB.01"), std::string::npos) << "an id far from it: " << r.output;
}

TEST(NearestNames, EditDistanceIgnoringCaseNearestFirstThenInOrder) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("WAC.001", "wac.001"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(nearest_names("WAC.01", {"WAC.100", "WAC.010", "WAC.001", "WAC.299"}, 2),
            (std::vector<std::string>{"WAC.010", "WAC.001"}));
  EXPECT_EQ(nearest_names("x", {"a"}), std::vector<std::string>{"a"});
}

// A relative EPD or presets file is looked for beside the config first, then in the project root (where the
// shipped configs name positions/ and configs/ from); neither: exit 2 naming both places.
TEST(ExperimentConfig, PathsResolveBesideTheConfigThenInTheProjectRoot) {
  TempDir dir;
  std::filesystem::create_directories(dir / "mine" / "positions");
  runner_test::write_text(dir / "mine" / "my.epd", "8/8/8/4k3/8/8/4P3/4K3 w - - id \"own-kpk\";\n");
  // positions/lct2.epd beside the config wins over the project root's.
  runner_test::write_text(dir / "mine" / "positions" / "lct2.epd", "8/8/8/4k3/8/8/3P4/4K3 w - - id \"LCTII.FIN.08\";\n");
  runner_test::write_text(dir / "mine" / "presets.json", R"({"versions": [{"name": "mine", "flags": {"lmr": false}}]})");
  runner_test::write_text(dir / "mine" / "c.json", R"({"name": "t", "presets": "presets.json",
    "positions": [{"epd": "my.epd"}, {"epd": "positions/lct2.epd", "id": "LCTII.FIN.08"},
                  {"epd": "positions/wac.epd", "id": "WAC.001"}],
    "depths": [1], "versions": ["mine"]})");
  const Experiment e = load_experiment(dir / "mine" / "c.json");
  ASSERT_EQ(e.positions.size(), 3u);
  EXPECT_EQ(e.positions[0].id, "own-kpk");
  EXPECT_EQ(e.positions[1].fen, "8/8/8/4k3/8/8/3P4/4K3 w - - 0 1") << "the config's folder first";
  EXPECT_EQ(e.positions[2].id, "WAC.001") << "then the project root";
  ASSERT_EQ(e.versions.size(), 1u);
  EXPECT_EQ(e.versions[0].name, "mine");

  runner_test::write_text(dir / "mine" / "missing.json",
                          R"({"name": "t", "positions": [{"epd": "gone.epd"}], "depths": [1], "versions": ["A"]})");
  const auto r = runner_test::run_harness("run '" + (dir / "mine" / "missing.json").string() + "' --out '" +
                                          (dir / "out").string() + "'");
  EXPECT_EQ(r.code, 2) << r.output;
  for (const std::string& part : {"$.positions[0].epd: EPD file 'gone.epd': no such file beside the config ('" +
                                     (dir / "mine" / "gone.epd").string() + "')",
                                 "nor in the project root ('" + harness::project_path("gone.epd").string() + "')"})
    EXPECT_NE(r.output.find(part), std::string::npos) << part << "\n" << r.output;
}

TEST(ExperimentConfigErrors, EpdLineFailsToLoad) {
  TempDir dir;
  runner_test::write_text(dir / "p.epd", "8/8/8/4k3/8/8/4P3/4K3 w - - id \"ok\";\n8/8/8/9/8/8/8/8 w - - id \"bad\";\n");
  const std::string quoted_epd = fmt::format("\"{}\"", (dir / "p.epd").string());  // not "\"" + string: GCC 12 false -Wstringop-overflow
  expect_error(with("\"positions/lct2.epd\"", quoted_epd), {"$.positions[0].epd", "line 2"});
}

TEST(ExperimentConfigErrors, BadInlineFen) { expect_error(with("8/8/8/4k3/8/8/4P3/4K3 w", "8/8/8/4k3/8/8/4P3/4K3 x"), {"$.positions[1].fen", "bad FEN"}); }

TEST(ExperimentConfigErrors, FailedRunLeavesExistingOutputUntouched) {
  TempDir dir;
  const auto out = dir / "out";
  std::filesystem::create_directories(out);
  runner_test::write_text(out / "cells.jsonl", "precious\n");
  runner_test::write_text(out / "experiment.json", "{}");
  runner_test::write_text(dir / "bad.json", with("[\"B\",", "[\"Z\","));
  const auto r = runner_test::run_harness("run " + (dir / "bad.json").string() + " --out " + out.string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: "), std::string::npos);
  EXPECT_EQ(runner_test::read_text(out / "cells.jsonl"), "precious\n");
  EXPECT_EQ(runner_test::read_text(out / "experiment.json"), "{}");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(out), std::filesystem::directory_iterator()), 2);
}

// configs/heinz-wac.json maps Heinz 1998's terms onto versions: G-normal prunes at frontier nodes only (the depth-2
// margin out of reach), +pre_frontier_futility is G itself (his extended futility), both factors are G with limited
// razoring; the pruning-cost section's steps are his two comparisons.
TEST(ExperimentConfig, HeinzWacConfigRunsHisComparisons) {
  const Experiment e = load_experiment(std::filesystem::path(BUHO_SOURCE_DIR) / "configs/heinz-wac.json");
  std::vector<std::string> names;
  for (const auto& v : e.versions) names.push_back(v.name);
  ASSERT_EQ(names, (std::vector<std::string>{"G-normal", "G-normal+limited_razoring", "G-normal+pre_frontier_futility",
                                             "G-normal+limited_razoring+pre_frontier_futility"}));
  // The config takes configs/versions.json's G (configs/heinz-wac-v4.json, at tag results-history, named older readings).
  const auto g = PresetBook::load(std::filesystem::path(BUHO_SOURCE_DIR) / "configs/versions.json").resolve("G");
  EXPECT_EQ(e.versions[0].search.futility_margin_2, 10000);
  EXPECT_EQ(flags_to_json(e.versions[2].search, e.versions[2].eval), flags_to_json(g.search, g.eval));
  buho::SearchConfig razor = g.search;
  razor.limited_razoring = true;
  EXPECT_EQ(flags_to_json(e.versions[3].search, e.versions[3].eval), flags_to_json(razor, g.eval));
  const auto steps = pruning_steps(e);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[1].version, "G-normal+pre_frontier_futility");
  EXPECT_EQ(steps[1].base, "G-normal");
  EXPECT_EQ(steps[2].version, "G-normal+limited_razoring+pre_frontier_futility");
  EXPECT_EQ(steps[2].base, "G-normal+pre_frontier_futility");
  // Heinz's claims, in configs/claims/heinz-wac.json: each a node ratio and a change in positions solved at depth 8.
  ASSERT_EQ(e.claims.size(), 2u);
  EXPECT_EQ(e.claims[1].id, "H2");
  ASSERT_EQ(e.claims[1].parts.size(), 2u);
  EXPECT_EQ(e.claims[1].parts[0].figure.to, "G-normal+limited_razoring+pre_frontier_futility");
  EXPECT_EQ(e.claims[1].parts[0].figure.from, "G-normal+pre_frontier_futility");
  EXPECT_EQ(e.claims[1].parts[1].figure.metric, "solved_change");
  EXPECT_EQ(e.claims[1].parts[0].figure.depths.list, std::vector<int>{8});
}

TEST(ExperimentConfig, ShippedConfigsLoad) {
  const std::map<std::string, std::size_t> expected_cells = {
      {"quick.json", 5u * 8u * 5u + 4u * 4u * 10u},
      {"thesis-versions.json", 6u * 8u * 9u},
      {"thesis-tt.json", 5u * 4u * 11u},
      {"lct2-all.json", 35u * 8u * 7u},
      {"ablation-h.json", 35u * 9u * 8u},
      {"factorial.json", 35u * 128u * 5u + 35u * 4u},  // and the minimal tree at depths 1-4
      {"etc-d.json", 35u * 2u * 9u},
      {"etc-h.json", 35u * 2u * 12u},
      {"heinz-wac.json", 299u * 4u * 2u},
      {"heinz-wac-10.json", 299u * 4u}};
  for (const auto& [file, cells] : expected_cells) {
    const Experiment e = load_experiment(std::filesystem::path(BUHO_SOURCE_DIR) / "configs" / file);
    const auto n = enumerate_cells(e, "x").size();
    EXPECT_EQ(n, cells) << file;
  }
  const Experiment tv = load_experiment(std::filesystem::path(BUHO_SOURCE_DIR) / "configs/thesis-versions.json");
  for (int i = 0; i < 6; ++i) EXPECT_EQ(tv.positions[std::size_t(i)].thesis_position, i + 1);
  // Appendix B under the readings of docs/readings.md §15: every version carries Q2A2 through A (Alg. 4 as printed)
  // and V1's bound kinds (no horizon entries); the forward-pruning readings are set where each heuristic is switched
  // on (F, G, H): G is Alg. 11 as printed (alpha and the material balance at entry, no mate guard); no budget.
  const Experiment& cal = tv;
  EXPECT_EQ(cal.node_budget, 0u);
  ASSERT_EQ(cal.versions.size(), 8u);
  for (const auto& v : cal.versions) {
    EXPECT_EQ(v.search.qsearch_order, buho::QsearchOrder::MvvLva) << v.name;
    EXPECT_EQ(v.search.qsearch_captures, buho::QsearchCaptures::All) << v.name;
    EXPECT_EQ(v.search.generation_order, buho::GenerationOrder::CapturesFirst) << v.name;
    const bool from_f = v.name >= "F", from_g = v.name >= "G", from_h = v.name == "H";
    EXPECT_FALSE(v.search.tt_horizon) << v.name;
    EXPECT_EQ(v.search.tt_bound_use, buho::TtBoundUse::AsDescribed) << v.name;
    EXPECT_EQ(v.search.null_move_min_depth, from_f ? 4 : 3) << v.name;
    EXPECT_EQ(v.search.null_move_at_root, from_f) << v.name;
    EXPECT_EQ(v.search.futility_alpha, from_g ? buho::FutilityAlpha::Entry : buho::FutilityAlpha::Current) << v.name;
    EXPECT_EQ(v.search.futility_mate_guard, !from_g) << v.name;
    EXPECT_EQ(v.search.futility_material, buho::FutilityMaterial::BeforeMove) << v.name;
    EXPECT_EQ(v.search.futility_positional, buho::FutilityPositional::None) << v.name;
    EXPECT_EQ(v.search.lmr_scope, from_h ? buho::LmrScope::AfterAlphaRaised : buho::LmrScope::EveryNode) << v.name;
    EXPECT_EQ(v.search.lmr_min_depth, from_h ? 3 : 2) << v.name;
    EXPECT_EQ(v.search.lmr_min_moves, from_h ? 6 : 4) << v.name;
  }
  EXPECT_FALSE(cal.versions.front().search.null_move);  // A is still plain alpha-beta
  EXPECT_TRUE(cal.versions.back().search.lmr);
  EXPECT_EQ(cal.positions.front().id, "LCTII.POS.13");  // results/mapping-v5
  EXPECT_EQ(cal.positions.back().id, "LCTII.FIN.08");
}

// The schema states the limits the parser takes from the flag table (the one place they are written).
TEST(ExperimentConfig, SchemaAgreesWithTheFlagTable) {
  std::ifstream in(std::filesystem::path(BUHO_SOURCE_DIR) / "configs/experiment.schema.json");
  const nlohmann::json schema = nlohmann::json::parse(in);
  const nlohmann::json& sweep = schema["properties"]["sweeps"]["items"]["properties"];
  const auto* entries = buho::find_param(buho::search_params(), "tt_entries");
  ASSERT_NE(entries, nullptr);
  EXPECT_EQ(sweep["tt_entries"]["items"]["minimum"], entries->min);
  EXPECT_EQ(sweep["tt_entries"]["items"]["maximum"], entries->max);
  // Scheme names are written once (engine/search_config.h); the schema points there instead of copying them, so a new
  // scheme touches no schema. The parser is what refuses an unknown name.
  EXPECT_FALSE(sweep["tt_schemes"]["items"].contains("enum"));
  EXPECT_EQ(sweep["tt_schemes"]["items"]["type"], "string");
  EXPECT_NE(sweep["tt_schemes"]["items"]["description"].get<std::string>().find("tt_scheme"), std::string::npos);
}

// A sweep's sizes as memory. Each scheme gets the whole entries that fit in the bytes, so a
// two-slot scheme has half the entries of a one-slot one at the same memory.
TEST(ExperimentConfig, SweepSizedInBytesGivesEachSchemeTheEntriesThatFit) {
  TempDir dir;
  runner_test::write_text(dir / "b.json", R"({"name": "t", "positions": [{"epd": "positions/lct2.epd", "id": "LCTII.FIN.08"}],
    "depths": [3], "sweeps": [{"version": "H", "tt_bytes": [65536, 1000000],
                               "tt_schemes": ["depth", "depth_always", "big1", "two_big1", "bucket4"]}]})");
  const Experiment e = load_experiment(dir / "b.json");
  ASSERT_EQ(e.sweeps.size(), 1u);
  const SweepSpec& s = e.sweeps[0];
  EXPECT_TRUE(s.sized_in_bytes());
  EXPECT_TRUE(s.tt_entries.empty());
  EXPECT_EQ(s.size_count(), 2u);
  // 16-byte entries; depth_always two slots (32); big1 20; two_big1 2 x 20; bucket4 4 x 16.
  EXPECT_EQ(s.entries_at(0, "depth"), 4096);
  EXPECT_EQ(s.entries_at(0, "depth_always"), 2048);
  EXPECT_EQ(s.entries_at(0, "big1"), 3276);
  EXPECT_EQ(s.entries_at(0, "two_big1"), 1638);
  EXPECT_EQ(s.entries_at(0, "bucket4"), 1024);
  EXPECT_EQ(s.entries_at(1, "depth"), 62500);
  for (const char* scheme : {"depth", "depth_always", "big1", "two_big1", "bucket4"})
    for (std::size_t i = 0; i < 2; ++i)
      EXPECT_LE(std::uint64_t(s.entries_at(i, scheme)) * bytes_per_entry(scheme), s.tt_bytes[i]) << scheme;
  // The cells carry the converted entry counts (their identity is entries + scheme, as before).
  const auto cells = enumerate_cells(e, "e");
  ASSERT_EQ(cells.size(), 10u);
  EXPECT_EQ(cells[0].inputs.tt_scheme(), "depth");
  EXPECT_EQ(cells[0].inputs.tt_entries(), 4096);
  EXPECT_EQ(cells[3].inputs.tt_scheme(), "depth_always");
  EXPECT_EQ(cells[3].inputs.tt_entries(), 31250);
  // The stored form keeps the sizes in bytes and reads back to the same experiment.
  const nlohmann::json stored = e.to_json();
  EXPECT_EQ(stored["sweeps"][0]["tt_bytes"], nlohmann::json({65536, 1000000}));
  const Experiment back = Experiment::from_json(stored, "experiment.json");
  EXPECT_TRUE(same_experiment(e, back));
  EXPECT_EQ(back.sweeps[0].entries_at(1, "two_big1"), 25000);
  // A sweep sized in entries stores no tt_bytes (its stored form is what it was before tt_bytes existed).
  runner_test::write_text(dir / "good.json", kGood);
  EXPECT_FALSE(load_experiment(dir / "good.json").to_json()["sweeps"][0].contains("tt_bytes"));
}

TEST(ExperimentConfigErrors, SweepSizesInEntriesOrBytesNotBothNorNeither) {
  expect_error(with("\"tt_entries\": [1024, 2048]", "\"tt_entries\": [1024], \"tt_bytes\": [65536]"),
               {"$.sweeps[0]", "either as \"tt_entries\" or as \"tt_bytes\""});
  expect_error(with("\"tt_entries\": [1024, 2048], ", ""), {"$.sweeps[0]", "either as \"tt_entries\" or as \"tt_bytes\""});
  expect_error(with("\"tt_entries\": [1024, 2048]", "\"tt_bytes\": []"), {"$.sweeps[0].tt_bytes", "non-empty list"});
  expect_error(with("\"tt_entries\": [1024, 2048]", "\"tt_bytes\": [65536, 0]"), {"$.sweeps[0].tt_bytes[1]", "got 0"});
  // 20 bytes hold one 16-byte entry of `always` but no 32-byte entry of `depth`... of depth_always.
  expect_error(with("\"tt_entries\": [1024, 2048], \"tt_schemes\": [\"always\", \"depth\"]",
                    "\"tt_bytes\": [20], \"tt_schemes\": [\"always\", \"depth_always\"]"),
               {"$.sweeps[0].tt_bytes[0]", "20 bytes hold 0 entries of scheme 'depth_always' (32 bytes each)"});
}

// The TT study's unlimited table is a sweep marked "reference" (one scheme, one size); several such
// sweeps may cover different depths with different sizes, but one scheme. The mark is stored, absent when unset.
TEST(ExperimentConfig, ReferenceSweepIsReadStoredAndChecked) {
  TempDir dir;
  const std::string good = R"({"name": "t", "positions": [{"epd": "positions/lct2.epd", "id": "LCTII.FIN.08"}],
    "depths": [3], "sweeps": [{"name": "s", "version": "D", "tt_bytes": [65536], "tt_schemes": ["depth", "two_deep"]},
                              {"name": "u3", "version": "D", "tt_entries": [1048576], "tt_schemes": ["depth_always"], "reference": true},
                              {"name": "u4", "version": "D", "tt_entries": [1048576], "tt_schemes": ["depth_always"], "depths": [4], "reference": true}]})";
  runner_test::write_text(dir / "r.json", good);
  const Experiment e = load_experiment(dir / "r.json");
  ASSERT_EQ(e.sweeps.size(), 3u);
  EXPECT_FALSE(e.sweeps[0].reference);
  EXPECT_TRUE(e.sweeps[1].reference);
  const nlohmann::json stored = e.to_json();
  EXPECT_FALSE(stored["sweeps"][0].contains("reference"));
  EXPECT_EQ(stored["sweeps"][1]["reference"], true);
  EXPECT_TRUE(Experiment::from_json(stored, "experiment.json").sweeps[2].reference);
  auto bad = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const auto pos = s.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    return s.replace(pos, from.size(), to);
  };
  expect_error(bad(R"("depth_always"], "reference": true},)", R"("depth_always"], "reference": "yes"},)"),
               {"$.sweeps[1].reference", "expected true or false"});
  expect_error(bad(R"("tt_entries": [1048576], "tt_schemes": ["depth_always"], "reference": true},)",
                   R"("tt_entries": [1048576], "tt_schemes": ["depth_always", "depth"], "reference": true},)"),
               {"$.sweeps[1].reference", "exactly one scheme and one size"});
  runner_test::write_text(dir / "sizes.json", bad(R"("tt_entries": [1048576], "tt_schemes": ["depth_always"], "depths": [4])",
                                                  R"("tt_entries": [2097152], "tt_schemes": ["depth_always"], "depths": [4])"));
  EXPECT_EQ(load_experiment(dir / "sizes.json").sweeps[2].tt_entries, std::vector<int>{2097152});
  expect_error(bad(R"("tt_entries": [1048576], "tt_schemes": ["depth_always"], "depths": [4])",
                   R"("tt_entries": [1048576], "tt_schemes": ["depth"], "depths": [4])"),
               {"$.sweeps[2].reference", "'u3' and 'u4' use different schemes"});
}

}  // namespace experiment_config_test
