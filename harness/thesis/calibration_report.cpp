#include "harness/thesis/calibration_report.h"

#include "harness/thesis/thesis_table.h"
#include "harness/report/markdown_text.h"
#include "harness/thesis/thesis_credibility.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "harness/storage/durable_file.h"
#include "harness/storage/run_log.h"

namespace harness {

namespace {

std::string num(double v, int digits = 3) { return std::isnan(v) ? "—" : fmt::format("{:.{}f}", v, digits); }
std::string factor(double median_log) { return std::isnan(median_log) ? "—" : fmt::format("{:.2f}×", std::exp(median_log)); }
std::string percent(double share, std::size_t cells) { return cells ? fmt::format("{:.0f} %", 100 * share) : "—"; }
std::string csv_num(double v) { return std::isnan(v) ? "" : fmt::format("{:.6g}", v); }

std::string flags_text(const Reading& r) {
  std::string s;
  for (auto it = r.flags.begin(); it != r.flags.end(); ++it)
    s += (s.empty() ? "" : ", ") + it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
  return s.empty() ? "(no change)" : s;
}

std::string names(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "(none)" : s;
}

void fit_rows(std::string& csv, const std::string& stage, const std::string& group, const std::string& candidate,
              const AbsoluteFit& f) {
  csv += fmt::format("{},{},{},median_abs_log,{}\n", stage, group, candidate, csv_num(f.median_abs_log));
  csv += fmt::format("{},{},{},median_factor,{}\n", stage, group, candidate, csv_num(f.median_factor()));
  csv += fmt::format("{},{},{},share_within_2x,{}\n", stage, group, candidate, f.cells ? csv_num(f.share_within_2x) : "");
  csv += fmt::format("{},{},{},cells,{}\n", stage, group, candidate, f.cells);
  csv += fmt::format("{},{},{},cells_stopped_by_budget,{}\n", stage, group, candidate, f.stopped);
}

void write_runs(std::string& md, const std::filesystem::path& dir) {
  md += "## Runs\n\n";
  const auto runs = read_run_records(dir);
  if (runs.empty()) {
    md += "No search has been run into this directory yet.\n\n";
    return;
  }
  md += "| started (UTC) | what | searches | nodes | wall | threads | engine | bench signature | machine |\n|---|---|--:|--:|--:|--:|---|--:|---|\n";
  for (const auto& r : runs)
    md += fmt::format("| {} | {} | {} | {} | {:.1f} s | {} | `{}` | {} | {} ({} threads), {}, {}; {} |\n", r.started_utc,
                      table_cell(r.note), r.cells_run, r.nodes, r.wall_seconds, r.threads, r.engine, r.bench_signature, r.machine.cpu,
                      r.machine.cores, r.machine.os, r.machine.compiler, r.machine.build);
  md += "\n";
}

void write_mapping(std::string& md, std::string& csv, const CalibrationConfig& cfg, const CalibrationResult& result) {
  if (result.mapping.empty()) return;
  md += "## Mapping: which LCT II position is each thesis position (computed)\n\n";
  md += fmt::format(
      "Each candidate is searched under the base and mapping readings, versions {}, depths {}–{}, node budget {}. "
      "Distance = median over the cells the thesis has of |ln(ours / thesis)|; \"within 2×\" = share of those cells. "
      "A candidate is **impossible** when the thesis's A(1) or B(1) is below 1 + its legal moves (the root plus one "
      "node per root move, which versions A and B enter at depth 1 under every reading), or A(3) or B(3) is below the "
      "minimal depth-3 tree (\"minimal tree 3\": each root move's child with one reply that fails low and enters all its "
      "moves; Knuth & Moore). Confidence = the second "
      "best distance minus the best (in ln units; 0.69 = the runner-up is a factor 2 further off). The thesis's positions "
      "are six different positions, so the chosen candidates are distinct: the assignment of least total distance.\n\n",
      names(cfg.versions), cfg.mapping_depths.empty() ? 0 : cfg.mapping_depths.front(),
      cfg.mapping_depths.empty() ? 0 : cfg.mapping_depths.back(), cfg.mapping_budget ? fmt::format("{}", cfg.mapping_budget) : "none");
  md += "| thesis position | pool | chosen | confidence (gap) | note |\n|--:|---|---|--:|---|\n";
  for (const auto& m : result.mapping) {
    // The assignment gives each thesis position a different candidate: say so when its own best match went to
    // another thesis position, and which.
    std::string also;
    if (!m.pinned && !m.ranked.empty() && !m.chosen.empty() && m.ranked[0].id != m.chosen)
      for (const auto& other : result.mapping)
        if (other.thesis_position != m.thesis_position && other.chosen == m.ranked[0].id)
          also = fmt::format("its best match, {}, fits thesis position {} better (distinct positions)", m.ranked[0].id,
                             other.thesis_position);
    md += fmt::format("| {} | {} | {} | {} | {} |\n", m.thesis_position, m.pinned ? "pinned by the config" : table_cell(m.pool),
                      m.chosen.empty() ? "**none possible**" : table_cell(m.chosen), m.pinned ? "pinned" : num(m.confidence_gap),
                      table_cell(also));
  }
  md += "\n";
  if (!result.rounds.empty()) {
    md += "Mapping and readings depend on each other, so they were fitted in rounds ($.mapping_stage.rounds); the "
          "tables below are the last round's:\n\n";
    for (const auto& r : result.rounds) md += "- " + r + "\n";
    md += "\n";
  }
  for (const auto& m : result.mapping) {
    const std::string group = fmt::format("p{}", m.thesis_position);
    if (m.pinned) {
      csv += fmt::format("mapping,{},{},pinned,1\n", group, m.chosen);
      continue;
    }
    md += fmt::format("### Thesis position {} (pool {}): top {}\n\n", m.thesis_position, m.pool, std::min<std::size_t>(5, m.ranked.size()));
    md += "| rank | candidate | legal moves | minimal tree 3 | possible | distance (median \\|ln\\|) | median factor | within 2× | cells | stopped |\n"
          "|--:|---|--:|--:|---|--:|--:|--:|--:|--:|\n";
    for (std::size_t i = 0; i < m.ranked.size(); ++i) {
      const auto& c = m.ranked[i];
      if (i < 5)
        md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", i + 1, table_cell(c.id), c.legal_moves,
                          c.lower_bound_depth3, c.possible ? "yes" : "**no**", num(c.fit.median_abs_log), factor(c.fit.median_abs_log),
                          percent(c.fit.share_within_2x, c.fit.cells), c.fit.cells, c.fit.stopped);
      csv += fmt::format("mapping,{},{},possible,{}\n", group, c.id, c.possible ? 1 : 0);
      csv += fmt::format("mapping,{},{},legal_moves,{}\n", group, c.id, c.legal_moves);
      csv += fmt::format("mapping,{},{},minimal_tree_3,{}\n", group, c.id, c.lower_bound_depth3);
      csv += fmt::format("mapping,{},{},rank,{}\n", group, c.id, i + 1);
      fit_rows(csv, "mapping", group, c.id, c.fit);
    }
    std::size_t impossible = 0;
    for (const auto& c : m.ranked) impossible += !c.possible;
    md += fmt::format("\n{} of {} candidates impossible. Chosen: **{}**; confidence gap {}.\n\n", impossible, m.ranked.size(),
                      m.chosen.empty() ? "none" : m.chosen, num(m.confidence_gap));
    csv += fmt::format("mapping,{},{},chosen,1\n", group, m.chosen);
    csv += fmt::format("mapping,{},{},confidence_gap,{}\n", group, m.chosen, csv_num(m.confidence_gap));
  }
}

std::string shape_text(const ShapeFit& f) {
  if (!f.cells) return "— | — | —";
  return fmt::format("{} | {} | {}/{}", factor(f.median_abs_log), percent(f.share_within_2x, f.cells), f.direction_agree, f.cells);
}

// A group under the held-out rule (docs/readings.md §13): the printed reading first, the shape on fitted and
// held-out depths, and which candidates could overrule it.
void write_shape_group(std::string& md, std::string& csv, const CalibrationConfig& cfg, const GroupDecision& d) {
  const auto& g = d.group;
  const auto depths = [](const std::vector<int>& v) {
    return v.empty() ? std::string("none") : fmt::format("{}–{}", v.front(), v.back());
  };
  md += fmt::format("Searched with the readings chosen before it: {}. Rule: **shape** — the first candidate is the printed "
                    "algorithm and stays unless another is closer to the thesis's step {} → {} (depths {}, "
                    "flagged thesis cells left out) in more cells than not, cell by cell against the printed reading's, by a "
                    "one-sided sign test at p < {}, and at two positions or more; among those, the smallest median factor "
                    "decides, then the larger margin of cells closer over further, then the order listed. Held-out depths {} are reported, never used. A factor is exp(median |ln(our step ÷ the thesis's "
                    "step)|); direction: both steps the same way.\n\n",
                    names(d.readings_before), g.step_lower, g.step_upper, depths(cfg.reading_depths), kOverruleAlpha,
                    depths(cfg.held_out_depths_of(g)));
  md += "| reading | flags | fitted: factor | within 2× | direction | cells closer / further than printed (p) | positions "
        "closer | held out: factor | within 2× | direction | raw, fitted | raw, held out | may overrule | chosen |\n"
        "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|\n";
  const CandidateScore& printed = d.scores.front();
  std::vector<std::string> fitted_only;
  for (std::size_t i = 0; i < d.scores.size(); ++i) {
    const auto& s = d.scores[i];
    const auto& a = s.against_printed;
    md += fmt::format("| {}{} | `{}` | {} | {} | {} | {} | {} | {} | {} | {} |\n", table_cell(s.reading.name), i == 0 ? " (printed)" : "",
                      table_cell(flags_text(s.reading)), shape_text(s.shape_fitted),
                      i == 0 ? std::string("—") : fmt::format("{} / {} ({})", a.closer, a.further, num(a.p_value)),
                      i == 0 ? std::string("—") : std::to_string(a.positions_closer()),
                      shape_text(s.shape_held_out), factor(s.fit.median_abs_log), factor(s.fit_held_out.median_abs_log),
                      i == 0 ? "—" : s.overrules ? "yes" : "no", i == d.chosen ? "**chosen**" : "");
    if (i > 0 && s.shape_fitted.median_abs_log < printed.shape_fitted.median_abs_log &&
        s.shape_held_out.median_abs_log > printed.shape_held_out.median_abs_log)
      fitted_only.push_back(s.reading.name);
    const std::string& c = s.reading.name;
    fit_rows(csv, "readings", g.name, c, s.fit);
    csv += fmt::format("readings,{},{},shape_fitted_median_abs_log,{}\n", g.name, c, csv_num(s.shape_fitted.median_abs_log));
    csv += fmt::format("readings,{},{},shape_fitted_cells,{}\n", g.name, c, s.shape_fitted.cells);
    csv += fmt::format("readings,{},{},shape_held_out_median_abs_log,{}\n", g.name, c, csv_num(s.shape_held_out.median_abs_log));
    csv += fmt::format("readings,{},{},shape_held_out_cells,{}\n", g.name, c, s.shape_held_out.cells);
    csv += fmt::format("readings,{},{},held_out_median_abs_log,{}\n", g.name, c, csv_num(s.fit_held_out.median_abs_log));
    csv += fmt::format("readings,{},{},cells_closer_than_printed,{}\n", g.name, c, s.against_printed.closer);
    csv += fmt::format("readings,{},{},cells_further_than_printed,{}\n", g.name, c, s.against_printed.further);
    csv += fmt::format("readings,{},{},sign_test_p,{}\n", g.name, c, csv_num(s.against_printed.p_value));
    csv += fmt::format("readings,{},{},positions_closer,{}\n", g.name, c, s.against_printed.positions_closer());
    csv += fmt::format("readings,{},{},chosen,{}\n", g.name, c, i == d.chosen ? 1 : 0);
  }
  md += fitted_only.empty()
            ? "\nNo candidate is closer than the printed reading on the fitted depths and further on the held-out ones.\n"
            : fmt::format("\nCloser than the printed reading on the fitted depths but further on the held-out ones: {}.\n",
                          names(fitted_only));
}

void write_group(std::string& md, std::string& csv, const CalibrationConfig& cfg, const GroupDecision& d) {
  const auto& g = d.group;
  md += fmt::format("### Group {}: version {}\n\n", g.name, g.version);
  if (!g.note.empty()) md += g.note + "\n\n";
  if (g.rule.size() == 1 && g.rule.front() == Criterion::Shape) {
    write_shape_group(md, csv, cfg, d);
    md += "\nWhat the text says:\n\n";
    for (const auto& s : d.scores)
      md += fmt::format("- **{}**: {}\n", s.reading.name, s.reading.text.empty() ? "(no text given)" : s.reading.text);
    md += fmt::format("\n**Decision (computed)**: {}.\n\n", d.scores[d.chosen].reading.name);
    return;
  }
  md += fmt::format("Searched with the readings chosen before it: {}. Absolute fit over versions {}–{}; step {} → {}; "
                    "rule: **{}** (ties keep the candidate listed first).\n\n",
                    names(d.readings_before), g.version, cfg.versions.back(), g.step_lower.empty() ? "—" : g.step_lower,
                    g.step_upper.empty() ? "—" : g.step_upper, g.rule_text);
  md += "| reading | flags | from | median factor | within 2× | cells (stopped) | step median \\|ln\\| | thesis X = X−1: ours equal too | thesis X ≠ X−1: ours differ too | chosen |\n"
        "|---|---|---|--:|--:|--:|--:|--:|--:|---|\n";
  for (std::size_t i = 0; i < d.scores.size(); ++i) {
    const auto& s = d.scores[i];
    md += fmt::format("| {} | `{}` | {} | {} | {} | {} ({}) | {} | {}/{} | {}/{} | {} |\n", table_cell(s.reading.name),
                      table_cell(flags_text(s.reading)), table_cell(s.reading.from_version), factor(s.fit.median_abs_log), percent(s.fit.share_within_2x, s.fit.cells),
                      s.fit.cells, s.fit.stopped, num(s.step.median_abs_log), s.equalities.ours_equal_too,
                      s.equalities.thesis_equal, s.equalities.ours_differ_too, s.equalities.thesis_differ,
                      i == d.chosen ? "**chosen**" : "");
    const std::string& c = s.reading.name;
    fit_rows(csv, "readings", g.name, c, s.fit);
    csv += fmt::format("readings,{},{},step_median_abs_log,{}\n", g.name, c, csv_num(s.step.median_abs_log));
    csv += fmt::format("readings,{},{},step_cells,{}\n", g.name, c, s.step.cells);
    csv += fmt::format("readings,{},{},thesis_equal,{}\n", g.name, c, s.equalities.thesis_equal);
    csv += fmt::format("readings,{},{},ours_equal_too,{}\n", g.name, c, s.equalities.ours_equal_too);
    csv += fmt::format("readings,{},{},thesis_differ,{}\n", g.name, c, s.equalities.thesis_differ);
    csv += fmt::format("readings,{},{},ours_differ_too,{}\n", g.name, c, s.equalities.ours_differ_too);
    csv += fmt::format("readings,{},{},chosen,{}\n", g.name, c, i == d.chosen ? 1 : 0);
  }
  md += "\nWhat the text says:\n\n";
  for (const auto& s : d.scores)
    md += fmt::format("- **{}**: {}\n", s.reading.name, s.reading.text.empty() ? "(no text given)" : s.reading.text);
  md += fmt::format("\n**Decision (computed)**: {}.\n\n", d.scores[d.chosen].reading.name);
}

void write_summary(std::string& md, std::string& csv, const CalibrationConfig& cfg, const CalibrationResult& result) {
  if (!result.summary) return;
  const auto& s = *result.summary;
  std::vector<std::string> chosen;
  for (const auto& r : result.chosen) chosen.push_back(r.name);
  md += "## The chosen readings against Tables B.1–B.6 (computed)\n\n";
  md += fmt::format("Readings: {}. Positions: ", names(chosen));
  std::string pos;
  for (const auto& [p, id] : result.mapped) pos += (pos.empty() ? "" : ", ") + fmt::format("{} = {}", p, id);
  md += pos + fmt::format(". Depths {}–{}, node budget {}.\n\n", cfg.reading_depths.front(), cfg.reading_depths.back(),
                          cfg.reading_budget ? fmt::format("{}", cfg.reading_budget) : "none");
  const auto a = s.by_version.count("A") ? s.by_version.at("A") : AbsoluteFit{};
  std::size_t stopped = s.all.stopped;
  md += "| figure | value |\n|---|--:|\n";
  md += fmt::format("| median factor | {} |\n", factor(s.all.median_abs_log));
  md += fmt::format("| share of cells within 2× | {} |\n", percent(s.all.share_within_2x, s.all.cells));
  md += fmt::format("| version A's share within 2× | {} |\n", percent(a.share_within_2x, a.cells));
  md += fmt::format("| cells stopped by the budget | {} of {} |\n", stopped, s.cells_total);
  md += "\n| version | median factor | within 2× | cells | stopped |\n|---|--:|--:|--:|--:|\n";
  for (const auto& v : cfg.versions) {
    const auto& f = s.by_version.at(v);
    md += fmt::format("| {} | {} | {} | {} | {} |\n", table_cell(v), factor(f.median_abs_log), percent(f.share_within_2x, f.cells), f.cells,
                      f.stopped);
    fit_rows(csv, "summary", "version", v, f);
  }
  md += "\n";
  fit_rows(csv, "summary", "chosen", "all", s.all);
}

}  // namespace

