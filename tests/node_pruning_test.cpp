// The modern node-pruning heuristics (docs/search.md "Node pruning before the move loop"; engine/node_pruning_rules.h):
// each rule asked on hand-made inputs, then searched: off, the tree is the default one (every flag is off in versions
// A–H); on, the tree changes where the rule should change it, and its counter counts.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "engine/node_pruning_rules.h"
#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"

namespace node_pruning_test {

using namespace buho;

SearchConfig version(const std::string& name) {
  static const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions.json"));
  SearchConfig s = book.resolve(name).search;
  s.tt_entries = 1 << 16;  // small trees: a smaller table than the versions' 2048K entries
  return s;
}

SearchResult run(const SearchConfig& s, const std::string& fen, int depth) {
  Engine engine(s, EvalConfig{});
  return engine.search(Board::from_fen(fen), Limits{depth, 0});
}

// The first `n` positions of positions/lct2.epd.
std::vector<std::string> lct2(std::size_t n) {
  std::vector<std::string> out;
  std::ifstream in(harness::project_path("positions/lct2.epd"));
  std::string line;
  while (out.size() < n && std::getline(in, line))
    if (!line.empty()) out.push_back(parse_epd(line).board.fen());
  return out;
}

// Mates the search finds within a few plies (WAC.001: Qg6, mate in 3 moves; a back-rank mate in 2).
const char* kMatePositions[] = {
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
};

TEST(NodePruning, EveryFlagIsOffByDefault) {
  const SearchConfig s;
  EXPECT_FALSE(s.mate_distance_pruning);
  EXPECT_FALSE(s.improving);
  EXPECT_FALSE(s.reverse_futility);
  EXPECT_FALSE(s.razoring);
  EXPECT_FALSE(s.late_move_pruning);
  EXPECT_FALSE(s.iir);
  EXPECT_FALSE(s.iid);
  EXPECT_FALSE(needs_static_eval(s)) << "versions A-H keep no static evaluation";
  SearchConfig lmp;
  lmp.late_move_pruning = true;
  EXPECT_FALSE(needs_static_eval(lmp)) << "late move pruning reads it only through improving";
  lmp.improving = true;
  EXPECT_TRUE(needs_static_eval(lmp));
  // The sources' parameters (Stockfish 15.1's in cp at 208 of its units a pawn; Ethereal's).
  EXPECT_EQ(s.reverse_futility_depth, 7);
  EXPECT_EQ(s.reverse_futility_margin, 79);
  EXPECT_EQ(s.razoring_margin_base, 177);
  EXPECT_EQ(s.razoring_margin_depth, 122);
  EXPECT_EQ(s.iir_min_depth, 7);
  EXPECT_EQ(s.iir_reduction, 1);
  EXPECT_EQ(s.iid_min_depth, 3);
  EXPECT_EQ(s.iid_reduction, 2);
}

TEST(NodePruning, APvNodeIsAnOpenWindow) {
  EXPECT_TRUE(is_pv_window(-100, 100));
  EXPECT_TRUE(is_pv_window(10, 12));
  EXPECT_FALSE(is_pv_window(10, 11));
}

// --- Mate-distance pruning ---

TEST(NodePruning, MateDistanceWindowNarrowsToTheMateDistancesOfThePly) {
  SearchConfig s;
  const MateDistanceWindow off = mate_distance_window(s, 5, -ScoreInfinite, ScoreInfinite);
  EXPECT_EQ(off.alpha, -ScoreInfinite) << "off by default: the window is left alone";
  EXPECT_EQ(off.beta, ScoreInfinite);
  s.mate_distance_pruning = true;
  const MateDistanceWindow w = mate_distance_window(s, 5, -ScoreInfinite, ScoreInfinite);
  EXPECT_EQ(w.alpha, -ScoreMate + 5) << "no mate against the mover sooner than on the board here";
  EXPECT_EQ(w.beta, ScoreMate - 6) << "no mate for the mover sooner than with its next move";
  EXPECT_FALSE(w.cut);
  const MateDistanceWindow same = mate_distance_window(s, 5, -100, 100);
  EXPECT_EQ(same.alpha, -100);
  EXPECT_EQ(same.beta, 100);
  EXPECT_FALSE(same.cut);
  // A mate in 3 plies already found above: at ply 3 nothing can mate sooner, the window closes.
  const MateDistanceWindow closed = mate_distance_window(s, 3, ScoreMate - 3, ScoreMate - 2);
  EXPECT_TRUE(closed.cut);
  EXPECT_FALSE(mate_distance_window(s, 1, ScoreMate - 3, ScoreMate - 2).cut) << "at ply 1 a mate at ply 2 beats it";
  EXPECT_TRUE(mate_distance_window(s, 2, ScoreMate - 3, ScoreMate - 2).cut) << "at ply 2 a mate at ply 3 at best";
  // Being mated at ply 4 at best: a window entirely below that closes too.
  EXPECT_TRUE(mate_distance_window(s, 4, -ScoreMate + 2, -ScoreMate + 3).cut);
  const MateDistanceWindow root = mate_distance_window(s, 0, ScoreMate - 1, ScoreInfinite);
  EXPECT_FALSE(root.cut) << "never at the root";
  EXPECT_EQ(root.beta, ScoreInfinite);
}

TEST(NodePruning, MateDistancePruningKeepsTheMateAndSavesNodes) {
  std::uint64_t nodes_off = 0, nodes_on = 0, cutoffs = 0;
  for (const char* fen : kMatePositions) {
    SearchConfig s = version("H");
    const SearchResult off = run(s, fen, 7);
    s.mate_distance_pruning = true;
    const SearchResult on = run(s, fen, 7);
    EXPECT_EQ(on.score, off.score) << fen;
    EXPECT_GE(off.score, ScoreMateBound) << fen;
    nodes_off += off.stats.nodes;
    nodes_on += on.stats.nodes;
    cutoffs += on.stats.mdp_cutoffs;
    EXPECT_EQ(off.stats.mdp_cutoffs, 0u);
  }
  EXPECT_GT(cutoffs, 0u);
  EXPECT_LT(nodes_on, nodes_off);
}

// --- The static evaluation and "improving" ---

TEST(NodePruning, ImprovingComparesWithTwoPliesUpThenFour) {
  SearchConfig s;
  EXPECT_FALSE(is_improving(s, false, 50, 0, 0)) << "off: never improving";
  s.improving = true;
  EXPECT_TRUE(is_improving(s, false, 50, 0, 100));
  EXPECT_FALSE(is_improving(s, false, 50, 50, -100)) << "equal is not better";
  EXPECT_FALSE(is_improving(s, false, 50, 80, -100));
  EXPECT_TRUE(is_improving(s, false, 50, kNoStaticEval, 20)) << "two plies up in check: four plies up decides";
  EXPECT_FALSE(is_improving(s, false, 50, kNoStaticEval, 70));
  EXPECT_TRUE(is_improving(s, false, 50, kNoStaticEval, kNoStaticEval)) << "nothing known: improving";
  EXPECT_FALSE(is_improving(s, true, 50, 0, 0)) << "never in check";
  EXPECT_FALSE(is_improving(s, false, kNoStaticEval, 0, 0));
}

// --- Reverse futility ---

TEST(NodePruning, ReverseFutilityCutsANonPvNodeFarAboveBeta) {
  SearchConfig s;
  // depth 3, margin 79 a ply: 237 above beta at least.
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, false, 99, 100, 400, false)) << "off by default";
  s.reverse_futility = true;
  EXPECT_TRUE(reverse_futility_prunes(s, 3, 3, false, 99, 100, 337, false));
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, false, 99, 100, 336, false)) << "within the margin of beta";
  EXPECT_TRUE(reverse_futility_prunes(s, 3, 3, false, 99, 100, 258, true)) << "improving: one ply less of margin";
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, false, 99, 100, 257, true));
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, false, 0, 100, 1000, false)) << "never at a PV node";
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, true, 99, 100, 1000, false)) << "never in check";
  EXPECT_FALSE(reverse_futility_prunes(s, 0, 3, false, 99, 100, 1000, false)) << "never at the root";
  EXPECT_TRUE(reverse_futility_prunes(s, 3, 7, false, 99, 100, 653, false));
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 8, false, 99, 100, 5000, false)) << "depth <= 7 only";
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, false, 99, 100, kNoStaticEval, false));
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 3, false, 99, 100, ScoreMateBound, false)) << "no static mate";
  EXPECT_TRUE(reverse_futility_prunes(s, 3, 1, false, 99, 100, 100, true)) << "depth 1 improving: eval >= beta";
  EXPECT_FALSE(reverse_futility_prunes(s, 3, 1, false, 99, 100, 99, true));
}

