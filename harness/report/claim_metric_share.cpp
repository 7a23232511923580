#include "harness/report/claim_metric_share.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include <boost/math/distributions/students_t.hpp>

#include "harness/report/effects_study.h"

namespace harness {

namespace {

std::string rshare_pct(double v) { return fmt::format("{:.1f} %", 100 * v); }

std::string rshare_cell(const MeanInterval& m) {
  if (!m.has_interval()) return rshare_pct(m.mean);
  return fmt::format("{} [{}, {}]", rshare_pct(m.mean), rshare_pct(m.low), rshare_pct(m.high));
}

// The one-sided p-values of "the mean share lies inside [low, high]" (the larger of the two sides' tests) and of "it
// lies outside" (the smaller), from the Student t interval m: the tests whose level-0.025 rejections are exactly the
// 95 % interval lying inside the band, or wholly outside it (as claim_evaluator.cpp's for a geometric mean).
std::pair<double, double> rshare_p_values(const MeanInterval& m, std::optional<double> low, std::optional<double> high) {
  const boost::math::students_t t(double(m.n - 1));
  const double se = (m.high - m.low) / (2 * boost::math::quantile(t, 0.975));
  auto below = [&](double bound) {  // p-value of "the mean is below `bound`"
    if (se <= 0) return m.mean < bound ? 0.0 : 1.0;
    return boost::math::cdf(t, (m.mean - bound) / se);
  };
  auto above = [&](double bound) {  // p-value of "the mean is above `bound`"
    if (se <= 0) return m.mean > bound ? 0.0 : 1.0;
    return boost::math::cdf(t, (bound - m.mean) / se);
  };
  const double inside = std::max(low ? above(*low) : 0.0, high ? below(*high) : 0.0);
  const double outside = std::min(low ? below(*low) : 1.0, high ? above(*high) : 1.0);
  return {inside, outside};
}

}  // namespace

ClaimPart reduction_share_part(const ResultSet& rs, const ClaimPartSpec& spec) {
  const ClaimFigure& f = spec.figure;
  const bool to_minimal = f.share_of == kShareOfMinimalTree;
  const int depth = f.depths.list.empty() ? 0 : f.depths.list.front();
  const Design* d = rs.experiment.design ? &*rs.experiment.design : nullptr;
  ClaimPart part;
  std::string what = fmt::format("{}'s share of the reduction from {} to {} at depth {}", f.to, d ? d->base : "the base",
                                 to_minimal ? "the minimal tree" : "the best combination", depth);
  if (!spec.label.empty()) what = spec.label;
  const double low = spec.low.value_or(-std::numeric_limits<double>::infinity());
  const double high = spec.high.value_or(std::numeric_limits<double>::infinity());
  part.rule = !spec.low    ? fmt::format("{}: interval <= {}", what, rshare_pct(high))
              : !spec.high ? fmt::format("{}: interval >= {}", what, rshare_pct(low))
                           : fmt::format("{}: interval within [{}, {}]", what, rshare_pct(low), rshare_pct(high));
  if (!d || d->kind != Design::Kind::Factorial) {
    part.figures = "no factorial design in this experiment";
    return part;
  }
  const EffectsAtDepth at = effects_at_depth(rs, *d, depth);
  const auto c = std::find_if(at.combinations.begin(), at.combinations.end(),
                              [&](const EffectsCombination& x) { return x.version == f.to; });
  if (c == at.combinations.end() || (to_minimal ? c->share_to_minimal : c->share).n == 0) {
    part.figures = "no cells measured";
    return part;
  }
  const MeanInterval& m = to_minimal ? c->share_to_minimal : c->share;
  const EffectsCombination& best = at.combinations[at.best];
  part.figures = fmt::format("mean {} over {} position(s)", rshare_cell(m), m.n);
  part.context = to_minimal ? fmt::format("the minimal tree ÷ {}: geometric mean {:.3f}; {}'s share of the reduction to the "
                                          "best combination ({}): {}",
                                          d->base, at.minimal_ratio.mean, f.to, d->factors_text(at.best), rshare_cell(c->share))
                            : fmt::format("the best combination at depth {}: {} (÷ {}: geometric mean {:.3f}){}", depth,
                                          d->factors_text(at.best), d->base, best.ratio.mean,
                                          c->share_to_minimal.n ? "; share of the reduction to the minimal tree: " +
                                                                      rshare_cell(c->share_to_minimal)
                                                                : std::string());
  part.state = interval_verdict(m.has_interval(), m.low, m.high, low, high);
  if (m.has_interval()) {
    part.tested = true;
    const auto [inside, outside] = rshare_p_values(m, spec.low, spec.high);
    part.p = part.state == Verdict::holds ? inside : part.state == Verdict::does_not_hold ? outside : std::min(inside, outside);
  }
  if (part.state == Verdict::undecided) part.figures += fmt::format(" — undecided (n = {})", m.n);
  return part;
}

}  // namespace harness
