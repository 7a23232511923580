// The thesis's claims C1-C9 (THESIS.md §5) checked against the measured nodes, as the thesis words them
// (§6.2-6.3; claims.cpp quotes the Spanish sentence beside each). Each claim is split into parts: a mean change
// (in %) over named cells tested against a band (a figure widened by a stated slack) or a bound; a statement
// about every cell ("does not reduce"); a trend over depth ("grows"); or that every pair a figure needs has
// finished. Each is printed in the report beside the figures that decide it.
#pragma once

#include <string>
#include <vector>

#include "harness/experiment/result_set.h"

namespace harness {

struct ClaimPart {
  enum class State { Holds, Fails, NotMeasured };
  std::string rule;     // e.g. "mean change at depth 4 <= -70 %"
  std::string figures;  // e.g. "mean -82.1 % over 3 positions (min -85.0, max -79.2)"
  State state = State::NotMeasured;
  std::string context;  // figures printed beside the part that do not decide it (e.g. every position where the
                        // thesis's sentence is about one); "" = none
};

struct Claim {
  std::string id;         // "C1"
  std::string statement;  // the thesis's words (digest)
  std::vector<ClaimPart> parts;
  // "holds", "does not hold", "not measured"; "holds (partly measured)" when some parts lack cells.
  std::string verdict() const;
};

std::vector<Claim> evaluate_claims(const ResultSet& rs);
// Whether any part of any claim has cells: an experiment the claims say nothing about has no claims section.
bool any_claim_measured(const std::vector<Claim>& claims);

}  // namespace harness
