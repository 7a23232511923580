// configs/versions.json and the shared preset resolution.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "harness/errors.h"
#include "harness/paths.h"
#include "harness/experiment/presets.h"
#include "runner_test_util.h"

#include <nlohmann/json.hpp>

namespace presets_test {

using harness::PresetBook;
using nlohmann::json;

PresetBook book() { return PresetBook::load(harness::project_path("configs/versions.json")); }

TEST(Presets, VersionsAToHEachAddTheirTechnique) {
  const PresetBook b = book();
  EXPECT_EQ(b.names(), (std::vector<std::string>{"A", "B", "C", "D", "E", "F", "G", "H", "I"}));
  const auto a = b.resolve("A").search;
  EXPECT_TRUE(a.quiescence);
  EXPECT_FALSE(a.iterative_deepening || a.mvv_lva || a.killers || a.history || a.hash_move || a.pvs || a.tt_cutoffs ||
               a.aspiration || a.null_move || a.futility || a.lmr);
  const auto bb = b.resolve("B").search;
  EXPECT_TRUE(bb.iterative_deepening && bb.mvv_lva && bb.killers && bb.history && bb.hash_move);
  EXPECT_FALSE(bb.tt_cutoffs);  // the table only orders moves in B
  EXPECT_TRUE(b.resolve("C").search.pvs);
  EXPECT_TRUE(b.resolve("D").search.tt_cutoffs);
  EXPECT_TRUE(b.resolve("E").search.aspiration);
  EXPECT_TRUE(b.resolve("F").search.null_move);
  EXPECT_TRUE(b.resolve("G").search.futility);
  // H is the thesis's final engine: the struct defaults (the readings of sessions 1-4, configs/versions-readings-v1.json)
  // except exactly the readings the calibrations chose (docs/readings.md §11-13).
  const auto h = b.resolve("H");
  const auto defaults = harness::flags_to_json(buho::SearchConfig{}, buho::EvalConfig{});
  std::set<std::string> differ;
  for (const auto& [key, value] : defaults.items())
    if (h.flags.at(key) != value) differ.insert(key);
  // Since the mapping rounds of docs/readings.md §15: quiescence Q2A2 (every capture, the default's, ordered in
  // every version, the generator's captures first), D's bound kinds as the prose reads them (V1, the default's),
  // F's null move from depth 4 at the root too (N3R), G's Alg. 11 as printed (F2A1B1uP1: alpha and the material
  // balance at entry, no mate guard, at the root too), H's Alg. 12 scope with 6 moves in full (its minimum depth 3
  // is the default's).
  EXPECT_EQ(differ, (std::set<std::string>{"futility_alpha", "futility_at_root", "futility_mate_guard", "futility_material",
                                           "generation_order", "lmr_min_moves", "lmr_scope", "null_move_at_root",
                                           "null_move_min_depth", "null_move_min_material", "qsearch_order"}));
  const PresetBook v1 = PresetBook::load(harness::project_path("configs/versions-readings-v1.json"));
  EXPECT_EQ(v1.resolve("H").flags, defaults);
  for (const char* v : {"A", "B", "C", "D", "E", "F", "G", "H"}) {
    const auto s = b.resolve(v).search;
    EXPECT_FALSE(s.check_ext || s.single_reply_ext || s.threat_ext || s.pawn_ext || s.king_safety_ext) << v;
    EXPECT_TRUE(s.quiescence) << v;
  }
}

TEST(Presets, VersionAListsEverySearchFlag) {
  const json j = json::parse(std::ifstream(harness::project_path("configs/versions.json")));
  const json& a = j["versions"][0]["flags"];
  for (const auto& p : buho::search_params()) EXPECT_TRUE(a.contains(std::string(p.name))) << p.name;
  EXPECT_EQ(a.size(), buho::search_params().size());
}

TEST(Presets, ResolvedFlagsNameEverySearchFlagAndEvalTerm) {
  const auto h = book().resolve("H");
  EXPECT_EQ(h.flags.size(), buho::search_params().size() + buho::eval_params().size());
  EXPECT_EQ(h.flags["tt_scheme"], "depth_always");
  EXPECT_EQ(h.flags["eval.material"], true);
}

TEST(Presets, CustomVersionsAndErrors) {
  PresetBook b = book();
  b.add(json{{"name", "H-nolmr"}, {"extends", "H"}, {"flags", {{"lmr", false}, {"eval.material", true}}}}, "test");
  const auto v = b.resolve("H-nolmr");
  EXPECT_FALSE(v.search.lmr);
  EXPECT_TRUE(v.search.futility);
  EXPECT_THROW(b.resolve("Z"), harness::UserError);
  EXPECT_THROW(b.add(json{{"name", "x"}, {"flags", {{"pvss", true}}}}, "test"), harness::UserError);
  EXPECT_THROW(b.add(json{{"name", "y"}, {"flags", {{"pvs", 1}}}}, "test"), harness::UserError);
  EXPECT_THROW(b.add(json{{"name", "z"}, {"flags", {{"tt_scheme", "sometimes"}}}}, "test"), harness::UserError);
  EXPECT_THROW(b.add(json{{"name", "A"}}, "test"), harness::UserError);  // defined twice
  b.add(json{{"name", "p"}, {"extends", "q"}}, "test");
  b.add(json{{"name", "q"}, {"extends", "p"}}, "test");
  try {
    b.resolve("p");
    FAIL() << "cycle not detected";
  } catch (const harness::UserError& e) {
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos);
  }
  try {
    buho::SearchConfig s;
    buho::EvalConfig e;
    harness::apply_flags(json{{"pvs", "yes"}}, s, e, "where.json: $.flags");
    FAIL();
  } catch (const harness::UserError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("where.json"), std::string::npos);
    EXPECT_NE(m.find("pvs"), std::string::npos);
    EXPECT_NE(m.find("true or false"), std::string::npos);
  }
}

