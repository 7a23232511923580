// Issue 12, part 2: Stockman's SSS*, MT-SSS*, MT-DUAL* and the minimal tree. Each driver returns the value
// of plain minimax; SSS* and MT-SSS* evaluate the same leaves when the table keeps every entry (Plaat et al.
// 1996); the OPEN limit ends SSS* with an error; the minimal tree is never larger than an exact driver's.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/move_order.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "engine/minimal_tree.h"
#include "engine/sss_driver.h"
#include "test_data.h"
#include "reference_negamax.h"

namespace {

using namespace buho;

using test::draw_by_rule;
using PlainMinimax = test::ReferenceNegamax;  // tests/reference_negamax.h

// An exact configuration (no forward pruning) with the version-C-like ordering: MVV/LVA, killers, history,
// the hash move and table cut-offs; one search at the given depth.
SearchConfig exact_config(RootDriver driver) {
  SearchConfig s;
  s.root_driver = driver;
  s.null_move = s.futility = s.lmr = false;
  s.aspiration = false;
  s.iterative_deepening = false;
  s.tt_entries = 1 << 16;
  return s;
}

// Random legal positions: a seeded random playout from the start, stopped at a random ply (before a mate or
// a draw), written as FEN so that the position carries no history (no path-dependent repetition).
std::vector<std::string> random_positions(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  while (int(out.size()) < count) {
    Board b;
    const int plies = 10 + int(rng() % 90);
    bool ok = true;
    for (int i = 0; i < plies; ++i) {
      Move moves[MaxMoves];
      const int n = int(generate_legal(b, moves) - moves);
      if (n == 0 || draw_by_rule(b)) {
        ok = false;
        break;
      }
      b.make_move(moves[rng() % n]);
    }
    Move moves[MaxMoves];
    if (!ok || generate_legal(b, moves) == moves || b.is_insufficient_material()) continue;
    out.push_back(Board::from_fen(b.fen()).fen());
  }
  return out;
}

std::vector<std::string> lct2_fens() {
  std::vector<std::string> out;
  for (const std::string& line : test_data::lct2_lines()) out.push_back(parse_epd(line).board.fen());
  return out;
}

// Mates, stalemates and bare-king endings: mate scores and nodes without a move.
const char* kMates[] = {
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",          // back-rank mate in one
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1",  // Qxf7# in one
    "2r3k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",        // trade on c8
    "6k1/8/6K1/8/8/8/8/5Q2 w - - 0 1",                // queen and king against king
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",                  // rook mate in one
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                 // stalemate
    "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",                 // the same with white to move: Qg7# in one
    "4k3/8/4K3/8/8/8/8/R7 w - - 0 1",                 // Ra8#
};

SearchResult run(const SearchConfig& s, const std::string& fen, int depth, Limits limits = Limits{}) {
  Engine engine(s, EvalConfig{});
  limits.depth = depth;
  return engine.search(Board::from_fen(fen), limits);
}

constexpr RootDriver kExactDrivers[] = {RootDriver::Sss, RootDriver::MtSss, RootDriver::MtDual};

void expect_minimax_value(const std::vector<std::string>& fens, int min_depth, int max_depth, int& checked) {
  PlainMinimax ref{EvalConfig{}};
  for (const std::string& fen : fens)
    for (int depth = min_depth; depth <= max_depth; ++depth) {
      Board board = Board::from_fen(fen);
      const Score expected = ref.negamax(board, depth);
      for (RootDriver d : kExactDrivers) {
        const SearchResult r = run(exact_config(d), fen, depth);
        EXPECT_EQ(r.score, expected) << driver_name(d) << " " << fen << " depth " << depth;
        Move moves[MaxMoves];
        const bool has_moves = generate_legal(board, moves) != moves;
        EXPECT_EQ(r.best_move.is_null(), !has_moves) << driver_name(d) << " " << fen << " depth " << depth;
      }
      ++checked;
    }
}

}  // namespace

