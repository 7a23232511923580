// The claims of several runs side by side (`harness claims DIR...`): each part's verdict on each run, computed by the
// one evaluator (claim_evaluator.h) from each run's own cells, and per run the counts of parts decided and holding.
// Its use: the same claims judged on few positions and on many (results/thesis-versions against
// results/thesis-versions-35), to show what more positions decide.
//
// Parts are paired by claim id, by which part of the claim's spec they are, and for a figure over "positions":
// "each" by the position: a part one run does not have (a position it did not search) is shown as "—" there.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "harness/report/claim_evaluator.h"
#include "harness/report/markdown_text.h"

namespace harness {

struct ClaimsRun {
  std::string label;  // e.g. the results directory
  std::vector<Claim> claims;
};

// A run's parts counted by verdict, raw and under Holm's correction.
struct ClaimPartCounts {
  int parts = 0;
  int holds = 0, does_not_hold = 0, undecided = 0, not_measured = 0;
  int holm_holds = 0, holm_does_not_hold = 0;
  int decided() const { return holds + does_not_hold; }
  int holm_decided() const { return holm_holds + holm_does_not_hold; }
};

namespace claims_side_by_side_detail {

// What pairs a part across runs (claims_side_by_side.h).
using PartKey = std::tuple<std::string, std::size_t, std::string>;

inline PartKey key_of(const Claim& c, const ClaimPart& p) { return {c.id, p.spec_part, p.each_position}; }

inline std::string part_label(const PartKey& k) {
  const auto& [id, spec_part, position] = k;
  return fmt::format("{}.{}{}", id, spec_part + 1, position.empty() ? "" : " " + position);
}

inline std::string percent_of(int n, int of) { return of == 0 ? "—" : fmt::format("{} ({:.0f} %)", n, 100.0 * n / of); }

inline std::string verdict_cell(const ClaimPart& p) {
  std::string v(verdict_text(p.state));
  if (p.holm_state != p.state) v += fmt::format(" (Holm: {})", verdict_text(p.holm_state));
  return v;
}

// The figure's first clause: the aggregate the verdict reads (the rest is context that decides nothing).
inline std::string first_clause(const std::string& figures) { return figures.substr(0, figures.find("; ")); }

inline bool decided(Verdict v) { return v == Verdict::holds || v == Verdict::does_not_hold; }

}  // namespace claims_side_by_side_detail

// A run's parts counted by verdict.
inline ClaimPartCounts count_claim_parts(const std::vector<Claim>& claims) {
  ClaimPartCounts n;
  for (const auto& c : claims)
    for (const auto& p : c.parts) {
      ++n.parts;
      switch (p.state) {
        case Verdict::holds: ++n.holds; break;
        case Verdict::does_not_hold: ++n.does_not_hold; break;
        case Verdict::not_measured: ++n.not_measured; break;
        default: ++n.undecided; break;
      }
      n.holm_holds += p.holm_state == Verdict::holds;
      n.holm_does_not_hold += p.holm_state == Verdict::does_not_hold;
    }
  return n;
}

// The Markdown page: how it was made (`made_by`, the command line), the counts per run and per claim, the parts
// decided by every run and whether they agree, and one row per part.
inline std::string claims_side_by_side_markdown(const std::vector<ClaimsRun>& runs, const std::string& made_by) {
  using namespace claims_side_by_side_detail;
  // Every part of every run, in the first run's order, then the parts only later runs have, each after the last
  // part of its claim and spec part seen so far (a run's extra positions of a "positions": "each" part).
  std::vector<PartKey> order;
  std::vector<std::map<PartKey, const ClaimPart*>> found(runs.size());
  for (std::size_t r = 0; r < runs.size(); ++r)
    for (const auto& c : runs[r].claims)
      for (const auto& p : c.parts) {
        const PartKey k = key_of(c, p);
        found[r][k] = &p;
        if (std::find(order.begin(), order.end(), k) != order.end()) continue;
        auto after = std::find_if(order.rbegin(), order.rend(), [&](const PartKey& o) {
          return std::get<0>(o) == std::get<0>(k) && std::get<1>(o) <= std::get<1>(k);
        });
        order.insert(after == order.rend() ? order.end() : after.base(), k);
      }

  std::string md = "# Claims side by side\n\n";
  md += fmt::format("Computed by `{}`: each run's claims judged by the harness's claim evaluator on that run's own cells "
                    "(its experiment.json and cells.jsonl), as its REPORT.md judges them; not written by hand. A part "
                    "is decided when it holds or does not hold (raw verdict, 95 % intervals); Holm's correction runs "
                    "over each run's own tested parts. Parts are paired by claim, by the part of the claim's figures "
                    "and, for a figure over each position, by the position; \"—\" marks a part a run does not have.\n\n",
                    made_by);

  md += "## Counts\n\n";
  std::vector<std::string> labels;
  for (const auto& r : runs) labels.push_back(table_cell(r.label));
  md += header_row("count", labels);
  std::vector<ClaimPartCounts> counts;
  for (const auto& r : runs) counts.push_back(count_claim_parts(r.claims));
  auto row = [&](const std::string& what, auto cell) {
    md += "| " + what + " |";
    for (const auto& n : counts) md += " " + cell(n) + " |";
    md += "\n";
  };
  row("parts", [](const ClaimPartCounts& n) { return fmt::format("{}", n.parts); });
  row("decided (holds or does not hold)", [](const ClaimPartCounts& n) { return percent_of(n.decided(), n.parts); });
  row("holds (agrees with the thesis)", [](const ClaimPartCounts& n) { return percent_of(n.holds, n.parts); });
  row("does not hold", [](const ClaimPartCounts& n) { return percent_of(n.does_not_hold, n.parts); });
  row("undecided", [](const ClaimPartCounts& n) { return percent_of(n.undecided, n.parts); });
  row("not measured", [](const ClaimPartCounts& n) { return percent_of(n.not_measured, n.parts); });
  row("decided under Holm", [](const ClaimPartCounts& n) { return percent_of(n.holm_decided(), n.parts); });
  row("holds under Holm", [](const ClaimPartCounts& n) { return percent_of(n.holm_holds, n.parts); });

  // Per claim: a claim of one part per position weighs as many parts as the run has positions.
  md += "\n" + header_row("claim: parts decided of parts", labels);
  std::vector<std::string> ids;
  for (const auto& k : order)
    if (std::find(ids.begin(), ids.end(), std::get<0>(k)) == ids.end()) ids.push_back(std::get<0>(k));
  for (const auto& id : ids) {
    md += "| " + table_cell(id) + " |";
    for (const auto& r : runs) {
      auto c = std::find_if(r.claims.begin(), r.claims.end(), [&](const Claim& x) { return x.id == id; });
      if (c == r.claims.end()) {
        md += " — |";
        continue;
      }
      const ClaimPartCounts n = count_claim_parts({*c});
      md += fmt::format(" {} of {} ({} hold) |", n.decided(), n.parts, n.holds);
    }
    md += "\n";
  }

  if (runs.size() > 1) {
    int in_all = 0, decided_in_all = 0, same = 0;
    for (const auto& k : order) {
      bool everywhere = true, all_decided = true;
      for (const auto& f : found) {
        auto it = f.find(k);
        everywhere = everywhere && it != f.end();
        all_decided = all_decided && it != f.end() && decided(it->second->state);
      }
      if (!everywhere) continue;
      ++in_all;
      if (!all_decided) continue;
      ++decided_in_all;
      same += std::all_of(found.begin(), found.end(),
                          [&](const auto& f) { return f.at(k)->state == found.front().at(k)->state; });
    }
    md += fmt::format("\nParts every run has: {}; decided in every run: {}; of these, the same verdict in every run: {}.\n",
                      in_all, decided_in_all, same);
  }

  md += "\n## Parts\n\n";
  std::vector<std::string> cols = labels;
  for (const auto& l : labels) cols.push_back(l + ": rule; figure");
  md += header_row("part", cols);
  for (const auto& k : order) {
    md += "| " + table_cell(part_label(k)) + " |";
    for (const auto& f : found) {
      auto it = f.find(k);
      md += " " + (it == f.end() ? std::string("—") : verdict_cell(*it->second)) + " |";
    }
    for (const auto& f : found) {
      auto it = f.find(k);
      md += " " + (it == f.end() ? std::string("—")
                                 : table_cell(it->second->rule + "; " + first_clause(it->second->figures))) + " |";
    }
    md += "\n";
  }
  return md;
}

}  // namespace harness
