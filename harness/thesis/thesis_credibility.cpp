#include "harness/thesis/thesis_credibility.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "harness/report/markdown_text.h"
#include "harness/thesis/thesis_setup.h"

namespace harness {

namespace {

// Chance that a difference of 100 nodes or more is an exact multiple of 100 (its last two digits spread evenly).
constexpr double kRoundChance = 0.01;
constexpr std::int64_t kRound = 100;

bool is_round(std::int64_t d) { return d != 0 && std::llabs(d) >= kRound && d % kRound == 0; }
bool eligible(std::int64_t d) { return std::llabs(d) >= kRound; }

// The versions of Tables B.1-B.6, in order, that the thesis data has.
std::vector<std::string> versions_of(const ThesisData& t) {
  std::vector<std::string> out;
  for (char v : thesis::kVersions)
    for (const auto& [key, nodes] : t.versions)
      if (std::get<1>(key) == std::string(1, v)) {
        out.emplace_back(1, v);
        break;
      }
  return out;
}

std::map<std::tuple<int, std::string>, std::map<int, std::uint64_t>> rows_of(const ThesisData& t) {
  std::map<std::tuple<int, std::string>, std::map<int, std::uint64_t>> rows;
  for (const auto& [key, nodes] : t.versions) rows[{std::get<0>(key), std::get<1>(key)}][std::get<2>(key)] = nodes;
  return rows;
}

std::string p_text(double p) { return p >= 0.001 ? fmt::format("{:.3f}", p) : fmt::format("{:.1e}", p); }

}  // namespace

double binomial_upper_tail(int k, int n, double p) {
  if (k <= 0) return 1.0;
  if (k > n) return 0.0;
  double sum = 0;
  for (int i = k; i <= n; ++i)
    sum += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + i * std::log(p) +
                    (n - i) * std::log1p(-p));
  return std::min(sum, 1.0);
}

ThesisCredibility thesis_credibility(const ThesisData& thesis) {
  ThesisCredibility c;
  const auto versions = versions_of(thesis);
  const auto rows = rows_of(thesis);
  if (versions.size() < 2) return c;
  c.present = true;

  // Round differences, step by step.
  const int steps = int(versions.size()) - 1;
  c.all_steps.from = versions.front();
  c.all_steps.to = versions.back();
  for (int i = 1; i <= steps; ++i) {
    RoundDifferenceTest t;
    t.from = versions[std::size_t(i - 1)];
    t.to = versions[std::size_t(i)];
    for (const auto& [key, nodes] : thesis.versions) {
      const auto& [pos, version, depth] = key;
      if (version != t.to) continue;
      const auto prev = thesis.versions.find({pos, t.from, depth});
      if (prev == thesis.versions.end()) continue;
      const std::int64_t d = std::int64_t(nodes) - std::int64_t(prev->second);
      t.nonzero += d != 0;
      t.eligible += eligible(d);
      if (is_round(d)) t.round.push_back({pos, depth, d});
    }
    t.expected = t.eligible * kRoundChance;
    t.p_value = binomial_upper_tail(int(t.round.size()), t.eligible, kRoundChance);
    t.p_adjusted = std::min(1.0, t.p_value * steps);
    t.flagged = t.p_adjusted < kCredibilityAlpha;
    if (t.flagged)
      for (const auto& r : t.round) c.flagged.insert({r.thesis_position, t.to, r.depth});
    c.all_steps.nonzero += t.nonzero;
    c.all_steps.eligible += t.eligible;
    c.all_steps.round.insert(c.all_steps.round.end(), t.round.begin(), t.round.end());
    c.steps.push_back(std::move(t));
  }
  c.all_steps.expected = c.all_steps.eligible * kRoundChance;
  c.all_steps.p_value = c.all_steps.p_adjusted =
      binomial_upper_tail(int(c.all_steps.round.size()), c.all_steps.eligible, kRoundChance);

  // Copied rows: every (row, earlier row of the same position) pair is one test.
  std::vector<CopiedRow> candidates;
  for (const auto& [key, row] : rows) {
    const auto& [pos, version] = key;
    for (const auto& earlier : versions) {
      if (earlier >= version) break;
      const auto other = rows.find({pos, earlier});
      if (other == rows.end()) continue;
      ++c.row_pairs_tested;
      CopiedRow r{pos, version, earlier, {}, {}, 0, 1, 1};
      for (const auto& [depth, nodes] : row) {
        const auto o = other->second.find(depth);
        if (o == other->second.end()) continue;
        const std::int64_t d = std::int64_t(nodes) - std::int64_t(o->second);
        if (d == 0) r.equal_depths.push_back(depth);
        r.eligible += eligible(d);
        if (is_round(d)) r.round.push_back({pos, depth, d});
      }
      if (r.equal_depths.size() >= 2 && r.round.size() >= 2) {
        r.p_value = binomial_upper_tail(int(r.round.size()), r.eligible, kRoundChance);
        candidates.push_back(r);
      }
    }
  }
  // One entry per row: the latest earlier row it copies (E and F are one row where null move never acts).
  for (auto& r : candidates) {
    r.p_adjusted = std::min(1.0, r.p_value * c.row_pairs_tested);
    if (r.p_adjusted >= kCredibilityAlpha) continue;
    auto same = std::find_if(c.copied_rows.begin(), c.copied_rows.end(), [&](const CopiedRow& x) {
      return x.thesis_position == r.thesis_position && x.version == r.version;
    });
    if (same == c.copied_rows.end()) c.copied_rows.push_back(r);
    else if (r.p_value < same->p_value || (r.p_value == same->p_value && r.copied_from > same->copied_from)) *same = r;
  }
  for (const auto& r : c.copied_rows)
    for (const auto& [depth, nodes] : rows.at({r.thesis_position, r.version})) c.flagged.insert({r.thesis_position, r.version, depth});
  return c;
}

