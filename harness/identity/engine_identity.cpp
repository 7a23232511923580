#include "harness/identity/engine_identity.h"

#include "harness/identity/engine_signature.h"

namespace harness {

namespace {

// An earlier identity whose trees this engine grows unchanged.
struct EquivalentIdentity {
  const char* earlier;
  const char* same_as;  // this engine's identity when the equivalence was established
};

// Evidence for each entry: the engine's trees did not change between the two (the bench signature stayed
// 430473) and tests/committed_results_slow_test.cpp re-runs a sample of every committed cell made by `earlier`
// with this engine and finds every counter, score, best move and PV identical.
constexpr EquivalentIdentity kEquivalentIdentities[] = {
    // buho-1: the identity of sessions 1-2 (results/thesis-versions, thesis-tt, tt-deep). Its signature searched
    // only "all on" and "all off" at shallow depths; buho-2 covers every rung of the A-H ladder.
    {"buho-1+sig:27765dc1eb3dbde6", "buho-2+sig:2d98c057d0c08a7c"},
    // buho-2 of session 4: its ladder did not search the reading flags of the calibration; this one adds the rungs
    // "H+readings", "A+readings" and "H+other readings" (engine_signature.cpp). Same trees: signature 430473.
    {"buho-2+sig:a9208b87e85db88f", "buho-2+sig:2d98c057d0c08a7c"},
    // buho-2 of sessions 5-10: its "H+readings" rung had no tt_horizon (reading V5, session 11), which that rung now
    // sets; every other rung, and every tree without tt_horizon, is unchanged (committed_results_slow_test re-runs
    // a sample of every committed directory's cells with this engine).
    {"buho-2+sig:539e676cd35820f7", "buho-2+sig:2d98c057d0c08a7c"},
    // buho-2 of sessions 11-12: its ladder had no rung with the readings Q7 (qsearch_captures=
    // winning_or_equal_by_value) and P2/P3 (futility_positional), which two new rungs search; every other rung, and
    // every tree with neither reading, is unchanged (bench signature 313589).
    {"buho-2+sig:f39029fb11c783a8", "buho-2+sig:2d98c057d0c08a7c"},
};

}  // namespace

const std::string& engine_identity() { return engine_signature().identity; }

bool same_engine(const std::string& identity) {
  if (identity == engine_identity()) return true;
  for (const auto& e : kEquivalentIdentities)
    if (identity == e.earlier && engine_identity() == e.same_as) return true;
  return false;
}

}  // namespace harness
