#include "harness/report/claim_metric_passes.h"

#include <fmt/core.h>

#include <algorithm>
#include <limits>

#include "harness/report/depth_end.h"
#include "harness/report/median.h"

namespace harness {

ClaimPart passes_median_part(const ResultSet& rs, const ClaimPartSpec& spec) {
  const ClaimFigure& f = spec.figure;
  const double low = spec.low.value_or(0), high = spec.high.value_or(std::numeric_limits<double>::infinity());
  ClaimPart part;
  std::string what = fmt::format("{}'s passes in the iteration{}, median over the positions", f.to, f.depths.text());
  if (!spec.label.empty()) what = spec.label;
  part.rule = !spec.low    ? fmt::format("{}: <= {:g}", what, high)
              : !spec.high ? fmt::format("{}: >= {:g}", what, low)
                           : fmt::format("{}: within [{:g}, {:g}]", what, low, high);
  // The figure's one depth (claim_spec.cpp requires a list of one).
  const int depth = f.depths.list.empty() ? 0 : f.depths.list.front();
  std::vector<double> passes;
  std::uint64_t max = 0;
  for (const auto& p : rs.experiment.positions) {
    const CellRecord* r = rs.version_cell(p.id, f.to, depth);
    // A cell that ended before its depth (depth_end.h) holds the passes of a shallower iteration.
    if (!counts_at_depth(r) || r->iteration_passes.empty()) continue;
    passes.push_back(double(r->iteration_passes.back()));
    max = std::max(max, r->iteration_passes.back());
  }
  if (passes.empty()) {
    part.figures = "no cells measured";
    return part;
  }
  const double m = median(passes);
  part.figures = fmt::format("median {:g}, max {} passes over {} position(s) (exact, no interval)", m, max, passes.size());
  part.state = decide(m >= low && m <= high, true);
  return part;
}

}  // namespace harness
