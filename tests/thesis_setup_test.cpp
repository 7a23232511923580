// The thesis's experimental setup, written once (harness/thesis/thesis_setup.h): its scheme names are the
// engine's, nothing else is read as one of them, and its tables' version and position exist in the shipped
// presets and the thesis data.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>

#include "engine/search_config.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "harness/thesis/thesis_compare.h"
#include "harness/thesis/thesis_setup.h"

namespace thesis_setup_test {

using namespace harness;

TEST(ThesisSetup, EveryThesisSchemeIsAnEngineScheme) {
  const auto* p = buho::find_param(buho::search_params(), "tt_scheme");
  ASSERT_NE(p, nullptr);
  for (const auto& [scheme, name] : thesis::kSchemes) {
    EXPECT_NE(std::find(p->choices.begin(), p->choices.end(), name), p->choices.end()) << name;
    EXPECT_EQ(thesis::scheme_of(name), scheme);
    EXPECT_EQ(thesis::scheme_name(scheme), name);
  }
}

// A name that is not one of §4.6.3's four is never taken for one (C9 once put any unknown name in `never`).
TEST(ThesisSetup, OtherSchemeNamesAreNotTheThesis) {
  for (const char* name : {"", "big1", "two_big1", "bucket4", "Never", "depth-always", "depth_always "})
    EXPECT_FALSE(thesis::scheme_of(name).has_value()) << name;
}

TEST(ThesisSetup, TtTablesVersionAndPositionAreInTheData) {
  const PresetBook book = PresetBook::load(project_path("configs/versions.json"));
  EXPECT_NO_THROW(book.resolve(std::string(thesis::kTtTableVersion)));
  const ThesisData data = load_thesis_data(project_path("data/thesis"));
  // Tables B.7-B.9's depth-1 rows equal version D's depth-1 count on position 5 within a few nodes.
  const auto d1 = data.versions.at({thesis::kTtTablePosition, std::string(thesis::kTtTableVersion), 1});
  for (const auto& [key, nodes] : data.tt) {
    EXPECT_TRUE(thesis::scheme_of(std::get<0>(key)).has_value()) << std::get<0>(key);
    if (std::get<1>(key) == 1) {
      EXPECT_NEAR(double(nodes), double(d1), 5.0);
    }
  }
  for (int p = thesis::kFirstPosition; p <= thesis::kLastPosition; ++p)
    EXPECT_TRUE(data.versions.count({p, "A", 1})) << "thesis position " << p;
}

}  // namespace thesis_setup_test
