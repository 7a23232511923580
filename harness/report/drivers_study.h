// The study of the search drivers and the minimal tree, computed from an experiment whose versions name
// drivers (configs/drivers.json): per driver and depth, nodes and leaves as a ratio to NegaScout; MTD(f)'s and
// MT-SSS*/MT-DUAL*'s passes per iteration; every version as a multiple of the minimal tree. Tables only: the claims
// about the drivers (Plaat et al. 1996, the survey's NegaScout, the thesis's C10) are data (configs/claims/drivers.json)
// judged by the one claim evaluator (claim_evaluator.h).
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

struct DriversStudy {
  bool present = false;
  // The roles, found by the versions' flags (empty: not in the experiment).
  std::string negascout, negascout_aspiration, alphabeta, alphabeta_poor, negascout_poor, minimal;
  std::vector<DriverRatioRow> to_negascout;  // every version but the reference, per depth
  std::vector<PassesRow> passes;             // versions with driver mtdf, mt_sss or mt_dual
  std::vector<DriverRatioRow> to_minimal;    // every version's last-iteration nodes ÷ the minimal tree's nodes
};

DriversStudy build_drivers_study(const ResultSet& rs);
// The REPORT.md section; "" when the study is absent (every result set without drivers: unchanged).
std::string drivers_markdown(const DriversStudy& st);
nlohmann::json drivers_json(const DriversStudy& st);

}  // namespace harness
