// SSS* and DUAL* as sequences of memory-enhanced null-window tests (MT), after Plaat, Schaeffer, Pijls
// & de Bruin (1996, Artificial Intelligence 87): MT-SSS* starts at +inf and steps down, MT-DUAL* starts
// at -inf and steps up.
#pragma once

#include "engine/driver_context.h"

namespace buho {

// MT(n, γ): a fail-soft null-window alpha-beta test of "value >= gamma" at the current position, from the
// side to move's view, with the transposition table as its memory. The result g is a lower bound on the
// value when g >= gamma and an upper bound when g < gamma. Stores every node it searches (horizon
// positions with their exact quiescence value at depth 0) and uses stored bounds whatever tt_cutoffs
// says: the table is what makes the test memory-enhanced. Needs ctx.tt. Returns 0 when stopped.
Score memory_test(DriverContext& ctx, Score gamma, int depth, int ply);

// One iteration of MT-SSS* / MT-DUAL* to `depth` from the root; returns the minimax value and sets
// ctx.root_best. `passes` (when given) receives the number of MT calls the iteration made.
Score mt_sss(DriverContext& ctx, int depth, int* passes = nullptr);
Score mt_dual(DriverContext& ctx, int depth, int* passes = nullptr);

}  // namespace buho
