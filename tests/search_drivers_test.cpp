// The root drivers (minimax, negascout, scout, mtdf) and fail-soft: every exact driver returns the
// value of plain minimax on more than a hundred positions (random playouts from the start and from LCT II, the
// LCT II positions themselves, mates) at depths 1-4 with forward pruning off, with the table on and off; the
// engine's minimax is itself checked against an independent NegaMax; fail-soft keeps every value, and keeps the
// very tree where no returned bound is reused; the counters passes and leaves count what they say.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "engine/root_driver.h"
#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "test_data.h"
#include "reference_negamax.h"

namespace search_drivers_test {

using namespace buho;

// Version H of the calibrated readings with forward pruning off (null move, futility, LMR): exact, so every
// driver must reach the same value. A small table keeps the many short searches cheap.
SearchConfig exact_h(bool tables) {
  static const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions.json"));
  SearchConfig s = book.resolve("H").search;
  s.null_move = s.futility = s.lmr = false;
  s.tt_entries = 1 << 14;
  if (!tables) s.hash_move = s.tt_cutoffs = false;
  return s;
}

SearchResult run(const SearchConfig& s, const std::string& fen, int depth, std::uint64_t budget = 0) {
  Engine engine(s, EvalConfig{});
  return engine.search(Board::from_fen(fen), Limits{depth, budget});
}

SearchConfig with_driver(SearchConfig s, RootDriver d) {
  s.root_driver = d;
  return s;
}

// Random playouts (a fixed seed, so the set is the same on every run): from the start and from each LCT II
// position, 2 to 29 random legal plies, keeping positions where the side to move has a move.
std::vector<std::string> playout_positions(const std::vector<std::string>& starts, int per_start) {
  std::mt19937 rng(20100512);
  std::vector<std::string> out;
  for (const auto& start : starts)
    for (int k = 0; k < per_start; ++k) {
      Board b = Board::from_fen(start);
      const int plies = 2 + int(rng() % 28);
      for (int p = 0; p < plies; ++p) {
        Move moves[MaxMoves];
        const int n = int(generate_legal(b, moves) - moves);
        if (n == 0) break;
        b.make_move(moves[rng() % unsigned(n)]);
      }
      Move moves[MaxMoves];
      if (generate_legal(b, moves) != moves) out.push_back(b.fen());
    }
  return out;
}

std::vector<std::string> lct2_fens() {
  std::vector<std::string> fens;
  for (const auto& line : test_data::lct2_lines()) fens.push_back(parse_epd(line).board.fen());
  return fens;
}

// Mates for either side, in one to three moves, and a stalemate trap.
const char* kMates[] = {
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",                      // back-rank mate in one
    "7k/6pp/8/8/8/8/1q4PP/1R5K b - - 0 1",
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",                              // mate in one
    "r1bk4/pp3p2/2p5/8/3B4/8/PPP2PPP/4R1K1 w - - 0 1",
    "2r3k1/5ppp/8/8/2n5/8/5PPP/2R3K1 w - - 0 1",
    "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",                             // mate in one (Ra8)
    "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",  // the white king in the open
    "k7/2K5/8/8/8/8/8/1Q6 w - - 0 1",                             // mate in one, stalemate nearby
};

struct Case {
  std::string fen;
  int depth;
  Score value;  // the engine's minimax driver
  std::uint64_t minimax_nodes;
};

// Each position at depth 1 + (index mod 4), a narrow one (at most 16 legal moves) at depth 4, or shallower where
// plain minimax would take more than `budget` nodes: every case is checked at the deepest depth minimax affords.
// The budget keeps the cases cheap enough for the sanitizer build, where each test is a process of its own.
// One search per position: the minimax driver deepens iteratively, so a search stopped by the budget has
// completed every shallower iteration, exactly as a search to that depth would (same order, no table), and
// the deepest of them, its value and the nodes up to it are that case. (A search per depth, deepest first,
// found the same cases at about twice the cost, paid again by each of these tests' processes.)
std::vector<Case> cases(std::uint64_t budget) {
  std::vector<std::string> fens = lct2_fens();
  // The start, four middlegames and the nine endgames (LCTII.FIN.*, the last nine): narrow enough for depth 4.
  std::vector<std::string> starts = {"startpos", fens[0], fens[7], fens[14], fens[21]};
  starts.insert(starts.end(), fens.end() - 9, fens.end());
  for (auto& f : playout_positions(starts, 5)) fens.push_back(f);
  for (const char* m : kMates) fens.push_back(m);
  const SearchConfig minimax = with_driver(exact_h(false), RootDriver::Minimax);
  EXPECT_TRUE(minimax.iterative_deepening);
  std::vector<Case> out;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    const Board b = Board::from_fen(fens[i]);
    Move moves[MaxMoves];
    const bool narrow = generate_legal(b, moves) - moves <= 16;
    const int depth = narrow ? 4 : 1 + int(i % 4);
    const SearchResult r = run(minimax, fens[i], depth, budget);
    if (r.completed) {  // at the depth asked for, even where a mate ended the deepening sooner
      out.push_back({fens[i], depth, r.score, r.stats.nodes});
    } else if (r.stats.depth_reached > 0) {
      const auto& per_iteration = r.stats.iteration_nodes;
      out.push_back({fens[i], r.stats.depth_reached, r.score,
                     std::accumulate(per_iteration.begin(), per_iteration.begin() + r.stats.depth_reached,
                                     std::uint64_t(0))});
    }
  }
  return out;
}

