// A study is one analysis of a results directory with one shape: whether it applies to the experiment, computed from
// the cells when it is made, and rendered twice, as its REPORT.md section and as its summary.json member. A study that
// does not apply writes neither: no "not measured" section in the report of an experiment it is not about, and no
// empty member in the summary (tests/study_slow_test.cpp checks that the two always come together).
// The registered studies, in the order REPORT.md shows them after the tables of nodes: every version against a base
// (version_ratios.h), the comparison with the thesis (thesis_comparison_study.cpp), the table-scheme study
// (tt_study.h), what forward pruning costs (pruning_cost.h), the root drivers (drivers_study.h), a design's factors
// (effects_study.h), the config's claims (claim_evaluator.h). A new study is a line in report_studies() (studies.cpp): a
// ComputedStudy there when its computation is one value with functions to render it, else a class of its own.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace harness {

struct Report;

class Study {
 public:
  virtual ~Study() = default;
  // Its member's name in summary.json.
  virtual std::string_view name() const = 0;
  // Whether the experiment gives it anything to say; when false, markdown() and json() are not called.
  virtual bool applies() const = 0;
  // Its REPORT.md section (from its "## " heading on), and its summary.json member.
  virtual std::string markdown() const = 0;
  virtual nlohmann::json json() const = 0;
  // Writes its member into summary.json; a study with figures of its own beside its member (the thesis comparison's
  // fit, fidelity and credibility) adds them here too.
  virtual void add_to_summary(nlohmann::json& summary) const { summary[std::string(name())] = json(); }
};

// The comparison with the thesis's tables (thesis_comparison_study.cpp).
std::unique_ptr<Study> make_thesis_comparison_study(const Report& report);

// Every registered study of `report` (its cells, thesis comparison and notes), computed.
std::vector<std::unique_ptr<Study>> report_studies(const Report& report);

}  // namespace harness
