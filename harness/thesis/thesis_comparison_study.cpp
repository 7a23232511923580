// The comparison with the thesis's Appendix B (study.h): each measured cell over the thesis's, the fit in one line
// per group, the fidelity figures (thesis_fidelity.h) and the credibility of the thesis's own cells
// (thesis_credibility.h), then the tables in the thesis's shapes. It applies when the experiment has cells the thesis
// measured (a thesis position's versions A-H, or the sweep of its position 5).
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "harness/report/markdown_text.h"
#include "harness/report/study.h"
#include "harness/thesis/thesis_credibility.h"
#include "harness/thesis/thesis_fidelity.h"
#include "harness/thesis/thesis_fit.h"
#include "harness/report/writers.h"

namespace harness {

namespace {

class ThesisComparisonStudy final : public Study {
 public:
  explicit ThesisComparisonStudy(const Report& r) : report_(r) {}
  std::string_view name() const override { return "thesis_comparison"; }
  bool applies() const override { return report_.thesis.has_value(); }
  std::string markdown() const override {
    const Experiment& exp = report_.rs.experiment;
    std::vector<std::string> depth_cols;
    for (int d : exp.depths) depth_cols.push_back(std::to_string(d));
    std::string md;
      md += "## Compared with the thesis\n\n"
            "Each cell is measured nodes ÷ the thesis's nodes (Tables B.1–B.9, data/thesis/); below 1 our engine "
            "searched fewer nodes; * marks a cell stopped by the node budget, whose ratio is only a lower bound; † marks a thesis cell that looks edited by hand (below). Both numbers are in thesis_comparison.csv. The mapping of LCT II positions to the "
            "thesis's positions 1–6 is an inference (configs/README.md).\n\n";
      // The fit in one line per group (thesis_fit.h): what the calibration's figures are read from.
      md += "### Fit, in one line per group\n\nA factor is measured ÷ thesis or its inverse, whichever is ≥ 1; only cells "
            "both sides finished count.\n\n| Tables | Cells compared | Stopped by the budget | Not measured | Median factor | "
            "Within 2× | Worst tenth from |\n|---|--:|--:|--:|--:|--:|--:|\n";
      for (const auto& f : thesis_fit(report_.thesis->comparison))
        md += f.compared == 0 ? fmt::format("| {} | 0 | {} | {} | — | — | — |\n", table_cell(f.group), f.stopped, f.not_measured)
                              : fmt::format("| {} | {} | {} | {} | {:.2f}× | {:.0f} % | {:.1f}× |\n", table_cell(f.group), f.compared,
                                            f.stopped, f.not_measured, f.median_factor, 100 * f.within_2x, f.worst_tenth);
      md += "\n";
      md += fidelity_markdown(report_.thesis->fidelity);
      const bool any_version_row = std::any_of(report_.thesis->comparison.begin(), report_.thesis->comparison.end(),
                                               [](const ComparisonRow& r) { return !r.table.is_sweep(); });
      if (any_version_row) md += credibility_markdown(report_.thesis->credibility);
      std::map<std::string, std::map<std::string, std::map<int, const ComparisonRow*>>> vt;  // position, version, depth
      std::map<std::string, std::map<std::string, std::map<int, std::map<int, const ComparisonRow*>>>> tt;
      for (const auto& r : report_.thesis->comparison) {
        if (!r.table.is_sweep()) vt[r.position][r.version][r.depth] = &r;
        else tt[r.table.sweep + " — " + r.position][r.tt_scheme][r.depth][r.tt_entries] = &r;
      }
      // † marks a thesis cell the credibility test flags (thesis_credibility.h).
      auto ratio_text = [](const ComparisonRow* r) {
        if (!r) return std::string("");
        if (!r->measured) return std::string("—");
        return fmt::format("{:.2f}{}{}", r->ratio(), r->truncated ? "*" : "", r->thesis_flagged ? "†" : "");
      };
      auto thesis_text = [](const ComparisonRow* r) {
        return r ? std::to_string(r->thesis_nodes) + (r->thesis_flagged ? "†" : "") : std::string("");
      };
      for (const auto& p : exp.positions) {
        auto it = vt.find(p.id);
        if (it == vt.end()) continue;
        for (const auto& [what, text] : {std::pair{"the thesis's nodes", +thesis_text}, std::pair{"measured ÷ thesis", +ratio_text}}) {
          md += "### " + position_title(p) + ": " + what + "\n\n" + header_row("Version", depth_cols);
          for (const auto& v : exp.versions) {
            auto vit = it->second.find(v.name);
            if (vit == it->second.end()) continue;
            md += "| " + table_cell(v.name) + " |";
            for (int d : exp.depths) {
              auto dit = vit->second.find(d);
              md += fmt::format(" {} |", text(dit == vit->second.end() ? nullptr : dit->second));
            }
            md += "\n";
          }
          md += "\n";
        }
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
          for (const auto& [what, text] : {std::pair{"the thesis's nodes", +thesis_text}, std::pair{"measured ÷ thesis", +ratio_text}}) {
            md += fmt::format("### Sweep {}, scheme {}: {}\n\n", title, scheme, what) + header_row("Depth", cols);
            for (const auto& [d, row] : depths) {
              md += fmt::format("| {} |", d);
              for (int e : sizes) {
                auto eit = row.find(e);
                md += fmt::format(" {} |", text(eit == row.end() ? nullptr : eit->second));
              }
              md += "\n";
            }
            md += "\n";
          }
        }
    return md;
  }
  nlohmann::json json() const override { return rows(); }
  // Beside the rows: the fit, the fidelity figures and, with a versions table, the credibility test.
  void add_to_summary(nlohmann::json& summary) const override {
    using nlohmann::json;
    summary["thesis_comparison"] = rows();
    json fit = json::array();
    for (const auto& f : thesis_fit(report_.thesis->comparison))
      fit.push_back({{"group", f.group}, {"compared", f.compared}, {"stopped_by_budget", f.stopped},
                     {"not_measured", f.not_measured}, {"median_factor", std::round(f.median_factor * 1e3) / 1e3},
                     {"within_2x", std::round(f.within_2x * 1e3) / 1e3},
                     {"worst_tenth_factor", std::round(f.worst_tenth * 1e3) / 1e3}});
    if (!fit.empty()) summary["thesis_fit"] = fit;
    if (report_.thesis->fidelity.present) summary["fidelity"] = fidelity_json(report_.thesis->fidelity);
    if (std::any_of(report_.thesis->comparison.begin(), report_.thesis->comparison.end(),
                    [](const ComparisonRow& r) { return !r.table.is_sweep(); }))
      summary["thesis_credibility"] = credibility_json(report_.thesis->credibility);
  }

 private:
  nlohmann::json rows() const {
    using nlohmann::json;
    json cmp = json::array();
    for (const auto& r : report_.thesis->comparison) {
      json row = {{"table", r.table.text()}, {"position", r.position}, {"thesis_position", r.thesis_position},
                  {"version", r.version}, {"depth", r.depth}, {"thesis_nodes", r.thesis_nodes}};
      if (!r.tt_scheme.empty()) {
        row["tt_scheme"] = r.tt_scheme;
        row["tt_entries"] = r.tt_entries;
      }
      row["measured_nodes"] = r.measured ? json(*r.measured) : json(nullptr);
      row["ratio"] = r.measured ? json(std::round(r.ratio() * 1e4) / 1e4) : json(nullptr);
      if (r.thesis_flagged) row["thesis_flagged"] = true;
      cmp.push_back(row);
    }
    return cmp;
  }
 private:
  const Report& report_;
};

}  // namespace

std::unique_ptr<Study> make_thesis_comparison_study(const Report& report) {
  return std::make_unique<ThesisComparisonStudy>(report);
}

}  // namespace harness