// 64 random positions, the 35 of LCT II and 8 mates and stalemates: 107 positions, each at depths 1-2 and
// the cheaper ones deeper (plain minimax takes seconds at depth 3 on a middlegame and at depth 4 on most
// endgames, so few of those).
TEST(SearchSss, DriversReturnThePlainMinimaxValue) {
  int checked = 0;
  const std::vector<std::string> random = random_positions(64, 12);
  expect_minimax_value(random, 1, 2, checked);
  expect_minimax_value(std::vector<std::string>(random.begin(), random.begin() + 4), 3, 3, checked);
  const std::vector<std::string> lct2 = lct2_fens();
  expect_minimax_value(lct2, 1, 2, checked);
  const std::vector<std::string> endgames(lct2.end() - 9, lct2.end());  // LCTII.FIN.01-09
  expect_minimax_value(endgames, 3, 3, checked);
  expect_minimax_value(std::vector<std::string>(endgames.begin(), endgames.begin() + 1), 4, 4, checked);
  const std::vector<std::string> mates(std::begin(kMates), std::end(kMates));
  expect_minimax_value(mates, 1, 3, checked);
  expect_minimax_value(std::vector<std::string>(mates.begin() + 3, mates.end()), 4, 4, checked);  // few pieces
  EXPECT_EQ(checked, 64 * 2 + 4 + 35 * 2 + 9 + 1 + 8 * 3 + 5);
}

// Plaat, Schaeffer, Pijls & de Bruin (1996): MT-SSS* evaluates the same leaves as Stockman's SSS* when
// both see the children in one order and the table loses nothing. The conditions here: a static order
// (MVV/LVA only: no killers, history or hash move, whose keys change as the search goes), a table far
// larger than the tree (2^18 two-slot entries for trees of a few thousand nodes), no extensions, one
// search at the depth (no iterative deepening), and depths 1-3, where only horizon positions transpose:
// MT answers a transposed horizon position from the table and SSS* evaluates it again, so the leaves are
// compared as sets of positions.
TEST(SearchSss, StockmanAndMtSssEvaluateTheSameLeaves) {
  auto leaves = [](RootDriver d, const std::string& fen, int depth, Score* value) {
    SearchConfig s = exact_config(d);
    s.killers = s.history = s.hash_move = false;
    s.tt_entries = 1 << 18;
    std::set<std::uint64_t> keys;
    Limits limits;
    limits.on_leaf = [&](const Board& b) { keys.insert(b.key()); };
    *value = run(s, fen, depth, limits).score;
    return keys;
  };
  std::vector<std::string> fens = random_positions(12, 7);
  const std::vector<std::string> lct2 = lct2_fens();
  fens.insert(fens.end(), lct2.begin(), lct2.begin() + 6);
  fens.insert(fens.end(), lct2.end() - 6, lct2.end());
  int compared = 0;
  for (const std::string& fen : fens)
    for (int depth = 1; depth <= 3; ++depth) {
      Score v_sss = 0, v_mt = 0;
      const std::set<std::uint64_t> sss = leaves(RootDriver::Sss, fen, depth, &v_sss);
      const std::set<std::uint64_t> mt = leaves(RootDriver::MtSss, fen, depth, &v_mt);
      EXPECT_EQ(v_sss, v_mt) << fen << " depth " << depth;
      EXPECT_EQ(sss.size(), mt.size()) << fen << " depth " << depth;
      EXPECT_TRUE(sss == mt) << fen << " depth " << depth;
      EXPECT_FALSE(sss.empty());
      ++compared;
    }
  EXPECT_EQ(compared, 24 * 3);
}

// The leaves differ once the order does: with killers and history (keys that change as each search goes)
// the two are no longer bound to the same leaves, so the test above is not true by construction.
TEST(SearchSss, DynamicOrderingBreaksTheLeafEquivalence) {
  int differ = 0;
  const std::vector<std::string> lct2 = lct2_fens();
  for (const std::string& fen : std::vector<std::string>(lct2.begin(), lct2.begin() + 8)) {
    std::set<std::uint64_t> sets[2];
    int i = 0;
    for (RootDriver d : {RootDriver::Sss, RootDriver::MtSss}) {
      SearchConfig s = exact_config(d);
      s.tt_entries = 1 << 18;
      Limits limits;
      limits.on_leaf = [&](const Board& b) { sets[i].insert(b.key()); };
      run(s, fen, 3, limits);
      ++i;
    }
    if (sets[0] != sets[1]) ++differ;
  }
  EXPECT_GT(differ, 0);
}

