#include "harness/thesis/thesis_fit.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace harness {

namespace {

// The q-quantile of sorted values by the nearest rank (q in (0, 1]).
double nearest_rank(const std::vector<double>& sorted, double q) {
  const auto rank = std::size_t(std::ceil(q * double(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

}  // namespace

ThesisFit thesis_fit_of(const std::string& group, const std::vector<ComparisonRow>& rows,
                        const std::function<bool(const ComparisonRow&)>& in_group) {
  ThesisFit f;
  f.group = group;
  std::vector<double> factors;
  for (const auto& r : rows) {
    if (!in_group(r)) continue;
    if (!r.measured) {
      ++f.not_measured;
      continue;
    }
    if (r.truncated) {
      ++f.stopped;
      continue;
    }
    if (*r.measured == 0 || r.thesis_nodes == 0) continue;
    const double ratio = r.ratio();
    factors.push_back(std::max(ratio, 1.0 / ratio));
  }
  f.compared = int(factors.size());
  if (factors.empty()) return f;
  std::sort(factors.begin(), factors.end());
  const std::size_t n = factors.size();
  f.median_factor = n % 2 ? factors[n / 2] : (factors[n / 2 - 1] + factors[n / 2]) / 2;
  f.within_2x = double(std::count_if(factors.begin(), factors.end(), [](double x) { return x <= 2.0; })) / double(n);
  f.worst_tenth = nearest_rank(factors, 0.9);
  return f;
}

std::vector<ThesisFit> thesis_fit(const std::vector<ComparisonRow>& comparison) {
  std::vector<ThesisFit> out;
  const std::pair<std::string, std::function<bool(const ComparisonRow&)>> groups[] = {
      {"Tables B.1-B.6", [](const ComparisonRow& r) { return !r.table.is_sweep(); }},
      {"version A (in B.1-B.6)", [](const ComparisonRow& r) { return !r.table.is_sweep() && r.version == "A"; }},
      {"Tables B.7-B.9", [](const ComparisonRow& r) { return r.table.is_sweep(); }},
  };
  for (const auto& [name, in_group] : groups) {
    ThesisFit f = thesis_fit_of(name, comparison, in_group);
    if (f.compared + f.stopped + f.not_measured > 0) out.push_back(f);
  }
  return out;
}

}  // namespace harness
