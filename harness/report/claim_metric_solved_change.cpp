#include "harness/report/claim_metric_solved_change.h"

#include <fmt/core.h>

#include <algorithm>

#include "harness/report/depth_end.h"
#include "harness/report/paired_proportions.h"

namespace harness {

namespace {

bool cell_solved(const CellRecord* r) { return r->solve && r->solve->solved; }

std::string fraction_pct(double fraction) { return fmt::format("{:+.1f} %", 100 * fraction); }

std::string solved_change_rule(const std::string& what, const ClaimPartSpec& spec) {
  const std::string head = what + ", positions solved: difference of solved proportions";
  if (!spec.low) return fmt::format("{} <= {}", head, fraction_pct(*spec.high));
  if (!spec.high) return fmt::format("{} >= {}", head, fraction_pct(*spec.low));
  return fmt::format("{} within [{}, {}]", head, fraction_pct(*spec.low), fraction_pct(*spec.high));
}

}  // namespace

ClaimPart solved_change_part(const ResultSet& rs, const std::string& what, const ClaimPartSpec& spec,
                             const std::vector<std::string>& ids) {
  ClaimPart part;
  part.rule = solved_change_rule(what, spec);
  const ClaimFigure& f = spec.figure;
  if (f.depths.list.size() != 1) {
    part.figures = "needs one depth";
    return part;
  }
  const int depth = f.depths.list.front();
  std::size_t n = 0, gained = 0, lost = 0, solved_to = 0, solved_from = 0;
  for (const auto& id : ids) {
    if (rs.experiment.solution(id).empty()) continue;
    const CellRecord* a = rs.version_cell(id, f.to, depth);
    const CellRecord* b = rs.version_cell(id, f.from, depth);
    if (!answers(a) || !answers(b)) continue;
    ++n;
    const bool sa = cell_solved(a), sb = cell_solved(b);
    solved_to += sa;
    solved_from += sb;
    gained += sa && !sb;
    lost += sb && !sa;
  }
  if (n == 0) {
    part.figures = "no position with a solution answered by both";
    return part;
  }
  const PairedDifference d = paired_difference(n, gained, lost);
  part.figures = fmt::format("{} → {} of {} solved ({} gained, {} lost): {} [{}, {}] (Tango's paired score interval)",
                             solved_from, solved_to, n, gained, lost, fraction_pct(d.difference), fraction_pct(d.low), fraction_pct(d.high));
  part.state = paired_difference_verdict(d, spec.low.value_or(-1), spec.high.value_or(1));
  // The tests whose level-0.025 rejections are the interval lying inside the band (both sides) or wholly outside it.
  part.tested = true;
  const double inside = std::max(spec.low ? paired_difference_p_above(d, *spec.low) : 0.0,
                                 spec.high ? 1 - paired_difference_p_above(d, *spec.high) : 0.0);
  const double outside = std::min(spec.low ? 1 - paired_difference_p_above(d, *spec.low) : 1.0,
                                  spec.high ? paired_difference_p_above(d, *spec.high) : 1.0);
  part.p = part.state == Verdict::holds ? inside : part.state == Verdict::does_not_hold ? outside : std::min(inside, outside);
  if (part.state == Verdict::undecided) part.figures += fmt::format(" — undecided (n = {})", n);
  return part;
}

}  // namespace harness
