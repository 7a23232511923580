#include "harness/report/claim_evaluator.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <boost/math/distributions/students_t.hpp>

#include "harness/report/claim_metric_counts.h"
#include "harness/report/claim_metric_passes.h"
#include "harness/report/claim_metric_share.h"
#include "harness/report/claim_metric_tt_load.h"
#include "harness/report/claim_metric_disagreement.h"
#include "harness/report/claim_metric_solved_change.h"
#include "harness/report/depth_end.h"
#include "harness/report/geometric_interval.h"
#include "harness/report/holm.h"

namespace harness {

namespace {

// One measured change: nodes(new) / nodes(old) - 1, in percent.
struct Change {
  std::string position;
  int depth;
  double percent;
};

// The positions a figure reads, and the words naming them.
struct Selection {
  std::vector<std::string> ids;
  std::string where;
};

std::string pct(double v) { return fmt::format("{:+.1f} %", v); }
std::string ratio_pct(double ratio) { return pct(100 * (ratio - 1)); }

Selection select_positions(const ResultSet& rs, const ClaimFigure& f) {
  Selection s;
  if (f.thesis_position) {
    for (const auto& p : rs.experiment.positions)
      if (p.thesis_position == *f.thesis_position) {
        s.ids.push_back(p.id);
        break;
      }
    s.where = s.ids.empty() ? fmt::format("thesis position {} (none in this experiment)", *f.thesis_position)
                            : fmt::format("{} (thesis position {})", s.ids.front(), *f.thesis_position);
    return s;
  }
  if (!f.positions.empty()) {
    for (const auto& id : f.positions) {
      if (rs.experiment.find_position(id)) s.ids.push_back(id);
      s.where += (s.where.empty() ? "" : ", ") + id;
    }
    return s;
  }
  for (const auto& p : rs.experiment.positions)
    if (f.phase.empty() || p.phase == f.phase) s.ids.push_back(p.id);
  s.where = f.phase.empty() ? "all positions" : f.phase;
  return s;
}

// Changes of version `to` against `from` over `ids` at the depths selected, where both cells searched to the depth
// (depth_end.h): a cell stopped by a limit holds a truncated count, one that ended on a mate a shallower tree.
std::vector<Change> changes(const ResultSet& rs, const ClaimFigure& f, const std::vector<std::string>& ids) {
  std::vector<Change> out;
  for (const auto& id : ids)
    for (int d : rs.experiment.depths) {
      if (!f.depths.accepts(d)) continue;
      const CellRecord* a = rs.version_cell(id, f.to, d);
      const CellRecord* b = rs.version_cell(id, f.from, d);
      if (!counts_at_depth(a) || !counts_at_depth(b)) continue;
      const double x = claim_count(f, *a, true), y = claim_count(f, *b, false);  // claim_metric_counts.h
      if (x > 0 && y > 0) out.push_back({id, d, 100.0 * (x / y - 1.0)});
    }
  return out;
}

// The one-sided p-values of "the mean ratio lies above / below `bound`", from the Student t interval g (on the
// logarithms): the tests whose level-0.025 rejections are exactly the 95 % interval's lying above or below it.
struct BandTTests {
  boost::math::students_t t;
  double m, se;
  explicit BandTTests(const GeometricInterval& g)
      : t(double(g.n - 1)), m(std::log(g.mean)),
        se((std::log(g.high) - std::log(g.low)) / (2 * boost::math::quantile(t, 0.975))) {}
  // P(T <= x) of the statistic (m - bound) / se; with no spread the mean decides alone.
  double below(double bound) const {
    if (se <= 0) return m < std::log(bound) ? 0.0 : 1.0;
    return boost::math::cdf(t, (m - std::log(bound)) / se);
  }
  double above(double bound) const {
    if (se <= 0) return m > std::log(bound) ? 0.0 : 1.0;
    return boost::math::cdf(t, (std::log(bound) - m) / se);
  }
};

// A geometric interval judged against a part's band (strict: inside holds, wholly outside does not hold), with the
// one-sided p-value Holm's correction reads: the test whose rejection at 0.025 is that verdict.
ClaimPart judged(ClaimPart part, const GeometricInterval& g, const ClaimPartSpec& spec) {
  part.state = band_verdict(g, spec.low.value_or(0), spec.high.value_or(std::numeric_limits<double>::infinity()));
  if (g.has_interval()) {
    part.tested = true;
    const BandTTests tests(g);
    part.p = band_decision_p(part.state, spec.low, spec.high, [&](double b) { return tests.above(b); },
                             [&](double b) { return tests.below(b); });
  }
  if (part.state == Verdict::undecided) part.figures += fmt::format(" — undecided (n = {})", g.n);
  return part;
}


std::string band_rule(const std::string& what, const ClaimPartSpec& spec) {
  if (!spec.low) return fmt::format("{}: interval <= {}", what, ratio_pct(*spec.high));
  if (!spec.high) return fmt::format("{}: interval >= {}", what, ratio_pct(*spec.low));
  return fmt::format("{}: interval within [{}, {}]", what, ratio_pct(*spec.low), ratio_pct(*spec.high));
}

// The change in nodes of `cs` tested against the band. The units are the positions (each position's ratios combined
// first by their geometric mean, so a position with many depths counts once); where every change is of one position,
// the cells. Decided by the geometric mean's 95 % interval; the cells' arithmetic mean change stands beside it,
// labelled. One cell of one position is an exact count (the same on every run): it decides without an interval.
ClaimPart band_part(const std::string& what, const std::vector<Change>& cs, const ClaimPartSpec& spec) {
  ClaimPart part;
  part.rule = band_rule(what, spec);
  if (cs.empty()) {
    part.figures = "no cells measured";
    return part;
  }
  std::map<std::string, std::vector<double>> by_position;
  std::vector<double> cell_ratios;
  double sum = 0;
  for (const auto& c : cs) {
    by_position[c.position].push_back(1 + c.percent / 100);
    cell_ratios.push_back(1 + c.percent / 100);
    sum += c.percent;
  }
  const bool over_positions = by_position.size() > 1;
  std::vector<double> per_position;
  for (const auto& [position, ratios] : by_position) per_position.push_back(geometric_interval(ratios).mean);
  const GeometricInterval g = geometric_interval(over_positions ? per_position : cell_ratios);
  const auto [mn, mx] = std::minmax_element(cs.begin(), cs.end(), [](const Change& a, const Change& b) { return a.percent < b.percent; });
  const std::string units = over_positions ? "position(s)" : "cell(s) of one position";
  const std::string interval = g.has_interval() ? fmt::format(" [{}, {}]", ratio_pct(g.low), ratio_pct(g.high)) : "";
  part.figures = fmt::format("geometric mean {}{} over {} {}; arithmetic mean of the {} cell pair(s) {} (min {}, max {})",
                             ratio_pct(g.mean), interval, g.n, units, cs.size(), pct(sum / double(cs.size())),
                             pct(mn->percent), pct(mx->percent));
  const double low = spec.low.value_or(0), high = spec.high.value_or(std::numeric_limits<double>::infinity());
  if (!over_positions && g.n == 1) {
    part.state = decide(g.mean >= low && g.mean <= high, true);
    part.figures += " (one cell: an exact count, no interval)";
    return part;
  }
  return judged(std::move(part), g, spec);
}

// A statement about every cell, not a mean: the largest (or smallest) change, exact.
ClaimPart extreme_cell_part(const std::string& what, const std::vector<Change>& cs, const ClaimPartSpec& spec, bool largest) {
  ClaimPart part;
  const double bound = largest ? spec.high.value_or(std::numeric_limits<double>::infinity()) : spec.low.value_or(0);
  part.rule = fmt::format("{}, every cell: change {} {}", what, largest ? "<=" : ">=", ratio_pct(bound));
  if (cs.empty()) {
    part.figures = "no cells measured";
    return part;
  }
  const auto [mn, mx] = std::minmax_element(cs.begin(), cs.end(), [](const Change& a, const Change& b) { return a.percent < b.percent; });
  const Change& e = largest ? *mx : *mn;
  const double limit = 100 * (bound - 1);
  const auto past = std::count_if(cs.begin(), cs.end(), [&](const Change& c) { return largest ? c.percent > limit : c.percent < limit; });
  part.figures = fmt::format("{} of {} cell pair(s) {}; {} {} ({}, depth {})", past, cs.size(), largest ? "above" : "below",
                             largest ? "largest" : "lowest", pct(e.percent), e.position, e.depth);
  // Both sides of a band hold for every cell when it is given: "never costs more than 1 %" reads the upper one.
  part.state = decide(past == 0, true);
  return part;
}

// "Effectiveness grows with depth": the mean change per depth has a negative least-squares slope against depth, and
// the mean beyond the shallowest depth is below the mean at it.
ClaimPart falls_with_depth_part(const std::string& what, const std::vector<Change>& cs) {
  ClaimPart part;
  part.rule = what + ": mean per depth, least-squares slope < 0 %/ply and the mean beyond the first depth below the mean at it";
  std::map<int, std::pair<double, int>> by_depth;  // depth -> (sum, count)
  for (const auto& c : cs) {
    by_depth[c.depth].first += c.percent;
    ++by_depth[c.depth].second;
  }
  if (by_depth.size() < 2) {
    part.figures = "fewer than two depths measured";
    return part;
  }
  std::vector<std::pair<double, double>> xy;
  for (const auto& [d, sc] : by_depth) xy.push_back({double(d), sc.first / sc.second});
  const double n = double(xy.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& [x, y] : xy) {
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  const double first = xy.front().second;
  const double beyond = (sy - first) / (n - 1);
  std::string means;
  for (const auto& [x, y] : xy) means += fmt::format("{}d{} {}", means.empty() ? "" : ", ", int(x), pct(y));
  part.figures = fmt::format("means {}; slope {:+.2f} %/ply; beyond depth {}: {}", means, slope, int(xy.front().first), pct(beyond));
  part.state = decide(slope < 0 && beyond < first, true);
  return part;
}

// Every position x depth pair of the selection has both cells finished: holds, else not measured (the claim is then
// at most "partly measured"). A depth one of the two versions is not run at (its own `depths`, configs/README.md)
// holds no pair: those cells do not exist, they did not fail to finish.
ClaimPart pairs_finished_part(const ResultSet& rs, const std::string& what, const ClaimFigure& f, const std::vector<std::string>& ids) {
  ClaimPart part;
  part.rule = what + ", every position x depth pair finished";
  const VersionSpec* to = rs.experiment.find_version(f.to);
  const VersionSpec* from = rs.experiment.find_version(f.from);
  int pairs = 0, unfinished = 0;
  for (const auto& id : ids)
    for (int d : rs.experiment.depths) {
      if (!f.depths.accepts(d)) continue;
      if ((to && !to->runs_at(d)) || (from && !from->runs_at(d))) continue;
      ++pairs;
      const CellRecord* a = rs.version_cell(id, f.to, d);
      const CellRecord* b = rs.version_cell(id, f.from, d);
      if (!counts_at_depth(a) || !counts_at_depth(b)) ++unfinished;
    }
  if (pairs == 0) {
    part.figures = "no pairs in this experiment";
    return part;
  }
  part.figures = fmt::format("{} of {} pair(s) finished", pairs - unfinished, pairs);
  if (unfinished == 0) part.state = Verdict::holds;
  return part;
}

// The part(s) of a versions figure: one, or one per position for "positions": "each".
std::vector<ClaimPart> versions_parts(const ResultSet& rs, const ClaimPartSpec& spec) {
  if (spec.figure.depths.each) {  // "each": the figure once per depth of the experiment (that `min`/`below` select)
    std::vector<ClaimPart> out;
    for (int d : rs.experiment.depths) {
      if (!spec.figure.depths.accepts(d)) continue;
      ClaimPartSpec one = spec;
      one.figure.depths = DepthSelection{};
      one.figure.depths.list = {d};
      if (!one.label.empty()) one.label += fmt::format(" at depth {}", d);
      for (auto& p : versions_parts(rs, one)) out.push_back(std::move(p));
    }
    return out;
  }
  const ClaimFigure& f = spec.figure;
  std::vector<Selection> selections;
  if (f.each_position) {
    for (const auto& p : rs.experiment.positions) selections.push_back({{p.id}, p.id});
  } else {
    selections.push_back(select_positions(rs, f));
  }
  std::vector<ClaimPart> out;
  for (const auto& s : selections) {
    std::string what = fmt::format("{} vs {}{}{}, {}", f.to, f.from, claim_count_words(f), f.depths.text(), s.where);
    if (!spec.label.empty()) what = spec.label + (f.each_position ? ", " + s.where : "");
    if (f.metric == "pairs_finished") {
      out.push_back(pairs_finished_part(rs, what, f, s.ids));
      if (f.each_position) out.back().each_position = s.ids.front();
      continue;
    }
    if (f.metric == "solved_change") {
      out.push_back(solved_change_part(rs, what, spec, s.ids));
      continue;
    }
    const std::vector<Change> cs = changes(rs, f, s.ids);
    ClaimPart part = f.aggregate == "largest_cell"       ? extreme_cell_part(what, cs, spec, true)
                     : f.aggregate == "smallest_cell"    ? extreme_cell_part(what, cs, spec, false)
                     : f.aggregate == "falls_with_depth" ? falls_with_depth_part(what, cs)
                                                         : band_part(what, cs, spec);
    if (f.each_position) part.each_position = s.ids.front();
    if (f.beside_all_positions) {
      ClaimFigure all = f;
      all.thesis_position.reset();
      all.positions.clear();
      all.phase.clear();
      std::vector<std::string> ids;
      for (const auto& p : rs.experiment.positions) ids.push_back(p.id);
      part.context = "all positions: " + band_part("", changes(rs, all, ids), spec).figures;
    }
    out.push_back(std::move(part));
  }
  return out;
}

// A sweep figure: on one position of one sweep (the named ones, else the first), its values, each a unit.
ClaimPart sweep_part(const ResultSet& rs, const ClaimPartSpec& spec) {
  const ClaimFigure& f = spec.figure;
  const SweepSpec* s = nullptr;
  for (const auto& x : rs.experiment.sweeps)
    if (f.sweep.empty() || x.name == f.sweep) {
      s = &x;
      break;
    }
  ClaimPart none;
  if (!s || s->positions.empty() || s->tt_entries.empty()) {
    none.rule = band_rule(f.metric == "tt_doubling" ? f.scheme + ", change from doubling the table" : f.to_scheme + " vs " + f.from_scheme, spec);
    none.figures = "no TT sweep sized in entries in this experiment";
    return none;
  }
  const std::string position = f.position.empty() ? s->positions.front() : f.position;
  std::vector<int> sizes = s->tt_entries;
  std::sort(sizes.begin(), sizes.end());
  const int deepest = *std::max_element(s->depths.begin(), s->depths.end());
  auto nodes = [&](const std::string& scheme, int entries, int depth) -> double {
    const CellRecord* r = rs.sweep_cell(s->name, position, scheme, entries, depth);
    return counts_at_depth(r) ? double(r->nodes()) : 0;
  };
  auto size_of = [&](const SweepSize& z) { return z.named == "smallest" ? sizes.front() : z.named == "largest" ? sizes.back() : z.entries; };
  std::vector<Change> values;
  std::string what;
  if (f.metric == "tt_node_ratio") {
    what = fmt::format("{} at {} vs {} at {}, {} at depth {}", f.to_scheme, f.to_size.text(), f.from_scheme, f.from_size.text(),
                       position, deepest);
    const double a = nodes(f.to_scheme, size_of(f.to_size), deepest), b = nodes(f.from_scheme, size_of(f.from_size), deepest);
    if (a > 0 && b > 0) values.push_back({"", 0, 100.0 * (a / b - 1)});
  } else {
    what = fmt::format("{}, change from doubling the table{}, {}{}", f.scheme,
                       !f.sizes_from.empty() ? " from " + [&] {
                         std::string t;
                         for (int z : f.sizes_from) t += (t.empty() ? "" : ", ") + SweepSize{"", z}.text();
                         return t;
                       }()
                       : f.sizes_min ? " from " + SweepSize{"", *f.sizes_min}.text() + " up" : "",
                       position, f.summed ? ", nodes summed over depths" : fmt::format(" at depth {}", deepest));
    for (std::size_t i = 1; i < sizes.size(); ++i) {
      if (sizes[i] != 2 * sizes[i - 1]) continue;
      if (!f.sizes_from.empty() && std::find(f.sizes_from.begin(), f.sizes_from.end(), sizes[i - 1]) == f.sizes_from.end()) continue;
      if (f.sizes_min && sizes[i - 1] < *f.sizes_min) continue;
      double a = 0, b = 0;
      // Summed: every depth at which both sizes' cells finished (a per-size figure of the thesis's Tables B.7-B.9 sums
      // each table's depths).
      for (int d : s->depths) {
        if (!f.summed && d != deepest) continue;
        const double x = nodes(f.scheme, sizes[i], d), y = nodes(f.scheme, sizes[i - 1], d);
        if (x <= 0 || y <= 0) continue;
        a += x;
        b += y;
      }
      if (a > 0 && b > 0) values.push_back({"", int(i), 100.0 * (a / b - 1)});
    }
  }
  if (!spec.label.empty()) what = spec.label;
  return band_part(what, values, spec);
}

std::vector<ClaimPart> parts_of(const ResultSet& rs, const ClaimPartSpec& spec) {
  if (spec.figure.metric == kTtLoadMetric) return {tt_load_part(rs, spec)};
  if (spec.figure.metric == "tt_node_ratio" || spec.figure.metric == "tt_doubling") return {sweep_part(rs, spec)};
  if (spec.figure.metric == "passes_median") return {passes_median_part(rs, spec)};
  if (spec.figure.metric == kReductionShareMetric) return {reduction_share_part(rs, spec)};
  if (spec.figure.metric == "best_move_disagreement") return {best_move_disagreement_part(rs, spec)};
  return versions_parts(rs, spec);
}

}  // namespace

ClaimPart interval_part(const std::string& what, const GeometricInterval& g, const std::string& units, const ClaimPartSpec& spec) {
  ClaimPart part;
  part.rule = band_rule(what, spec);
  if (g.n == 0) {
    part.figures = "no cells measured";
    return part;
  }
  const std::string interval = g.has_interval() ? fmt::format(" [{}, {}]", ratio_pct(g.low), ratio_pct(g.high)) : "";
  part.figures = fmt::format("geometric mean {}{} over {} {}", ratio_pct(g.mean), interval, g.n, units);
  return judged(std::move(part), g, spec);
}

Verdict Claim::verdict() const {
  std::vector<Verdict> states;
  for (const auto& p : parts) states.push_back(p.state);
  return combine_parts(states);
}

Verdict Claim::holm_verdict() const {
  std::vector<Verdict> states;
  for (const auto& p : parts) states.push_back(p.holm_state);
  return combine_parts(states);
}

bool any_claim_measured(const std::vector<Claim>& claims) {
  return std::any_of(claims.begin(), claims.end(), [](const Claim& c) {
    return std::any_of(c.parts.begin(), c.parts.end(), [](const ClaimPart& p) { return p.state != Verdict::not_measured; });
  });
}

int holm_family_size(const std::vector<Claim>& claims) {
  int n = 0;
  for (const auto& c : claims)
    for (const auto& p : c.parts) n += p.tested;
  return n;
}

std::vector<Claim> evaluate_claims(const ResultSet& rs) {
  std::vector<Claim> out;
  for (const auto& spec : rs.experiment.claims) {
    Claim c{spec.id, spec.source, spec.statement, spec.published, {}};
    for (std::size_t k = 0; k < spec.parts.size(); ++k)
      for (auto& p : parts_of(rs, spec.parts[k])) {
        p.spec_part = k;
        c.parts.push_back(std::move(p));
      }
    out.push_back(std::move(c));
  }
  apply_holm(out);
  return out;
}

double band_decision_p(Verdict state, std::optional<double> low, std::optional<double> high,
                       const std::function<double(double)>& p_above, const std::function<double(double)>& p_below) {
  const double inside = std::max(low ? p_above(*low) : 0.0, high ? p_below(*high) : 0.0);
  const double outside = std::min(low ? p_below(*low) : 1.0, high ? p_above(*high) : 1.0);
  return state == Verdict::holds ? inside : state == Verdict::does_not_hold ? outside : std::min(inside, outside);
}

void apply_holm(std::vector<Claim>& claims) {
  std::vector<double> p;
  for (const auto& c : claims)
    for (const auto& part : c.parts)
      if (part.tested) p.push_back(part.p);
  const std::vector<bool> rejects = holm_rejects(p, 0.025);
  std::size_t k = 0;
  for (auto& c : claims)
    for (auto& part : c.parts)
      part.holm_state = !part.tested ? part.state : rejects[k++] ? part.state : Verdict::undecided;
}

}  // namespace harness