std::vector<std::filesystem::path> write_calibration_report(const CalibrationConfig& cfg, const CalibrationResult& result,
                                                            const std::filesystem::path& dir) {
  std::string md = fmt::format("# Calibration: {}\n\n", cfg.name);
  md += "Generated by `harness calibrate` from this directory's searches; every decision below is computed by the "
        "config's rules, none is written by hand.\n\n";
  if (!cfg.description.empty()) md += cfg.description + "\n\n";
  md += fmt::format("Config: `{}` (copied as calibration-config.json). Thesis table: `{}`. Stage: {}. This invocation "
                    "searched {} cells ({} nodes) in {:.1f} s.\n\n",
                    cfg.file.string(), cfg.thesis_table.string(), stage_name(result.stage), result.searched,
                    result.nodes_searched, result.wall_seconds);
  write_runs(md, dir);
  std::string csv = "stage,group,candidate,metric,value\n";
  write_mapping(md, csv, cfg, result);
  if (!result.groups.empty()) {
    md += "## Readings, group by group (computed)\n\n";
    for (const auto& d : result.groups) write_group(md, csv, cfg, d);
  }
  write_summary(md, csv, cfg, result);
  // The credibility of the table's own cells (thesis_credibility.h): the held-out rule leaves flagged cells out.
  if (const ThesisCredibility c = thesis_credibility(as_thesis_data(ThesisTable::load(cfg.thesis_table), cfg.versions)); c.present) {
    md += credibility_markdown(c).substr(1);  // its "### " heading one level up: a section of its own here
  }
  const auto report = dir / kCalibrationReport, table = dir / kCalibrationCsv;
  write_file_atomically(report, md);
  write_file_atomically(table, csv);
  return {report, table};
}

}  // namespace harness
