#include "harness/report/paired_proportions.h"

#include <cmath>
#include <limits>

#include <boost/math/distributions/normal.hpp>

#include "harness/report/geometric_interval.h"

namespace harness {

namespace {

// Tango's score statistic for the hypothesis that the difference is `delta`: the observed (gained - lost) - n·delta
// over its standard deviation n·(p_g + p_l - delta²) under the cell probabilities that maximise the likelihood
// g·ln p_g + l·ln p_l + (n - g - l)·ln(1 - p_g - p_l) subject to p_g - p_l = delta. Setting its derivative in p_l
// to zero gives the quadratic 2n·p_l² + W·p_l - l·delta·(1 - delta) = 0, W = -(g + l) + delta·(2n - g + l), whose
// non-negative root is p_l.
double tango_score(double n, double g, double l, double delta) {
  const double num = (g - l) - n * delta;
  const double w = -(g + l) + delta * (2 * n - g + l);
  const double p_lost = (-w + std::sqrt(std::max(0.0, w * w + 8 * n * l * delta * (1 - delta)))) / (4 * n);
  const double p_gained = p_lost + delta;
  const double variance = n * (p_gained + p_lost - delta * delta);
  if (num == 0) return 0;
  if (!(variance > 0)) return num > 0 ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
  return num / std::sqrt(variance);
}

// The difference in [from, to] where the score, decreasing in the difference, equals `target` (bisection).
double tango_root(double n, double g, double l, double target, double from, double to) {
  for (int i = 0; i < 200; ++i) {
    const double mid = (from + to) / 2;
    (tango_score(n, g, l, mid) > target ? from : to) = mid;
  }
  return (from + to) / 2;
}

}  // namespace

PairedDifference paired_difference(std::size_t n, std::size_t gained, std::size_t lost) {
  PairedDifference d;
  d.n = n;
  d.gained = gained;
  d.lost = lost;
  if (n == 0) return d;
  const double nn = double(n), g = double(gained), l = double(lost);
  d.difference = d.low = d.high = (g - l) / nn;
  const double z = boost::math::quantile(boost::math::normal(), 0.975);
  d.low = tango_root(nn, g, l, z, -1, d.difference);
  d.high = tango_root(nn, g, l, -z, d.difference, 1);
  return d;
}

double paired_difference_p_above(const PairedDifference& d, double bound) {
  if (d.n == 0) return 1;
  const double score = tango_score(double(d.n), double(d.gained), double(d.lost), bound);
  return boost::math::cdf(boost::math::complement(boost::math::normal(), score));
}

Verdict paired_difference_verdict(const PairedDifference& d, double low, double high) {
  return interval_verdict(d.has_interval(), d.low, d.high, low, high);
}

}  // namespace harness
