// The minimal tree (Knuth & Moore 1975): the smallest tree that proves a position's minimax value at a
// depth — every move at the nodes that must be refuted in full, one refutation at the nodes that need only
// one, the best move along the principal variation. The yardstick of "how close to minimal" a
// search comes (the thesis's conclusion; Ebeling 1987: programs within 1.5x of it).
#pragma once

#include <cstdint>

#include "engine/search.h"  // MinimalRefutation, MinimalTreeCount

namespace buho {

struct SearchCore;  // engine/search_core.h

// The one door to the minimal tree: Engine::minimal_tree (engine/engine.cpp) and the driver `minimal`
// (minimal_iteration) both call it. Counts the minimal tree of the current position of `core.board` at `depth`,
// seeing the engine through its DriverContext (engine/driver_context.h), on the engine's table or, when the engine
// keeps none, on a table of tt_entries of its own. The value and the best and
// refuting moves come first from memory-enhanced null-window tests on ctx.tt (a large table converges
// them; their nodes are not counted). Then the proof tree is walked: at a node whose exact value v is
// needed (a PV node) the best move is searched for v and every other move for the bound "no better than
// v"; at a node that needs a bound one refuting move is searched (CUT), at a node that needs the opposite
// bound every move (ALL). A horizon position is proven by the engine's quiescence with the narrowest
// window that decides what is needed ([v-1, v+1] for an exact value, a null window for a bound), and its
// nodes are counted. A position met again whose bound is already proven at the same or a greater depth
// counts one node, as a table hit does in alpha-beta. The version's extensions shape the tree; forward
// pruning is not applied (the minimal tree is that of the exact search).
MinimalTreeCount count_minimal_tree(SearchCore& core, int depth, MinimalRefutation refutation);

}  // namespace buho
