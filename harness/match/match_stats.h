// The statistics of a match as fishtest and fastchess compute them: wins, draws and losses; the pentanomial counts of
// game pairs (the first player's score over a pair of games from one opening, colours swapped: 0, 1/2, 1, 3/2 or 2);
// the logistic Elo and the normalised Elo with 95 % intervals from the pentanomial; and the log-likelihood ratio of
// the generalised SPRT for normalised bounds [nElo0, nElo1].
//
// Published formulas (M. Van den Bergh, "Comments on normalized Elo" and "A GSPRT approximation", the basis of
// fishtest's stat_util and of fastchess): a pair's score x in {0, 1/4, 1/2, 3/4, 1} (points over 2), its mean mu and
// variance var over the pairs; N pairs.
//   logistic Elo      = -400 log10(1/mu - 1), its interval the Elo of mu -/+ 1.959964 sqrt(var / N);
//   normalised Elo    = (mu - 1/2) / sqrt(2 var) * 800 / ln 10 (per game: a pair holds two games),
//                       +/- 1.959964 sqrt(var / N) / sqrt(2 var) * 800 / ln 10;
//   LLR               = N (mu1 - mu0)(2 mu - mu0 - mu1) / (2 var), with mu_i = 1/2 + t_i sqrt(var) and
//                       t_i = sqrt(2) nElo_i / (800 / ln 10): the normal approximation of the GSPRT;
//   bounds            = ln(beta / (1 - alpha)) below (H0 accepted), ln((1 - beta) / alpha) above (H1 accepted).
// An empty category is counted as 0.001 pairs in the LLR (fishtest: LLRcalc.regularize; fastchess does the same), so
// the formulas stay finite.
//
// Small samples: the LLR is 0, and no decision taken, until the counted pairs fall in at least two categories. While
// every pair is in one category the variance above is that 0.001-pair prior's alone (near zero), and the normal
// approximation's LLR grows without bound: one pair [1,0,0,0,0] under bounds [-50, 50] gave -4.71, four pairs all
// won under [0, 10] gave 3.76. The rule is cutechess-cli's (Sprt::status computes no LLR, and decides nothing,
// until the games hold a win, a draw and a loss: its draw-Elo model needs all three) and fastchess's for its
// BayesElo model (LLR 0 without a win and a loss), carried to the pentanomial model, which needs a variance.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace harness {

// Counts of pairs by the first player's points: [0] = 0 (two losses), [1] = 1/2, [2] = 1, [3] = 3/2, [4] = 2.
using Pentanomial = std::array<std::uint64_t, 5>;

struct WinDrawLoss {
  std::uint64_t wins = 0, draws = 0, losses = 0;  // of the first player
  std::uint64_t games() const { return wins + draws + losses; }
  double points() const { return double(wins) + 0.5 * double(draws); }
};

struct EloInterval {
  double elo = 0;
  double error = 0;  // half the width of the 95 % interval
  bool defined = false;  // false with no pairs, a score of 0 % or 100 %, or no variance
};

// The pair's category for the first player's two game scores (each 0, 1 or 2 half-points).
int pentanomial_index(int first_game_half_points, int second_game_half_points);

// What every figure below is a function of: the pairs' mean score mu (points per game, in [0, 1]) and the variance
// of a pair's score over the N pairs counted (the pentanomial as it is, no empty category regularised).
struct PairScore {
  double pairs = 0, mean = 0, variance = 0;
};
PairScore pair_score(const Pentanomial& p);
// The logistic Elo of a score, and back; the normalised Elo of a score at a pair variance (per game), and back.
double elo_of_score(double score);
double score_of_elo(double elo);
double nelo_of_score(double score, double variance);
double score_of_nelo(double nelo, double variance);

EloInterval logistic_elo(const Pentanomial& p);
EloInterval normalized_elo(const Pentanomial& p);

// The likelihood of superiority of the first player: Phi((mu - 1/2) / sqrt(var / N)) over the pairs, in [0, 1]
// (fishtest stat_util.get_elo's LOS, from the pentanomial as fastchess reports it). None without pairs or variance.
std::optional<double> likelihood_of_superiority(const Pentanomial& p);

// A normalised Elo as logistic Elo at the pairs' variance: the score 1/2 + nElo / (800 / ln 10) * sqrt(2 var), in
// logistic Elo (fishtest sprt.py's conversion between its two Elo models). None without pairs or variance, or when
// the score falls outside (0, 1).
std::optional<double> logistic_elo_of_nelo(double nelo, const Pentanomial& p);

struct SprtBounds {
  double nelo0 = 0, nelo1 = 0;  // normalised Elo under H0 and H1
  double alpha = 0.05, beta = 0.05;
  double lower() const;  // ln(beta / (1 - alpha))
  double upper() const;  // ln((1 - beta) / alpha)
};

// Whether the counted pairs let the SPRT decide: they fall in at least two pentanomial categories (the rule above).
bool sprt_can_decide(const Pentanomial& p);
// The LLR of the pairs `p`: 0 while !sprt_can_decide(p).
double sprt_llr(const Pentanomial& p, const SprtBounds& b);

enum class SprtVerdict { running, h0, h1 };
SprtVerdict sprt_verdict(double llr, const SprtBounds& b);
// "H1 accepted (nElo >= 5)", "H0 accepted (nElo <= 0)", "no decision".
std::string verdict_text(SprtVerdict v, const SprtBounds& b);

}  // namespace harness
