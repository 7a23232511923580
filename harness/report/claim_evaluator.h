// The one evaluator of claims as data (harness/experiment/claim_spec.h): each claim of the experiment is split into
// its parts, each part's figure computed from the cells and tested against its band — holds only when the 95 %
// interval lies inside it, does not hold when it lies wholly outside, undecided otherwise (geometric_interval.h
// band_verdict); a figure about every cell ("never costs") or a trend over depth decides by itself. Beside each raw
// verdict stands the verdict under Holm's correction across every interval-tested part of the report (holm.h): a
// report that tests many parts keeps its family-wise error at 5 %.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"
#include "harness/report/verdict.h"

namespace harness {

struct ClaimPart {
  std::string rule;     // e.g. "B vs A at depth 4, LCTII.CMB.11 (thesis position 2): interval within [-90.0 %, -70.0 %]"
  std::string figures;  // e.g. "geometric mean -82.1 % [-85.0 %, -79.2 %] over 3 position(s); ..."
  Verdict state = Verdict::not_measured;  // holds, does not hold, undecided or not measured
  std::string context;  // figures printed beside the part that do not decide it; "" = none
  // Whether the verdict is a test of an interval (then `p` is the one-sided p-value of its decision: of "inside the
  // band" when it holds, of "outside" when it does not, the smaller of the two when undecided); exact figures (a
  // count, every cell, a trend) are not tests and take no part in the correction.
  bool tested = false;
  double p = 1;
  Verdict holm_state = Verdict::not_measured;  // the verdict under Holm's correction (= state when not tested)
  // Which part of the claim's spec this is (0-based), and for a figure over "positions": "each" the position it
  // reads (else ""): what pairs a part of one run with the same part of another (claims_side_by_side.h), whatever
  // positions each run's selection holds.
  std::size_t spec_part = 0;
  std::string each_position;
};

struct Claim {
  std::string id;         // "C1"
  std::string source;     // where it was published
  std::string statement;  // the claim in a line
  std::string published;  // the published words
  std::vector<ClaimPart> parts;
  // The parts combined (verdict.h combine_parts): does not hold when a part fails; else undecided when a part is;
  // else holds, "holds (partly measured)" when some parts lack cells; not measured.
  Verdict verdict() const;
  Verdict holm_verdict() const;
};

// A part decided by the interval `g` over `units` (e.g. "position(s)") against `spec`'s band, with its p-value for
// Holm's correction: for a metric whose figure is one geometric mean with its interval (claim_metric_*.h).
ClaimPart interval_part(const std::string& what, const GeometricInterval& g, const std::string& units, const ClaimPartSpec& spec);

// The p-value Holm's correction reads for a part decided by an interval against its band [low, high] (an absent side
// unbounded), from the one-sided p-values of "the figure lies above b" (`p_above`) and "below b" (`p_below`) of the
// statistic the interval is made of: the test whose level-0.025 rejection is the verdict — "inside the band" (both
// sides' tests: the larger p) when it holds, "outside" (the smaller of the two sides') when it does not, the smaller
// of the two when undecided. Every interval-tested metric takes its p here (a geometric mean's t, a match's normal).
double band_decision_p(Verdict state, std::optional<double> low, std::optional<double> high,
                       const std::function<double(double)>& p_above, const std::function<double(double)>& p_below);

// Holm's correction across every tested part of `claims` (one report's), at the one-sided level 0.025 of each side of
// a 95 % interval: a part keeps its raw verdict when Holm rejects its test and is undecided otherwise; an untested part
// keeps its own.
void apply_holm(std::vector<Claim>& claims);

// Every claim of rs.experiment.claims, judged on rs's cells, with Holm's correction across them all.
std::vector<Claim> evaluate_claims(const ResultSet& rs);
// Whether any part of any claim has cells: an experiment whose claims say nothing about its cells has no claims section.
bool any_claim_measured(const std::vector<Claim>& claims);
// The number of parts Holm's correction runs over (the tested, measured ones).
int holm_family_size(const std::vector<Claim>& claims);

}  // namespace harness
