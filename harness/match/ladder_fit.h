// One Elo scale for the players of several matches: a Bradley–Terry model fitted jointly, by maximum likelihood, to
// every game of every match at one limit (Hunter's MM algorithm, "MM algorithms for generalized Bradley-Terry
// models", Ann. Statist. 32(1), 2004; a draw counts half a win to each side, as the logistic Elo of one match does),
// anchored at 0 on one player, each rating with a 95 % interval from a bootstrap over the pairs of each match (a pair
// resampled whole keeps its two games, with the same opening, together). A player who won or lost every game of a
// pairing has no finite maximum; one virtual draw per pairing (Coulom's BayesElo uses such a prior) keeps every rating
// finite, and the fit names such pairings so their ratings are read as bounds. Written by hand (a few dozen lines):
// Debian's C++ libraries offer no Bradley–Terry fit, and scipy is on the Python side only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace harness {

// The pairs of one match: the first player's half-points in each pair (0..4, both games).
struct LadderMatch {
  std::string first, second;
  std::vector<int> pair_half_points;
};

struct LadderRating {
  std::string player;
  double elo = 0, low = 0, high = 0;  // relative to the anchor; the anchor's are 0
  int games = 0;
};

struct LadderFit {
  std::string anchor;
  std::vector<LadderRating> ratings;  // strongest first
  std::vector<std::string> shutouts;  // "B–A: B won all 10 games": pairings whose ratings the prior bounds
  int resamples = 0;
};

// Fits the players of `matches` (connected through their pairings: a player no match links to the anchor is left
// out) with `resamples` bootstrap resamples drawn from a fixed seed, so a report is the same file on every run.
LadderFit fit_ladder(const std::vector<LadderMatch>& matches, const std::string& anchor, int resamples = 1000,
                     std::uint64_t seed = 1);

}  // namespace harness
