#include "harness/thesis/fit_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "harness/thesis/thesis_credibility.h"  // binomial_upper_tail

namespace harness {

namespace {

double abs_log_ratio(double a, double b) { return std::fabs(std::log(a / b)); }

// Zero counts cannot be logged; a count of 0 (never in a finished search, which counts its root) is read as 1.
double positive(std::uint64_t n) { return double(std::max<std::uint64_t>(n, 1)); }

}  // namespace

double AbsoluteFit::median_factor() const { return std::exp(median_abs_log); }

AbsoluteFit absolute_fit(const std::vector<CellPair>& cells) {
  AbsoluteFit f;
  std::vector<double> logs;
  std::size_t within = 0;
  for (const auto& c : cells) {
    if (!c.ours.completed) {
      ++f.stopped;
      if (c.ours.nodes <= c.thesis) {  // the bound says nothing about the distance
        ++f.unknown;
        continue;
      }
    }
    const double l = abs_log_ratio(positive(c.ours.nodes), positive(c.thesis));
    logs.push_back(l);
    if (l <= std::log(2.0)) ++within;
  }
  f.cells = logs.size();
  f.median_abs_log = median(logs);
  f.share_within_2x = logs.empty() ? 0.0 : double(within) / double(logs.size());
  return f;
}

StepFit step_fit(const std::vector<StepPair>& steps) {
  std::vector<double> logs;
  for (const auto& s : steps) {
    if (!s.lower.ours.completed || !s.upper.ours.completed) continue;
    const double ours = positive(s.upper.ours.nodes) / positive(s.lower.ours.nodes);
    const double thesis = positive(s.upper.thesis) / positive(s.lower.thesis);
    logs.push_back(abs_log_ratio(ours, thesis));
  }
  return {logs.size(), median(logs)};
}

EqualityFacts equality_facts(const std::vector<StepPair>& steps) {
  EqualityFacts e;
  for (const auto& s : steps) {
    if (!s.lower.ours.completed || !s.upper.ours.completed) continue;
    const bool ours_equal = s.lower.ours.nodes == s.upper.ours.nodes;
    if (s.lower.thesis == s.upper.thesis) {
      ++e.thesis_equal;
      if (ours_equal) ++e.ours_equal_too;
    } else {
      ++e.thesis_differ;
      if (!ours_equal) ++e.ours_differ_too;
    }
  }
  return e;
}

double ShapeFit::median_factor() const { return std::exp(median_abs_log); }

double ShapeCell::distance() const { return std::fabs(ours_log - thesis_log); }

int PairedShape::positions_closer() const {
  int n = 0;
  for (const auto& [pos, cf] : by_position) n += cf.first > cf.second;
  return n;
}

PairedShape paired_shape(const std::vector<ShapeCell>& candidate, const std::vector<ShapeCell>& printed) {
  std::map<std::tuple<std::string, std::string, int>, double> base;
  for (const auto& c : printed) base[{c.position, c.step, c.depth}] = c.distance();
  PairedShape p;
  for (const auto& c : candidate) {
    const auto it = base.find({c.position, c.step, c.depth});
    if (it == base.end()) continue;
    // A difference below 1e-9 in ln units is the same tree's step, not a closer one.
    const double d = c.distance() - it->second;
    auto& [closer, further] = p.by_position[c.position];
    if (d < -1e-9) {
      ++p.closer;
      ++closer;
    } else if (d > 1e-9) {
      ++p.further;
      ++further;
    }
  }
  p.p_value = binomial_upper_tail(p.closer, p.closer + p.further, 0.5);
  return p;
}

ShapeFit shape_fit(const std::vector<ShapeCell>& cells) {
  ShapeFit f;
  std::vector<double> all;
  std::map<std::string, std::vector<double>> per_position;
  for (const auto& c : cells) {
    const double d = c.distance();
    all.push_back(d);
    per_position[c.position].push_back(d);
    f.share_within_2x += d <= std::log(2.0);
    f.direction_agree += (c.ours_log > 0) - (c.ours_log < 0) == (c.thesis_log > 0) - (c.thesis_log < 0);
  }
  f.cells = all.size();
  f.median_abs_log = median(all);
  if (f.cells) f.share_within_2x /= double(f.cells);
  for (const auto& [pos, v] : per_position) f.by_position[pos] = median(v);
  return f;
}

}  // namespace harness
