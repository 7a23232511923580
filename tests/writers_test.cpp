// The writers against golden files (tests/data/writers/): a small hand-made result set with a
// versions table, a TT sweep, missing cells and thesis data, through every format. To accept new
// output after an intended change: BUHO_UPDATE_GOLDEN=1 ./writers_test, then review the diff.
#include "harness/report/writers.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "engine/search_stats.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/presets.h"
#include "harness/thesis/thesis_fit.h"
#include "hand_made_results.h"
#include "runner_test_util.h"

namespace writers_test {

using namespace harness;

const std::filesystem::path kGolden = std::filesystem::path(BUHO_SOURCE_DIR) / "tests/data/writers";

ResultSet sample() {
  ResultSet rs;
  const buho::SearchConfig base;
  const buho::EvalConfig eval;
  Experiment& x = rs.experiment;
  x.name = "sample";
  x.description = "Two positions, versions A and B, and a TT sweep.";
  x.note = "A note on the whole experiment.";
  x.positions = {{"MID", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 2, "middlegame", "rooks and kings"},
                 {"END", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 5, "endgame", ""}};
  x.depths = {1, 2};
  buho::SearchConfig no_pvs = base;
  no_pvs.pvs = false;
  x.versions = {{"A", "plain", no_pvs, eval}, {"B", "ordered", base, eval}};
  x.sweeps = {{"tt", {"D", "tt version", base, eval}, {131072, 262144}, {"always", "depth"}, {1, 2}, {"END"}}};
  // The thesis's claims, as the thesis configs carry them (configs/claims/).
  nlohmann::json resolved;
  x.claims = parse_claims(nlohmann::json::array({"configs/claims/thesis-versions.json", "configs/claims/thesis-tt.json"}),
                          "sample", "$.claims", nullptr, resolved);
  rs.engine = "test-engine";
  rs.index();
  // Every cell but the last gets nodes = 100 * (index + 1).
  for (std::size_t i = 0; i + 1 < rs.cells.size(); ++i) {
    const CellSpec& c = rs.cells[i];
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;  // searched to its depth unless the test says otherwise
    for (const auto& c : search_counters()) r.counters.emplace_back(c.name, c.name == "nodes" ? 100 * (i + 1) : i);
    r.iteration_nodes = {std::uint64_t(i)};
    r.depth_reached = c.inputs.depth;
    r.best_move = "e1g1";
    r.completed = i != 2;
    r.search_seconds = 0.5;
    r.engine_seconds = 0.75;
    rs.put(c.identity, r);
  }
  return rs;
}

ThesisData sample_thesis() {
  ThesisData t;
  t.versions[{2, "A", 1}] = 50;
  t.versions[{2, "B", 1}] = 150;  // the budget-stopped cell: its ratio is marked
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

// Two runs (one disagreeing on the bench signature, which the report must flag) and hand notes.
Report sample_report(const ResultSet& rs) {
  Report report = build_report(rs, sample_thesis());
  RunRecord run;
  run.started_utc = "2026-01-02T03:04:05Z";
  run.wall_seconds = 150;
  run.threads = 2;
  run.shard = "1/1";
  run.cells_run = 3;
  run.nodes = 600;
  run.engine_seconds = 2.25;
  run.engine = rs.engine;
  run.bench_signature = 430473;
  run.machine = {"Test CPU", 2, "Debian GNU/Linux 12 (bookworm)", "gcc 12.2.0", "optimised, NDEBUG"};
  report.runs = {run, run};
  report.runs[1].bench_signature = 430474;
  report.runs[1].note = "reconstructed from a console log";
  report.notes = parse_report_notes("# Notes\nignored preamble\n## C1 — why\nBecause.\n\n## Other\nMore text.\n");
  return report;
}

TEST(Writers, MarkdownMatchesGolden) {
  const ResultSet rs = sample();
  check_golden("REPORT.md", markdown_report(sample_report(rs)));
}

TEST(Writers, ReportShowsTheRunsTheNodeDefinitionAndTheNotes) {
  const ResultSet rs = sample();
  const std::string md = markdown_report(sample_report(rs));
  EXPECT_NE(md.find(buho::kNodeCountDefinition), std::string::npos);
  EXPECT_NE(md.find("| 2026-01-02T03:04:05Z | 3 | 600 | 2.5 min | 2 | 1/1 | Test CPU | 2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Wall time: 5.0 min over 2 run(s)"), std::string::npos);
  EXPECT_NE(md.find("- The run started 2026-01-02T03:04:05Z: reconstructed from a console log\n"), std::string::npos);
  EXPECT_NE(md.find("430473, 430474 — **the runs disagree"), std::string::npos);
  EXPECT_NE(md.find("| MID | 2 | middlegame | `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1` | rooks and kings |"), std::string::npos);
  // The C1 note stands under C1, after its computed parts; the other section at the end.
  const auto c1 = md.find("### C1 — "), c2 = md.find("### C2 — ");
  const auto why = md.find("*Likely reason (written by hand, notes.md):* Because.");
  ASSERT_NE(why, std::string::npos);
  EXPECT_TRUE(c1 < why && why < c2);
  EXPECT_NE(md.find("## Notes (written by hand, notes.md)\n\n### Other\n\nMore text."), std::string::npos);
  EXPECT_EQ(md.find("ignored preamble"), std::string::npos);
  // A ratio from a cell stopped by the node budget is marked as a lower bound.
  EXPECT_NE(md.find("| B | 2.00* | 0.40 |"), std::string::npos) << md;
  // Without a run log the report says what is missing instead of inventing it.
  const std::string bare = markdown_report(build_report(rs, sample_thesis()));
  EXPECT_NE(bare.find("No run log (runs.jsonl)"), std::string::npos);
}

TEST(ThesisComparison, TheThesisNumbersAsAResultSet) {
  const ResultSet rs = sample();
  const auto comparison = compare_with_thesis(rs, sample_thesis());
  ASSERT_EQ(comparison.size(), 6u);  // every thesis number of the sample has a cell
  const ResultSet own = thesis_as_results(rs, comparison);
  EXPECT_EQ(own.measured(), comparison.size());
  for (const auto& row : comparison) {
    const CellRecord* r = !row.table.is_sweep() ? own.version_cell(row.position, row.version, row.depth)
                                                  : own.sweep_cell("tt", row.position, row.tt_scheme, row.tt_entries, row.depth);
    ASSERT_NE(r, nullptr) << row.position << " " << row.version << " d" << row.depth;
    EXPECT_EQ(r->nodes(), row.thesis_nodes);
    EXPECT_TRUE(r->completed);
  }
  // A cell the thesis has no number for is unmeasured there, even though we measured it.
  EXPECT_NE(rs.version_cell("END", "B", 1), nullptr);
  EXPECT_EQ(own.version_cell("END", "B", 1), nullptr);
}

TEST(ReportNotes, SectionsByClaimAndTitle) {
  const ReportNotes n = parse_report_notes("## C9 holds only partly\nline 1\nline 2\n## C10x\nnot a claim\n## Discussion\n\ntext\n");
  ASSERT_EQ(n.by_claim.size(), 1u);
  EXPECT_EQ(n.by_claim.at("C9"), "line 1\nline 2");
  ASSERT_EQ(n.sections.size(), 2u);
  EXPECT_EQ(n.sections[0].first, "C10x");
  EXPECT_EQ(n.sections[1].second, "text");
  EXPECT_TRUE(parse_report_notes("no headings at all\n").empty());
}

TEST(Writers, CsvMatchesGolden) {
  const ResultSet rs = sample();
  // Keys hash the full flag table; name them by position so a new engine flag does not churn the file.
  std::string csv = cells_csv(rs);
  for (std::size_t i = 0; i < rs.cells.size(); ++i)
    for (auto pos = csv.find(rs.cells[i].key); pos != std::string::npos; pos = csv.find(rs.cells[i].key))
      csv.replace(pos, rs.cells[i].key.size(), "cell" + std::to_string(i));
  check_golden("cells.csv", csv);
  const Report report = build_report(rs, sample_thesis());
  ASSERT_TRUE(report.thesis.has_value());
  check_golden("thesis_comparison.csv", thesis_comparison_csv(*report.thesis));
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

// The load columns appear only when some cell measured the load (so a set written before it
// existed keeps its CSV byte for byte: the golden above has none); a cell without it leaves them empty.
TEST(Writers, CsvHasLoadColumnsOnlyWhenSomeCellMeasuredIt) {
  ResultSet rs = sample();
  const std::string before = cells_csv(rs);
  EXPECT_EQ(before.find("tt_fill"), std::string::npos);
  CellRecord& first = *rs.find(rs.cells[0].identity);
  first.load = TableLoad{512, 2048};
  const std::string after = cells_csv(rs);
  const std::string header = after.substr(0, after.find('\n'));
  // Before the drivers' columns (passes, leaves, open_peak, iteration_passes), which came later.
  const std::string columns = ",tt_occupied,tt_capacity,tt_fill,passes,leaves,open_peak,iteration_passes";
  EXPECT_EQ(header.substr(header.size() - columns.size()), columns);
  std::vector<std::string> lines;
  for (std::size_t a = 0, b; (b = after.find('\n', a)) != std::string::npos; a = b + 1) lines.push_back(after.substr(a, b - a));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1].substr(lines[1].size() - std::string(",512,2048,0.250000,0,0,0,").size()), ",512,2048,0.250000,0,0,0,");
  EXPECT_EQ(lines[2].substr(lines[2].size() - std::string(",,,,1,1,1,").size()), ",,,,1,1,1,");  // not measured: empty, not 0
}

// The drivers' counters (passes, leaves, open_peak) and iteration_passes: the last columns (after the load's, where
// they were added), whatever their values.
TEST(Writers, CsvHasDriverCounterColumnsLast) {
  ResultSet rs = sample();
  CellRecord& first = *rs.find(rs.cells[0].identity);
  for (auto& [name, value] : first.counters)
    if (name == "passes") value = 7;
    else if (name == "leaves") value = 1234;
    else if (name == "open_peak") value = 0;
  first.iteration_passes = {2, 5};
  const std::string csv = cells_csv(rs);
  const std::string header = csv.substr(0, csv.find('\n'));
  EXPECT_EQ(header.substr(header.size() - std::string(",passes,leaves,open_peak,iteration_passes").size()),
            ",passes,leaves,open_peak,iteration_passes");
  EXPECT_EQ(header.find(",passes,"), header.rfind(",passes,")) << "a column twice: " << header;
  std::vector<std::string> lines;
  for (std::size_t a = 0, b; (b = csv.find('\n', a)) != std::string::npos; a = b + 1) lines.push_back(csv.substr(a, b - a));
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1].substr(lines[1].size() - std::string(",7,1234,0,2 5").size()), ",7,1234,0,2 5");
  EXPECT_EQ(lines[2].substr(lines[2].size() - std::string(",1,1,1,").size()), ",1,1,1,");  // sample's counters: i
}

