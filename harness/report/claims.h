// The thesis's claims C1-C9 (THESIS.md §5) checked against the measured nodes, as the thesis words them
// (§6.2-6.3; claims.cpp quotes the Spanish sentence beside each). Each claim is split into parts: a geometric mean
// ratio nodes(new)/nodes(old) over the positions named, with its 95 % interval, tested against a band (a figure
// widened by a stated slack) or a bound — holds only when the interval lies inside it, does not hold when it lies
// wholly outside, undecided otherwise (geometric_interval.h band_verdict); a statement
// about every cell ("does not reduce"); a trend over depth ("grows"); or that every pair a figure needs has
// finished. Each is printed in the report beside the figures that decide it.
#pragma once

#include <string>
#include <vector>

#include "harness/experiment/result_set.h"
#include "harness/report/verdict.h"

namespace harness {

struct ClaimPart {
  std::string rule;     // e.g. "mean change at depth 4 <= -70 %"
  std::string figures;  // e.g. "mean -82.1 % over 3 positions (min -85.0, max -79.2)"
  Verdict state = Verdict::not_measured;  // holds, does not hold, undecided or not measured
  std::string context;  // figures printed beside the part that do not decide it (e.g. every position where the
                        // thesis's sentence is about one); "" = none
};

struct Claim {
  std::string id;         // "C1"
  std::string statement;  // the thesis's words (digest)
  std::vector<ClaimPart> parts;
  // The parts combined (verdict.h combine_parts): does not hold when a part fails; else undecided when a part's
  // interval meets its band's edge (or has fewer than two units); else holds, holds (partly measured) when some
  // parts lack cells; not measured.
  Verdict verdict() const;
};


std::vector<Claim> evaluate_claims(const ResultSet& rs);
// Whether any part of any claim has cells: an experiment the claims say nothing about has no claims section.
bool any_claim_measured(const std::vector<Claim>& claims);

}  // namespace harness
