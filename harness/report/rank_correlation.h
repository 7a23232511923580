// Spearman's rank correlation between two paired lists, with a 95 % interval: ties take the mean of their ranks
// and rho is Pearson's correlation of the ranks. The interval is Fisher's z with Bonett & Wright's (2000) standard
// error for Spearman's rho, sqrt((1 + rho^2 / 2) / (n - 3)): defined from n = 4 pairs, and not at rho = +-1 (where z
// is infinite). Used to set our Elo per heuristic beside the Elo the engines' sources annotate (published_elo.h).
#pragma once

#include <cstddef>
#include <vector>

namespace harness {

struct RankCorrelation {
  std::size_t n = 0;
  double rho = 0;
  bool defined = false;       // n >= 2 and neither list constant
  bool has_interval = false;  // defined, n >= 4 and |rho| < 1
  double low = 0, high = 0;
};

// The ranks of `v` (1 for the smallest), ties sharing the mean of their ranks.
std::vector<double> mean_ranks(const std::vector<double>& v);

// x and y must have the same length.
RankCorrelation spearman(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace harness
