// The registered studies (study.h): each an adapter of its module's computation and its two renderings.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "harness/report/claim_evaluator.h"
#include "harness/report/claims_section.h"
#include "harness/report/drivers_study.h"
#include "harness/report/effects_study.h"
#include "harness/report/positions_solved.h"
#include "harness/report/pruning_cost.h"
#include "harness/report/study.h"
#include "harness/report/sweep_ratios.h"
#include "harness/report/tt_study.h"
#include "harness/report/version_ratios.h"
#include "harness/report/writers.h"

namespace harness {

namespace {

// A study whose computation is one value, built when the study is made, and whose applies(), markdown() and json() are
// functions of it: the shape of every study here that reads nothing but its own computation.
template <class T>
class ComputedStudy final : public Study {
 public:
  struct Functions {
    std::string_view name;
    bool (*applies)(const T&);
    std::string (*markdown)(const T&);
    nlohmann::json (*json)(const T&);
  };
  ComputedStudy(T value, const Functions& f) : value_(std::move(value)), f_(f) {}
  std::string_view name() const override { return f_.name; }
  bool applies() const override { return f_.applies(value_); }
  std::string markdown() const override { return f_.markdown(value_); }
  nlohmann::json json() const override { return f_.json(value_); }

 private:
  T value_;
  Functions f_;
};

// The applies() of a computation that says itself whether it is present.
template <class T>
bool is_present(const T& value) {
  return value.present;
}

template <class T>
std::unique_ptr<Study> computed_study(T value, const typename ComputedStudy<T>::Functions& f) {
  return std::make_unique<ComputedStudy<T>>(std::move(value), f);
}

// The positions each version solves, when the positions have EPD solutions and the set has versions to score.
class PositionsSolvedStudy final : public Study {
 public:
  explicit PositionsSolvedStudy(const Report& r) : rs_(r.rs), section_(positions_solved_section(r.rs)) {}
  std::string_view name() const override { return "positions_solved"; }
  bool applies() const override { return !section_.empty(); }
  std::string markdown() const override { return section_; }
  nlohmann::json json() const override { return positions_solved_json(rs_); }

 private:
  const ResultSet& rs_;
  std::string section_;
};

// Each forward-pruning step's nodes against its solve counts and agreement with the exact search, when the set has
// such a step with cells or names an exact reference.
class PruningCostStudy final : public Study {
 public:
  explicit PruningCostStudy(const Report& r) : rs_(r.rs), section_(pruning_cost_section(r.rs)) {}
  std::string_view name() const override { return "pruning_steps"; }
  bool applies() const override { return !section_.empty(); }
  std::string markdown() const override { return section_; }
  nlohmann::json json() const override {
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& s : pruning_steps(rs_.experiment))
      for (const auto& r : step_rows(rs_, s)) {
        if (r.pairs == 0) continue;
        // Without an exact reference measured, agreement is not measured: null, as REPORT.md's "—", never 0.
        const bool agreement = r.references > 0;
        steps.push_back({{"version", s.version}, {"base", s.base}, {"change", s.change}, {"depth", r.depth},
                         {"positions", r.pairs},
                         // The geometric mean decides; the summed change stands beside it. 9 decimals: the same
                         // file whichever compiler rebuilds it (a log or a t quantile may differ in the last bit).
                         {"nodes_ratio", {{"n", r.nodes_ratio.n}, {"mean", std::round(r.nodes_ratio.mean * 1e9) / 1e9},
                                          {"low", std::round(r.nodes_ratio.low * 1e9) / 1e9},
                                          {"high", std::round(r.nodes_ratio.high * 1e9) / 1e9}}},
                         {"delta_nodes_pct_summed", std::round(r.delta_nodes_pct * 1e3) / 1e3},
                         {"solvable", r.solvable}, {"solved_base", r.solved_base}, {"solved_version", r.solved_version},
                         {"references", r.references},
                         {"same_best_move", agreement ? nlohmann::json(r.agree) : nlohmann::json(nullptr)},
                         {"mean_abs_score_diff", agreement ? nlohmann::json(std::round(r.mean_abs_score_diff * 1e3) / 1e3)
                                                           : nlohmann::json(nullptr)}});
      }
    return steps;
  }

