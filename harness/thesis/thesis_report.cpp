#include "harness/thesis/thesis_report.h"

namespace harness {

std::optional<ThesisReport> thesis_report(const ResultSet& rs, const ThesisData& thesis, const std::vector<Claim>& claims) {
  std::vector<ComparisonRow> comparison = compare_with_thesis(rs, thesis);
  if (comparison.empty()) return std::nullopt;
  ThesisReport t;
  t.credibility = thesis_credibility(thesis);
  for (auto& r : comparison)
    r.thesis_flagged = !r.table.is_sweep() && t.credibility.is_flagged(r.thesis_position, r.version, r.depth);
  t.own_claims = evaluate_claims(thesis_as_results(rs, comparison));
  t.fidelity = thesis_fidelity(rs, comparison, claims, t.own_claims);
  t.comparison = std::move(comparison);
  return t;
}

}  // namespace harness
