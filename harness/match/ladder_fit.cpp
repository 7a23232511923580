#include "harness/match/ladder_fit.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

namespace harness {

namespace {

// Points and games between players i and j, from i's side.
struct Tally {
  std::vector<std::vector<double>> points, games;  // [i][j]
};

// The Bradley–Terry maximum (Hunter 2004, MM iteration): each strength gamma_i = W_i / sum_j n_ij / (gamma_i +
// gamma_j), where W_i is i's points and n_ij the games between i and j; Elo = 400 log10(gamma / gamma_anchor).
std::vector<double> bradley_terry(const Tally& t, int anchor) {
  const std::size_t n = t.points.size();
  std::vector<double> gamma(n, 1.0);
  for (int iteration = 0; iteration < 10000; ++iteration) {
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double wins = 0, denominator = 0;
      for (std::size_t j = 0; j < n; ++j) {
        wins += t.points[i][j];
        if (t.games[i][j] > 0) denominator += t.games[i][j] / (gamma[i] + gamma[j]);
      }
      const double next = denominator > 0 ? wins / denominator : gamma[i];
      change = std::max(change, std::abs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    const double scale = gamma[std::size_t(anchor)];
    for (double& g : gamma) g /= scale;
    if (change < 1e-12) break;
  }
  std::vector<double> elo(n);
  for (std::size_t i = 0; i < n; ++i) elo[i] = 400 * std::log10(gamma[i]);
  return elo;
}

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double at = q * double(v.size() - 1);
  const std::size_t lo = std::size_t(std::floor(at));
  const std::size_t hi = std::min(v.size() - 1, lo + 1);
  return v[lo] + (at - double(lo)) * (v[hi] - v[lo]);
}

}  // namespace

LadderFit fit_ladder(const std::vector<LadderMatch>& matches, const std::string& anchor, int resamples,
                     std::uint64_t seed) {
  // The players linked to the anchor through the pairings, in the order first met.
  std::set<std::string> linked{anchor};
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& m : matches)
      if (!m.pair_half_points.empty() && linked.count(m.first) != linked.count(m.second)) {
        linked.insert(m.first);
        linked.insert(m.second);
        grew = true;
      }
  }
  std::vector<std::string> names;
  std::map<std::string, int> index;
  auto add = [&](const std::string& p) {
    if (linked.count(p) && !index.count(p)) {
      index[p] = int(names.size());
      names.push_back(p);
    }
  };
  add(anchor);
  for (const auto& m : matches) {
    add(m.first);
    add(m.second);
  }
  std::vector<const LadderMatch*> used;
  for (const auto& m : matches)
    if (!m.pair_half_points.empty() && index.count(m.first) && index.count(m.second)) used.push_back(&m);

  LadderFit fit;
  fit.anchor = anchor;
  fit.resamples = resamples;
  const std::size_t n = names.size();
  // One virtual draw per pairing (the prior), then the pairs drawn (`pick` gives the pair of each draw).
  auto tally = [&](auto&& pick) {
    Tally t{std::vector<std::vector<double>>(n, std::vector<double>(n)), std::vector<std::vector<double>>(n, std::vector<double>(n))};
    for (const LadderMatch* m : used) {
      const int a = index[m->first], b = index[m->second];
      double points = 0.5;
      for (std::size_t k = 0; k < m->pair_half_points.size(); ++k) points += m->pair_half_points[pick(m, k)] / 2.0;
      const double games = 1.0 + 2.0 * double(m->pair_half_points.size());
      t.points[a][b] += points;
      t.points[b][a] += games - points;
      t.games[a][b] += games;
      t.games[b][a] += games;
    }
    return t;
  };
  const std::vector<double> elo = bradley_terry(tally([](const LadderMatch*, std::size_t k) { return k; }), 0);
  std::mt19937_64 rng(seed);
  std::vector<std::vector<double>> draws(n);
  for (int r = 0; r < resamples; ++r) {
    const auto e = bradley_terry(
        tally([&](const LadderMatch* m, std::size_t) { return std::size_t(rng() % m->pair_half_points.size()); }), 0);
    for (std::size_t i = 0; i < n; ++i) draws[i].push_back(e[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    LadderRating r{names[i], elo[i], elo[i], elo[i], 0};
    if (resamples > 0) {
      r.low = percentile(draws[i], 0.025);
      r.high = percentile(draws[i], 0.975);
    }
    for (const LadderMatch* m : used)
      if (m->first == names[i] || m->second == names[i]) r.games += 2 * int(m->pair_half_points.size());
    fit.ratings.push_back(r);
  }
  std::stable_sort(fit.ratings.begin(), fit.ratings.end(), [](const auto& a, const auto& b) { return a.elo > b.elo; });
  for (const LadderMatch* m : used) {
    int points = 0;
    for (int h : m->pair_half_points) points += h;
    const int games = 2 * int(m->pair_half_points.size());
    if (points == 0 || points == 2 * games)
      fit.shutouts.push_back(fmt::format("{}–{}: {} won all {} games", m->first, m->second,
                                         points == 0 ? m->second : m->first, games));
  }
  return fit;
}

}  // namespace harness