TEST(Presets, FlagsRoundTrip) {
  buho::SearchConfig s;
  buho::EvalConfig e;
  s.tt_scheme = buho::ReplacementScheme::Never;
  s.null_move_r = 3;
  const json j = harness::flags_to_json(s, e);
  buho::SearchConfig s2;
  buho::EvalConfig e2;
  harness::apply_flags(j, s2, e2, "roundtrip");
  EXPECT_EQ(harness::flags_to_json(s2, e2), j);
  harness::apply_flag_text("tt_scheme=depth", s2, e2, "--set");
  EXPECT_EQ(s2.tt_scheme, buho::ReplacementScheme::Depth);
  EXPECT_THROW(harness::apply_flag_text("tt_entries=0", s2, e2, "--set"), harness::UserError);
  EXPECT_THROW(harness::apply_flag_text("eval.nope=1", s2, e2, "--set"), harness::UserError);
}

// `harness flags` prints, beside the engine's built-in default, version H's value in configs/versions.json (what
// `--version H` and `harness uci` use): a reader is no longer told defaults no command uses.
TEST(Presets, FlagsPrintsVersionHBesideTheDefaults) {
  const auto r = runner_test::run_harness("flags --json");
  ASSERT_EQ(r.code, 0) << r.output;
  const nlohmann::json flags = nlohmann::json::parse(r.output);
  const harness::ResolvedVersion h = harness::PresetBook::load(harness::project_path("configs/versions.json")).resolve("H");
  int differ = 0;
  for (const auto& f : flags) {
    ASSERT_TRUE(f.contains("version")) << f.dump();
    if (f["name"] == "null_move_min_depth") {
      EXPECT_EQ(f["version"], std::to_string(h.search.null_move_min_depth)) << f.dump();
    }
    differ += f["default"] != f["version"];
  }
  EXPECT_GT(differ, 0);  // the calibrated readings differ from the built-in ones
  const auto text = runner_test::run_harness("flags");
  EXPECT_NE(text.output.find("version H"), std::string::npos);
}

}  // namespace presets_test
