// Issue 11's reading of Alg. 9 (docs/readings.md §5, reading V4): tt_bound_use=as_printed reads a stored
// lower bound as an upper bound and the reverse, as Alg. 9 lines 8-23 print it (seed L1082-L1096), while
// Alg. 8 stores a fail high as «LimiteInferior» (line 22). The default follows the prose of §4.6.2.
#include <gtest/gtest.h>

#include <string>

#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "test_data.h"

namespace readings_tt_bound_test {

using namespace buho;

harness::ResolvedVersion version(const std::string& name) {
  static const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions.json"));
  return book.resolve(name);
}

// The version's flags on a table of 2^16 entries: ample for these trees, whose preset's 2M entries cost more to
// clear than to search.
SearchConfig preset(const std::string& name) {
  SearchConfig s = version(name).search;
  s.tt_entries = 1 << 16;
  return s;
}

SearchConfig with(SearchConfig s, const std::string& flag, const std::string& value) {
  EXPECT_EQ(set_param(search_params(), s, flag, value), "") << flag << "=" << value;
  return s;
}

SearchResult run(const SearchConfig& s, const Board& b, int depth) {
  Engine engine(s, EvalConfig{});
  return engine.search(b, Limits{depth, 0});
}

Board lct2(const std::string& id) {
  for (const auto& line : test_data::lct2_lines())
    if (line.find("\"" + id + "\"") != std::string::npos) return parse_epd(line).board;
  ADD_FAILURE() << id << " not in positions/lct2.epd";
  return Board();
}

TEST(ReadingsTtBound, AsDescribedIsTheDefaultTree) {
  const Board b = lct2("LCTII.CMB.08");
  const SearchConfig d = preset("D");
  const auto base = run(d, b, 4), named = run(with(d, "tt_bound_use", "as_described"), b, 4);
  EXPECT_EQ(base.stats.nodes, named.stats.nodes);
  EXPECT_EQ(base.stats.iteration_nodes, named.stats.iteration_nodes);
  EXPECT_EQ(base.score, named.score);
}

TEST(ReadingsTtBound, OnlyAStoredBoundThatIsReadChangesAnything) {
  // Without table cut-offs (version C) no stored bound is read, and at depth 1 none is deep enough (the
  // root's children are horizon nodes, which quiescence never stores, L993): the tree is the same.
  const Board b = lct2("LCTII.CMB.08");
  const SearchConfig c = preset("C");
  const auto c_described = run(c, b, 4), c_printed = run(with(c, "tt_bound_use", "as_printed"), b, 4);
  EXPECT_EQ(c_described.stats.nodes, c_printed.stats.nodes);
  EXPECT_EQ(c_described.score, c_printed.score);
  const SearchConfig d = preset("D");
  EXPECT_EQ(run(d, b, 1).stats.nodes, run(with(d, "tt_bound_use", "as_printed"), b, 1).stats.nodes);
}

TEST(ReadingsTtBound, AsPrintedIsUnsoundWhereThePvsReSearchReadsItsOwnBound) {
  // Version D at depth 2: a root move that beats the first is re-searched (Alg. 8 lines 16-17) after its
  // null-window search stored an upper bound at the child. Read as described, that bound only narrows the
  // re-search and the value stays C's (the minimax value: C has no table cut-off, no aspiration window and no
  // forward pruning). Read as printed, the upper bound raises
  // the child's alpha, so the re-search is a null window again and the root's value is no longer minimax.
  const Board b = lct2("LCTII.CMB.08");
  const auto c = run(preset("C"), b, 2);
  const SearchConfig d = preset("D");
  const auto described = run(d, b, 2), printed = run(with(d, "tt_bound_use", "as_printed"), b, 2);
  EXPECT_EQ(described.score, c.score);
  EXPECT_EQ(described.stats.nodes, c.stats.nodes);  // the thesis's tables: D = C at depth 2 (6/6)
  EXPECT_NE(printed.score, c.score);
  EXPECT_NE(printed.stats.nodes, c.stats.nodes);
  EXPECT_EQ(printed.stats.iteration_nodes.at(0), c.stats.iteration_nodes.at(0));
}

}  // namespace readings_tt_bound_test
