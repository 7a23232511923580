// The thesis's claims C1-C9 (THESIS.md §5) checked against the measured nodes. Each claim is split
// into parts; each part is a mean change (in %) over named cells tested against a stated band. The
// bands are the thesis's figure widened by a stated slack (claims.cpp, next to each claim), and
// are printed in the report beside the figures that decide them.
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
};

struct Claim {
  std::string id;         // "C1"
  std::string statement;  // the thesis's words (digest)
  std::vector<ClaimPart> parts;
  // "holds", "does not hold", "not measured"; "holds (partly measured)" when some parts lack cells.
  std::string verdict() const;
};

std::vector<Claim> evaluate_claims(const ResultSet& rs);

}  // namespace harness
