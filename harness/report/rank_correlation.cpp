#include "harness/report/rank_correlation.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace harness {

std::vector<double> mean_ranks(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> ranks(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    const double mean = (double(i) + double(j)) / 2 + 1;  // positions i..j hold ranks i+1..j+1
    for (std::size_t k = i; k <= j; ++k) ranks[order[k]] = mean;
    i = j + 1;
  }
  return ranks;
}

RankCorrelation spearman(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size()) throw std::invalid_argument("spearman: lists of different lengths");
  RankCorrelation r;
  r.n = x.size();
  if (r.n < 2) return r;
  const std::vector<double> rx = mean_ranks(x), ry = mean_ranks(y);
  const double mean = (double(r.n) + 1) / 2;  // the mean rank, ties or not
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < r.n; ++i) {
    sxy += (rx[i] - mean) * (ry[i] - mean);
    sxx += (rx[i] - mean) * (rx[i] - mean);
    syy += (ry[i] - mean) * (ry[i] - mean);
  }
  if (sxx == 0 || syy == 0) return r;
  r.defined = true;
  r.rho = std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
  if (r.n < 4 || std::abs(r.rho) >= 1) return r;
  // Bonett & Wright 2000, "Sample size requirements for estimating Pearson, Kendall and Spearman correlations".
  const double se = std::sqrt((1 + r.rho * r.rho / 2) / (double(r.n) - 3));
  const double z = std::atanh(r.rho);
  r.has_interval = true;
  r.low = std::tanh(z - 1.959963984540054 * se);
  r.high = std::tanh(z + 1.959963984540054 * se);
  return r;
}

}  // namespace harness