// --- Razoring ---

TEST(NodePruning, RazoringAsksQuiescenceFarBelowAlpha) {
  SearchConfig s;
  // depth 2: 177 + 122 * 4 = 665 below alpha.
  EXPECT_FALSE(razoring_applies(s, 3, 2, false, 0, -1000)) << "off by default";
  s.razoring = true;
  EXPECT_TRUE(razoring_applies(s, 3, 2, false, 0, -666));
  EXPECT_FALSE(razoring_applies(s, 3, 2, false, 0, -665)) << "strictly below the margin";
  EXPECT_TRUE(razoring_applies(s, 3, 1, false, 0, -300));
  EXPECT_FALSE(razoring_applies(s, 3, 3, false, 0, -1000)) << "the margin grows with depth^2: 1275 at depth 3";
  EXPECT_FALSE(razoring_applies(s, 3, 2, true, 0, -1000)) << "never in check";
  EXPECT_FALSE(razoring_applies(s, 0, 2, false, 0, -1000)) << "never at the root";
  EXPECT_FALSE(razoring_applies(s, 3, 2, false, 0, kNoStaticEval));
}

// --- Late move pruning ---

TEST(NodePruning, LateMoveCountIsStockfishs) {
  EXPECT_EQ(late_move_count(1, false), 2);
  EXPECT_EQ(late_move_count(2, false), 3);
  EXPECT_EQ(late_move_count(3, false), 6);
  EXPECT_EQ(late_move_count(4, false), 9);
  EXPECT_EQ(late_move_count(1, true), 4);
  EXPECT_EQ(late_move_count(3, true), 12);
}

