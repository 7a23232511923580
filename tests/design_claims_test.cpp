// The claims of the committed factorial runs: each run stored its design's own claims (experiment.json "design":
// {"claims": [...]}, the form before claims as data), which are read converted (design_claims.h); its config now
// names the same claims as data (configs/claims/). Both must be the same claims, so that a report re-made from the
// stored run and one made from a new run of the config judge the same figures against the same bands.
#include "harness/experiment/design_claims.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "harness/experiment/experiment_config.h"
#include "harness/experiment/result_set.h"
#include "harness/paths.h"

namespace design_claims_test {

using namespace harness;
using nlohmann::json;

TEST(DesignClaims, CommittedRunsStoredClaimsAreTheirConfigsClaims) {
  int runs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(project_path("results"))) {
    if (!std::filesystem::exists(entry.path() / "experiment.json")) continue;
    const StoredExperiment stored = read_stored_experiment(entry.path());
    if (!stored.file.contains("design") || !stored.file["design"].contains("claims") || stored.file["design"]["claims"].empty())
      continue;
    ++runs;
    const std::string config = stored.file["config"].get<std::string>();
    const Experiment now = load_experiment(project_path(config));
    EXPECT_EQ(stored.experiment.claims_json, now.claims_json) << entry.path() << " against " << config;
    EXPECT_FALSE(now.design->to_json().contains("claims")) << config;
  }
  EXPECT_EQ(runs, 6);  // factorial, factorial-d6, etc-d, etc-h, heinz-wac, heinz-wac-10
}

}  // namespace design_claims_test