const std::vector<Case>& all_cases() {
  static const std::vector<Case> c = cases(25000);
  return c;
}

using PlainNegamax = test::ReferenceNegamax;  // an independent plain NegaMax: tests/reference_negamax.h

TEST(SearchDrivers, TheCasesCoverEveryDepthOverAHundredPositions) {
  const auto& c = all_cases();
  EXPECT_GE(c.size(), 100u);
  std::map<int, int> per_depth;
  for (const auto& k : c) ++per_depth[k.depth];
  for (int d = 1; d <= 4; ++d) EXPECT_GE(per_depth[d], 10) << "depth " << d;  // 19, 46, 33, 15 today
  int mates = 0;
  for (const auto& k : c) mates += std::abs(k.value) >= ScoreMateBound;
  EXPECT_GE(mates, 3);
}

TEST(SearchDrivers, EngineMinimaxIsPlainNegamax) {
  // Every quiescence capture searched (qsearch_captures=all) as the independent reference does.
  SearchConfig s = with_driver(exact_h(false), RootDriver::Minimax);
  s.qsearch_captures = QsearchCaptures::All;
  PlainNegamax ref;
  int checked = 0;
  for (const auto& k : all_cases()) {
    // The reference is a plain negamax, slow: only the smaller trees, every depth among them.
    if (checked == 25 || k.minimax_nodes > 3000) continue;
    Board b = Board::from_fen(k.fen);
    EXPECT_EQ(run(s, k.fen, k.depth).score, ref.negamax(b, k.depth, 0)) << k.fen << " depth " << k.depth;
    ++checked;
  }
  EXPECT_EQ(checked, 25);
}

class EveryDriver : public ::testing::TestWithParam<RootDriver> {};