// SSS*'s OPEN list past sss_open_limit: an error naming the size reached, not a crash; the engine searches
// again afterwards.
TEST(SearchSss, OpenListLimitIsAnError) {
  SearchConfig s = exact_config(RootDriver::Sss);
  s.sss_open_limit = 50;
  const std::string fen = lct2_fens().front();
  Engine engine(s, EvalConfig{});
  try {
    engine.search(Board::from_fen(fen), Limits{3, 0});
    FAIL() << "no error";
  } catch (const OpenListLimitError& e) {
    EXPECT_EQ(e.reached(), 51u);
    EXPECT_NE(std::string(e.what()).find("51 entries"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("sss_open_limit = 50"), std::string::npos) << e.what();
  }
  // Within the limit the same engine finds the value, and reports the OPEN list's peak.
  SearchConfig roomy = exact_config(RootDriver::Sss);
  const SearchResult ok = Engine(roomy, EvalConfig{}).search(Board::from_fen(fen), Limits{2, 0});
  EXPECT_EQ(engine.search(Board::from_fen(fen), Limits{1, 0}).score,
            Engine(exact_config(RootDriver::AlphaBeta), EvalConfig{}).search(Board::from_fen(fen), Limits{1, 0}).score);
  EXPECT_GT(ok.stats.open_peak, 0u);
  EXPECT_LE(ok.stats.open_peak, 50u * 50u);
}

// The minimal tree proves the value every exact driver finds, and is never larger than any of their trees
// for the same position, depth, order and table (one search at the depth, no forward pruning).
void expect_minimal_tree_smallest(MinimalRefutation refutation, int max_depth, int* larger_than_some) {
  std::vector<std::string> fens = random_positions(16, 99);
  const std::vector<std::string> lct2 = lct2_fens();
  fens.insert(fens.end(), lct2.begin(), lct2.begin() + 8);
  fens.insert(fens.end(), lct2.end() - 4, lct2.end());
  for (const std::string& fen : fens)
    for (int depth = 1; depth <= max_depth; ++depth) {
      Engine minimal(exact_config(RootDriver::AlphaBeta), EvalConfig{});
      const MinimalTreeCount m = minimal.minimal_tree(Board::from_fen(fen), Limits{depth, 0}, refutation);
      EXPECT_TRUE(m.completed);
      EXPECT_GT(m.nodes, 0u);
      EXPECT_LE(m.qnodes, m.nodes);
      for (RootDriver d : {RootDriver::AlphaBeta, RootDriver::Sss, RootDriver::MtSss, RootDriver::MtDual}) {
        const SearchResult r = run(exact_config(d), fen, depth);
        EXPECT_EQ(m.value, r.score) << driver_name(d) << " " << fen << " depth " << depth;
        if (m.nodes > r.stats.nodes) {
          ++*larger_than_some;
          ADD_FAILURE_AT(__FILE__, __LINE__) << "minimal " << m.nodes << " > " << driver_name(d) << " "
                                             << r.stats.nodes << " " << fen << " depth " << depth;
        }
      }
    }
}

TEST(SearchSss, MinimalTreeIsNeverLargerThanAnExactDriver) {
  int larger = 0;
  expect_minimal_tree_smallest(MinimalRefutation::Smallest, 3, &larger);
  EXPECT_EQ(larger, 0);
}

// Why the smallest refutation: "the best move known in advance" (the first refuting move, the table's move
// first) can leave the count above alpha-beta's, which refuted with a move of a smaller subtree. Found by the
// test above at depth 4 (before it ran the smallest refutation); the smallest refutation is not above it.
TEST(SearchSss, FirstRefutationCanExceedAlphaBetaAndTheSmallestDoesNot) {
  const std::string fen = "2n1k1r1/1n1p4/8/p2p1p2/1b6/3b2PP/1p6/R2Kn3 b - - 1 46";
  const std::uint64_t alphabeta = run(exact_config(RootDriver::AlphaBeta), fen, 4).stats.nodes;
  Engine engine(exact_config(RootDriver::AlphaBeta), EvalConfig{});
  const MinimalTreeCount first = engine.minimal_tree(Board::from_fen(fen), Limits{4, 0}, MinimalRefutation::First);
  const MinimalTreeCount smallest = engine.minimal_tree(Board::from_fen(fen), Limits{4, 0}, MinimalRefutation::Smallest);
  EXPECT_GT(first.nodes, alphabeta);
  EXPECT_LE(smallest.nodes, alphabeta);
  EXPECT_LT(smallest.nodes, first.nodes);
  EXPECT_EQ(first.value, smallest.value);
}
