#include "harness/report/claims_section.h"

#include <fmt/core.h>

#include <cmath>

namespace harness {

std::string claims_section_markdown(const std::string& intro, const std::vector<Claim>& claims, const ReportNotes& notes,
                                    const std::vector<Claim>* thesis_own) {
  std::string md = "## Claims\n\n" + intro;
  for (std::size_t ci = 0; ci < claims.size(); ++ci) {
    const Claim& c = claims[ci];
    const Claim* own = thesis_own && ci < thesis_own->size() ? &(*thesis_own)[ci] : nullptr;
    md += fmt::format("### {} — {} (Holm: {})\n\n*{}*\n\n", c.id, verdict_text(c.verdict()), verdict_text(c.holm_verdict()),
                      c.statement);
    if (!c.source.empty() || !c.published.empty())
      md += fmt::format("Source: {}{}\n\n", c.source.empty() ? "—" : c.source,
                        c.published.empty() ? "" : fmt::format(": {}", c.published));
    for (std::size_t pi = 0; pi < c.parts.size(); ++pi) {
      const ClaimPart& p = c.parts[pi];
      md += fmt::format("- {} — {} — **{}** (Holm: {})\n", p.rule, p.figures, verdict_text(p.state), verdict_text(p.holm_state));
      if (!p.context.empty()) md += fmt::format("  - beside it, not deciding it: {}\n", p.context);
      if (own && pi < own->parts.size() && own->parts[pi].state != Verdict::not_measured)
        md += fmt::format("  - on the thesis's own tables: {} — {}\n", own->parts[pi].figures, verdict_text(own->parts[pi].state));
    }
    md += "\n";
    if (auto it = notes.by_claim.find(c.id); it != notes.by_claim.end())
      md += "*Likely reason (written by hand, notes.md):* " + it->second + "\n\n";
  }
  return md;
}

nlohmann::json claims_summary_json(const std::vector<Claim>& claims) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : claims) {
    nlohmann::json parts = nlohmann::json::array();
    for (const auto& p : c.parts) {
      nlohmann::json part = {{"rule", p.rule}, {"figures", p.figures}, {"state", verdict_text(p.state)},
                             {"state_holm", verdict_text(p.holm_state)}};
      // 9 decimals: the same file whichever compiler rebuilds it (a t quantile may differ in the last bit).
      if (p.tested) part["p"] = std::round(p.p * 1e9) / 1e9;
      if (!p.context.empty()) part["context"] = p.context;
      parts.push_back(part);
    }
    nlohmann::json claim = {{"id", c.id}, {"statement", c.statement}, {"verdict", verdict_text(c.verdict())},
                            {"verdict_holm", verdict_text(c.holm_verdict())}, {"parts", parts}};
    if (!c.source.empty()) claim["source"] = c.source;
    if (!c.published.empty()) claim["published"] = c.published;
    out.push_back(claim);
  }
  return out;
}

}  // namespace harness
