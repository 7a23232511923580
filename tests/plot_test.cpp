// scripts/plot.py, the one figure command: tests/plot_figures.py renders every figure kind (versions against a
// base, a leave-one-out design, table sizes with 4x steps, the tt_study, drivers, pruning steps, a match series, one
// match's LLR and Elo against pairs)
// from small runs cut out of the committed results, under Debian's python3 with python3-matplotlib from
// scripts/setup.sh, and checks that no panel and no PNG is blank, that every figure has its title and legend and no
// title overprints another, that the thesis's curves and Heinz's box appear only where they apply, that any number
// of positions is drawn (aggregate and small multiples) and a tt_bytes sweep against bytes, that a scheme or a version
// has one colour in every figure, that every kind skipped says why, that a run no kind applies to writes nothing
// (exit 0) and that bad input exits 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "harness/paths.h"
#include "runner_test_util.h"

namespace plot_test {

namespace fs = std::filesystem;

// Debian's interpreter, which has python3-matplotlib (a python3 earlier on PATH, e.g. a pyenv one, may not).
std::string python() { return fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3"; }

TEST(PlotCommand, EveryFigureKindRendersFromASmallRunAndNothingBlank) {
  const auto r = runner_test::run_shell(python() + " '" + harness::project_path("tests/plot_figures.py").string() +
                                        "' '" + harness::project_path(".").string() + "' 2>&1");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.find("FAIL"), std::string::npos) << r.output;
  // Every kind was drawn (a kind that silently drew nothing would print no "not blank" line).
  for (const char* kind : {"versions", "tables", "tt_study", "drivers", "pruning", "series", "match"})
    EXPECT_NE(r.output.find(std::string("ok plotting.") + kind + ": not blank"), std::string::npos) << kind << "\n"
                                                                                                    << r.output;
  for (const char* check : {"ok plot.py --describe: title and legend", "ok tables: a bytes axis",
                            "ok one colour per scheme in every figure", "ok one colour per version in every figure",
                            "ok plot.py: every kind skipped and every figure left out says why",
                            "ok versions: an upper bound is said in the legend"})
    EXPECT_NE(r.output.find(check), std::string::npos) << check << "\n" << r.output;
}

}  // namespace plot_test
