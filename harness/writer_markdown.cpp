// report.md: the tables of the thesis's Appendix B, the comparison with the thesis and the claims.
#include <fmt/core.h>

#include <map>

#include "harness/writers.h"

namespace harness {

namespace {

std::string header_row(const std::string& first, const std::vector<std::string>& cols) {
  std::string h = "| " + first + " |", sep = "|---|";
  for (const auto& c : cols) {
    h += " " + c + " |";
    sep += "--:|";
  }
  return h + "\n" + sep + "\n";
}

std::string nodes_text(const CellRecord* r) {
  if (!r) return "—";
  return r->completed ? std::to_string(r->nodes()) : std::to_string(r->nodes()) + "*";
}

std::string position_title(const PositionSpec& p) {
  std::string t = p.id;
  if (p.thesis_position) t += fmt::format(" (thesis position {}, {})", *p.thesis_position, p.phase);
  else t += fmt::format(" ({})", p.phase);
  return t;
}

}  // namespace

std::string markdown_report(const Report& report) {
  const ResultSet& rs = report.rs;
  const Experiment& exp = rs.experiment;
  std::string md = fmt::format("# Experiment `{}`\n\n", exp.name);
  if (!exp.description.empty()) md += exp.description + "\n\n";
  std::uint64_t nodes = 0;
  double engine_s = 0;
  bool any_incomplete = false;
  for (const auto& c : rs.cells)
    if (auto it = rs.rows.find(c.key); it != rs.rows.end()) {
      nodes += it->second.nodes();
      engine_s += it->second.engine_seconds;
      any_incomplete |= !it->second.completed;
    }
  md += fmt::format("Engine `{}`. Cells measured: {} of {}. Nodes: {}. Engine time (sum over cells): {:.2f} s.\n\n",
                    rs.engine, rs.measured(), rs.cells.size(), nodes, engine_s);
  md += "Nodes are positions entered by the search and the quiescence search, summed over the iterations of "
        "iterative deepening (engine/search_stats.h). — marks a cell not measured";
  md += any_incomplete ? "; * a cell stopped by the node budget.\n\n" : ".\n\n";

  std::vector<std::string> depth_cols;
  for (int d : exp.depths) depth_cols.push_back(std::to_string(d));

  if (!exp.versions.empty()) {
    md += "## Nodes by version and depth\n\n";
    for (const auto& p : exp.positions) {
      md += "### " + position_title(p) + "\n\n" + header_row("Version", depth_cols);
      for (const auto& v : exp.versions) {
        md += "| " + v.name + " |";
        for (int d : exp.depths) md += fmt::format(" {} |", nodes_text(rs.version_cell(p.id, v.name, d)));
        md += "\n";
      }
      md += "\n";
    }
  }

  for (const auto& s : exp.sweeps) {
    md += fmt::format("## Transposition-table sweep `{}` (version {})\n\n", s.name, s.version.name);
    std::vector<std::string> size_cols;
    for (int e : s.tt_entries) size_cols.push_back(entries_label(e));
    for (const auto& pid : s.positions)
      for (const auto& scheme : s.tt_schemes) {
        const PositionSpec* p = exp.find_position(pid);
        md += fmt::format("### Scheme {} — {}\n\n", scheme, p ? position_title(*p) : pid) + header_row("Depth", size_cols);
        for (int d : s.depths) {
          md += fmt::format("| {} |", d);
          for (int e : s.tt_entries) md += fmt::format(" {} |", nodes_text(rs.sweep_cell(s.name, pid, scheme, e, d)));
          md += "\n";
        }
        md += "\n";
      }
  }

  // Thesis comparison: measured ÷ thesis, in the same shapes.
  if (!report.comparison.empty()) {
    md += "## Compared with the thesis\n\n"
          "Each cell is measured nodes ÷ the thesis's nodes (Tables B.1–B.9, data/thesis/); below 1 our engine "
          "searched fewer nodes. Both numbers are in thesis_comparison.csv. The mapping of LCT II positions to the "
          "thesis's positions 1–6 is an inference (configs/README.md).\n\n";
    std::map<std::string, std::map<std::string, std::map<int, const ComparisonRow*>>> vt;  // position, version, depth
    std::map<std::string, std::map<std::string, std::map<int, std::map<int, const ComparisonRow*>>>> tt;
    for (const auto& r : report.comparison) {
      if (r.table == "versions") vt[r.position][r.version][r.depth] = &r;
      else tt[r.table.substr(r.table.find(':') + 1) + " — " + r.position][r.tt_scheme][r.depth][r.tt_entries] = &r;
    }
    auto ratio_text = [](const ComparisonRow* r) {
      if (!r) return std::string("");
      if (!r->measured) return std::string("—");
      return fmt::format("{:.2f}", r->ratio());
    };
    for (const auto& p : exp.positions) {
      auto it = vt.find(p.id);
      if (it == vt.end()) continue;
      md += "### " + position_title(p) + ": measured ÷ thesis\n\n" + header_row("Version", depth_cols);
      for (const auto& v : exp.versions) {
        auto vit = it->second.find(v.name);
        if (vit == it->second.end()) continue;
        md += "| " + v.name + " |";
        for (int d : exp.depths) {
          auto dit = vit->second.find(d);
          md += fmt::format(" {} |", ratio_text(dit == vit->second.end() ? nullptr : dit->second));
        }
        md += "\n";
      }
      md += "\n";
    }
    for (const auto& [title, schemes] : tt)
      for (const auto& [scheme, depths] : schemes) {
        std::vector<int> sizes;
        for (const auto& [d, row] : depths)
          for (const auto& [e, r] : row)
            if (std::find(sizes.begin(), sizes.end(), e) == sizes.end()) sizes.push_back(e);
        std::sort(sizes.begin(), sizes.end());
        std::vector<std::string> cols;
        for (int e : sizes) cols.push_back(entries_label(e));
        md += fmt::format("### Sweep {}, scheme {}: measured ÷ thesis\n\n", title, scheme) + header_row("Depth", cols);
        for (const auto& [d, row] : depths) {
          md += fmt::format("| {} |", d);
          for (int e : sizes) {
            auto eit = row.find(e);
            md += fmt::format(" {} |", ratio_text(eit == row.end() ? nullptr : eit->second));
          }
          md += "\n";
        }
        md += "\n";
      }
  }

  md += "## The thesis's claims C1–C9\n\n"
        "Each claim is split into parts; a part is the mean change in nodes (new version against the one before, "
        "in %) over the cells named, tested against a band: the thesis's figure widened by 10 points (5 where the "
        "thesis says \"no effect\"). Middlegame/endgame is each position's `phase`. A claim holds when every "
        "measured part holds; parts without cells are not measured. A pair in which either cell was stopped by "
        "the node budget is left out (its count is truncated).\n\n";
  for (const auto& c : report.claims) {
    md += fmt::format("### {} — {}\n\n*{}*\n\n", c.id, c.verdict(), c.statement);
    for (const auto& p : c.parts) {
      const char* state = p.state == ClaimPart::State::Holds ? "holds"
                          : p.state == ClaimPart::State::Fails ? "does not hold"
                                                               : "not measured";
      md += fmt::format("- {} — {} — **{}**\n", p.rule, p.figures, state);
    }
    md += "\n";
  }
  return md;
}

}  // namespace harness
