// The TT study (harness/report/tt_study.cpp) on hand-made result sets whose node counts decide each
// figure, and the geometric mean with its interval (harness/report/geometric_interval.cpp); the claims about its rows
// (configs/claims/tt-schemes.json: Breuker et al.'s B1-B3 and F, the thesis's C9a and C9b) judged by the claim
// evaluator through metric tt_load_ratio (harness/report/claim_metric_tt_load.cpp).
#include "harness/report/tt_study.h"

#include <gtest/gtest.h>

#include <fmt/core.h>

#include <cmath>
#include <functional>
#include <map>

#include "harness/errors.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/claim_spec.h"
#include "harness/report/claim_evaluator.h"

namespace tt_study_test {

using namespace harness;

// nodes(scheme, position index, table memory in bytes); the reference (depth_always, 1M entries) has kRefNodes
// nodes and stores kRefPositions positions. Tables are sized in memory, as configs/tt-schemes.json sizes them.
using NodeRule = std::function<std::uint64_t(const std::string&, int, std::uint64_t)>;
constexpr std::uint64_t kRefNodes = 100000;
constexpr std::uint64_t kRefPositions = 8192;

// thesis_tree > 0 adds a reference cell of version D on the thesis's position and depth (kThesisTtPosition,
// kThesisTtDepth) that stores that many positions.
ResultSet study_set(const NodeRule& nodes, std::vector<std::string> schemes, std::vector<std::uint64_t> bytes = {16384, 65536},
                    bool with_reference = true, int positions = 6, std::uint64_t thesis_tree = 0) {
  ResultSet rs;
  Experiment& x = rs.experiment;
  x.name = "tt-study";
  for (int i = 0; i < positions; ++i)
    x.positions.push_back({"P" + std::to_string(i), "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", std::nullopt, "endgame", ""});
  x.depths = {5};
  VersionSpec d{"D", "D", buho::SearchConfig{}, buho::EvalConfig{}};
  std::vector<std::string> ids;
  for (const auto& p : x.positions) ids.push_back(p.id);
  x.sweeps.push_back(SweepSpec{"s", d, {}, schemes, {5}, ids, bytes});
  if (with_reference) {
    SweepSpec ref{"unlimited", d, {1 << 20}, {"depth_always"}, {5}, ids};
    ref.reference = true;
    x.sweeps.push_back(ref);
  }
  if (thesis_tree > 0) {
    x.positions.push_back({kThesisTtPosition, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", std::nullopt, "endgame", ""});
    SweepSpec ref{"unlimited-thesis", d, {1 << 20}, {"depth_always"}, {kThesisTtDepth}, {kThesisTtPosition}};
    ref.reference = true;
    x.sweeps.push_back(ref);
  }
  rs.engine = "test-engine";
  rs.index();
  for (const CellSpec& c : rs.cells) {
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;  // searched to its depth unless the test says otherwise
    if (c.inputs.position == kThesisTtPosition) {
      r.counters = {{"nodes", kRefNodes}};
      r.load = TableLoad{thesis_tree, std::uint64_t(1 << 21)};
      rs.put(c.identity, r);
      continue;
    }
    const bool is_ref = c.inputs.tt_entries() == (1 << 20);
    const int pos = std::stoi(c.inputs.position.substr(1));
    const int slots = (c.inputs.tt_scheme() == "depth_always" || c.inputs.tt_scheme() == "two_deep") ? 2 : 1;
    const std::uint64_t memory = std::uint64_t(c.inputs.tt_entries()) * 16 * slots;  // 16-byte slots only here
    r.counters = {{"nodes", is_ref ? kRefNodes : nodes(c.inputs.tt_scheme(), pos, memory)}};
    r.load = TableLoad{is_ref ? kRefPositions : std::uint64_t(c.inputs.tt_entries()) * slots,
                       std::uint64_t(c.inputs.tt_entries()) * slots};
    rs.put(c.identity, r);
  }
  return rs;
}

// The set `rs` judged by the shipped claims about the TT study (configs/claims/tt-schemes.json): claim `id`.
Claim judged(ResultSet rs, const std::string& id) {
  nlohmann::json resolved;
  rs.experiment.claims = parse_claims(nlohmann::json::array({"configs/claims/tt-schemes.json"}), "test", "$.claims", nullptr, resolved);
  for (auto& c : evaluate_claims(rs))
    if (c.id == id) return c;
  ADD_FAILURE() << "no claim " << id;
  return {};
}

std::string words(const Claim& c) {
  std::string s(verdict_text(c.verdict()));
  for (const auto& p : c.parts) s += " | " + p.rule + " — " + p.figures + " — " + std::string(verdict_text(p.state));
  return s;
}

const TtStudyRow* row(const std::vector<TtStudyRow>& rows, const std::string& scheme, const std::string& group) {
  for (const auto& r : rows)
    if (r.scheme == scheme && r.group == group) return &r;
  return nullptr;
}

TEST(GeometricInterval, MeanAndStudentTInterval) {
  const GeometricInterval g = geometric_interval({2.0, 8.0});
  EXPECT_EQ(g.n, 2u);
  EXPECT_NEAR(g.mean, 4.0, 1e-12);
  // logs ln2, ln8: standard error ln 2; t(1 df, 97.5 %) = 12.7062.
  EXPECT_NEAR(std::log(g.high / g.mean), 12.7062 * std::log(2.0), 1e-3);
  EXPECT_NEAR(std::log(g.mean / g.low), 12.7062 * std::log(2.0), 1e-3);
  const GeometricInterval same = geometric_interval({0.9, 0.9, 0.9});
  EXPECT_NEAR(same.low, 0.9, 1e-12);
  EXPECT_TRUE(same.below_one());
  const GeometricInterval one = geometric_interval({0.5});
  EXPECT_FALSE(one.has_interval());
  EXPECT_FALSE(one.below_one());  // one position decides nothing
  EXPECT_EQ(geometric_interval({0.0, -1.0, NAN}).n, 0u);  // no ratio from a cell without nodes
}

TEST(TtStudy, AbsentWithoutAReferenceSweep) {
  const ResultSet rs = study_set([](auto&&...) { return std::uint64_t(1000); }, {"depth"}, {16384}, false);
  const TtStudy st = build_tt_study(rs);
  EXPECT_FALSE(st.present);
  EXPECT_EQ(tt_study_markdown(st), "");
  EXPECT_TRUE(tt_study_json(st).is_null());
}

TEST(TtStudy, RatiosToTheReferenceAndLoadAsPositionsPerSlot) {
  const ResultSet rs = study_set([](const std::string&, int pos, std::uint64_t bytes) {
    return std::uint64_t(bytes == 16384 ? 150000 + 1000 * pos : 110000);
  }, {"depth"});
  const TtStudy st = build_tt_study(rs);
  ASSERT_TRUE(st.present);
  EXPECT_EQ(st.positions, 6u);
  ASSERT_EQ(st.points.size(), 12u);
  for (const auto& p : st.points) {
    EXPECT_EQ(p.reference_nodes, kRefNodes);
    const int slots = p.scheme == "depth" ? 1 : 2;
    EXPECT_DOUBLE_EQ(p.load, double(kRefPositions) / (p.entries * slots));  // 8 at 16 KiB, 2 at 64 KiB
  }
  const TtStudyRow* small = row(st.by_memory, "depth", "16 KiB");
  ASSERT_NE(small, nullptr);
  EXPECT_GT(small->value.mean, 1.5);
  EXPECT_LT(small->value.mean, 1.56);
  EXPECT_TRUE(small->value.above_one());
  EXPECT_NE(row(st.by_load, "depth", "4–16"), nullptr);
  EXPECT_NE(row(st.by_load, "depth", "1–4"), nullptr);
  // A 4x step counts as two doublings: 110000 / 150000 per 4x is its square root per doubling, per position.
  const TtStudyRow* dbl = row(st.doubling_by_load, "depth", "4–16");
  ASSERT_NE(dbl, nullptr);
  std::vector<double> expected;
  for (int pos = 0; pos < 6; ++pos) expected.push_back(std::sqrt(110000.0 / (150000 + 1000 * pos)));
  EXPECT_NEAR(dbl->value.mean, geometric_interval(expected).mean, 1e-12);
  EXPECT_NE(tt_study_markdown(st).find("## The transposition-table study"), std::string::npos);
}

TEST(TtLoadClaims, TwoLevelClaimHoldsFailsOrIsUndecidedByTheInterval) {
  auto b1 = [](std::function<double(int)> two_level_factor) {
    const ResultSet rs = study_set([&](const std::string& s, int pos, std::uint64_t) {
      const double base = 200000 + 500 * pos;
      return std::uint64_t(s == "two_deep" || s == "two_big1" ? base * two_level_factor(pos) : base);
    }, {"depth", "two_deep", "big1", "two_big1"});
    return judged(rs, "B1");
  };
  const Claim holds = b1([](int pos) { return 0.90 + 0.01 * pos; });
  EXPECT_EQ(holds.verdict(), Verdict::holds) << words(holds);
  ASSERT_EQ(holds.parts.size(), 2u);  // one part per pair: the claim is their conjunction
  EXPECT_TRUE(holds.parts[0].tested);
  EXPECT_NE(holds.parts[0].rule.find("two_deep ÷ depth at equal memory, depth's tables at load >= 1"), std::string::npos)
      << holds.parts[0].rule;
  EXPECT_EQ(b1([](int pos) { return 1.10 + 0.01 * pos; }).verdict(), Verdict::does_not_hold);
  EXPECT_EQ(b1([](int pos) { return pos % 2 ? 0.8 : 1.2; }).verdict(), Verdict::undecided);
  // The figure is the study's own row: the same interval as its pairs table.
  const ResultSet rs = study_set([](const std::string& s, int pos, std::uint64_t) {
    return std::uint64_t(s == "two_deep" ? 180000 + 900 * pos : 200000);
  }, {"depth", "two_deep"});
  const TtStudy st = build_tt_study(rs);  // kept alive: row() points into it
  const TtStudyRow* r = row(st.pairs, "two_deep / depth", "equal memory");
  ASSERT_NE(r, nullptr);
  EXPECT_NE(judged(rs, "B1").parts[0].figures.find(fmt::format("{:+.1f} %", 100 * (r->value.mean - 1))), std::string::npos)
      << judged(rs, "B1").parts[0].figures;
  // two_big1 is not in that experiment: its part is not measured, and the claim holds on the part measured.
  EXPECT_EQ(judged(rs, "B1").verdict(), Verdict::holds_partly_measured);
}

TEST(TtStudy, PairsLeaveOutTablesThatHoldTheTree) {
  // At 256 KiB (16K slots) the load is 0.5: whatever the schemes do there is left out of the pairs.
  const ResultSet rs = study_set([](const std::string& s, int pos, std::uint64_t bytes) {
    if (bytes == 262144) return std::uint64_t(s == "two_deep" ? 400000 : 100000);  // would reverse B1
    return std::uint64_t(s == "two_deep" ? 180000 + pos : 200000 + pos);
  }, {"depth", "two_deep"}, {16384, 262144});
  const TtStudy st = build_tt_study(rs);
  const TtStudyRow* p = row(st.pairs, "two_deep / depth", "equal memory");
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->value.below_one());
  EXPECT_LT(p->value.mean, 0.91);
}

TEST(TtLoadClaims, ThesisOrderC9a) {
  const std::map<std::string, double> order = {{"never", 1.6}, {"always", 1.3}, {"depth", 1.2}, {"depth_always", 1.1}};
  const ResultSet rs = study_set([&](const std::string& s, int pos, std::uint64_t) {
    return std::uint64_t(kRefNodes * order.at(s) + 100 * pos);
  }, {"never", "always", "depth", "depth_always"});
  EXPECT_EQ(judged(rs, "C9a").verdict(), Verdict::holds) << words(judged(rs, "C9a"));
  const ResultSet reversed = study_set([&](const std::string& s, int pos, std::uint64_t) {
    return std::uint64_t(kRefNodes * (3.0 - order.at(s)) + 100 * pos);
  }, {"never", "always", "depth", "depth_always"});
  EXPECT_EQ(judged(reversed, "C9a").verdict(), Verdict::does_not_hold);
}

TEST(TtLoadClaims, C9bIsDecidedAtTheThesissLoads) {
  // The run's cell of the thesis's own search stores 1,257,559 positions: its 128K and 512K tables are loads 4.8 and
  // 1.2, bands 4-16 and 1-4.
  // Tables of 16-128 KiB are loaded 8, 4, 2 and 1 (depth_always: 2 slots an entry): the doublings from loads 8
  // and 4 fall in band 4-16, the one from load 2 in band 1-4.
  auto c9b = [](double high_band_step, double low_band_step) {
    const ResultSet rs = study_set([&](const std::string&, int pos, std::uint64_t bytes) {
      const double jitter = 0.004 * (pos - 2.5);  // positions differ a little, so each band has an interval
      double n = 300000;
      for (std::uint64_t b = 16384; b < bytes; b *= 2) n *= (b < 65536 ? high_band_step : low_band_step) + jitter;
      return std::uint64_t(n);
    }, {"depth_always"}, {16384, 32768, 65536, 131072}, true, 6, 1257559);
    return words(judged(rs, "C9b"));
  };
  // About 15 % at the 128K load and 5-7 % at the 512K load: the thesis's figures.
  EXPECT_EQ(c9b(0.85, 0.94).rfind("holds", 0), 0u) << c9b(0.85, 0.94);
  // 4 % where the thesis saves 15 %: what results/tt-schemes measures under V5.
  EXPECT_EQ(c9b(0.96, 0.94).rfind("does not hold", 0), 0u) << c9b(0.96, 0.94);
  // Nothing saved from the 512K load on.
  EXPECT_EQ(c9b(0.85, 1.00).rfind("does not hold", 0), 0u) << c9b(0.85, 1.00);
  // 9 % at the 128K load: the interval (about [0.90, 0.92]) meets the 10-20 % band's edge without lying inside
  // it: undecided, with n, where the rule that an interval need only meet the band said "holds".
  EXPECT_EQ(c9b(0.905, 0.94).rfind("undecided", 0), 0u) << c9b(0.905, 0.94);
  EXPECT_NE(c9b(0.905, 0.94).find("— undecided (n = 6)"), std::string::npos) << c9b(0.905, 0.94);
}

TEST(TtLoadClaims, C9bIsNotMeasuredWhereTheTablesMissTheThesissLoads) {
  // Every table here is loaded 8192 / 1024 = 8, 4 or 2 (depth_always: 2 slots an entry), so the doublings (from
  // loads 8 and 4) miss the band of the thesis's 512K table (1-4 on a tree of 1,257,559 positions): that part is not
  // measured, and the claim holds only as far as its 128K part (band 4-16: 18 % a doubling, inside 10-20 %) is measured.
  const ResultSet rs = study_set([](const std::string&, int pos, std::uint64_t bytes) {
    return std::uint64_t(bytes == 16384 ? 300000 + pos : 200000 + pos);
  }, {"depth_always"}, {16384, 32768, 65536}, true, 6, 1257559);
  const Claim c = judged(rs, "C9b");
  ASSERT_EQ(c.parts.size(), 2u);
  EXPECT_EQ(c.parts[1].state, Verdict::not_measured) << words(c);
  EXPECT_EQ(c.parts[1].figures, "no cells measured");
  EXPECT_EQ(c.parts[0].state, Verdict::holds) << words(c);
  EXPECT_EQ(c.verdict(), Verdict::holds_partly_measured);
}

TEST(TtLoadClaims, C9bTakesTheThesissTreeFromTheRunsOwnCell) {
  // Tables of 16-128 KiB are loaded 8, 4, 2 and 1 by the study's positions; the doubling from 64 to 128 KiB
  // saves 12 %, the others 4 %.
  const NodeRule rule = [](const std::string&, int pos, std::uint64_t bytes) {
    double n = 300000;
    for (std::uint64_t b = 16384; b < bytes; b *= 2) n *= (b == 65536 ? 0.88 : 0.96) + 0.004 * (pos - 2.5);
    return std::uint64_t(n);
  };
  const std::vector<std::uint64_t> bytes = {16384, 32768, 65536, 131072};
  // Without the cell the thesis's tables have no load: both parts are not measured, saying what the run lacks, though
  // the study itself is there.
  const ResultSet without_set = study_set(rule, {"depth_always"}, bytes);
  const TtStudy without = build_tt_study(without_set);
  ASSERT_TRUE(without.present);
  EXPECT_FALSE(without.thesis_tree_measured_here);
  EXPECT_TRUE(tt_study_json(without)["thesis_tree"].is_null());
  const Claim v = judged(without_set, "C9b");
  ASSERT_EQ(v.parts.size(), 2u);
  for (const auto& part : v.parts) {
    EXPECT_EQ(part.state, Verdict::not_measured) << words(v);
    EXPECT_EQ(part.figures, "the thesis's tree is not measured in this run (it needs a reference cell of version D on "
                            "LCTII.FIN.06 at depth 11)");
  }
  EXPECT_NE(v.parts[0].rule.find("the band of the thesis's 128K-entry table"), std::string::npos) << v.parts[0].rule;
  EXPECT_EQ(v.verdict(), Verdict::not_measured);
  // With the run's own cell storing 2^19 positions: the thesis's 128K and 512K tables are loads 2 and 0.5 (bands
  // 1-4 and 0.25-1), so the doubling from load 2 (12 %) decides the 128K part and the 512K part is not measured.
  const ResultSet own_set = study_set(rule, {"depth_always"}, bytes, true, 6, std::uint64_t(1) << 19);
  const TtStudy own = build_tt_study(own_set);
  EXPECT_TRUE(own.thesis_tree_measured_here);
  EXPECT_EQ(own.thesis_tree_positions, std::uint64_t(1) << 19);
  const Claim w = judged(own_set, "C9b");
  ASSERT_EQ(w.parts.size(), 2u);
  EXPECT_NE(w.parts[0].rule.find("load 1–4 (the band of the thesis's 128K-entry table: load 2 of its tree)"), std::string::npos)
      << w.parts[0].rule;
  EXPECT_NE(w.parts[1].rule.find("load 0.25–1 (the band of the thesis's 512K-entry table: load 0.5 of its tree)"), std::string::npos)
      << w.parts[1].rule;
  EXPECT_EQ(w.parts[0].state, Verdict::holds) << words(w);
  EXPECT_EQ(w.parts[1].state, Verdict::not_measured) << words(w);
  EXPECT_EQ(w.verdict(), Verdict::holds_partly_measured);
  EXPECT_NE(w.parts[0].context.find("this run's reference cell of LCTII.FIN.06 at depth 11"), std::string::npos) << w.parts[0].context;
  EXPECT_EQ(tt_study_json(own)["thesis_tree"]["positions_stored"], std::uint64_t(1) << 19);
  EXPECT_EQ(tt_study_json(own)["thesis_tree"]["measured_in_this_run"], true);
  // The measured part saving 4 % where the thesis saves about 15 %: the claim, a conjunction, does not hold, though
  // its other part is not measured.
  const NodeRule flat = [](const std::string&, int pos, std::uint64_t bytes) {
    double n = 300000;
    for (std::uint64_t b = 16384; b < bytes; b *= 2) n *= 0.96 + 0.004 * (pos - 2.5);
    return std::uint64_t(n);
  };
  const Claim f = judged(study_set(flat, {"depth_always"}, bytes, true, 6, std::uint64_t(1) << 19), "C9b");
  EXPECT_EQ(f.verdict(), Verdict::does_not_hold) << words(f);
  EXPECT_EQ(f.parts[1].state, Verdict::not_measured);
}

// F: per scheme, the gain per doubling within 2 % where the table holds the tree (load 0.25-1) and at least 5 % where
// it is 4-16 times too small.
TEST(TtLoadClaims, FlatteningIsDecidedPerSchemeAtTwoLoadBands) {
  // 8192 positions: tables of 8-64 KiB (one-slot depth) are loaded 16, 8, 4 ... ; at 256 KiB and more below 1.
  auto f = [](double steep, double flat) {
    const ResultSet rs = study_set([&](const std::string&, int pos, std::uint64_t bytes) {
      double n = 400000;
      for (std::uint64_t b = 16384; b < bytes; b *= 2) n *= (b < 65536 ? steep : flat) + 0.002 * (pos - 2.5);
      return std::uint64_t(n);
    }, {"depth"}, {16384, 32768, 65536, 131072, 262144, 524288, 1048576});
    return judged(rs, "F");
  };
  // Loads of the tables M: 8 and 4 (band 4-16) for 16 and 32 KiB; 2 and 1 (band 1-4); 0.5 (band 0.25-1) for 256 KiB.
  const Claim holds = f(0.90, 0.995);
  EXPECT_EQ(holds.verdict(), Verdict::holds_partly_measured) << words(holds);  // the other schemes are not in the run
  const Claim fails = f(0.90, 0.95);
  EXPECT_EQ(fails.verdict(), Verdict::does_not_hold) << words(fails);
  const Claim no_gain = f(0.99, 0.995);
  EXPECT_EQ(no_gain.verdict(), Verdict::does_not_hold) << words(no_gain);
}

// A tt_load_ratio figure is checked with the config: the scheme, what it is divided by, the load range.
TEST(TtLoadClaims, FiguresAreCheckedWithTheConfig) {
  auto error_of = [](const std::string& figure) {
    const nlohmann::json claims = nlohmann::json::parse(
        R"([{"id": "T", "statement": "s", "figure": )" + figure + R"(, "band": {"ratio": [null, 1]}}])");
    nlohmann::json resolved;
    try {
      const auto parsed = parse_claims(claims, "c.json", "$.claims", nullptr, resolved);
      EXPECT_EQ(parsed.at(0).parts.at(0).figure.metric, "tt_load_ratio");
    } catch (const UserError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error_of(R"({"metric": "tt_load_ratio", "scheme": "two_big1", "against": "depth", "load": [1, null]})"), "");
  EXPECT_EQ(error_of(R"({"metric": "tt_load_ratio", "scheme": "depth_always", "against": "doubling", "load": {"thesis_table": 131072}})"), "");
  EXPECT_NE(error_of(R"({"metric": "tt_load_ratio", "scheme": "deep", "load": [1, null]})").find("$.claims(resolved)[0].figure.scheme: unknown scheme 'deep'"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"metric": "tt_load_ratio", "scheme": "depth", "against": "biggest", "load": [1, null]})").find("unknown 'against' 'biggest' (valid: reference, doubling, "),
            std::string::npos);
  EXPECT_NE(error_of(R"({"metric": "tt_load_ratio", "scheme": "depth", "load": [4, 1]})").find("low is not below 'below'"), std::string::npos);
  EXPECT_NE(error_of(R"({"metric": "tt_load_ratio", "scheme": "depth", "load": {"thesis_table": 0}})").find("thesis_table"), std::string::npos);
  EXPECT_NE(error_of(R"({"metric": "tt_load_ratio", "scheme": "depth"})").find("missing required key 'load'"), std::string::npos);
  EXPECT_NE(error_of(R"({"metric": "tt_load_ratio", "scheme": "depth", "to": "B", "load": [1, null]})").find("unknown key 'to'"), std::string::npos);
}

}  // namespace tt_study_test
