#include "harness/report/claims.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <optional>

#include "harness/report/geometric_interval.h"
#include "harness/report/thesis_compare.h"
#include "harness/report/thesis_setup.h"

namespace harness {

namespace {

// One measured change: nodes(new) / nodes(old) - 1, in percent.
struct Change {
  std::string position;
  int depth;
  double percent;
};

const char* kAnyPhase = "";

// The change of version `to` against version `from` at one position and depth, where both cells are measured.
std::optional<Change> change_at(const ResultSet& rs, const std::string& to, const std::string& from, const std::string& position,
                                int depth) {
  const CellRecord* a = rs.version_cell(position, to, depth);
  const CellRecord* b = rs.version_cell(position, from, depth);
  if (!a || !b || b->nodes() == 0) return std::nullopt;
  // A cell stopped by the node budget holds a truncated count: no ratio with it is meaningful.
  if (!a->completed || !b->completed) return std::nullopt;
  return Change{position, depth, 100.0 * (double(a->nodes()) / double(b->nodes()) - 1.0)};
}

// Changes of version `to` against version `from` over the experiment's positions of `phase`
// ("" = all) and depths accepted by `depth_ok`, where both cells are measured.
std::vector<Change> changes(const ResultSet& rs, const std::string& to, const std::string& from, const std::string& phase,
                            const std::function<bool(int)>& depth_ok) {
  std::vector<Change> out;
  for (const auto& p : rs.experiment.positions) {
    if (!phase.empty() && p.phase != phase) continue;
    for (int d : rs.experiment.depths)
      if (depth_ok(d))
        if (auto c = change_at(rs, to, from, p.id, d)) out.push_back(*c);
  }
  return out;
}

// The changes at one position ("" = none: no change). Looks up that position's cells only, so a claim made per
// position (C2) costs linear time in the positions, not quadratic.
std::vector<Change> changes_at(const ResultSet& rs, const std::string& to, const std::string& from, const std::string& position,
                               const std::function<bool(int)>& depth_ok) {
  std::vector<Change> out;
  if (position.empty()) return out;
  for (int d : rs.experiment.depths)
    if (depth_ok(d))
      if (auto c = change_at(rs, to, from, position, d)) out.push_back(*c);
  return out;
}

// The id of the experiment's position standing for thesis position `n`, or "".
std::string position_for_thesis(const ResultSet& rs, int n) {
  for (const auto& p : rs.experiment.positions)
    if (p.thesis_position == n) return p.id;
  return "";
}

std::string pct(double v) { return fmt::format("{:+.1f} %", v); }

// A part that tests the change in nodes of `cs` against the band [lo, hi] (percent). The units are the positions
// (each position's ratios combined first by their geometric mean, so a position with many depths counts once);
// where every change is of one position (a claim about one position), the cells. Decided by the geometric mean's
// 95 % interval (band_verdict: inside the band holds, wholly outside does not, otherwise undecided); the cells'
// arithmetic mean change stands beside it, labelled.
ClaimPart band(const std::string& what, const std::vector<Change>& cs, double lo, double hi) {
  ClaimPart part;
  const bool no_lo = lo == -std::numeric_limits<double>::infinity();
  const bool no_hi = hi == std::numeric_limits<double>::infinity();
  part.rule = no_lo ? fmt::format("{}: interval <= {}", what, pct(hi))
              : no_hi ? fmt::format("{}: interval >= {}", what, pct(lo))
                      : fmt::format("{}: interval within [{}, {}]", what, pct(lo), pct(hi));
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
  const std::string interval = g.has_interval() ? fmt::format(" [{}, {}]", pct(100 * (g.low - 1)), pct(100 * (g.high - 1))) : "";
  part.figures = fmt::format("geometric mean {}{} over {} {}; arithmetic mean of the {} cell pair(s) {} (min {}, max {})",
                             pct(100 * (g.mean - 1)), interval, g.n, units, cs.size(), pct(sum / double(cs.size())),
                             pct(mn->percent), pct(mx->percent));
  const double low = 1 + lo / 100, high = 1 + hi / 100;
  // One cell of one named position (C1 at depth 4 on thesis position 2): the claim is about that count itself,
  // which is exact (the same on every run), so it decides without an interval; over positions, or over several
  // cells, only the interval decides.
  part.state = !over_positions && g.n == 1 ? decide(g.mean >= low && g.mean <= high, true) : band_verdict(g, low, high);
  if (!over_positions && g.n == 1) part.figures += " (one cell: an exact count, no interval)";
  if (part.state == Verdict::undecided) part.figures += fmt::format(" — undecided (n = {})", g.n);
  return part;
}

// Values of one position (C9's sweep), as changes: their units are then the values themselves.
std::vector<Change> of_one_position(const std::vector<double>& percents) {
  std::vector<Change> out;
  for (std::size_t i = 0; i < percents.size(); ++i) out.push_back({"", int(i), percents[i]});
  return out;
}

// Position x depth pairs of the experiment (depths accepted by `depth_ok`) where version `to` or `from` has no
// finished cell: missing, or stopped by the node budget.
struct Unfinished {
  int pairs = 0;
  int unfinished = 0;
};
Unfinished unfinished(const ResultSet& rs, const std::string& to, const std::string& from,
                      const std::function<bool(int)>& depth_ok) {
  Unfinished u;
  for (const auto& p : rs.experiment.positions)
    for (int d : rs.experiment.depths) {
      if (!depth_ok(d)) continue;
      ++u.pairs;
      const CellRecord* a = rs.version_cell(p.id, to, d);
      const CellRecord* b = rs.version_cell(p.id, from, d);
      if (!a || !b || !a->completed || !b->completed) ++u.unfinished;
    }
  return u;
}

// A part that holds when every pair is finished, and is not measured otherwise (the claim is then at most
// "partly measured").
ClaimPart every_pair_finished(const std::string& what, Unfinished u) {
  ClaimPart part;
  part.rule = what;
  if (u.pairs == 0) {
    part.figures = "no pairs in this experiment";
    return part;
  }
  part.figures = fmt::format("{} of {} pair(s) finished", u.pairs - u.unfinished, u.pairs);
  if (u.unfinished == 0) part.state = Verdict::holds;
  return part;
}

// A part about every cell, not the mean: holds when no change is below `floor` percent.
ClaimPart no_cell_below(const std::string& what, const std::vector<Change>& cs, double floor) {
  ClaimPart part;
  part.rule = fmt::format("{}: change >= {}", what, pct(floor));
  if (cs.empty()) {
    part.figures = "no cells measured";
    return part;
  }
  const auto low = std::min_element(cs.begin(), cs.end(), [](const Change& a, const Change& b) { return a.percent < b.percent; });
  const auto below = std::count_if(cs.begin(), cs.end(), [&](const Change& c) { return c.percent < floor; });
  part.figures = fmt::format("{} of {} cell pair(s) below; lowest {} ({}, depth {})", below, cs.size(), pct(low->percent),
                             low->position, low->depth);
  part.state = decide(below == 0, true);
  return part;
}

// "Effectiveness grows with depth": the mean change per depth (over the cells given, from their shallowest depth
// on) has a negative least-squares slope against depth, and the mean beyond the shallowest depth is below the
// mean at it.
ClaimPart falls_with_depth(const std::string& what, const std::vector<Change>& cs) {
  ClaimPart part;
  part.rule = what + ": least-squares slope < 0 %/ply and the mean beyond the first depth below the mean at it";
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

constexpr double kInf = std::numeric_limits<double>::infinity();

auto depth_is(int d) { return [d](int x) { return x == d; }; }
auto depth_at_least(int d) { return [d](int x) { return x >= d; }; }
auto depth_below(int d) { return [d](int x) { return x < d; }; }

}  // namespace

bool any_claim_measured(const std::vector<Claim>& claims) {
  return std::any_of(claims.begin(), claims.end(), [](const Claim& c) {
    return std::any_of(c.parts.begin(), c.parts.end(),
                       [](const ClaimPart& p) { return p.state != Verdict::not_measured; });
  });
}

Verdict Claim::verdict() const {
  std::vector<Verdict> states;
  for (const auto& p : parts) states.push_back(p.state);
  return combine_parts(states);
}

namespace {

// Each of the thesis's schemes among a sweep's in its own slot; a scheme the thesis did not have takes no part in C9.
struct ThesisSchemes {
  std::string never, always, depth, depth_always;
  std::vector<std::string> not_thesis;
};
ThesisSchemes thesis_schemes(const SweepSpec& s) {
  ThesisSchemes out;
  for (const auto& sc : s.tt_schemes) {
    const auto t = thesis::scheme_of(sc);
    if (!t) {
      out.not_thesis.push_back(sc);
      continue;
    }
    switch (*t) {
      case thesis::Scheme::Never: out.never = sc; break;
      case thesis::Scheme::Always: out.always = sc; break;
      case thesis::Scheme::Depth: out.depth = sc; break;
      case thesis::Scheme::DepthAlways: out.depth_always = sc; break;
    }
  }
  return out;
}

// C9, on the first TT sweep and its first position. "Saves x %" is read at the deepest depth, as nodes saved
// against the scheme `never` at the largest table (the thesis: never saved nothing); the doubling gains as below.
Claim tt_schemes_claim(const ResultSet& rs) {
  Claim c{"C9", "TT schemes: never saves nothing; always gains ~35 %, depth saves ~67 %, depth-always ~84 %; doubling "
                "the size saves ~15 % at 128K, 5-7 % above 512K (the always curve of Figure 6.3)", {}};
  const SweepSpec* s = rs.experiment.sweeps.empty() ? nullptr : &rs.experiment.sweeps.front();
  auto nodes = [&](const std::string& scheme, int entries, int depth) -> double {
    if (!s) return 0;
    const CellRecord* r = rs.sweep_cell(s->name, s->positions.front(), scheme, entries, depth);
    return r ? double(r->nodes()) : 0;
  };
  const ThesisSchemes schemes = s ? thesis_schemes(*s) : ThesisSchemes{};
  const std::string &never = schemes.never, &always = schemes.always, &depth = schemes.depth,
                    &depth_always = schemes.depth_always;
  const std::vector<std::string>& not_thesis = schemes.not_thesis;
  std::vector<int> sizes;
  int deepest = 0;
  if (s) {
    sizes = s->tt_entries;
    std::sort(sizes.begin(), sizes.end());
    deepest = *std::max_element(s->depths.begin(), s->depths.end());
  }
  std::string at = s ? fmt::format("{} at depth {}", s->positions.front(), deepest) : "no TT sweep in this experiment";
  if (!not_thesis.empty()) {
    std::string names;
    for (const auto& n : not_thesis) names += (names.empty() ? "" : ", ") + n;
    at += fmt::format(" (schemes not in the thesis, left out: {})", names);
  }
  // (a) never: doubling its table changes nothing (|change| <= 1 % for every doubling).
  std::vector<double> never_doublings;
  if (!never.empty())
    for (std::size_t i = 1; i < sizes.size(); ++i)
      if (sizes[i] == 2 * sizes[i - 1] && nodes(never, sizes[i - 1], deepest) > 0 && nodes(never, sizes[i], deepest) > 0)
        never_doublings.push_back(100.0 * (nodes(never, sizes[i], deepest) / nodes(never, sizes[i - 1], deepest) - 1));
  {
    ClaimPart p = band("never, change from doubling the table, " + at, of_one_position(never_doublings), -1, 1);
    c.parts.push_back(p);
  }
  // (b) §6.3: «El segundo en desempeño fue el esquema siempre, con 35 % de aumento»: the gain Figure 6.3 draws
  // for `always`, from its smallest table to its largest at the deepest depth (Tables B.7-B.9: -36.2 %) -> 35 %
  // +- 10 points. «El tercer esquema ... ahorra cerca de un 67 % de los nodos», «... cerca de un 84 % de ahorro»:
  // no curve of the tables gives these, so they stay nodes saved against `never` at the largest table.
  auto change = [](double a, double b) -> std::vector<double> {
    if (a <= 0 || b <= 0) return {};
    return {100.0 * (a / b - 1)};
  };
  auto saving = [&](const std::string& scheme) -> std::vector<double> {
    if (scheme.empty() || never.empty() || sizes.empty()) return {};
    return change(nodes(scheme, sizes.back(), deepest), nodes(never, sizes.back(), deepest));
  };
  c.parts.push_back(band("always, smallest to largest table, " + at,
                         of_one_position(always.empty() || sizes.empty()
                                             ? std::vector<double>{}
                                             : change(nodes(always, sizes.back(), deepest), nodes(always, sizes.front(), deepest))),
                         -45, -25));
  c.parts.push_back(band("depth vs never, largest table, " + at, of_one_position(saving(depth)), -77, -57));
  c.parts.push_back(band("depth-always vs never, largest table, " + at, of_one_position(saving(depth_always)), -94, -74));
  // (c) doubling 128K -> 256K saves ~15 % -> [-25, -5]; (d) doublings from 512K on save 5-7 % -> [-12, 0]. §6.3
  // reads these off Figure 6.3, «el aumento en el desempeño al doblar el tamaño de la tabla para cada una de los
  // esquemas», which names no depth: a per-size figure of Tables B.7-B.9 sums each table's depths, so a doubling's
  // gain is taken on the nodes summed over every depth at which both sizes' cells finished. The figures are the
  // `always` curve's (thesis_setup.h): pooled with the other schemes they are not the thesis's.
  auto total = [&](const std::string& scheme, int a_entries, int b_entries) -> std::pair<double, double> {
    double a = 0, b = 0;
    if (!s) return {0, 0};
    for (int d : s->depths) {
      const CellRecord* ra = rs.sweep_cell(s->name, s->positions.front(), scheme, a_entries, d);
      const CellRecord* rb = rs.sweep_cell(s->name, s->positions.front(), scheme, b_entries, d);
      if (!ra || !rb || !ra->completed || !rb->completed) continue;
      a += double(ra->nodes());
      b += double(rb->nodes());
    }
    return {a, b};
  };
  std::vector<double> small, large;
  if (!always.empty())
    for (std::size_t i = 1; i < sizes.size(); ++i) {
      if (sizes[i] != 2 * sizes[i - 1]) continue;
      const auto [a, b] = total(always, sizes[i], sizes[i - 1]);
      if (a <= 0 || b <= 0) continue;
      const double ch = 100.0 * (a / b - 1);
      if (sizes[i - 1] == thesis::kC9SmallTable) small.push_back(ch);
      if (sizes[i - 1] >= thesis::kC9LargeTablesFrom) large.push_back(ch);
    }
  const std::string summed = s ? fmt::format("{}, nodes summed over depths", s->positions.front()) : at;
  c.parts.push_back(band("always, doubling 128K -> 256K, " + summed, of_one_position(small), -25, -5));
  c.parts.push_back(band("always, doubling from 512K up, " + summed, of_one_position(large), -12, 0));
  return c;
}

}  // namespace

std::vector<Claim> evaluate_claims(const ResultSet& rs) {
  std::vector<Claim> out;
  const std::string mid = "middlegame", end = "endgame";

  // Slack: each band is the thesis's figure widened by 10 percentage points (5 where the thesis
  // gives a range or says "no effect"), so that a clearly different result fails and rounding does not.

  {  // C1, §6.2: «Para solamente una profundidad de 4 se logra reducir un 80% ... Para profundidades de 8 en
     // adelante esta reducción es mayor al 90%». The sentences describe Figure 6.1, «Gráfica de los resultados
     // obtenidos de la posición 2»: the parts are taken on the position standing for thesis position 2, and every
     // position's figures are printed beside them. A figure ("un 80%") is a band, 80 % +- 10 points; a bound
     // ("mayor al 90%") is one side, as worded.
    Claim c{"C1", "ordering (B vs A): -80 % nodes at depth 4, more than -90 % from depth 8 (Figure 6.1: position 2)", {}};
    const std::string pos2 = position_for_thesis(rs, thesis::kFigure61Position);
    const std::string where = pos2.empty() ? "thesis position 2 (none in this experiment)" : pos2 + " (thesis position 2)";
    ClaimPart at4 = band("B vs A at depth 4, " + where, changes_at(rs, "B", "A", pos2, depth_is(4)), -90, -70);
    at4.context = "all positions: " + band("", changes(rs, "B", "A", kAnyPhase, depth_is(4)), -90, -70).figures;
    c.parts.push_back(at4);
    ClaimPart from8 = band("B vs A at depths >= 8, " + where, changes_at(rs, "B", "A", pos2, depth_at_least(8)), -kInf, -90);
    from8.context = "all positions: " + band("", changes(rs, "B", "A", kAnyPhase, depth_at_least(8)), -kInf, -90).figures;
    c.parts.push_back(from8);
    out.push_back(c);
  }
  {  // C2: about -13 % beyond depth 5, in every position -> each position's mean in [-23, -3].
    Claim c{"C2", "PVS (C vs B): about -13 % beyond depth 5, in every position", {}};
    for (const auto& p : rs.experiment.positions) {
      c.parts.push_back(band("C vs B at depths >= 6, " + p.id, changes_at(rs, "C", "B", p.id, depth_at_least(6)), -23, -3));
    }
    out.push_back(c);
  }
  {  // C3: never costs (every cell <= +1 %); endgames about -7 % -> [-17, +3]; middlegame weak -> [-10, +1].
    Claim c{"C3", "aspiration (E vs D): never costs nodes; weak in the middlegame; about -7 % in endgames", {}};
    // A statement about every cell ("never"), not a mean: decided by the largest change.
    std::vector<double> all;
    for (const auto& x : changes(rs, "E", "D", kAnyPhase, depth_at_least(1))) all.push_back(x.percent);
    ClaimPart never;
    never.rule = "E vs D, every measured cell: change <= +1.0 %";
    if (all.empty()) {
      never.figures = "no cells measured";
    } else {
      const double worst = *std::max_element(all.begin(), all.end());
      never.figures = fmt::format("largest change {} over {} cell pair(s)", pct(worst), all.size());
      never.state = decide(worst <= 1.0, true);
    }
    c.parts.push_back(never);
    c.parts.push_back(band("E vs D at depths >= 5, middlegame", changes(rs, "E", "D", mid, depth_at_least(5)), -10, 1));
    c.parts.push_back(band("E vs D at depths >= 5, endgame", changes(rs, "E", "D", end, depth_at_least(5)), -17, 3));
    out.push_back(c);
  }
  {  // C4, §6.2: «Esto se tradujo en un 20% a 25% de ahorro en tiempo en las pruebas. Además ... en los finales del
     // juego ... alrededor de un 60% a 70%». "En las pruebas" is the tests as a whole: every position -> [-35, -10];
     // the endgames get their own figure -> [-80, -50].
    Claim c{"C4", "TT cut-offs (D vs C): -20 to -25 % overall; -60 to -70 % in endgames", {}};
    c.parts.push_back(band("D vs C at depths >= 5, all positions", changes(rs, "D", "C", kAnyPhase, depth_at_least(5)), -35, -10));
    c.parts.push_back(band("D vs C at depths >= 5, endgame", changes(rs, "D", "C", end, depth_at_least(5)), -80, -50));
    out.push_back(c);
  }
  {  // C5, §6.2 (L1363 as docs/readings.md numbers the thesis's lines): «es posible ahorrar un 96% ... respecto al algoritmo α-β» -> <= -90 % at depths >= 6,
     // over every position x depth pair: a pair whose version-A cell did not finish (a node budget) leaves the claim
     // partly measured instead of silently dropping the deepest, largest-saving cells.
    Claim c{"C5", "B...E together (E vs A): -96 % against A", {}};
    c.parts.push_back(band("E vs A at depths >= 6, all positions", changes(rs, "E", "A", kAnyPhase, depth_at_least(6)), -kInf, -90));
    c.parts.push_back(every_pair_finished("E vs A at depths >= 6, every position x depth pair finished",
                                          unfinished(rs, "E", "A", depth_at_least(6))));
    out.push_back(c);
  }
  {  // C6, §6.2 (L1365-L1367): «un ahorro cercano del 20% al 26% en posiciones de juego medio ... para
     // profundidades menor a 4 no reduce (y en algunos casos aumenta) el número de nodos explorados. Para profundidades
     // mayores a ésta, su efectividad incrementa ... poco efectiva en las finales». Middlegame -> [-36, -10] at depths
     // >= 5; "does not reduce" below depth 4 is a statement about every cell -> no cell below 0 %; "its effectiveness
     // grows" beyond depth 4 -> the middlegame mean change falls with depth from 4 on; endgames -> [-5, +5].
    Claim c{"C6", "null move (F vs E): -20 to -26 % in the middlegame; no gain below depth 4; effectiveness grows beyond "
                  "depth 4; ~no effect in endgames", {}};
    c.parts.push_back(band("F vs E at depths >= 5, middlegame", changes(rs, "F", "E", mid, depth_at_least(5)), -36, -10));
    c.parts.push_back(no_cell_below("F vs E at depths < 4, all positions, every cell", changes(rs, "F", "E", kAnyPhase, depth_below(4)), 0));
    c.parts.push_back(falls_with_depth("F vs E, middlegame mean per depth from depth 4", changes(rs, "F", "E", mid, depth_at_least(4))));
    c.parts.push_back(band("F vs E at depths >= 5, endgame", changes(rs, "F", "E", end, depth_at_least(5)), -5, 5));
    out.push_back(c);
  }
  {  // C7: about -13 % middlegame -> [-23, -3]; none in endgames -> [-5, +5].
    Claim c{"C7", "futility (G vs F): about -13 % in the middlegame; ~no effect in endgames", {}};
    c.parts.push_back(band("G vs F at depths >= 5, middlegame", changes(rs, "G", "F", mid, depth_at_least(5)), -23, -3));
    c.parts.push_back(band("G vs F at depths >= 5, endgame", changes(rs, "G", "F", end, depth_at_least(5)), -5, 5));
    out.push_back(c);
  }
  {  // C8: -6 to -10 % middlegame -> [-15, -1]; poor in endgames -> saves less than 6 % (mean >= -6 %).
    Claim c{"C8", "LMR (H vs G): -6 to -10 % in the middlegame; poor in endgames", {}};
    c.parts.push_back(band("H vs G at depths >= 5, middlegame", changes(rs, "H", "G", mid, depth_at_least(5)), -15, -1));
    c.parts.push_back(band("H vs G at depths >= 5, endgame", changes(rs, "H", "G", end, depth_at_least(5)), -6, kInf));
    out.push_back(c);
  }
  out.push_back(tt_schemes_claim(rs));
  return out;
}

}  // namespace harness