TEST(NodePruning, LateMovePruningSkipsLateQuietMovesOnly) {
  const Board b = Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  const Move quiet = b.parse_uci_move("b1c3"), capture = b.parse_uci_move("f3e5");
  ASSERT_FALSE(quiet.is_null());
  ASSERT_TRUE(capture.is_capture());
  SearchConfig s;
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 10, quiet, false, false, 0, false, 500)) << "off by default";
  s.late_move_pruning = true;
  EXPECT_TRUE(late_move_prunes(s, 3, 3, false, 6, quiet, false, false, 0, false, 500));
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 5, quiet, false, false, 0, false, 500)) << "6 moves first at depth 3";
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 6, quiet, false, false, 0, true, 500)) << "improving: 12 moves first";
  EXPECT_TRUE(late_move_prunes(s, 3, 3, false, 12, quiet, false, false, 0, true, 500));
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 20, capture, false, false, 0, false, 500)) << "captures are searched";
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 20, quiet, true, false, 0, false, 500)) << "the table move is searched";
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 20, quiet, false, true, 0, false, 500)) << "killers are searched";
  EXPECT_FALSE(late_move_prunes(s, 0, 3, false, 20, quiet, false, false, 0, false, 500)) << "never at the root";
  EXPECT_FALSE(late_move_prunes(s, 3, 3, true, 20, quiet, false, false, 0, false, 500)) << "never in check";
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 20, quiet, false, false, -ScoreMateBound, false, 500))
      << "only once a line that is not mated is known";
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 20, quiet, false, false, 0, false, 0)) << "king and pawns: never";
  int asked = 0;
  EXPECT_FALSE(late_move_prunes(s, 3, 3, false, 2, quiet, false, false, 0, false, [&] { return ++asked; }));
  EXPECT_EQ(asked, 0) << "the material is asked last";
}

// --- Internal iterative reductions and deepening ---

TEST(NodePruning, IirReducesANonPvNodeWithoutATableMove) {
  SearchConfig s;
  EXPECT_FALSE(iir_reduces(s, 3, 8, 0, 1, true, false)) << "off by default";
  s.iir = true;
  EXPECT_TRUE(iir_reduces(s, 3, 7, 0, 1, true, false));
  EXPECT_FALSE(iir_reduces(s, 3, 6, 0, 1, true, false)) << "from depth 7";
  EXPECT_FALSE(iir_reduces(s, 3, 8, 0, 1, true, true)) << "a table move: no reduction";
  EXPECT_FALSE(iir_reduces(s, 3, 8, 0, 100, true, false)) << "not at a PV node";
  EXPECT_FALSE(iir_reduces(s, 3, 8, 0, 1, false, false)) << "no table, no table move to miss";
  EXPECT_FALSE(iir_reduces(s, 0, 8, 0, 1, true, false)) << "never at the root";
  s.hash_move = false;
  EXPECT_FALSE(iir_reduces(s, 3, 8, 0, 1, true, false)) << "needs the hash move";
}