// A sweep sized in bytes: its columns are memory sizes, its cells found by each scheme's entry count.
TEST(Writers, SweepSizedInBytesHasMemoryColumns) {
  ResultSet rs = sample();
  SweepSpec& s = rs.experiment.sweeps[0];
  s.tt_entries.clear();
  s.tt_bytes = {1 << 20, 65536};
  rs.index();
  const std::string md = markdown_report(build_report(rs, sample_thesis()));
  EXPECT_NE(md.find("| Depth | 1 MiB | 64 KiB |"), std::string::npos) << md;
}

TEST(Claims, BandsAndVerdicts) {
  const ResultSet rs = sample();
  const auto claims = evaluate_claims(rs);
  ASSERT_EQ(claims.size(), 9u);
  EXPECT_EQ(claims[0].id, "C1");
  EXPECT_EQ(claims[0].verdict(), Verdict::not_measured);  // no depth 4 or 8 in the sample
  // C9 on the sample sweep: no "never" scheme, so the savings against it are not measured.
  EXPECT_EQ(claims[8].parts[2].state, Verdict::not_measured);
  EXPECT_EQ(claims[8].parts[3].state, Verdict::not_measured);
}

// A run whose config carries no claims gets no claims section and no summary member, whatever its cells: the thesis's
// claims are the thesis configs' data, never judged on another experiment's positions or sweeps.
TEST(Claims, AnExperimentWithoutClaimsHasNoClaimsSection) {
  ResultSet rs = sample();
  rs.experiment.claims.clear();
  EXPECT_TRUE(evaluate_claims(rs).empty());
  const Report report = build_report(rs, sample_thesis());
  EXPECT_EQ(markdown_report(report).find("## Claims"), std::string::npos);
  EXPECT_FALSE(nlohmann::json::parse(summary_json(report)).contains("claims"));
  // With them, both are there, each raw verdict beside Holm's.
  const ResultSet with_claims = sample();  // a Report refers to its ResultSet
  const Report with = build_report(with_claims, sample_thesis());
  EXPECT_NE(markdown_report(with).find("## Claims"), std::string::npos);
  const auto j = nlohmann::json::parse(summary_json(with));
  ASSERT_TRUE(j.contains("claims"));
  EXPECT_TRUE(j["claims"][0].contains("verdict_holm"));
}