 private:
  const ResultSet& rs_;
  std::string section_;
};

// The config's claims (claim_evaluator.h), part by part, each raw verdict beside Holm's, and, where the experiment is
// compared with the thesis, the same test on the thesis's own tables; when any part has cells.
class ClaimsStudy final : public Study {
 public:
  explicit ClaimsStudy(const Report& r) : report_(r) {}
  std::string_view name() const override { return "claims"; }
  bool applies() const override { return any_claim_measured(report_.claims); }
  std::string markdown() const override {
    const std::string intro = fmt::format(
        "The claims of this experiment's config (its `claims`: configs/README.md), each split into parts. A part's "
        "figure is, unless it says otherwise, the change in nodes (version `to` against `from`) as a geometric mean "
        "of the ratios over the positions named (each position's cells combined first by their geometric mean, so "
        "each position counts once; over the cells where the part names one position), with its 95 % Student t "
        "interval, written as a change in %; beside it, labelled, the arithmetic mean of the cells' changes. A part "
        "holds only when its whole interval lies inside its band, does not hold when the interval lies wholly "
        "outside, and is undecided otherwise (its interval meets the band's edge, or fewer than two units: n is "
        "printed); a part about one cell of one named position is that exact count, and a part about every cell or "
        "a trend over depth decides by itself. A claim does not hold when a part does not, is undecided when a part "
        "is, holds when every measured part holds; parts without cells are not measured. A pair in which either "
        "cell was stopped by the node budget is left out (its count is truncated). Beside each raw verdict, "
        "**Holm**: the verdict under Holm's correction across the {} interval-tested part(s) of this report (each "
        "side of a 95 % interval is a one-sided test at 0.025; a part whose test Holm does not reject is "
        "undecided). Every verdict below is computed by `harness report` from cells.jsonl.{} A \"likely reason\" "
        "beside a verdict is written by hand (notes.md in this directory).\n\n",
        holm_family_size(report_.claims),
        !report_.thesis ? ""
                                   : " Under each part, the same test on the thesis's own Appendix B numbers (same "
                                     "positions, versions and depths): where the thesis's tables do not bear out its "
                                     "prose, a failure here says little about our engine.");
    return claims_section_markdown(intro, report_.claims, report_.notes,
                                   report_.thesis ? &report_.thesis->own_claims : nullptr);
  }
  nlohmann::json json() const override { return claims_summary_json(report_.claims); }

 private:
  const Report& report_;
};

}  // namespace

std::vector<std::unique_ptr<Study>> report_studies(const Report& report) {
  std::vector<std::unique_ptr<Study>> studies;
  const ResultSet& rs = report.rs;
  // Every version against the base (version_ratios.h), when the experiment has two or more versions and no design.
  studies.push_back(computed_study(build_version_ratios(rs), {"version_ratios", is_present<VersionRatios>,
                                                             version_ratios_markdown, version_ratios_json}));
  studies.push_back(make_thesis_comparison_study(report));
  // A sweep's schemes and sizes over its positions (sweep_ratios.h), when a sweep has two or more positions.
  studies.push_back(computed_study(build_sweep_ratios(rs),
                                   {"sweep_ratios", [](const std::vector<SweepRatios>& v) { return !v.empty(); },
                                    sweep_ratios_markdown, sweep_ratios_json}));
  // Replacement schemes at equal entries and equal memory (tt_study.h), when the experiment has a reference sweep.
  studies.push_back(
      computed_study(build_tt_study(rs), {"tt_study", is_present<TtStudy>, tt_study_markdown, tt_study_json}));
  studies.push_back(std::make_unique<PositionsSolvedStudy>(report));
  studies.push_back(std::make_unique<PruningCostStudy>(report));
  // The root drivers and the minimal tree (drivers_study.h), when the versions name drivers.
  studies.push_back(
      computed_study(build_drivers_study(rs), {"drivers", is_present<DriversStudy>, drivers_markdown, drivers_json}));
  // The factors of a factorial or leave-one-out design (design.h): ratios, effects, shares and the config's published
  // shares tested, when the experiment has a design.
  studies.push_back(
      computed_study(build_effects_study(rs), {"effects", is_present<EffectsStudy>, effects_markdown, effects_json}));
  studies.push_back(std::make_unique<ClaimsStudy>(report));
  return studies;
}

}  // namespace harness