TEST(NodePruning, IidSearchesAPvNodeWithoutATableMoveFirst) {
  SearchConfig s;
  EXPECT_FALSE(iid_applies(s, 3, 5, 0, 100, true, false)) << "off by default";
  s.iid = true;
  EXPECT_TRUE(iid_applies(s, 3, 3, 0, 100, true, false));
  EXPECT_FALSE(iid_applies(s, 3, 2, 0, 100, true, false)) << "from depth 3";
  EXPECT_FALSE(iid_applies(s, 3, 5, 0, 1, true, false)) << "PV nodes only";
  EXPECT_FALSE(iid_applies(s, 3, 5, 0, 100, true, true)) << "a table move already";
  EXPECT_FALSE(iid_applies(s, 3, 5, 0, 100, false, false)) << "needs the table";
  EXPECT_FALSE(iid_applies(s, 0, 5, 0, 100, true, false)) << "never at the root";
}

// --- Searches: each flag changes version H's tree and counts; off, the tree is H's ---

struct Sum {
  std::uint64_t nodes = 0, counter = 0;
  int differing = 0;  // positions whose node count differs from H's
};

// Version H (with `base_tweak` applied), against it with `flag` on, at `depth` on the first 6 LCT II positions.
template <class Counter, class Tweak>
Sum run_flag(bool SearchConfig::*flag, Counter counter, int depth, std::uint64_t* h_nodes, Tweak base_tweak) {
  Sum sum;
  std::uint64_t base = 0;
  for (const std::string& fen : lct2(6)) {
    SearchConfig h = version("H");
    base_tweak(h);
    SearchConfig on = h;
    on.*flag = true;
    const SearchResult off_r = run(h, fen, depth), on_r = run(on, fen, depth);
    EXPECT_EQ(counter(off_r.stats), 0u) << fen;
    base += off_r.stats.nodes;
    sum.nodes += on_r.stats.nodes;
    sum.counter += counter(on_r.stats);
    if (on_r.stats.nodes != off_r.stats.nodes) ++sum.differing;
  }
  if (h_nodes) *h_nodes = base;
  return sum;
}

TEST(NodePruning, EachFlagChangesVersionHsTreeAndCounts) {
  const auto check = [](const char* name, bool SearchConfig::*flag, auto counter,
                         auto tweak) {
    std::uint64_t h_nodes = 0;
    const Sum s = run_flag(flag, counter, 6, &h_nodes, tweak);
    EXPECT_GT(s.counter, 0u) << name;
    EXPECT_GT(s.differing, 0) << name;
    return std::pair{s.nodes, h_nodes};
  };
  const auto none = [](SearchConfig&) {};
  check("reverse_futility", &SearchConfig::reverse_futility, [](const SearchStats& st) { return st.rfp_cutoffs; },
        none);
  check("razoring", &SearchConfig::razoring, [](const SearchStats& st) { return st.razoring_tries; }, none);
  const auto [lmp, h2] = check("late_move_pruning", &SearchConfig::late_move_pruning,
                               [](const SearchStats& st) { return st.lmp_prunes; }, none);
  EXPECT_LT(lmp, h2) << "late move pruning prunes";
  // At depth 6 no node has Ethereal's 7 plies left: from 4 here.
  check("iir", &SearchConfig::iir, [](const SearchStats& st) { return st.iir_reductions; },
        [](SearchConfig& c) { c.iir_min_depth = 4; });
  check("iid", &SearchConfig::iid, [](const SearchStats& st) { return st.iid_searches; }, none);
  // improving alone reads nothing; beside reverse futility it narrows the margin where the evaluation rises.
  check("improving", &SearchConfig::improving, [](const SearchStats& st) { return st.improving_nodes; },
        [](SearchConfig& c) { c.reverse_futility = true; });
}

TEST(NodePruning, ImprovingAloneLeavesTheTreeAlone) {
  for (const std::string& fen : lct2(3)) {
    SearchConfig h = version("H");
    const SearchResult off = run(h, fen, 6);
    h.improving = true;
    const SearchResult on = run(h, fen, 6);
    EXPECT_EQ(on.stats.nodes, off.stats.nodes) << fen;
    EXPECT_EQ(on.score, off.score) << fen;
    EXPECT_GT(on.stats.improving_nodes, 0u) << fen;
  }
}

}  // namespace node_pruning_test