TEST(ThesisFit, MedianFactorShareWithinTwiceAndWorstTenth) {
  // Ratios 0.25, 0.5, 1, 1.5, 3 (factors 4, 2, 1, 1.5, 3), one cell stopped by the budget, one not measured, and
  // one sweep cell at ratio 1.
  std::vector<ComparisonRow> rows;
  auto row = [&](const char* version, std::uint64_t thesis, std::optional<std::uint64_t> measured, bool truncated = false) {
    ComparisonRow r;
    r.version = version;
    r.thesis_nodes = thesis;
    r.measured = measured;
    r.truncated = truncated;
    rows.push_back(r);
  };
  row("A", 400, 100);
  row("A", 200, 100);
  row("B", 100, 100);
  row("B", 200, 300);
  row("C", 100, 300);
  row("A", 100, 900, true);
  row("C", 100, std::nullopt);
  ComparisonRow sweep;
  sweep.table = TableRef::sweep_named("tt");
  sweep.thesis_nodes = 50;
  sweep.measured = 50;
  rows.push_back(sweep);

  const auto fit = thesis_fit(rows);
  ASSERT_EQ(fit.size(), 3u);
  EXPECT_EQ(fit[0].group, "Tables B.1-B.6");
  EXPECT_EQ(fit[0].compared, 5);
  EXPECT_EQ(fit[0].stopped, 1);
  EXPECT_EQ(fit[0].not_measured, 1);
  EXPECT_DOUBLE_EQ(fit[0].median_factor, 2.0);   // 1, 1.5, 2, 3, 4
  EXPECT_DOUBLE_EQ(fit[0].within_2x, 3.0 / 5);   // 1, 1.5, 2
  EXPECT_DOUBLE_EQ(fit[0].worst_tenth, 4.0);     // nearest rank ceil(0.9 * 5) = 5
  EXPECT_EQ(fit[1].compared, 2);                 // version A: factors 4 and 2
  EXPECT_DOUBLE_EQ(fit[1].median_factor, 3.0);
  EXPECT_EQ(fit[1].stopped, 1);
  EXPECT_EQ(fit[2].group, "Tables B.7-B.9");
  EXPECT_DOUBLE_EQ(fit[2].median_factor, 1.0);
}

