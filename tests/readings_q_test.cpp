// The reading flags, part 1 (docs/readings.md §1 and §5): quiescence ordering (Q1/Q2), quiescence
// captures (Q1/Q3/Q4, promotions kept: Q6) and the previous iteration's principal variation first (V2).
// Each default keeps today's tree; each value does what its reading says, on hand-made positions whose
// trees are small enough to count by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/move_order.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "runner_test_util.h"
#include "same_tree.h"
#include "test_data.h"

namespace readings_q_test {

using namespace buho;

harness::ResolvedVersion version(const std::string& name) {
  static const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions-readings-v1.json"));
  return book.resolve(name);
}

SearchConfig with(SearchConfig s, const std::string& flag, const std::string& value) {
  EXPECT_EQ(set_param(search_params(), s, flag, value), "") << flag << "=" << value;
  return s;
}

SearchConfig small_table(SearchConfig s) {
  s.tt_entries = 1 << 16;  // ample for these trees; 2M entries cost more to clear than to search
  return s;
}

SearchResult run(const SearchConfig& s, const Board& b, int depth) {
  Engine engine(s, EvalConfig{});
  return engine.search(b, Limits{depth, 0});
}

using test::expect_same_tree;  // tests/same_tree.h

std::vector<Board> lct2_boards(std::size_t count) {
  std::vector<Board> boards;
  for (const auto& line : test_data::lct2_lines())
    if (boards.size() < count) boards.push_back(parse_epd(line).board);
  return boards;
}

// --- Defaults: today's tree ------------------------------------------------------------------------

TEST(ReadingsQ, DefaultsAreTodaysBehaviourInEveryVersion) {
  const SearchConfig d;
  EXPECT_EQ(d.qsearch_order, QsearchOrder::AsMain);
  EXPECT_EQ(d.qsearch_captures, QsearchCaptures::All);
  EXPECT_FALSE(d.pv_ordering);
  for (const char* v : {"A", "B", "C", "D", "E", "F", "G", "H"}) {
    const SearchConfig s = version(v).search;
    EXPECT_EQ(s.qsearch_order, QsearchOrder::AsMain) << v;
    EXPECT_EQ(s.qsearch_captures, QsearchCaptures::All) << v;
    EXPECT_FALSE(s.pv_ordering) << v;
  }
}

TEST(ReadingsQ, NamingTheDefaultsChangesNoTree) {
  // The flags set by name to their defaults give the tree of the version without them, node for node.
  for (const Board& b : lct2_boards(3)) {
    for (const char* v : {"A", "D", "H"}) {
      const SearchConfig base = small_table(version(v).search);
      SearchConfig named = with(base, "qsearch_order", "as_main");
      named = with(named, "qsearch_captures", "all");
      named = with(named, "pv_ordering", "false");
      expect_same_tree(run(base, b, 3), run(named, b, 3), std::string(v) + " " + b.fen());
    }
  }
}

// --- qsearch_order (Q1 / Q2) -----------------------------------------------------------------------

TEST(ReadingsQ, QsearchOrderMvvLvaReordersVersionAsQuiescenceOnly) {
  // Version A (no ordering anywhere): ordering its quiescence changes the quiescence tree and leaves
  // the full-width part alone (the full-width nodes are those not entered by quiescence).
  bool some_differs = false;
  for (const Board& b : lct2_boards(4)) {
    const auto a = run(version("A").search, b, 2);
    const auto q2 = run(with(version("A").search, "qsearch_order", "mvv_lva"), b, 2);
    EXPECT_EQ(a.score, q2.score) << b.fen();  // ordering never changes alpha-beta's value
    EXPECT_EQ(a.stats.nodes - a.stats.qnodes, q2.stats.nodes - q2.stats.qnodes) << b.fen();
    some_differs = some_differs || a.stats.qnodes != q2.stats.qnodes;
  }
  EXPECT_TRUE(some_differs);
}

TEST(ReadingsQ, QsearchOrderMvvLvaLeavesAnOrderedVersionUnchanged) {
  // Version B already orders its quiescence by MVV/LVA (mvv_lva is on): the same tree.
  for (const Board& b : lct2_boards(3)) {
    const SearchConfig base = small_table(version("B").search);
    expect_same_tree(run(base, b, 3), run(with(base, "qsearch_order", "mvv_lva"), b, 3), b.fen());
  }
}

// --- qsearch_captures (Q1 / Q3 / Q4 / Q7, promotions Q6) ------------------------------------------------

// White (to move) is in check from the knight f2 and has one legal move, Kh1-h2. At the leaf, Black's
// captures and promotions are:
//   f2h3  N takes B (300 < 310)                 winning by value
//   f1h3  B takes B                              an equal trade
//   h8h3  R takes B, defended by the king        losing, defended
//   e6f5  B takes N, defended by the pinned Bh3  losing (310 > 300), defended (pins do not matter)
//   e6d5  B takes N, undefended                  losing by value, undefended
//   a8a7  K takes P, undefended                  the king as attacker: never winning by value
//   b2b1  four promotions                        always searched (Q6)
// and after any of them White has no capture or promotion (the bishop h3 is pinned on the h-file, h3 is
// protected, every other White piece attacks nothing), so each is a leaf of one node.
const char* kQuiescenceCaptures = "k5rr/P7/4b3/3N1N2/8/7B/1p3n2/5b1K w - - 0 1";

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(ReadingsQ, TheHandMadePositionIsAsDescribed) {
  Board b = Board::from_fen(kQuiescenceCaptures);
  Move root_moves[MaxMoves];
  ASSERT_EQ(int(generate_legal(b, root_moves) - root_moves), 1);
  ASSERT_EQ(root_moves[0].uci(), "h1h2");
  b.make_move(root_moves[0]);
  Move leaf[MaxMoves];
  const int n = int(generate_legal_captures(b, leaf) - leaf);
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) {
    names.push_back(leaf[i].uci());
    b.make_move(leaf[i]);
    Move replies[MaxMoves];
    EXPECT_EQ(generate_legal_captures(b, replies), replies) << leaf[i].uci() << " leaves White a capture";
    b.unmake_move(leaf[i]);
  }
  EXPECT_EQ(sorted(names), sorted({"f2h3", "f1h3", "h8h3", "e6f5", "e6d5", "a8a7", "b2b1q", "b2b1r", "b2b1b",
                                   "b2b1n"}));
}

