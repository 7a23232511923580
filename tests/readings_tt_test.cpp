// The readings of the transposition table of version D (docs/readings.md §5):
// - V4, tt_bound_use=as_printed reads a stored lower bound as an upper bound and the reverse, as Alg. 9 lines
//   8-23 print it (L1082-L1096, docs/readings.md §5), while Alg. 8 stores a fail high as «LimiteInferior» (line 22). The
//   default follows the prose of §4.6.2.
// - V5, tt_horizon: the horizon nodes probe the table and store their quiescence value at depth 0 (L975).
#include <gtest/gtest.h>

#include <string>

#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "test_data.h"

namespace readings_tt_test {

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

// Version D as V1 read it (table cut-offs, no horizon entries): the base V4 is an alternative to.
SearchConfig d_without_horizon() { return with(preset("D"), "tt_horizon", "false"); }

Board lct2(const std::string& id) {
  for (const auto& line : test_data::lct2_lines())
    if (line.find("\"" + id + "\"") != std::string::npos) return parse_epd(line).board;
  ADD_FAILURE() << id << " not in positions/lct2.epd";
  return Board();
}

TEST(ReadingsTtBound, AsDescribedIsTheDefaultTree) {
  const Board b = lct2("LCTII.CMB.08");
  const SearchConfig d = d_without_horizon();
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
  const SearchConfig d = d_without_horizon();
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
  const SearchConfig d = d_without_horizon();
  const auto described = run(d, b, 2), printed = run(with(d, "tt_bound_use", "as_printed"), b, 2);
  EXPECT_EQ(described.score, c.score);
  EXPECT_EQ(described.stats.nodes, c.stats.nodes);  // the thesis's tables: D = C at depth 2 (6/6)
  EXPECT_NE(printed.score, c.score);
  EXPECT_NE(printed.stats.nodes, c.stats.nodes);
  EXPECT_EQ(printed.stats.iteration_nodes.at(0), c.stats.iteration_nodes.at(0));
}

// --- tt_horizon (V5) ---------------------------------------------------------------------------------

TEST(ReadingsTtHorizon, KeepsTheMinimaxValue) {
  // A horizon node's stored value is its quiescence value, which does not depend on the path (a draw by rule,
  // which does, is never stored), so reading it back cannot change D's value, which is C's (minimax).
  for (const char* id : {"LCTII.CMB.08", "LCTII.POS.05", "LCTII.FIN.06", "LCTII.FIN.07"}) {
    const Board b = lct2(id);
    const auto c = run(preset("C"), b, 4);
    const auto d = run(with(preset("D"), "tt_horizon", "true"), b, 4);
    EXPECT_EQ(d.score, c.score) << id;
  }
}

TEST(ReadingsTtHorizon, AnswersTranspositionsAtTheHorizonFromDepthThree) {
  // At depth 1 and 2 every horizon position is reached by one path only (a root move, or a root move and a
  // reply), so only a re-search can read a horizon entry; from depth 3, a, b, c and c, b, a meet at the horizon.
  // With all captures in quiescence (qsearch_captures=all) the table then spares their quiescence trees.
  const Board b = lct2("LCTII.CMB.08");
  const SearchConfig d = with(with(preset("D"), "qsearch_captures", "all"), "tt_horizon", "false");
  const SearchConfig h = with(d, "tt_horizon", "true");
  EXPECT_EQ(run(d, b, 1).stats.nodes, run(h, b, 1).stats.nodes);
  const auto without = run(d, b, 5), with_horizon = run(h, b, 5);
  EXPECT_GT(with_horizon.stats.tt_cutoffs, 2 * without.stats.tt_cutoffs);
  EXPECT_LT(with_horizon.stats.qnodes, without.stats.qnodes);
  EXPECT_EQ(with_horizon.score, without.score);
}

TEST(ReadingsTtHorizon, DoesNothingWithoutTableCutOffs) {
  // Version C's table only orders moves (L1329): horizon values would be stored for no reader.
  const Board b = lct2("LCTII.FIN.06");
  const auto c = run(preset("C"), b, 5), h = run(with(preset("C"), "tt_horizon", "true"), b, 5);
  EXPECT_EQ(c.stats.nodes, h.stats.nodes);
  EXPECT_EQ(c.stats.iteration_nodes, h.stats.iteration_nodes);
}

}  // namespace readings_tt_test
