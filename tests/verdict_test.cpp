// The one verdict type of the report layer (harness/report/verdict.h): its words, and the rule that combines a
// claim's parts.
#include "harness/report/verdict.h"

#include <gtest/gtest.h>

namespace verdict_test {

using namespace harness;

// The words every report prints: REPORT.md and summary.json of the committed results read them.
TEST(Verdict, WordsAreSpelledOnce) {
  EXPECT_EQ(verdict_text(Verdict::holds), "holds");
  EXPECT_EQ(verdict_text(Verdict::holds_partly_measured), "holds (partly measured)");
  EXPECT_EQ(verdict_text(Verdict::holds_in_part), "holds only in part");
  EXPECT_EQ(verdict_text(Verdict::does_not_hold), "does not hold");
  EXPECT_EQ(verdict_text(Verdict::undecided), "undecided");
  EXPECT_EQ(verdict_text(Verdict::not_measured), "not measured");
}

TEST(Verdict, DecideReadsHoldsBeforeFails) {
  EXPECT_EQ(decide(true, false), Verdict::holds);
  EXPECT_EQ(decide(false, true), Verdict::does_not_hold);
  EXPECT_EQ(decide(false, false), Verdict::undecided);
}

TEST(Verdict, PartsCombineFailFirstThenUndecidedThenHolds) {
  using V = Verdict;
  EXPECT_EQ(combine_parts({V::holds, V::holds}), V::holds);
  EXPECT_EQ(combine_parts({V::holds, V::undecided, V::does_not_hold}), V::does_not_hold);
  EXPECT_EQ(combine_parts({V::holds, V::undecided, V::not_measured}), V::undecided);
  EXPECT_EQ(combine_parts({V::holds, V::not_measured}), V::holds_partly_measured);
  EXPECT_EQ(combine_parts({V::not_measured, V::not_measured}), V::not_measured);
  EXPECT_EQ(combine_parts({}), V::not_measured);
}

}  // namespace verdict_test