// A run over many positions (an opening book, a puzzle set): REPORT.md lists the first 300 positions and their
// tables and says how many it left out; cells.csv keeps a row for every cell.
ResultSet many_positions(int n) {
  nlohmann::json positions = nlohmann::json::array();
  for (int i = 0; i < n; ++i)
    positions.push_back({{"fen", fmt::format("8/8/8/4k3/8/8/4P3/4K3 w - - 0 {}", i + 1)}, {"id", fmt::format("P{}", i)}});
  ResultSet rs = runner_test::indexed_result_set(
      {{"name", "many"}, {"positions", positions}, {"depths", {1}}, {"versions", {"H"}}});
  for (const CellSpec& c : rs.cells) {
    CellRecord r = record_of_inputs(c, rs.engine);
    r.depth_reached = c.inputs.depth;  // searched to its depth unless the test says otherwise
    for (const auto& c : search_counters()) r.counters.emplace_back(c.name, 7);
    r.depth_reached = 1;
    rs.put(c.identity, r);
  }
  return rs;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The thesis is one study (harness/thesis/thesis_report.h): a run with no cell the thesis's tables give carries no
// thesis member at all, nothing of it in REPORT.md or summary.json; the sample run, on thesis positions, does.
TEST(Writers, ARunWithoutThesisCellsCarriesNoThesisStudy) {
  const ResultSet own = many_positions(3);
  const Report report = build_report(own, sample_thesis());
  EXPECT_FALSE(report.thesis.has_value());
  const auto j = nlohmann::json::parse(summary_json(report));
  for (const char* member : {"thesis_comparison", "thesis_fit", "fidelity", "thesis_credibility"})
    EXPECT_FALSE(j.contains(member)) << member;
  EXPECT_EQ(markdown_report(report).find("## Compared with the thesis"), std::string::npos);
  const ResultSet thesis_run = sample();
  const Report with = build_report(thesis_run, sample_thesis());
  ASSERT_TRUE(with.thesis.has_value());
  EXPECT_FALSE(with.thesis->comparison.empty());
  EXPECT_TRUE(nlohmann::json::parse(summary_json(with)).contains("thesis_comparison"));
}

TEST(Writers, ReportListsAtMost300PositionsAndSaysHowManyItLeftOut) {
  const ResultSet rs = many_positions(305);
  const std::string md = markdown_report(build_report(rs, ThesisData{}));
  EXPECT_NE(md.find("| P299 |"), std::string::npos);
  EXPECT_EQ(md.find("| P300 |"), std::string::npos);
  EXPECT_NE(md.find("#### P299 "), std::string::npos);
  EXPECT_EQ(md.find("#### P300 "), std::string::npos);
  EXPECT_EQ(count_of(md, "of the first 300 of 305 positions are shown here (5 left out)"), 2u) << md.substr(0, 2000);
  const std::string csv = cells_csv(rs);
  EXPECT_EQ(count_of(csv, "\n"), 306u);  // the header and every cell

  const std::string all = markdown_report(build_report(many_positions(300), ThesisData{}));
  EXPECT_NE(all.find("#### P299 "), std::string::npos);
  EXPECT_EQ(all.find("left out"), std::string::npos);
}

TEST(ExperimentPositions, FoundByIdThroughTheIndexAndAfterAnEdit) {
  ResultSet rs = many_positions(50);
  Experiment& x = rs.experiment;
  ASSERT_NE(x.find_position("P42"), nullptr);
  EXPECT_EQ(x.find_position("P42")->id, "P42");
  EXPECT_EQ(x.find_position("P50"), nullptr);
  // Edited after the index was built: the answer is still the position that has the id, never a stale entry.
  std::swap(x.positions[3], x.positions[42]);
  EXPECT_EQ(x.find_position("P42"), &x.positions[3]);
  x.positions[7].id = "renamed";
  EXPECT_EQ(x.find_position("P7"), nullptr);
  EXPECT_EQ(x.find_position("renamed"), &x.positions[7]);
}

}  // namespace writers_test