struct CaptureRuleCase {
  const char* value;
  std::vector<std::string> searched;
};

const std::vector<CaptureRuleCase> kCaptureRuleCases = {
    {"all", {"f2h3", "f1h3", "h8h3", "e6f5", "e6d5", "a8a7", "b2b1q", "b2b1r", "b2b1b", "b2b1n"}},
    // Q3: out go the captures of a less valuable victim on a defended square; equal trades stay.
    {"non_losing", {"f2h3", "f1h3", "e6d5", "a8a7", "b2b1q", "b2b1r", "b2b1b", "b2b1n"}},
    // Q4: only a victim worth strictly more than the attacker, and the promotions.
    {"winning_by_value", {"f2h3", "b2b1q", "b2b1r", "b2b1b", "b2b1n"}},
    // Q7: a gain or an equal trade by value: Q4's captures and B takes B; never the king's.
    {"winning_or_equal_by_value", {"f2h3", "f1h3", "b2b1q", "b2b1r", "b2b1b", "b2b1n"}},
};

TEST(ReadingsQ, QsearchCapturesRuleAdmitsExactlyTheReadingsCaptures) {
  Board b = Board::from_fen(kQuiescenceCaptures);
  b.make_move(b.parse_uci_move("h1h2"));
  Move leaf[MaxMoves];
  const int n = int(generate_legal_captures(b, leaf) - leaf);
  for (const auto& c : kCaptureRuleCases) {
    SearchConfig s;
    ASSERT_EQ(set_param(search_params(), s, "qsearch_captures", c.value), "");
    std::vector<std::string> admitted;
    for (int i = 0; i < n; ++i)
      if (qsearch_searches(b, leaf[i], s.qsearch_captures, kThesisPieceValue)) admitted.push_back(leaf[i].uci());
    EXPECT_EQ(sorted(admitted), sorted(c.searched)) << c.value;
  }
}

TEST(ReadingsQ, QsearchCapturesSearchesExactlyThoseAtTheFirstQuiescencePly) {
  // Depth 1 of version A: the root, its one child (the leaf, entered with the full window so its stand
  // pat cannot cut) and one node per capture the rule lets through.
  const Board b = Board::from_fen(kQuiescenceCaptures);
  for (const auto& c : kCaptureRuleCases) {
    const auto r = run(with(version("A").search, "qsearch_captures", c.value), b, 1);
    EXPECT_EQ(r.stats.nodes, 2 + c.searched.size()) << c.value;
    EXPECT_EQ(r.stats.qnodes, 1 + c.searched.size()) << c.value;
  }
}

