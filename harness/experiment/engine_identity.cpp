#include "harness/experiment/engine_identity.h"

#include <fmt/core.h>

#include "engine/board.h"
#include "engine/search.h"
#include "harness/experiment/cell_inputs.h"  // fnv1a_hex

namespace harness {

namespace {

// Three LCT II positions (a middlegame, a combination, an endgame), searched with every heuristic
// on and with every heuristic off, at a depth that takes milliseconds.
constexpr const char* kSignatureFens[] = {
    "r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1",
    "rn3rk1/pbppq1pp/1p2pb2/4N2Q/3PN3/3B4/PPP2PPP/R3K2R w KQ - 0 1",
    "8/3b4/5k2/2pPnp2/1pP4N/pP1B2P1/P3K3/8 b - - 0 1",
};
constexpr int kDepthAllOn = 5;   // every heuristic on: a few thousand nodes per position
constexpr int kDepthAllOff = 2;  // plain alpha-beta: its quiescence alone is tens of thousands

std::string compute_identity() {
  buho::SearchConfig all_on;
  all_on.tt_entries = 1 << 14;
  buho::SearchConfig all_off = all_on;
  all_off.mvv_lva = all_off.killers = all_off.history = all_off.hash_move = false;
  all_off.pvs = all_off.aspiration = all_off.tt_cutoffs = false;
  all_off.null_move = all_off.futility = all_off.lmr = false;
  std::string counts;
  for (const auto& [cfg, depth] : {std::pair{&all_on, kDepthAllOn}, std::pair{&all_off, kDepthAllOff}})
    for (const char* fen : kSignatureFens) {
      buho::Engine engine(*cfg, buho::EvalConfig{});
      auto r = engine.search(buho::Board::from_fen(fen), buho::Limits{depth, 0});
      counts += fmt::format("{} {} {};", r.stats.nodes, r.score, r.best_move.uci());
    }
  return fmt::format("{}+sig:{}", kEngineVersion, fnv1a_hex(counts));
}

}  // namespace

const std::string& engine_identity() {
  static const std::string identity = compute_identity();
  return identity;
}

bool same_engine(const std::string& identity) { return identity == engine_identity(); }

}  // namespace harness
