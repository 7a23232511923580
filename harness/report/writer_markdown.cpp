// REPORT.md: how it was measured, the tables of the thesis's Appendix B, the comparison with the
// thesis and the claims.
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/search_stats.h"

#include "harness/report/depth_end.h"
#include "harness/report/drivers_study.h"
#include "harness/report/pruning_cost.h"
#include "harness/report/markdown_text.h"
#include "harness/report/study.h"
#include "harness/thesis/thesis_fit.h"
#include "harness/report/writers.h"

namespace harness {

namespace {

// A cell's nodes, marked with the depth it reached and why when it ended before its depth (depth_end.h).
std::string nodes_text(const CellRecord* r) {
  if (!r) return "—";
  const std::string mark = depth_mark(*r);
  return mark.empty() ? std::to_string(r->nodes()) : fmt::format("{} ({})", r->nodes(), mark);
}

// The legend of the node tables: what a mark means, for the marks the tables hold.
std::string nodes_legend(const EarlyEnds& early) {
  std::string md = "— marks a cell not measured";
  if (early.mate) md += "; (Nm) a search that ended on a mate at depth N (its nodes are that tree's, not the column's)";
  if (early.budget) md += "; (Nb) a search the node budget stopped after its depth-N iteration (the count where it stopped)";
  if (early.time) md += "; (Nt) a search the time limit stopped after its depth-N iteration (not reproducible)";
  if (early.total()) md += ". " + early.sentence() + " of every aggregate at a depth below (ratios, means, claims)";
  return md + ".\n\n";
}

std::string seconds_text(double s) {
  if (s < 120) return fmt::format("{:.1f} s", s);
  if (s < 7200) return fmt::format("{:.1f} min", s / 60);
  return fmt::format("{:.2f} h", s / 3600);
}

// Where, how and with what the cells were measured: one row per `harness run` (runs.jsonl).
std::string measurement_section(const Report& report, std::uint64_t nodes, double engine_s, bool any_incomplete,
                                std::size_t stopped_by_time) {
  const ResultSet& rs = report.rs;
  std::string md = "## How these numbers were measured\n\n";
  md += fmt::format("- Engine identity: `{}` (version and a node-count signature; every cell carries it, and cells of "
                    "another identity are refused).\n", rs.engine);
  std::set<std::uint64_t> signatures;
  double wall = 0;
  for (const auto& r : report.runs) {
    signatures.insert(r.bench_signature);
    wall += r.wall_seconds;
  }
  if (!signatures.empty()) {
    std::string sigs;
    for (auto v : signatures) {
      if (!sigs.empty()) sigs += ", ";
      sigs += std::to_string(v);
    }
    md += fmt::format("- Bench signature (`harness bench search --signature-only`): {}{}.\n", sigs,
                      signatures.size() > 1 ? " — **the runs disagree: the cells come from different search trees**" : "");
  }
  md += fmt::format("- Cells measured: {} of {}; {} nodes; engine time {} summed over cells.\n", rs.measured(),
                    rs.cells.size(), nodes, seconds_text(engine_s));
  if (rs.experiment.node_budget)
    md += fmt::format("- Node budget: {} nodes per cell{}.\n", rs.experiment.node_budget,
                      any_incomplete ? "; cells that reached it are marked (Nb) and left out of every aggregate at a depth" : "; no cell reached it");
  if (rs.experiment.time_limit_ms)
    md += fmt::format("- Time limit: {} ms of wall clock per cell; {} cell(s) stopped by it, marked (Nt) and left out of "
                      "the claims and ratios like every cell that ended before its depth. **A cell stopped by its time limit is not "
                      "reproducible**: how far it got depends on the machine and its load, so another run stores other "
                      "counts (and may stop other cells).\n",
                      rs.experiment.time_limit_ms, stopped_by_time);
  if (report.runs.empty()) {
    md += "- No run log (runs.jsonl): the machine, build and wall time were not recorded for these cells.\n\n";
    return md;
  }
  md += fmt::format("- Wall time: {} over {} run(s) of `harness run`.\n\n", seconds_text(wall), report.runs.size());
  md += "| Started (UTC) | Cells | Nodes | Wall | Threads | Shard | CPU | Cores | OS | Build |\n"
        "|---|--:|--:|--:|--:|---|---|--:|---|---|\n";
  for (const auto& r : report.runs)
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {}; {} |\n", r.started_utc, r.cells_run, r.nodes,
                      seconds_text(r.wall_seconds), r.threads, r.shard, r.machine.cpu, r.machine.cores, r.machine.os,
                      r.machine.compiler, r.machine.build);
  md += "\n";
  for (const auto& r : report.runs)
    if (!r.note.empty()) md += fmt::format("- The run started {}: {}\n", r.started_utc, r.note);
  return md + "\n";
}

// REPORT.md lists at most this many positions, and per-position tables for at most this many: a run over a puzzle
// set or an opening book of 10^5 positions would otherwise write a report of hundreds of MB that nobody reads.
// cells.csv holds every cell. The committed runs have at most 299 positions (Win at Chess), so none is cut.
constexpr std::size_t kMaxPositionsListed = 300;

// The line under a list cut at kMaxPositionsListed: how many were left out and where they are.
std::string positions_left_out(std::size_t total, const char* what) {
  if (total <= kMaxPositionsListed) return {};
  return fmt::format("{} of the first {} of {} positions are shown here ({} left out); cells.csv has every cell and "
                     "experiment.json every position.\n\n",
                     what, kMaxPositionsListed, total, total - kMaxPositionsListed);
}

// The positions, what each stands for, and why it was chosen (the config's notes).
std::string positions_section(const Experiment& exp) {
  std::string md = "## Positions\n\n| Position | Thesis position | Phase | FEN | Why |\n|---|--:|---|---|---|\n";
  for (std::size_t i = 0; i < std::min(exp.positions.size(), kMaxPositionsListed); ++i) {
    const PositionSpec& p = exp.positions[i];
    md += fmt::format("| {} | {} | {} | `{}` | {} |\n", table_cell(p.id),
                      p.thesis_position ? std::to_string(*p.thesis_position) : "", table_cell(p.phase), table_cell(p.fen),
                      table_cell(p.note));
  }
  return md + "\n" + positions_left_out(exp.positions.size(), "The FENs");
}

}  // namespace

