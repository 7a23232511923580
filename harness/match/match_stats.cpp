#include "harness/match/match_stats.h"

#include <fmt/core.h>

#include <cmath>

namespace harness {

namespace {

constexpr double kZ95 = 1.959964;                 // the normal quantile of 97.5 %
const double kNeloPerT = 800.0 / std::log(10.0);  // normalised Elo per unit of t (per game)
constexpr std::array<double, 5> kPairScore = {0.0, 0.25, 0.5, 0.75, 1.0};

struct Moments {
  double n = 0, mu = 0, var = 0;
};

// Mean and variance of a pair's score over the counts `c` (each at least `floor`).
Moments pair_moments(const Pentanomial& p, double floor) {
  Moments m;
  std::array<double, 5> c{};
  for (int i = 0; i < 5; ++i) c[i] = p[i] == 0 ? floor : double(p[i]);
  for (double x : c) m.n += x;
  if (m.n <= 0) return m;
  for (int i = 0; i < 5; ++i) m.mu += c[i] * kPairScore[i] / m.n;
  for (int i = 0; i < 5; ++i) m.var += c[i] * (kPairScore[i] - m.mu) * (kPairScore[i] - m.mu) / m.n;
  return m;
}

}  // namespace

double elo_of_score(double s) { return -400.0 * std::log10(1.0 / s - 1.0); }
double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }
double nelo_of_score(double s, double variance) { return (s - 0.5) / std::sqrt(2.0 * variance) * kNeloPerT; }
double score_of_nelo(double nelo, double variance) { return 0.5 + nelo / kNeloPerT * std::sqrt(2.0 * variance); }

PairScore pair_score(const Pentanomial& p) {
  const Moments m = pair_moments(p, 0.0);
  return PairScore{m.n, m.mu, m.var};
}

int pentanomial_index(int first_game_half_points, int second_game_half_points) {
  return first_game_half_points + second_game_half_points;
}

EloInterval logistic_elo(const Pentanomial& p) {
  const Moments m = pair_moments(p, 0.0);
  EloInterval e;
  if (m.n <= 0 || m.mu <= 0 || m.mu >= 1 || m.var <= 0) return e;
  const double half = kZ95 * std::sqrt(m.var / m.n);
  e.elo = elo_of_score(m.mu);
  const double lo = m.mu - half <= 0 ? -INFINITY : elo_of_score(m.mu - half);
  const double hi = m.mu + half >= 1 ? INFINITY : elo_of_score(m.mu + half);
  e.error = (hi - lo) / 2;
  e.defined = std::isfinite(e.error);
  return e;
}

EloInterval normalized_elo(const Pentanomial& p) {
  const Moments m = pair_moments(p, 0.0);
  EloInterval e;
  if (m.n <= 0 || m.var <= 0) return e;
  const double sigma_per_game = std::sqrt(2.0 * m.var);
  e.elo = (m.mu - 0.5) / sigma_per_game * kNeloPerT;
  e.error = kZ95 * std::sqrt(m.var / m.n) / sigma_per_game * kNeloPerT;
  e.defined = true;
  return e;
}

std::optional<double> likelihood_of_superiority(const Pentanomial& p) {
  const Moments m = pair_moments(p, 0.0);
  if (m.n <= 0 || m.var <= 0) return std::nullopt;
  return 0.5 * std::erfc(-(m.mu - 0.5) / std::sqrt(2.0 * m.var / m.n));
}

std::optional<double> logistic_elo_of_nelo(double nelo, const Pentanomial& p) {
  const Moments m = pair_moments(p, 0.0);
  if (m.n <= 0 || m.var <= 0) return std::nullopt;
  const double score = 0.5 + nelo / kNeloPerT * std::sqrt(2.0 * m.var);
  if (score <= 0 || score >= 1) return std::nullopt;
  return elo_of_score(score) + 0.0;  // + 0.0: nElo 0 gives 0, not -0 (printed "-0.0")
}

double SprtBounds::lower() const { return std::log(beta / (1.0 - alpha)); }
double SprtBounds::upper() const { return std::log((1.0 - beta) / alpha); }

bool sprt_can_decide(const Pentanomial& p) {
  int categories = 0;
  for (std::uint64_t c : p) categories += c > 0 ? 1 : 0;
  return categories >= 2;
}

double sprt_llr(const Pentanomial& p, const SprtBounds& b) {
  // cutechess-cli's rule carried to pairs (match_stats.h): no LLR from a sample without a variance of its own.
  if (!sprt_can_decide(p)) return 0.0;
  const Moments m = pair_moments(p, 1e-3);
  const double sigma = std::sqrt(m.var);
  const double t0 = std::sqrt(2.0) * b.nelo0 / kNeloPerT, t1 = std::sqrt(2.0) * b.nelo1 / kNeloPerT;
  const double mu0 = 0.5 + t0 * sigma, mu1 = 0.5 + t1 * sigma;
  return m.n * (mu1 - mu0) * (2.0 * m.mu - mu0 - mu1) / (2.0 * m.var);
}

SprtVerdict sprt_verdict(double llr, const SprtBounds& b) {
  if (llr >= b.upper()) return SprtVerdict::h1;
  if (llr <= b.lower()) return SprtVerdict::h0;
  return SprtVerdict::running;
}

std::string verdict_text(SprtVerdict v, const SprtBounds& b) {
  switch (v) {
    case SprtVerdict::h1: return fmt::format("H1 accepted (nElo >= {:g})", b.nelo1);
    case SprtVerdict::h0: return fmt::format("H0 accepted (nElo <= {:g})", b.nelo0);
    case SprtVerdict::running: break;
  }
  return "no decision";
}

}  // namespace harness
