#include "harness/report/effects_study.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>

#include <boost/math/distributions/students_t.hpp>
#include <fmt/format.h>

#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"

namespace harness {

namespace {

using nlohmann::json;

// Nodes of every design combination (in Design::combinations() order) at each position where all searched to the
// depth, and their answers at each position where all answered (depth_end.h: a cell that ended early answers).
struct EffectsNodes {
  std::vector<std::string> positions;
  std::vector<std::vector<double>> nodes;  // [position][combination index]
  std::vector<std::vector<int>> solved;    // [answering position][combination index]: 1 solved, 0 not, -1 no EPD solution
  std::vector<double> minimal;             // [position]: the minimal tree's nodes, 0 where it has no finished cell
};

// Looked up by identity (the inputs), not by name: a design version whose flags equal a listed version's is one
// cell, indexed under the listed name.
EffectsNodes effects_nodes_at(const ResultSet& rs, const Design& d, const std::vector<std::uint32_t>& masks, int depth) {
  const Experiment& exp = rs.experiment;
  std::vector<const VersionSpec*> versions;
  for (std::uint32_t m : masks) versions.push_back(exp.find_version(d.version_name(m)));
  const bool counts_minimal =
      std::find(d.minimal_tree_depths.begin(), d.minimal_tree_depths.end(), depth) != d.minimal_tree_depths.end();
  const VersionSpec* minimal = counts_minimal ? exp.find_version(Design::kMinimalTreeVersion) : nullptr;
  EffectsNodes out;
  for (const auto& p : exp.positions) {
    std::vector<double> row;
    std::vector<int> solved;
    const bool solvable = !exp.solution(p.id).empty();
    bool full_depth = true;
    for (const VersionSpec* v : versions) {
      if (!v) break;
      const CellInputs in{p.id, p.fen, depth, v->name, v->search, v->eval, exp.node_budget, exp.time_limit_ms};
      auto it = rs.rows.find(in.identity());
      if (it == rs.rows.end() || !answers(&it->second)) break;
      full_depth = full_depth && counts_at_depth(&it->second);
      row.push_back(double(it->second.nodes()));
      solved.push_back(!solvable ? -1 : it->second.solve && it->second.solve->solved ? 1 : 0);
    }
    if (solved.size() != masks.size()) continue;
    out.solved.push_back(std::move(solved));
    if (!full_depth) continue;
    double minimal_nodes = 0;
    if (minimal) {
      const CellInputs in{p.id,           p.fen,          depth,           minimal->name,
                          minimal->search, minimal->eval, exp.node_budget, exp.time_limit_ms};
      if (auto it = rs.rows.find(in.identity()); it != rs.rows.end() && counts_at_depth(&it->second))
        minimal_nodes = double(it->second.nodes());
    }
    out.minimal.push_back(minimal_nodes);
    out.positions.push_back(p.id);
    out.nodes.push_back(std::move(row));
  }
  return out;
}

std::string effects_interval_cell(const GeometricInterval& g) {
  if (g.n == 0) return "—";
  if (!g.has_interval()) return fmt::format("{:.3f}", g.mean);
  return fmt::format("{:.3f} [{:.3f}, {:.3f}]", g.mean, g.low, g.high);
}

std::string effects_share_cell(const MeanInterval& m, const char* none = "—") {
  if (m.n == 0) return none;
  if (!m.has_interval()) return fmt::format("{:.1f} %", 100 * m.mean);
  return fmt::format("{:.1f} % [{:.1f}, {:.1f}]", 100 * m.mean, 100 * m.low, 100 * m.high);
}

json effects_round(double x) { return std::isfinite(x) ? json(std::round(x * 1e5) / 1e5) : json(nullptr); }

json effects_interval_json(const GeometricInterval& g) {
  if (g.n == 0) return {{"n", 0}};
  return {{"n", g.n}, {"mean", effects_round(g.mean)}, {"low", effects_round(g.low)}, {"high", effects_round(g.high)}};
}

constexpr const char* kNotMeasuredHere = "not measured here";
constexpr const char* kCannotBeMeasured = "cannot be measured here";

// A verdict on positions solved: not measured is said as "cannot be measured here" (no position is solvable).
std::string_view solved_verdict_text(Verdict v) { return v == Verdict::not_measured ? kCannotBeMeasured : verdict_text(v); }

json effects_share_json(const MeanInterval& m) {
  if (m.n == 0) return {{"n", 0}};
  return {{"n", m.n}, {"mean", effects_round(m.mean)}, {"low", effects_round(m.low)}, {"high", effects_round(m.high)}};
}

// The index of `mask` in the combinations.
std::size_t effects_index_of(const std::vector<std::uint32_t>& masks, std::uint32_t mask) {
  return std::size_t(std::find(masks.begin(), masks.end(), mask) - masks.begin());
}

void add_factorial_effects(const Design& d, const std::vector<std::uint32_t>& masks, const EffectsNodes& n, EffectsAtDepth& at) {
  const std::size_t k = d.factors.size();
  const double half = double(masks.size()) / 2;  // 2^(k-1)
  // Main effect of factor i at one position: mean log nodes with it minus without it.
  for (std::size_t i = 0; i < k; ++i) {
    std::vector<double> ratios;
    for (const auto& row : n.nodes) {
      double contrast = 0;
      for (std::size_t c = 0; c < masks.size(); ++c) contrast += (masks[c] >> i & 1 ? 1 : -1) * std::log(row[c]);
      ratios.push_back(std::exp(contrast / half));
    }
    at.main_effects.push_back(geometric_interval(ratios));
  }
  // Interaction of a and b: a's effect where b is set minus a's effect where it is not (= 2 × the Yates contrast ÷ 2^(k-1)).
  for (std::size_t a = 0; a < k; ++a)
    for (std::size_t b = a + 1; b < k; ++b) {
      std::vector<double> ratios;
      for (const auto& row : n.nodes) {
        double contrast = 0;
        for (std::size_t c = 0; c < masks.size(); ++c)
          contrast += (masks[c] >> a & 1 ? 1 : -1) * (masks[c] >> b & 1 ? 1 : -1) * std::log(row[c]);
        ratios.push_back(std::exp(2 * contrast / half));
      }
      at.interactions.push_back({a, b, geometric_interval(ratios)});
    }
  // Every combination's ratio to the base; the best one; every share of the reduction from the base to it.
  for (std::size_t c = 0; c < masks.size(); ++c) {
    std::vector<double> ratios;
    for (const auto& row : n.nodes) ratios.push_back(row[c] / row[0]);
    at.combinations.push_back({masks[c], d.version_name(masks[c]), geometric_interval(ratios), {}, {}});
  }
  std::size_t best = 0;
  for (std::size_t c = 1; c < masks.size(); ++c)
    if (at.combinations[c].ratio.n > 0 && at.combinations[c].ratio.mean < at.combinations[best].ratio.mean) best = c;
  at.best = masks[best];
  auto column = [&](std::size_t c) {
    std::vector<double> v;
    for (const auto& row : n.nodes) v.push_back(row[c]);
    return v;
  };
  const std::vector<double> base = column(0), best_nodes = column(best);
  std::vector<double> to_minimal;  // the minimal tree ÷ the base, where counted
  for (std::size_t p = 0; p < n.minimal.size(); ++p)
    if (n.minimal[p] > 0) to_minimal.push_back(n.minimal[p] / base[p]);
  at.minimal_ratio = geometric_interval(to_minimal);
  for (std::size_t c = 0; c < masks.size(); ++c) {
    const std::vector<double> nodes = column(c);
    at.combinations[c].share = reduction_share(base, nodes, best_nodes);
    if (!to_minimal.empty()) at.combinations[c].share_to_minimal = reduction_share(base, nodes, n.minimal);
  }
  at.best_of_size.assign(k + 1, 0);
  for (std::size_t size = 0; size <= k; ++size) {
    std::size_t pick = masks.size();
    for (std::size_t c = 0; c < masks.size(); ++c)
      if (std::size_t(std::popcount(masks[c])) == size &&
          (pick == masks.size() || at.combinations[c].ratio.mean < at.combinations[pick].ratio.mean))
        pick = c;
    at.best_of_size[size] = masks[pick];
  }
  for (const auto& claim : d.claims) at.claims.push_back(test_claim(d, claim, masks, n.nodes, n.solved, at));
}

std::string effects_band_text(const DesignClaim& c) {
  if (c.kind == DesignClaim::Kind::NodeRatio) return fmt::format("[{:g}, {:g}]", c.low, c.high);
  return fmt::format("[{:g} %, {:g} %]", 100 * c.low, 100 * c.high);
}

// The node-ratio claim's combination and the one it is taken against: "base+etc ÷ base".
std::string effects_ratio_text(const Design& d, const DesignClaim& c) {
  const std::uint32_t against = d.mask_of(c.against);
  return fmt::format("`{}` ÷ `{}`", d.version_name(against | d.mask_of(c.factors)), d.version_name(against));
}

// The saving a node ratio stands for, in the words the literature uses: "25 % fewer nodes" (a published figure, as
// given) or "23.0 % fewer nodes" (a measured one).
std::string effects_saving_text(double ratio, bool published) {
  const double pct = 100 * std::abs(1 - ratio);
  return fmt::format("{} % {} nodes", published ? fmt::format("{:g}", std::round(pct * 100) / 100) : fmt::format("{:.1f}", pct),
                     ratio <= 1 ? "fewer" : "more");
}

// "+0.33 % [-0.94, +1.87] (1 gained, 0 lost)": a difference of solved proportions in percent of the positions.
std::string effects_solved_cell(const PairedDifference& p) {
  return fmt::format("{:+.2f} % [{:+.2f}, {:+.2f}] ({} gained, {} lost)", 100 * p.difference, 100 * p.low, 100 * p.high,
                     p.gained, p.lost);
}

// Every combination's share of the reduction to the minimal tree, or a sentence saying it is not measured here.
template <class Header>
std::string effects_minimal_markdown(const EffectsStudy& st, const Header& header) {
  const Design& d = st.design;
  const bool any = std::any_of(st.depths.begin(), st.depths.end(), [](const EffectsAtDepth& at) { return at.minimal_ratio.n > 0; });
  if (!any)
    return "The share of the reduction to the minimal tree: not measured here (the design counts no minimal tree at "
           "these depths: `minimal_tree` in the config's design, configs/README.md).\n\n";
  std::string md = "### Every combination's share of the reduction to the minimal tree\n\n"
                   "Per position (N_base − N) ÷ (N_base − N_minimal), N_minimal the nodes of the minimal tree (Knuth & "
                   "Moore 1975: the smallest tree that proves the value at the depth) of the base with every factor, "
                   "averaged over the positions where it is below the base (the row `minimal tree ÷ base` gives its size, "
                   "a geometric mean). The searches are iteratively deepened and enter their shallower iterations' trees "
                   "too, so no combination reaches 100 %.\n\n";
  md += header("Combination");
  md += "| positions with the minimal tree |";
  for (const auto& at : st.depths) md += at.minimal_ratio.n ? fmt::format(" {} |", at.minimal_ratio.n) : std::string(" — |");
  md += "\n| minimal tree ÷ base |";
  for (const auto& at : st.depths)
    md += fmt::format(" {} |", at.minimal_ratio.n ? effects_interval_cell(at.minimal_ratio) : std::string(kNotMeasuredHere));
  md += "\n";
  for (std::size_t c = 0; c < (std::size_t(1) << d.factors.size()); ++c) {
    md += fmt::format("| {} |", table_cell(d.factors_text(std::uint32_t(c))));
    for (const auto& at : st.depths)
      md += fmt::format(" {} |", c < at.combinations.size() ? effects_share_cell(at.combinations[c].share_to_minimal, kNotMeasuredHere)
                                                            : std::string(kNotMeasuredHere));
    md += "\n";
  }
  return md + "\n";
}

}  // namespace

MeanInterval reduction_share(const std::vector<double>& base, const std::vector<double>& combination,
                             const std::vector<double>& reference) {
  std::vector<double> shares;
  for (std::size_t p = 0; p < base.size() && p < combination.size() && p < reference.size(); ++p)
    if (reference[p] > 0 && reference[p] < base[p]) shares.push_back((base[p] - combination[p]) / (base[p] - reference[p]));
  return mean_interval(shares);
}

MeanInterval mean_interval(const std::vector<double>& values) {
  MeanInterval m;
  std::vector<double> xs;
  for (double v : values)
    if (std::isfinite(v)) xs.push_back(v);
  m.n = xs.size();
  if (xs.empty()) return m;
  double sum = 0;
  for (double x : xs) sum += x;
  m.mean = m.low = m.high = sum / double(xs.size());
  if (xs.size() < 2) return m;
  double ss = 0;
  for (double x : xs) ss += (x - m.mean) * (x - m.mean);
  const double se = std::sqrt(ss / double(xs.size() - 1) / double(xs.size()));
  const boost::math::students_t t(double(xs.size() - 1));
  const double q = boost::math::quantile(t, 0.975);
  m.low = m.mean - q * se;
  m.high = m.mean + q * se;
  return m;
}

Verdict share_verdict(const MeanInterval& m, double low, double high) {
  return interval_verdict(m.has_interval(), m.low, m.high, low, high);
}

DesignClaimTest test_claim(const Design& d, const DesignClaim& claim, const std::vector<std::uint32_t>& masks,
                           const std::vector<std::vector<double>>& nodes, const std::vector<std::vector<int>>& solved,
                           const EffectsAtDepth& at) {
  DesignClaimTest t;
  t.depth = at.depth;
  if (claim.kind == DesignClaim::Kind::Share) {
    const std::size_t c = effects_index_of(masks, d.mask_of(claim.factors));
    if (c < at.combinations.size()) t.share = at.combinations[c].share;
    t.verdict = share_verdict(t.share, claim.low, claim.high);
    return t;
  }
  const std::uint32_t against = d.mask_of(claim.against);
  const std::size_t num = effects_index_of(masks, against | d.mask_of(claim.factors)), den = effects_index_of(masks, against);
  std::vector<double> ratios;
  if (num < masks.size() && den < masks.size()) {
    double sum_num = 0, sum_den = 0;
    for (const auto& row : nodes) {
      ratios.push_back(row[num] / row[den]);
      sum_num += row[num];
      sum_den += row[den];
    }
    if (sum_den > 0) t.summed_ratio = sum_num / sum_den;
    std::size_t gained = 0, lost = 0;
    for (const auto& row : solved)
      if (row.size() == masks.size() && row[den] >= 0) {
        ++t.solvable;
        t.solved_against += row[den];
        t.solved_with += row[num];
        gained += row[num] > row[den];
        lost += row[num] < row[den];
      }
    t.solved = paired_difference(std::size_t(t.solvable), gained, lost);
  }
  t.ratio = geometric_interval(ratios);
  t.verdict = band_verdict(t.ratio, claim.low, claim.high);
  if (claim.solved)
    t.solved_verdict = t.solvable ? paired_difference_verdict(t.solved, claim.solved->low, claim.solved->high) : Verdict::not_measured;
  return t;
}

EffectsStudy build_effects_study(const ResultSet& rs) {
  EffectsStudy st;
  if (!rs.experiment.design) return st;
  st.present = true;
  st.design = *rs.experiment.design;
  const Design& d = st.design;
  const std::vector<std::uint32_t> masks = d.combinations();
  for (int depth : rs.experiment.depths) {
    const EffectsNodes n = effects_nodes_at(rs, d, masks, depth);
    EffectsAtDepth at;
    at.depth = depth;
    at.positions = n.positions;
    for (std::size_t i = 0; i < d.factors.size(); ++i) {
      const std::size_t c = effects_index_of(masks, std::uint32_t(1) << i);
      std::vector<double> ratios;
      for (const auto& row : n.nodes) ratios.push_back(row[c] / row[0]);
      at.alone.push_back(geometric_interval(ratios));
    }
    if (d.kind == Design::Kind::Factorial && !n.positions.empty()) add_factorial_effects(d, masks, n, at);
    st.depths.push_back(std::move(at));
  }
  for (std::size_t ci = 0; ci < d.claims.size(); ++ci) {
    DesignClaimVerdict v;
    for (const auto& at : st.depths) {
      if (ci >= at.claims.size()) continue;
      const DesignClaimTest& t = at.claims[ci];
      if (t.has_interval()) v.verdict = t.verdict, v.depth = at.depth;
      if (d.claims[ci].solved && t.solved.has_interval()) v.solved_verdict = t.solved_verdict, v.solved_depth = at.depth;
    }
    st.verdicts.push_back(v);
  }
  return st;
}

namespace {

// The config's published claims, each tested at every depth (empty without claims).
std::string effects_claims_markdown(const EffectsStudy& st) {
  const Design& d = st.design;
  std::string md;
  if (d.claims.empty()) return md;
  // With share claims alone the section reads as it did before claims had kinds (committed reports keep it).
  const bool ratios = std::any_of(d.claims.begin(), d.claims.end(),
                                  [](const DesignClaim& c) { return c.kind == DesignClaim::Kind::NodeRatio; });
  if (!ratios)
    md += "### Published shares tested\n\n"
          "Each claim is the config's (its factors, published share and band); its verdict is computed at the deepest "
          "depth where the share has an interval: it holds only when the whole interval lies inside the band.\n\n";
  else
    md += "### Published claims tested\n\n"
          "Each claim is the config's (its factors, published figure and band): a share of the achievable reduction "
          "(an arithmetic mean over positions), or a node ratio between two combinations (a geometric mean over "
          "positions, decided by its interval; the summed change beside it, Σ nodes ÷ Σ nodes − 1, lets the largest "
          "tree decide and is shown only beside figures published that way). Its verdict is computed at the deepest "
          "depth where the figure has an interval: it holds only when the whole interval lies inside the band, does "
          "not hold when the interval lies wholly outside it, and is undecided otherwise.\n\n";
  if (std::any_of(d.claims.begin(), d.claims.end(), [](const DesignClaim& c) { return c.solved.has_value(); }))
    md += "A node-ratio claim published with a change in positions solved is decided on it too, in the same way and "
          "against its own band: Δsolved is the difference of solved proportions (the claim's combination minus the one "
          "it is taken against) over the positions with an EPD solution, with Tango's 95 % score interval for paired "
          "proportions (it keeps its width when no position is gained or lost, where the Wald interval and a "
          "bootstrap over positions shrink to nothing).\n\n";
  for (std::size_t ci = 0; ci < d.claims.size(); ++ci) {
    const DesignClaim& c = d.claims[ci];
    const DesignClaimVerdict& v = st.verdicts[ci];
    const bool share = c.kind == DesignClaim::Kind::Share;
    const std::string what =
        share ? fmt::format("Combination `{}`, published share {:g} %, band {}.", d.factors_text(d.mask_of(c.factors)),
                            100 * c.figure, effects_band_text(c))
              : fmt::format("Node ratio {}, published {:g} ({}), band {}.", effects_ratio_text(d, c), c.figure,
                            effects_saving_text(c.figure, true), effects_band_text(c));
    md += fmt::format("#### {} — {}: **{}**{}\n\n*{}* {}\n\n", c.id, c.source, verdict_text(v.verdict),
                      v.depth ? fmt::format(" (depth {})", v.depth) : std::string(), c.statement, what);
    if (c.solved)
      md += fmt::format("Positions solved, published: {:+d} of {} ({:+.2f} % of the positions), band [{:+g} %, {:+g} %] on the "
                        "difference of solved proportions: **{}**{}.\n\n",
                        c.solved->change, c.solved->of, 100 * c.solved->figure(), 100 * c.solved->low, 100 * c.solved->high,
                        solved_verdict_text(v.solved_verdict), v.solved_depth ? fmt::format(" (depth {})", v.solved_depth) : std::string());
    md += share ? "| Depth | Positions | Share | Share of the reduction to the minimal tree | Verdict |\n|--:|--:|--:|--:|---|\n"
                : c.solved ? "| Depth | Positions | Node ratio | Saving | Δnodes summed | Solved (EPD bm/am) | Verdict | "
                             "Δsolved [95 %] | Δsolved verdict |\n|--:|--:|--:|--:|--:|--:|---|--:|---|\n"
                           : "| Depth | Positions | Node ratio | Saving | Δnodes summed | Solved (EPD bm/am) | Verdict |\n"
                             "|--:|--:|--:|--:|--:|--:|---|\n";
    const std::uint32_t claim_mask = d.mask_of(c.factors);
    for (const auto& at : st.depths) {
      if (ci >= at.claims.size()) continue;
      const DesignClaimTest& t = at.claims[ci];
      if (share) {
        const MeanInterval none;
        const MeanInterval& to_minimal =
            claim_mask < at.combinations.size() ? at.combinations[claim_mask].share_to_minimal : none;
        md += fmt::format("| {} | {} | {} | {} | {} |\n", at.depth, t.share.n, effects_share_cell(t.share),
                          effects_share_cell(to_minimal, kNotMeasuredHere), verdict_text(t.verdict));
        continue;
      }
      md += fmt::format("| {} | {} | {} | {} | {} | {} | {} |", at.depth, t.ratio.n, effects_interval_cell(t.ratio),
                        t.ratio.n ? effects_saving_text(t.ratio.mean, false) : std::string("—"),
                        t.ratio.n ? fmt::format("{:+.1f} %", 100 * (t.summed_ratio - 1)) : std::string("—"),
                        t.solvable ? fmt::format("{} → {} of {} ({:+d})", t.solved_against, t.solved_with, t.solvable,
                                                 t.solved_with - t.solved_against)
                                   : std::string("—"),
                        verdict_text(t.verdict));
      if (c.solved)
        md += fmt::format(" {} | {} |", t.solvable ? effects_solved_cell(t.solved) : std::string("—"), solved_verdict_text(t.solved_verdict));
      md += "\n";
    }
    md += "\n";
  }
  return md;
}

}  // namespace

std::string effects_markdown(const EffectsStudy& st) {
  if (!st.present) return "";
  const Design& d = st.design;
  const bool factorial = d.kind == Design::Kind::Factorial;
  std::string md = fmt::format("## Effects of the design's factors ({}, base {}, {} factors)\n\n", d.kind_text(), d.base,
                               d.factors.size());
  md += factorial
            ? fmt::format("The config's factorial design runs every one of the {} combinations of the factors below on "
                          "the base version `{}`, each version named by the factors it sets (`{}`, `{}+{}`, ...). ",
                          std::size_t(1) << d.factors.size(), d.base, d.base, d.base, d.factors[0].name)
            : fmt::format("The config's leave-one-out design runs the base version `{}` and, for each factor below, the "
                          "base with that factor's flags (`{}-{}`, ...). ",
                          d.base, d.base, d.factors[0].name);
  md += "Every figure is computed by `harness report` from cells.jsonl, at each depth on the positions where every "
        "version of the design finished (a cell stopped by the node budget or failed leaves its position out at that "
        "depth). A ratio is a geometric mean over those positions with its 95 % interval (Student t on the logarithms)";
  md += factorial ? "; a share is an arithmetic mean over positions with its 95 % Student t interval.\n\n" : ".\n\n";
  md += "| Factor | Flags |\n|---|---|\n";
  for (const auto& f : d.factors) {
    std::string flags;
    for (auto it = f.flags.begin(); it != f.flags.end(); ++it)
      flags += fmt::format("{}`{}={}`", flags.empty() ? "" : ", ", it.key(),
                           it.value().is_string() ? it.value().get<std::string>() : it.value().dump());
    md += fmt::format("| {} | {} |\n", table_cell(f.name), table_cell(flags));
  }
  md += "\n";

  std::vector<std::string> cols;
  for (const auto& at : st.depths) cols.push_back(fmt::format("d{}", at.depth));
  auto positions_row = [&] {
    std::string row = "| positions |";
    for (const auto& at : st.depths) row += fmt::format(" {} |", at.positions.size());
    return row + "\n";
  };
  auto header = [&](const std::string& first) {
    std::string h = fmt::format("| {} |", first), sep = "|---|";
    for (const auto& c : cols) h += fmt::format(" {} |", c), sep += "--:|";
    return fmt::format("{}\n{}\n", h, sep);
  };

  md += factorial ? fmt::format("### Each factor alone: nodes of `{}+factor` ÷ nodes of `{}`\n\n", d.base, d.base)
                  : fmt::format("### Each heuristic switched off: nodes of `{}-factor` ÷ nodes of `{}`\n\n", d.base, d.base);
  md += header("Factor") + positions_row();
  for (std::size_t i = 0; i < d.factors.size(); ++i) {
    md += fmt::format("| {} |", table_cell(d.factors[i].name));
    for (const auto& at : st.depths) md += fmt::format(" {} |", effects_interval_cell(at.alone[i]));
    md += "\n";
  }
  md += "\n";
  if (!factorial) return md;

  md += "### Main effects: each factor's node ratio averaged over every setting of the others (log nodes)\n\n";
  md += header("Factor") + positions_row();
  for (std::size_t i = 0; i < d.factors.size(); ++i) {
    md += fmt::format("| {} |", table_cell(d.factors[i].name));
    for (const auto& at : st.depths)
      md += fmt::format(" {} |", (at.main_effects.empty() ? std::string("—") : effects_interval_cell(at.main_effects[i])));
    md += "\n";
  }
  md += "\n### Two-way interactions: a's ratio where b is set ÷ a's ratio where it is not\n\n"
        "Below 1: a saves more once b is there; above 1: a saves less (the two overlap). An interval that holds 1 "
        "shows no interaction the positions support.\n\n";
  md += header("a × b") + positions_row();
  const std::size_t pairs = d.factors.size() * (d.factors.size() - 1) / 2;
  for (std::size_t p = 0; p < pairs; ++p) {
    std::string name;
    for (const auto& at : st.depths)
      if (p < at.interactions.size())
        name = fmt::format("{} × {}", d.factors[at.interactions[p].a].name, d.factors[at.interactions[p].b].name);
    if (name.empty()) continue;
    md += fmt::format("| {} |", table_cell(name));
    for (const auto& at : st.depths)
      md += fmt::format(" {} |", (p < at.interactions.size() ? effects_interval_cell(at.interactions[p].ratio) : std::string("—")));
    md += "\n";
  }
  md += "\n### The best combination of each size\n\n"
        "The combination of that many factors with the smallest geometric mean ratio to the base; its share of the "
        "achievable reduction, from the base to the depth's best combination (per position (N_base − N) ÷ "
        "(N_base − N_best), over the positions where the best is below the base), and beside it its share of the "
        "reduction from the base to the minimal tree (per position (N_base − N) ÷ (N_base − N_minimal), where the "
        "design counts the minimal tree: its `minimal_tree` version, the base with every factor and the driver "
        "`minimal`, one proof tree at the depth, not summed over iterations).\n\n"
        "| Depth | Factors | Combination | Ratio to the base | Share of the achievable reduction | Share of the reduction "
        "to the minimal tree |\n|---|--:|---|--:|--:|--:|\n";
  for (const auto& at : st.depths) {
    if (at.combinations.empty()) continue;
    for (std::size_t size = 0; size < at.best_of_size.size(); ++size) {
      const auto& c = at.combinations[size_t(at.best_of_size[size])];
      md += fmt::format("| {} | {} | {}{} | {} | {} | {} |\n", at.depth, size, table_cell(d.factors_text(c.mask)),
                        c.mask == at.best ? " (best)" : "", effects_interval_cell(c.ratio), effects_share_cell(c.share),
                        effects_share_cell(c.share_to_minimal, kNotMeasuredHere));
    }
  }
  md += "\n### Every combination's share of the achievable reduction\n\n";
  md += header("Combination") + positions_row();
  for (std::size_t c = 0; c < (std::size_t(1) << d.factors.size()); ++c) {
    md += fmt::format("| {} |", table_cell(d.factors_text(std::uint32_t(c))));
    for (const auto& at : st.depths)
      md += fmt::format(" {} |", (c < at.combinations.size() ? effects_share_cell(at.combinations[c].share) : std::string("—")));
    md += "\n";
  }
  md += "\n";
  md += effects_minimal_markdown(st, header);
  md += effects_claims_markdown(st);
  return md;
}

json effects_json(const EffectsStudy& st) {
  const Design& d = st.design;
  json depths = json::array();
  for (const auto& at : st.depths) {
    json j = {{"depth", at.depth}, {"positions", at.positions}};
    json alone = json::object();
    for (std::size_t i = 0; i < d.factors.size(); ++i) alone[d.factors[i].name] = effects_interval_json(at.alone[i]);
    j["alone"] = alone;
    if (d.kind == Design::Kind::Factorial && !at.combinations.empty()) {
      json main = json::object();
      for (std::size_t i = 0; i < at.main_effects.size(); ++i) main[d.factors[i].name] = effects_interval_json(at.main_effects[i]);
      j["main_effects"] = main;
      json inter = json::array();
      for (const auto& p : at.interactions)
        inter.push_back({{"a", d.factors[p.a].name}, {"b", d.factors[p.b].name}, {"ratio", effects_interval_json(p.ratio)}});
      j["interactions"] = inter;
      json combos = json::array();
      for (const auto& c : at.combinations)
        combos.push_back({{"factors", d.factors_text(c.mask)}, {"version", c.version}, {"ratio", effects_interval_json(c.ratio)},
                          {"share", effects_share_json(c.share)},
                          {"share_to_minimal", c.share_to_minimal.n ? effects_share_json(c.share_to_minimal) : json(kNotMeasuredHere)}});
      j["combinations"] = combos;
      j["minimal_tree"] = at.minimal_ratio.n ? json{{"ratio_to_base", effects_interval_json(at.minimal_ratio)}} : json(kNotMeasuredHere);
      j["best"] = d.factors_text(at.best);
      json sizes = json::array();
      for (std::uint32_t m : at.best_of_size) sizes.push_back(d.factors_text(m));
      j["best_of_size"] = sizes;
    }
    depths.push_back(j);
  }
  json claims = json::array();
  for (std::size_t ci = 0; ci < d.claims.size(); ++ci) {
    const DesignClaim& c = d.claims[ci];
    json per_depth = json::array();
    const bool share = c.kind == DesignClaim::Kind::Share;
    for (const auto& at : st.depths)
      if (ci < at.claims.size()) {
        const DesignClaimTest& t = at.claims[ci];
        json pd = {{"depth", at.depth},
                   {share ? "share" : "ratio", share ? effects_share_json(t.share) : effects_interval_json(t.ratio)},
                   {"verdict", verdict_text(t.verdict)}};
        if (!share && t.ratio.n) pd["summed_ratio"] = effects_round(t.summed_ratio);
        if (!share && t.solvable)
          pd["solved"] = {{"positions", t.solvable}, {"against", t.solved_against}, {"with", t.solved_with}};
        if (!share && c.solved) {
          pd["solved_difference"] =
              t.solvable ? json{{"difference", effects_round(t.solved.difference)}, {"low", effects_round(t.solved.low)},
                                {"high", effects_round(t.solved.high)}, {"gained", t.solved.gained}, {"lost", t.solved.lost}}
                         : json(kNotMeasuredHere);
          pd["solved_verdict"] = solved_verdict_text(t.solved_verdict);
        }
        if (share) {
          const std::uint32_t m = d.mask_of(c.factors);
          const MeanInterval& sm = m < at.combinations.size() ? at.combinations[m].share_to_minimal : MeanInterval{};
          pd["share_to_minimal"] = sm.n ? effects_share_json(sm) : json(kNotMeasuredHere);
        }
        per_depth.push_back(pd);
      }
    json cj = {{"id", c.id}, {"source", c.source}, {"statement", c.statement}, {"factors", c.factors},
               {share ? "share" : "ratio", c.figure}, {"band", {c.low, c.high}}, {"verdict", verdict_text(st.verdicts[ci].verdict)},
               {"depth", st.verdicts[ci].depth}, {"per_depth", per_depth}};
    if (!share) {  // a share claim reads as before claims had kinds
      cj["kind"] = c.kind_text();
      cj["against"] = c.against;
      if (c.solved)
        cj["solved"] = {{"change", c.solved->change}, {"of", c.solved->of}, {"band", {c.solved->low, c.solved->high}},
                        {"verdict", solved_verdict_text(st.verdicts[ci].solved_verdict)}, {"depth", st.verdicts[ci].solved_depth}};
    }
    claims.push_back(cj);
  }
  json factors = json::object();
  for (const auto& f : d.factors) factors[f.name] = f.flags;
  return {{"design", d.kind_text()}, {"base", d.base}, {"factors", factors}, {"depths", depths}, {"claims", claims}};
}

}  // namespace harness
