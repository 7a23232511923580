#include "harness/report/geometric_interval.h"

#include <cmath>

#include <boost/math/distributions/students_t.hpp>
#include <fmt/format.h>

namespace harness {

GeometricInterval geometric_interval(const std::vector<double>& ratios) {
  std::vector<double> logs;
  for (double r : ratios)
    if (r > 0 && std::isfinite(r)) logs.push_back(std::log(r));
  GeometricInterval g;
  g.n = logs.size();
  if (logs.empty()) return g;
  double sum = 0;
  for (double x : logs) sum += x;
  const double m = sum / double(logs.size());
  g.mean = g.low = g.high = std::exp(m);
  if (logs.size() < 2) return g;
  double ss = 0;
  for (double x : logs) ss += (x - m) * (x - m);
  const double se = std::sqrt(ss / double(logs.size() - 1) / double(logs.size()));
  // Boost.Math's Student t quantile (Debian libboost-dev): the 97.5 % point for n - 1 degrees of freedom.
  const boost::math::students_t t(double(logs.size() - 1));
  const double q = boost::math::quantile(t, 0.975);
  g.low = std::exp(m - q * se);
  g.high = std::exp(m + q * se);
  return g;
}

Verdict interval_verdict(bool has_interval, double lo, double hi, double low, double high) {
  if (!has_interval) return Verdict::undecided;
  if (lo >= low && hi <= high) return Verdict::holds;
  if (hi < low || lo > high) return Verdict::does_not_hold;
  return Verdict::undecided;
}

Verdict band_verdict(const GeometricInterval& g, double low, double high) {
  return interval_verdict(g.has_interval(), g.low, g.high, low, high);
}

std::string interval_text(const GeometricInterval& g) {
  if (g.n == 0) return "— (n = 0)";
  if (!g.has_interval()) return fmt::format("{:.3f} (n = {})", g.mean, g.n);
  return fmt::format("{:.3f} [{:.3f}, {:.3f}] (n = {})", g.mean, g.low, g.high, g.n);
}

}  // namespace harness