std::string credibility_markdown(const ThesisCredibility& c) {
  if (!c.present) return "";
  std::string md =
      "### How far the thesis's own cells can be trusted\n\n"
      "Computed from Tables B.1–B.6 alone (thesis_credibility.h). A difference of 100 nodes or more between two "
      "measured counts ends in \"00\" about once in 100; each step's count of such round differences is tested "
      "against Binomial(n, 0.01), one-sided, and its p-value multiplied by the number of steps. A row that equals "
      "an earlier version's row at two or more depths and differs from it elsewhere only by multiples of 100 is "
      "tested the same way, its p-value multiplied by the row pairs tested. Below ";
  md += fmt::format("{} the cells are flagged: † in the tables below; they weigh nothing in the fidelity figures.\n\n",
                    kCredibilityAlpha);
  md += "| Step | Non-zero differences | ≥ 100 nodes | Multiples of 100 | Expected | p | p × steps | Flagged |\n"
        "|---|--:|--:|--:|--:|--:|--:|---|\n";
  auto cells_text = [](const std::vector<RoundCell>& round) {
    std::string s;
    for (const auto& r : round) s += fmt::format("{}pos. {} d{} {:+}", s.empty() ? "" : ", ", r.thesis_position, r.depth, r.difference);
    return s;
  };
  for (const auto& t : c.steps)
    md += fmt::format("| {} → {} | {} | {} | {} | {:.2f} | {} | {} | {} |\n", table_cell(t.from), table_cell(t.to), t.nonzero, t.eligible,
                      t.round.size(), t.expected, p_text(t.p_value), p_text(t.p_adjusted),
                      t.flagged ? "yes: " + cells_text(t.round) : std::string("no"));
  md += fmt::format("| all steps | {} | {} | {} | {:.2f} | {} | | |\n\n", c.all_steps.nonzero, c.all_steps.eligible,
                    c.all_steps.round.size(), c.all_steps.expected, p_text(c.all_steps.p_value));
  if (c.copied_rows.empty()) {
    md += fmt::format("No row looks copied from another ({} row pairs tested).\n\n", c.row_pairs_tested);
  } else {
    md += fmt::format("Rows that look copied and edited ({} row pairs tested; each row flagged whole):\n\n", c.row_pairs_tested);
    for (const auto& r : c.copied_rows) {
      std::string eq;
      for (int d : r.equal_depths) eq += (eq.empty() ? "" : ", ") + std::to_string(d);
      md += fmt::format("- position {}, version {}: equals version {} at depths {}; differs by a multiple of 100 at {}; "
                        "p {} (× pairs: {})\n", r.thesis_position, r.version, r.copied_from, eq, cells_text(r.round),
                        p_text(r.p_value), p_text(r.p_adjusted));
    }
    md += "\n";
  }
  md += fmt::format("Flagged cells: {}.\n\n", c.flagged.size());
  return md;
}

nlohmann::json credibility_json(const ThesisCredibility& c) {
  using nlohmann::json;
  auto round_json = [](const std::vector<RoundCell>& round) {
    json a = json::array();
    for (const auto& r : round) a.push_back({{"thesis_position", r.thesis_position}, {"depth", r.depth}, {"difference", r.difference}});
    return a;
  };
  json steps = json::array();
  for (const auto& t : c.steps)
    steps.push_back({{"from", t.from}, {"to", t.to}, {"nonzero", t.nonzero}, {"eligible", t.eligible},
                     {"round", round_json(t.round)}, {"expected", t.expected}, {"p_value", t.p_value},
                     {"p_adjusted", t.p_adjusted}, {"flagged", t.flagged}});
  json rows = json::array();
  for (const auto& r : c.copied_rows)
    rows.push_back({{"thesis_position", r.thesis_position}, {"version", r.version}, {"copied_from", r.copied_from},
                    {"equal_depths", r.equal_depths}, {"round", round_json(r.round)}, {"p_value", r.p_value},
                    {"p_adjusted", r.p_adjusted}});
  json flagged = json::array();
  for (const auto& [pos, version, depth] : c.flagged) flagged.push_back({{"thesis_position", pos}, {"version", version}, {"depth", depth}});
  return {{"alpha", kCredibilityAlpha}, {"steps", steps}, {"row_pairs_tested", c.row_pairs_tested},
          {"copied_rows", rows}, {"flagged", flagged}};
}

}  // namespace harness