TEST_P(EveryDriver, ReturnsTheMinimaxValueWithTablesOnAndOff) {
  for (const bool tables : {true, false}) {
    const SearchConfig s = with_driver(exact_h(tables), GetParam());
    for (const auto& k : all_cases()) {
      const SearchResult r = run(s, k.fen, k.depth);
      ASSERT_TRUE(r.completed);
      EXPECT_EQ(r.score, k.value) << driver_name(GetParam()) << (tables ? " tables on " : " tables off ") << k.fen
                                  << " depth " << k.depth;
      EXPECT_FALSE(r.best_move.is_null()) << k.fen;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Drivers, EveryDriver,
                         ::testing::Values(RootDriver::AlphaBeta, RootDriver::NegaScout, RootDriver::Scout,
                                           RootDriver::Mtdf),
                         [](const auto& info) { return std::string(driver_name(info.param)); });

TEST(SearchDrivers, MinimaxBestMoveScoresTheValue) {
  // The move minimax reports leads to its value: after it, the opponent's minimax value is its negation.
  const SearchConfig s = with_driver(exact_h(false), RootDriver::Minimax);
  int checked = 0;
  for (const auto& k : all_cases()) {
    if (k.depth < 2 || std::abs(k.value) >= ScoreMateBound || k.minimax_nodes > 5000 || checked == 15) continue;
    const SearchResult r = run(s, k.fen, k.depth);
    Board b = Board::from_fen(k.fen);
    b.make_move(r.best_move);
    if (b.is_insufficient_material() || b.is_fifty_move_draw()) continue;  // a draw by rule below the root only
    EXPECT_EQ(-run(s, b.fen(), k.depth - 1).score, k.value) << k.fen;
    ++checked;
  }
  EXPECT_EQ(checked, 15);
}

TEST(SearchDrivers, MtdfMakesSeveralPassesPerIterationAndReportsThem) {
  const SearchConfig s = with_driver(exact_h(true), RootDriver::Mtdf);
  for (const auto& k : all_cases()) {
    const SearchResult r = run(s, k.fen, k.depth);
    const auto& p = r.stats.iteration_passes;
    ASSERT_EQ(p.size(), std::size_t(r.stats.depth_reached)) << k.fen;  // a mate ends the deepening early
    std::uint64_t sum = 0;
    for (auto n : p) {
      // MTD(f) ends when the bounds meet: one pass fails one way, so at least two passes set both bounds.
      EXPECT_GE(n, 2u) << k.fen;
      sum += n;
    }
    EXPECT_EQ(sum, r.stats.passes);
  }
  // The thesis's driver makes one pass per iteration, plus its aspiration re-searches.
  const SearchResult ab = run(exact_h(true), all_cases().back().fen, 3);
  EXPECT_EQ(ab.stats.passes, ab.stats.iteration_passes.size() + ab.stats.aspiration_researches);
}

TEST(SearchDrivers, FailSoftKeepsTheValues) {
  SearchConfig hard = exact_h(true), soft = hard;
  soft.fail_soft = true;
  bool tree_differs = false;
  for (const auto& k : all_cases()) {
    const SearchResult a = run(hard, k.fen, k.depth), b = run(soft, k.fen, k.depth);
    EXPECT_EQ(a.score, b.score) << k.fen << " depth " << k.depth;
    tree_differs = tree_differs || a.stats.nodes != b.stats.nodes;
  }
  // With the table, the stored bounds are tighter and cut other nodes: the tree changes somewhere.
  EXPECT_TRUE(tree_differs);
}

TEST(SearchDrivers, FailSoftKeepsTheTreeWhereNoBoundIsReused) {
  // Without table cut-offs and aspiration no returned bound is read again: each node compares its children's
  // values with the same alpha and beta, and a fail-soft value beyond the window fails the same way as the
  // bound, so the trees are the same node for node (docs/search.md, "Fail-soft").
  SearchConfig hard = exact_h(true);
  hard.tt_cutoffs = hard.aspiration = false;
  SearchConfig soft = hard;
  soft.fail_soft = true;
  for (const auto& k : all_cases()) {
    const SearchResult a = run(hard, k.fen, k.depth), b = run(soft, k.fen, k.depth);
    EXPECT_EQ(a.score, b.score) << k.fen;
    EXPECT_EQ(a.stats.nodes, b.stats.nodes) << k.fen;
    EXPECT_EQ(a.best_move, b.best_move) << k.fen;
  }
}

TEST(SearchDrivers, AlphaBetaEvaluatesASubsetOfMinimaxsLeaves) {
  // One search at the depth (no iterative deepening, so no aspiration re-search) without a table: alpha-beta's
  // tree is minimax's with subtrees cut off, so it evaluates no more leaves, and fewer where it cuts. (The
  // re-searching drivers, NegaScout and Scout, may evaluate a leaf twice and exceed minimax on a small tree.)
  SearchConfig s = exact_h(false);
  s.iterative_deepening = false;
  s.pvs = false;  // Alg. 7's re-searches enter a node twice
  bool fewer = false;
  for (const auto& k : all_cases()) {
    if (k.minimax_nodes > 5000) continue;
    const SearchResult m = run(with_driver(s, RootDriver::Minimax), k.fen, k.depth);
    const SearchResult r = run(s, k.fen, k.depth);
    EXPECT_LE(r.stats.leaves, m.stats.leaves) << k.fen;
    EXPECT_LE(r.stats.nodes - r.stats.qnodes, m.stats.nodes - m.stats.qnodes) << k.fen;
    fewer = fewer || r.stats.leaves < m.stats.leaves;
  }
  EXPECT_TRUE(fewer);
}

TEST(SearchDrivers, LeavesAreTheHorizonPositionsEvaluated) {
  // Depth 1 without iterative deepening on a quiet position: the root, then each legal move's position is
  // handed to quiescence and evaluated once: one leaf per legal move, and nothing deeper (no capture exists).
  const char* fen = "6k1/8/8/8/8/8/8/R5K1 w - - 0 1";
  SearchConfig s = with_driver(exact_h(false), RootDriver::Minimax);
  s.iterative_deepening = false;
  Board b = Board::from_fen(fen);
  Move moves[MaxMoves];
  const auto legal = std::uint64_t(generate_legal(b, moves) - moves);
  const SearchResult r = run(s, fen, 1);
  EXPECT_EQ(r.stats.leaves, legal);
  EXPECT_EQ(r.stats.nodes, 1 + legal);
  EXPECT_EQ(r.stats.passes, 1u);
  // Deeper, quiescence nodes below the horizon are nodes but not leaves.
  const SearchResult deep = run(s, all_cases().front().fen, 2);
  EXPECT_LT(deep.stats.leaves, deep.stats.qnodes);
  EXPECT_GT(deep.stats.leaves, 0u);
}

// The forward-pruning flags are listed once (kForwardPruningFlags): each alone makes a config prune forward, and the
// drivers that search a fixed tree (minimax, SSS*, the minimal tree) ignore each of them.
TEST(SearchDrivers, ForwardPruningIsOneListReadEverywhere) {
  SearchConfig none;
  for (const auto flag : kForwardPruningFlags) none.*flag = false;
  EXPECT_FALSE(prunes_forward(none));
  for (const auto flag : kForwardPruningFlags) {
    SearchConfig one = none;
    one.*flag = true;
    EXPECT_TRUE(prunes_forward(one));
    for (const RootDriver d : {RootDriver::Minimax, RootDriver::Sss, RootDriver::MtSss, RootDriver::Minimal}) {
      one.root_driver = d;
      EXPECT_EQ(ignored_flags(one).size(), ignored_flags(with_driver(none, d)).size() + 1) << int(d);
    }
    one.root_driver = RootDriver::AlphaBeta;
    EXPECT_TRUE(ignored_flags(one).empty());
  }
}

TEST(SearchDrivers, IgnoredFlagsAreThoseOnThatTheDriverHasNoUseFor) {
  SearchConfig s;  // every heuristic on
  EXPECT_TRUE(ignored_flags(s).empty());
  s.root_driver = RootDriver::Minimax;
  const auto m = ignored_flags(s);
  for (const char* f : {"pvs", "aspiration", "tt_cutoffs", "null_move", "futility", "lmr", "hash_move"})
    EXPECT_NE(std::find(m.begin(), m.end(), f), m.end()) << f;
  s.pvs = false;
  const auto without_pvs = ignored_flags(s);
  EXPECT_EQ(std::find(without_pvs.begin(), without_pvs.end(), "pvs"), without_pvs.end());  // off: nothing to ignore
  s.root_driver = RootDriver::Mtdf;
  s.pvs = true;
  EXPECT_EQ(ignored_flags(s), (std::vector<std::string_view>{"pvs", "aspiration"}));
  s.fail_soft = true;
  EXPECT_EQ(ignored_flags(s), (std::vector<std::string_view>{"pvs", "aspiration", "fail_soft"}));
  EXPECT_TRUE(searches_fail_soft(with_driver(SearchConfig{}, RootDriver::NegaScout)));
  EXPECT_FALSE(searches_fail_soft(SearchConfig{}));
}

TEST(SearchDrivers, DriversAreChoicesOfTheDriverFlag) {
  for (const auto& [driver, name] : kRootDriverNames) {
    SearchConfig s;
    EvalConfig e;
    harness::apply_flag_text(std::string("driver=") + std::string(name), s, e, "test");
    EXPECT_EQ(s.root_driver, driver) << name;
  }
}

}  // namespace search_drivers_test
