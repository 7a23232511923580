// Shared by search_sss_test.cpp and search_sss_slow_test.cpp: the exact configuration the SSS* tests search
// with, the random and LCT II positions they search, and one search by a fresh engine.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/search.h"
#include "reference_negamax.h"
#include "test_data.h"

namespace buho::sss_test {

using test::draw_by_rule;
using PlainMinimax = test::ReferenceNegamax;  // tests/reference_negamax.h

// An exact configuration (no forward pruning) with the version-C-like ordering: MVV/LVA, killers, history,
// the hash move and table cut-offs; one search at the given depth.
inline SearchConfig exact_config(RootDriver driver) {
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
inline std::vector<std::string> random_positions(int count, unsigned seed) {
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

inline std::vector<std::string> lct2_fens() { return test_data::lct2_fens(); }

inline SearchResult run(const SearchConfig& s, const std::string& fen, int depth, Limits limits = Limits{}) {
  Engine engine(s, EvalConfig{});
  limits.depth = depth;
  return engine.search(Board::from_fen(fen), limits);
}

constexpr RootDriver kExactDrivers[] = {RootDriver::Sss, RootDriver::MtSss, RootDriver::MtDual};

}  // namespace buho::sss_test
