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
// depth (depth_end.h).
struct EffectsNodes {
  std::vector<std::string> positions;
  std::vector<std::vector<double>> nodes;  // [position][combination index]
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
    bool full_depth = true;
    for (const VersionSpec* v : versions) {
      if (!v) break;
      const CellInputs in{p.id, p.fen, depth, v->name, v->search, v->eval, exp.node_budget, exp.time_limit_ms};
      const CellRecord* r = rs.find(in.identity());
      if (!r || !answers(r)) break;
      full_depth = full_depth && counts_at_depth(r);
      row.push_back(double(r->nodes()));
    }
    if (row.size() != masks.size() || !full_depth) continue;
    double minimal_nodes = 0;
    if (minimal) {
      const CellInputs in{p.id,           p.fen,          depth,           minimal->name,
                          minimal->search, minimal->eval, exp.node_budget, exp.time_limit_ms};
      if (const CellRecord* r = rs.find(in.identity()); r && counts_at_depth(r)) minimal_nodes = double(r->nodes());
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

EffectsAtDepth effects_at_depth(const ResultSet& rs, const Design& d, int depth) {
  const std::vector<std::uint32_t> masks = d.combinations();
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
  return at;
}

EffectsStudy build_effects_study(const ResultSet& rs) {
  EffectsStudy st;
  if (!rs.experiment.design) return st;
  st.present = true;
  st.design = *rs.experiment.design;
  for (int depth : rs.experiment.depths) st.depths.push_back(effects_at_depth(rs, st.design, depth));
  return st;
}

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
  json factors = json::object();
  for (const auto& f : d.factors) factors[f.name] = f.flags;
  return {{"design", d.kind_text()}, {"base", d.base}, {"factors", factors}, {"depths", depths}};
}

}  // namespace harness
