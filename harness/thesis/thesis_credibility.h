// How far the thesis's own cells (Tables B.1-B.6) can be trusted: two computed tests for signs of hand editing,
// with their p-values and the cells they flag. A flagged cell is marked in every thesis comparison and weighs
// nothing in the fidelity figures (thesis_fidelity.h), so that no reading is decided by it.
//
// - Round differences. A difference of 100 nodes or more between two measured counts ends in "00" with a chance
//   of about 1 in 100 (its last two digits spread evenly). Per step (version X against X-1, every position and
//   depth), the number of such differences that are exact multiples of 100 is tested against Binomial(n, 0.01),
//   one-sided; a step whose p-value, times the 7 steps tested (Bonferroni), is below kCredibilityAlpha flags the
//   round cells of its later version.
// - Copied rows. A version's row that equals an earlier version's row at two or more depths and differs from it
//   by exact multiples of 100 at two or more others (position 5's H: equal to F at depths 1-4, then F - 100,
//   - 200, - 1000) is what a copied and edited row looks like. Its p-value is the chance of that many round
//   differences among its differences of 100 or more, times the number of (row, earlier row) pairs tested; a row
//   below kCredibilityAlpha is flagged whole.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/thesis/thesis_compare.h"

namespace harness {

// The family-wise error rate of each test.
inline constexpr double kCredibilityAlpha = 0.01;

struct RoundCell {
  int thesis_position = 0;
  int depth = 0;
  std::int64_t difference = 0;  // later version's nodes - earlier version's
};

struct RoundDifferenceTest {
  std::string from, to;          // the step: `to` against `from`
  int nonzero = 0;               // differences that are not 0
  int eligible = 0;              // differences of 100 nodes or more (only these can be a multiple of 100)
  std::vector<RoundCell> round;  // the eligible differences that are exact multiples of 100
  double expected = 0;           // eligible / 100
  double p_value = 1;            // P(X >= round) for X ~ Binomial(eligible, 0.01)
  double p_adjusted = 1;         // p_value x the steps tested, at most 1
  bool flagged = false;          // p_adjusted < kCredibilityAlpha
};

struct CopiedRow {
  int thesis_position = 0;
  std::string version, copied_from;
  std::vector<int> equal_depths;
  std::vector<RoundCell> round;  // the depths where the row differs by a multiple of 100
  int eligible = 0;              // depths where the two rows differ by 100 nodes or more
  double p_value = 1, p_adjusted = 1;
};

struct ThesisCredibility {
  bool present = false;  // false when the thesis data has no version tables
  std::vector<RoundDifferenceTest> steps;
  RoundDifferenceTest all_steps;  // the steps pooled (not used to flag; for the record)
  int row_pairs_tested = 0;
  std::vector<CopiedRow> copied_rows;  // flagged rows only
  std::set<std::tuple<int, std::string, int>> flagged;  // (thesis position, version, depth)
  bool is_flagged(int thesis_position, const std::string& version, int depth) const {
    return flagged.count({thesis_position, version, depth}) > 0;
  }
};

ThesisCredibility thesis_credibility(const ThesisData& thesis);

// P(X >= k) for X ~ Binomial(n, p).
double binomial_upper_tail(int k, int n, double p);

// REPORT.md's section (empty when not present) and summary.json's object.
std::string credibility_markdown(const ThesisCredibility& c);
nlohmann::json credibility_json(const ThesisCredibility& c);

}  // namespace harness
