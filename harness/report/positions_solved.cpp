#include "harness/report/positions_solved.h"

#include <fmt/core.h>

#include "harness/report/markdown_text.h"

namespace harness {

namespace {
// Solutions make something to report only with versions to score them: a sweep-only experiment (thesis-tt,
// tt-schemes) has positions with solutions but no version.
bool has_versions_to_score(const Experiment& exp) { return exp.any_solution() && !exp.versions.empty(); }

int solvable_positions(const Experiment& exp) {
  int n = 0;
  for (const auto& p : exp.positions) n += !exp.solution(p.id).empty();
  return n;
}

// Of the positions with a solution, those whose cell of `version` at `depth` was scored, and those solved.
struct SolveCount {
  int solved = 0, measured = 0;
};
SolveCount solved_at(const ResultSet& rs, const std::string& version, int depth) {
  SolveCount c;
  for (const auto& p : rs.experiment.positions) {
    if (rs.experiment.solution(p.id).empty()) continue;
    const CellRecord* r = rs.version_cell(p.id, version, depth);
    if (!r || !r->solve) continue;
    ++c.measured;
    c.solved += r->solve->solved;
  }
  return c;
}
}  // namespace

std::string solve_count_lines(const ResultSet& rs) {
  const Experiment& exp = rs.experiment;
  if (!has_versions_to_score(exp)) return "";
  const int solvable = solvable_positions(exp);
  std::string out = fmt::format("positions solved (of {} with bm/am), by depth {}:\n", solvable,
                                fmt::format("{}..{}", exp.depths.front(), exp.depths.back()));
  for (const auto& v : exp.versions) {
    out += fmt::format("  {:<12}", v.name);
    for (int d : exp.depths) {
      const SolveCount c = solved_at(rs, v.name, d);
      out += c.measured ? fmt::format(" d{}:{}", d, c.solved) : fmt::format(" d{}:-", d);
    }
    out += "\n";
  }
  return out;
}

int lct2_points(std::optional<double> s) {
  if (!s) return 0;
  constexpr double kLimits[] = {9, 29, 89, 179, 389, 600};
  constexpr int kPoints[] = {30, 25, 20, 15, 10, 5};
  for (int i = 0; i < 6; ++i)
    if (*s <= kLimits[i]) return kPoints[i];
  return 0;
}

namespace {

// The LCT II rule, on the LCT II positions of the set (nothing without them).
std::string lct_rating_table(const ResultSet& rs, int deepest) {
  const Experiment& exp = rs.experiment;
  std::string md;
  int lct = 0;
  for (const auto& p : exp.positions) lct += !exp.solution(p.id).empty() && p.id.rfind("LCTII.", 0) == 0;
  if (lct == 0) return md;
  md += fmt::format("### LCT II rating (on the {} LCT II positions of the set)\n\n"
                    "The suite's rule: 30/25/20/15/10/5 points for a solution found and kept by 9/29/89/179/389/600 s; "
                    "rating 1900 + points. Read from the depth-{} cells: *by time* uses the seconds this machine took "
                    "to the iteration where the solution was found and kept; *by nodes* converts that iteration's node "
                    "count at a stated {:g} million nodes per second (machine-independent). A solution kept to depth {} might "
                    "still change deeper, within the 600 s the rule allows: these are ratings of fixed-depth searches.\n\n"
                    "| Version | Solved | Points by time | Rating by time | Points by nodes | Rating by nodes |\n"
                    "|---|--:|--:|--:|--:|--:|\n",
                    lct, deepest, kLctNodesPerSecond / 1e6, deepest);
  for (const auto& v : exp.versions) {
    int solved_n = 0, by_time = 0, by_nodes = 0, measured = 0;
    for (const auto& p : exp.positions) {
      if (exp.solution(p.id).empty() || p.id.rfind("LCTII.", 0) != 0) continue;
      const CellRecord* r = rs.version_cell(p.id, v.name, deepest);
      if (!r || !r->solve) continue;
      ++measured;
      if (!r->solve->solved || !r->solve->found_seconds) continue;
      ++solved_n;
      by_time += lct2_points(r->solve->found_seconds);
      by_nodes += lct2_points(double(*r->solve->found_nodes) / kLctNodesPerSecond);
    }
    if (measured == 0) {
      md += fmt::format("| {} | — | — | — | — | — |\n", table_cell(v.name));
      continue;
    }
    md += fmt::format("| {} | {}{} | {} | {} | {} | {} |\n", table_cell(v.name), solved_n,
                      measured < lct ? fmt::format(" ({} measured)", measured) : "", by_time, 1900 + by_time, by_nodes,
                      1900 + by_nodes);
  }
  md += "\n";
  return md;
}

// Solve counts per version and depth, and at node budgets (found and kept within the budget, at the deepest depth),
// then the LCT II rating.
std::string solve_tables(const ResultSet& rs, int solvable) {
  const Experiment& exp = rs.experiment;
  std::string md;
  std::vector<std::string> cols;
  for (int d : exp.depths) cols.push_back(std::to_string(d));
  md += fmt::format("### Positions solved, by version and depth (of {})\n\n| Version |", solvable);
  std::string sep = "|---|";
  for (const auto& c : cols) {
    md += " " + c + " |";
    sep += "--:|";
  }
  md += "\n" + sep + "\n";
  for (const auto& v : exp.versions) {
    md += "| " + table_cell(v.name) + " |";
    for (int d : exp.depths) {
      const SolveCount c = solved_at(rs, v.name, d);
      md += c.measured == 0        ? " — |"
            : c.measured < solvable ? fmt::format(" {} ({} measured) |", c.solved, c.measured)
                                    : fmt::format(" {} |", c.solved);
    }
    md += "\n";
  }
  const int deepest = exp.depths.back();
  const std::uint64_t budgets[] = {100000, 1000000, 10000000, 100000000};
  md += fmt::format("\n### Positions solved within a node budget (found and kept by then, in the depth-{} search)\n\n"
                    "| Version | 10^5 | 10^6 | 10^7 | 10^8 |\n|---|--:|--:|--:|--:|\n", deepest);
  for (const auto& v : exp.versions) {
    md += "| " + table_cell(v.name) + " |";
    for (auto b : budgets) {
      int n = 0;
      for (const auto& p : exp.positions) {
        const CellRecord* r = rs.version_cell(p.id, v.name, deepest);
        if (r && r->solve && r->solve->solved && r->solve->found_nodes && *r->solve->found_nodes <= b) ++n;
      }
      md += fmt::format(" {} |", n);
    }
    md += "\n";
  }
  md += "\n";
  md += lct_rating_table(rs, deepest);
  return md;
}

}  // namespace

std::string positions_solved_section(const ResultSet& rs) {
  const Experiment& exp = rs.experiment;
  if (!has_versions_to_score(exp)) return "";
  const int solvable = solvable_positions(exp);
  std::string md = "## Positions solved\n\n";
  md += fmt::format("A position is solved when the final best move is one of its EPD `bm` moves and none of its `am` "
                    "moves ({} of the {} positions have a solution); a solution is *found and kept* from the first "
                    "iteration from which every iteration's best move solves. Every cell that answered counts, however "
                    "it ended (depth_end.h).\n\n",
                    solvable, exp.positions.size());
  return md + solve_tables(rs, solvable);
}

nlohmann::json positions_solved_json(const ResultSet& rs) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& v : rs.experiment.versions)
    for (int d : rs.experiment.depths)
      if (const SolveCount c = solved_at(rs, v.name, d); c.measured > 0)
        rows.push_back({{"version", v.name}, {"depth", d}, {"solved", c.solved}, {"measured", c.measured}});
  return rows;
}

}  // namespace harness