TEST(ReadingsQ, QsearchCapturesUsesTheEvaluationsPieceValues) {
  // With eval.knight_value = 320, above the bishop's 310, N takes B is no longer winning by value and the
  // two B takes N (e6f5, e6d5) are.
  Board b = Board::from_fen(kQuiescenceCaptures);
  b.make_move(b.parse_uci_move("h1h2"));
  const Move nxb = b.parse_uci_move("f2h3");
  EXPECT_TRUE(qsearch_searches(b, nxb, QsearchCaptures::WinningByValue, kThesisPieceValue));
  EvalConfig e;
  e.knight_value = 320;
  SearchConfig s = with(version("A").search, "qsearch_captures", "winning_by_value");
  Engine engine(s, e);
  const auto r = engine.search(Board::from_fen(kQuiescenceCaptures), Limits{1, 0});
  EXPECT_EQ(r.stats.nodes, 2u + 2u + 4u);  // e6f5, e6d5 and the four promotions
}

TEST(ReadingsQ, QsearchCapturesNarrowsTheTreeAndAllIsToday) {
  for (const Board& b : lct2_boards(3)) {
    const SearchConfig base = small_table(version("H").search);
    const auto all = run(base, b, 3);
    const auto non_losing = run(with(base, "qsearch_captures", "non_losing"), b, 3);
    const auto winning = run(with(base, "qsearch_captures", "winning_by_value"), b, 3);
    expect_same_tree(all, run(with(base, "qsearch_captures", "all"), b, 3), b.fen());
    EXPECT_LT(winning.stats.qnodes, all.stats.qnodes) << b.fen();
    EXPECT_LE(non_losing.stats.qnodes, all.stats.qnodes) << b.fen();
  }
}

// --- pv_ordering (V2) ------------------------------------------------------------------------------

TEST(ReadingsQ, PvOrderingKeepsTheValueOfAnExactSearch) {
  // Version C has no forward pruning, no table cut-off and no aspiration: its value is the minimax value
  // whatever the order, so trying the previous PV first must leave it unchanged.
  for (const Board& b : lct2_boards(6)) {
    const SearchConfig c = small_table(version("C").search);
    const auto off = run(c, b, 4);
    const auto on = run(with(c, "pv_ordering", "true"), b, 4);
    EXPECT_EQ(on.score, off.score) << b.fen();
  }
}

TEST(ReadingsQ, PvOrderingActsMostlyFromTheThirdIteration) {
  // readings.md §5: from iteration 3 on the previous PV gives a first move at ply 2 (its quiescence
  // continuation), where the table has none. Iteration 1 has no previous PV, so it never changes. At
  // iteration 2 the PV can act only at ply 1, through iteration 1's quiescence reply, when the full-width
  // order (no hash move there yet) does not already put that capture first: rarer (1 of these 12
  // positions, LCT II POS.10), so the readings' "first acts at depth 3" holds for most positions, not all.
  int differs_at_2 = 0, differs_at_3_or_4 = 0;
  for (const Board& b : lct2_boards(12)) {
    const SearchConfig d = small_table(version("D").search);
    const auto off = run(d, b, 4);
    const auto on = run(with(d, "pv_ordering", "true"), b, 4);
    ASSERT_EQ(off.stats.iteration_nodes.size(), 4u);
    ASSERT_EQ(on.stats.iteration_nodes.size(), 4u);
    EXPECT_EQ(on.stats.iteration_nodes[0], off.stats.iteration_nodes[0]) << b.fen();
    differs_at_2 += on.stats.iteration_nodes[1] != off.stats.iteration_nodes[1];
    differs_at_3_or_4 += on.stats.iteration_nodes[2] != off.stats.iteration_nodes[2] ||
                         on.stats.iteration_nodes[3] != off.stats.iteration_nodes[3];
  }
  EXPECT_GT(differs_at_3_or_4, differs_at_2);
  EXPECT_LE(differs_at_2, 2);
}

TEST(ReadingsQ, PvOrderingDoesNothingWithoutIterativeDeepening) {
  for (const Board& b : lct2_boards(3)) {
    const SearchConfig one = small_table(with(version("D").search, "iterative_deepening", "false"));
    expect_same_tree(run(one, b, 3), run(with(one, "pv_ordering", "true"), b, 3), b.fen());
  }
}

// --- Bad input ---------------------------------------------------------------------------------------

TEST(ReadingsQ, AnUnknownChoiceIsAUserErrorNamingTheFlagAndItsValues) {
  const auto r = runner_test::run_harness("search --version A --fen startpos --depth 1 --set qsearch_captures=bogus");
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("qsearch_captures"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("bogus"), std::string::npos) << r.output;
  for (const char* v : {"all", "non_losing", "winning_by_value"}) EXPECT_NE(r.output.find(v), std::string::npos) << r.output;
  const auto o = runner_test::run_harness("search --version A --fen startpos --depth 1 --set qsearch_order=sometimes");
  EXPECT_EQ(o.code, 2) << o.output;
  for (const char* v : {"qsearch_order", "as_main", "mvv_lva"}) EXPECT_NE(o.output.find(v), std::string::npos) << o.output;
}

}  // namespace readings_q_test
