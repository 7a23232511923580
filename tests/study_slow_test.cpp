// The studies (harness/report/study.h) have one shape (slow: it rebuilds every committed report, 12 s): for every committed results directory, each study either
// applies, and then its REPORT.md section and its summary.json member are both written, or does not, and then
// neither is. (Before, thesis-tt's and tt-deep's summaries carried "pruning_steps": [] where REPORT.md had no such
// section, and tt-schemes' report carried nine "not measured" claims.)
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/paths.h"
#include "harness/report/study.h"
#include "harness/thesis/thesis_compare.h"
#include "harness/report/writers.h"

namespace study_test {

namespace fs = std::filesystem;
using namespace harness;

TEST(Study, SectionAndSummaryMemberComeTogether) {
  const ThesisData thesis = load_thesis_data(project_path("data/thesis"));
  int directories = 0, applying = 0, not_applying = 0;
  for (const auto& entry : fs::directory_iterator(project_path("results"))) {
    // The directories of `harness run` (a match series has its own reports, rebuilt by committed_reports_slow_test).
    if (!fs::exists(entry.path() / "summary.json") || !fs::exists(entry.path() / "experiment.json")) continue;
    ++directories;
    const ResultSet rs = load_results(entry.path());
    const Report report = build_report(rs, thesis);
    const std::string md = markdown_report(report);
    const nlohmann::json summary = nlohmann::json::parse(summary_json(report));
    for (const auto& study : report_studies(report)) {
      const std::string where = entry.path().filename().string() + ": " + std::string(study->name());
      EXPECT_EQ(summary.contains(std::string(study->name())), study->applies()) << where;
      if (!study->applies()) {
        ++not_applying;
        continue;
      }
      ++applying;
      const std::string section = study->markdown();
      EXPECT_EQ(section.rfind("## ", 0), 0u) << where;
      EXPECT_NE(md.find(section), std::string::npos) << where;
      EXPECT_FALSE(study->json().is_null()) << where;
    }
  }
  EXPECT_GE(directories, 10);
  EXPECT_GT(applying, 0);
  EXPECT_GT(not_applying, 0);  // the thesis's sweeps have no pruning step
}

}  // namespace study_test
