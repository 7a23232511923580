// The study of the search drivers and the minimal tree, computed from an experiment whose versions name
// drivers (configs/drivers.json): per driver and depth, nodes and leaves as a ratio to NegaScout; MTD(f)'s and
// MT-SSS*/MT-DUAL*'s passes per iteration; every version as a multiple of the minimal tree; and the verdicts on
// Plaat et al. 1996, the survey's NegaScout and the thesis's conclusion (C10), each decided by a 95 % interval
// over positions against the claim's band. The bands and quotations are written here by hand; every figure
// and verdict is computed from the cells.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"

namespace harness {

struct DriverRatioRow {
  std::string version;
  int depth = 0;
  GeometricInterval nodes, leaves;  // version ÷ the reference, over positions measured (and completed) in both
};

struct PassesRow {
  std::string version;
  int depth = 0;
  std::size_t positions = 0;
  double median = 0;       // of the passes of the iteration at `depth`, over positions
  std::uint64_t max = 0;
};

struct DriversVerdict {
  std::string id;         // "P1", ..., "S1", "C10"
  std::string statement;  // the claim and its source (written by hand)
  std::string band;       // the band the interval is tested against (written by hand)
  Verdict verdict = Verdict::undecided;  // computed; undecided until a depth has an interval
  std::string evidence;   // computed: the figure that decides it, with its depth
  // Whether the experiment has the versions the claim compares: a claim about drivers a run does not hold is left
  // out of its verdicts (named once as not applicable), not reported undecided.
  bool applies = true;
};

struct DriversStudy {
  bool present = false;
  // The roles, found by the versions' flags (empty: not in the experiment).
  std::string negascout, negascout_aspiration, alphabeta, alphabeta_poor, negascout_poor, minimal;
  std::vector<DriverRatioRow> to_negascout;  // every version but the reference, per depth
  std::vector<PassesRow> passes;             // versions with driver mtdf, mt_sss or mt_dual
  std::vector<DriverRatioRow> to_minimal;    // every version's last-iteration nodes ÷ the minimal tree's nodes
  std::vector<DriversVerdict> verdicts;
};

DriversStudy build_drivers_study(const ResultSet& rs);
// The REPORT.md section; "" when the study is absent (every result set without drivers: unchanged).
std::string drivers_markdown(const DriversStudy& st);
nlohmann::json drivers_json(const DriversStudy& st);

}  // namespace harness
