// The writers against golden files (tests/data/writers/): a small hand-made result set with a
// versions table, a TT sweep, missing cells and thesis data, through every format. To accept new
// output after an intended change: BUHO_UPDATE_GOLDEN=1 ./writers_test, then review the diff.
#include "harness/writers.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "harness/presets.h"
#include "runner_test_util.h"

using namespace harness;

namespace {

const std::filesystem::path kGolden = std::filesystem::path(BUHO_SOURCE_DIR) / "tests/data/writers";

ResultSet sample() {
  ResultSet rs;
  buho::SearchConfig s;
  buho::EvalConfig e;
  const nlohmann::json base = flags_to_json(s, e);
  Experiment& x = rs.experiment;
  x.name = "sample";
  x.description = "Two positions, versions A and B, and a TT sweep.";
  x.positions = {{"MID", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 2, "middlegame"},
                 {"END", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 5, "endgame"}};
  x.depths = {1, 2};
  nlohmann::json fa = base, fb = base;
  fa["pvs"] = false;
  x.versions = {{"A", "plain", fa}, {"B", "ordered", fb}};
  x.sweeps = {{"tt", {"D", "tt version", base}, {131072, 262144}, {"always", "depth"}, {1, 2}, {"END"}}};
  rs.engine = "test-engine";
  rs.index();
  // Every cell but the last gets nodes = 100 * (index + 1).
  for (std::size_t i = 0; i + 1 < rs.cells.size(); ++i) {
    const CellSpec& c = rs.cells[i];
    CellRecord r;
    r.key = c.key;
    r.engine = rs.engine;
    r.position = c.position;
    r.fen = c.fen;
    r.depth = c.depth;
    r.version = c.version;
    r.flags = c.flags;
    r.tt_entries = c.tt_entries;
    r.tt_scheme = c.tt_scheme;
    for (const auto& n : counter_names()) r.counters.emplace_back(n, n == "nodes" ? 100 * (i + 1) : i);
    r.iteration_nodes = {std::uint64_t(i)};
    r.depth_reached = c.depth;
    r.best_move = "e1g1";
    r.completed = i != 2;
    r.search_seconds = 0.5;
    r.engine_seconds = 0.75;
    rs.rows[c.key] = r;
  }
  return rs;
}

ThesisData sample_thesis() {
  ThesisData t;
  t.versions[{2, "A", 1}] = 50;
  t.versions[{2, "B", 2}] = 1000;
  t.versions[{5, "A", 2}] = 400;
  t.tt[{"always", 1, 131072}] = 800;
  t.tt[{"depth", 2, 262144}] = 2000;
  return t;
}

void check_golden(const std::string& name, const std::string& text) {
  const auto file = kGolden / name;
  if (std::getenv("BUHO_UPDATE_GOLDEN")) {
    std::filesystem::create_directories(kGolden);
    runner_test::write_text(file, text);
  }
  ASSERT_TRUE(std::filesystem::exists(file)) << file << " missing; run with BUHO_UPDATE_GOLDEN=1";
  EXPECT_EQ(text, runner_test::read_text(file)) << "differs from " << file;
}

}  // namespace

TEST(Writers, MarkdownMatchesGolden) {
  const ResultSet rs = sample();
  check_golden("report.md", markdown_report(build_report(rs, sample_thesis())));
}

TEST(Writers, CsvMatchesGolden) {
  const ResultSet rs = sample();
  // Keys hash the full flag table; name them by position so a new engine flag does not churn the file.
  std::string csv = cells_csv(rs);
  for (std::size_t i = 0; i < rs.cells.size(); ++i)
    for (auto pos = csv.find(rs.cells[i].key); pos != std::string::npos; pos = csv.find(rs.cells[i].key))
      csv.replace(pos, rs.cells[i].key.size(), "cell" + std::to_string(i));
  check_golden("cells.csv", csv);
  check_golden("thesis_comparison.csv", thesis_comparison_csv(build_report(rs, sample_thesis())));
}

TEST(Writers, JsonMatchesGolden) {
  const ResultSet rs = sample();
  check_golden("summary.json", summary_json(build_report(rs, sample_thesis())));
}

TEST(Writers, SameRowsInEveryFormat) {
  const ResultSet rs = sample();
  const Report report = build_report(rs, sample_thesis());
  const auto j = nlohmann::json::parse(summary_json(report));
  EXPECT_EQ(j["cells"]["total"], rs.cells.size());
  EXPECT_EQ(j["cells"]["measured"], rs.cells.size() - 1);
  // One CSV line per measured cell, plus the header.
  const std::string csv = cells_csv(rs);
  EXPECT_EQ(std::size_t(std::count(csv.begin(), csv.end(), '\n')), rs.cells.size());
  // The unmeasured cell is "—" in the Markdown and absent from the JSON tables.
  EXPECT_NE(markdown_report(report).find("—"), std::string::npos);
}

TEST(Claims, BandsAndVerdicts) {
  const ResultSet rs = sample();
  const auto claims = evaluate_claims(rs);
  ASSERT_EQ(claims.size(), 9u);
  EXPECT_EQ(claims[0].id, "C1");
  EXPECT_EQ(claims[0].verdict(), "not measured");  // no depth 4 or 8 in the sample
  // C9 on the sample sweep: no "never" scheme, so the savings parts are not measured.
  EXPECT_EQ(claims[8].parts[1].state, ClaimPart::State::NotMeasured);
}