namespace {

// Cells stored as failed (a reason of their own): in no table below, each with its reason. Nothing when none.
std::string failed_cells_section(const ResultSet& rs) {
  if (rs.failed.empty()) return {};
  std::string md = fmt::format("## Cells that failed\n\n{} cell(s) could not be measured; they are in no table below. "
                               "Delete a line from cells.jsonl (or change the flag named) and run again to retry it.\n\n"
                               "| Position | Version | Depth | Reason |\n|---|---|---|---|\n",
                               rs.failed.size());
  for (const auto& r : rs.failed)
    md += fmt::format("| {} | {} | {} | {} |\n", table_cell(r.inputs.position), table_cell(r.inputs.version),
                      r.inputs.depth, table_cell(r.failure));
  return md + "\n";
}

}  // namespace

std::string markdown_report(const Report& report) {
  const ResultSet& rs = report.rs;
  const Experiment& exp = rs.experiment;
  std::string md = fmt::format("# Experiment `{}`\n\n", exp.name);
  if (!exp.description.empty()) md += exp.description + "\n\n";
  if (!exp.note.empty()) md += exp.note + "\n\n";
  std::uint64_t nodes = 0;
  double engine_s = 0;
  bool any_incomplete = false;
  std::size_t stopped_by_time = 0;
  EarlyEnds early;
  for (const auto& c : rs.cells)
    if (const CellRecord* r = rs.record(c)) {
      nodes += r->nodes();
      engine_s += r->engine_seconds;
      any_incomplete |= !r->completed;
      stopped_by_time += r->stopped_by == "time";
      early.add(r);
    }
  md += measurement_section(report, nodes, engine_s, any_incomplete, stopped_by_time);
  md += "## What a node is\n\nThe definition written once in engine/search_stats.h:\n\n> " +
        std::string(buho::kNodeCountDefinition) + "\n\n";
  md += positions_section(exp);
  md += failed_cells_section(rs);
  md += "## Nodes by cell\n\n" + nodes_legend(early);

  std::vector<std::string> depth_cols;
  for (int d : exp.depths) depth_cols.push_back(std::to_string(d));

  if (!exp.versions.empty()) {
    md += "### Nodes by version and depth\n\n";
    for (std::size_t i = 0; i < std::min(exp.positions.size(), kMaxPositionsListed); ++i) {
      const PositionSpec& p = exp.positions[i];
      md += "#### " + position_title(p) + "\n\n" + header_row("Version", depth_cols);
      for (const auto& v : exp.versions) {
        md += "| " + table_cell(v.name) + " |";
        for (int d : exp.depths) md += fmt::format(" {} |", nodes_text(rs.version_cell(p.id, v.name, d)));
        md += "\n";
      }
      md += "\n";
    }
    md += positions_left_out(exp.positions.size(), "The tables");
  }

  for (const auto& s : exp.sweeps) {
    md += fmt::format("### Transposition-table sweep `{}` (version {})\n\n", s.name, s.version.name);
    std::vector<std::string> size_cols;
    for (std::size_t i = 0; i < s.size_count(); ++i)
      size_cols.push_back(s.sized_in_bytes() ? bytes_label(s.tt_bytes[i]) : entries_label(s.tt_entries[i]));
    // The sweep's points, one table per position and scheme (consecutive in the sweep's order): rows are
    // depths, columns sizes.
    struct Table {
      std::string position, scheme;
      std::map<std::pair<int, std::size_t>, std::string> nodes;  // (depth, size index)
    };
    std::vector<Table> tables;
    for_each_sweep_point(s, [&](const SweepPoint& pt) {
      if (tables.empty() || tables.back().position != pt.position || tables.back().scheme != pt.scheme)
        tables.push_back({pt.position, pt.scheme, {}});
      tables.back().nodes[{pt.depth, pt.size_index}] = nodes_text(rs.sweep_cell(s.name, pt.position, pt.scheme, pt.entries, pt.depth));
    });
    std::size_t positions_shown = 0;
    for (std::size_t i = 0; i < tables.size(); ++i) {
      const Table& t = tables[i];
      if ((i == 0 || t.position != tables[i - 1].position) && ++positions_shown > kMaxPositionsListed) break;
      const PositionSpec* p = exp.find_position(t.position);
      md += fmt::format("#### Scheme {} — {}\n\n", t.scheme, p ? position_title(*p) : t.position) + header_row("Depth", size_cols);
      for (int d : s.depths) {
        md += fmt::format("| {} |", d);
        for (std::size_t i = 0; i < s.size_count(); ++i) md += fmt::format(" {} |", t.nodes.at({d, i}));
        md += "\n";
      }
      md += "\n";
    }
    md += positions_left_out(s.positions.size(), "The tables");
  }

  for (const auto& study : report_studies(report))  // study.h: each applies, or writes nothing
    if (study->applies()) md += study->markdown();
  md += notes_markdown(report.notes);
  return md;
}

}  // namespace harness
