// The counters a search reports. Definitions live here and only here (README prints them).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/types.h"

namespace buho {

// NODE COUNT DEFINITION, the one place it is written: the README quotes it, every report prints it,
// and a test checks that the README's copy is word for word this text.
inline constexpr const char* kNodeCountDefinition =
    "A node is one position entered by the search or by the quiescence search — root, interior nodes, leaves, "
    "quiescence nodes, null-move children and re-searches all included — counted once per entry and summed over "
    "every iteration of iterative deepening. `nodes` goes up in exactly one place, `enter_node` in "
    "engine/search.cpp, called at the top of every full-width node (of any root driver) and of quiescence.";

// LEAF COUNT DEFINITION (the README quotes it beside the node definition).
inline constexpr const char* kLeafCountDefinition =
    "A leaf is a horizon position whose static evaluation is taken: a position the full-width search hands to "
    "quiescence (depth 0) and that is neither a draw by rule nor stopped, counted once per entry and summed over "
    "every iteration. `leaves` goes up in one place: the stand-pat evaluation at the first quiescence ply. "
    "Positions deeper in quiescence are nodes but not leaves.";

struct SearchStats {
  std::uint64_t nodes = 0;                 // every position entered (definition above)
  std::uint64_t qnodes = 0;                // the part of `nodes` entered by quiescence
  std::vector<std::uint64_t> iteration_nodes;  // nodes of each iteration (depth 1, 2, ...); one entry without ID
  std::uint64_t tt_probes = 0;             // table look-ups in the full-width search
  std::uint64_t tt_hits = 0;               // look-ups that found an entry with the same key
  std::uint64_t tt_cutoffs = 0;            // nodes ended by a stored bound
  std::uint64_t tt_stores = 0;             // store calls
  std::uint64_t tt_overwrites = 0;         // stores that replaced an entry holding another position
  std::uint64_t tt_collisions = 0;         // probes whose slot held another position
  std::uint64_t tt_refused = 0;            // stores the replacement scheme refused
  std::uint64_t tt_occupied = 0;           // slots holding a position at the end (distinct positions stored)
  std::uint64_t tt_capacity = 0;           // slots in the table (entries x slots per entry); load = occupied / capacity
  std::uint64_t beta_cutoffs = 0;          // fail-high nodes
  std::uint64_t first_move_cutoffs = 0;    // fail-highs on the first move searched
  std::uint64_t pvs_researches = 0;        // §4.5 minimal-window searches re-searched with a full window
  std::uint64_t aspiration_researches = 0; // §4.4 root re-searches after failing the window
  std::uint64_t null_tries = 0;            // §5.2 null-move searches made
  std::uint64_t null_cutoffs = 0;          // ... that cut off
  std::uint64_t futility_prunes = 0;       // §5.3 moves skipped by futility or razoring
  std::uint64_t lmr_reductions = 0;        // §5.4 reduced searches made
  std::uint64_t lmr_researches = 0;        // ... re-searched because they beat alpha
  std::uint64_t ext_check = 0;             // §3.6 extensions, by kind
  std::uint64_t ext_single_reply = 0;
  std::uint64_t ext_threat = 0;
  std::uint64_t ext_pawn = 0;
  std::uint64_t ext_king_safety = 0;
  // The later counters: absent from cells written before them (read as "not measured", never 0).
  std::uint64_t passes = 0;                // searches of the root: 1 per iteration, + re-searches, + MTD(f)'s passes
  std::uint64_t leaves = 0;                // horizon positions evaluated (definition above)
  std::vector<std::uint64_t> iteration_passes;  // passes of each iteration (depth 1, 2, ...)
  std::uint64_t open_peak = 0;             // driver sss: the most entries its OPEN list held at once (a size)
  // Plaat et al. 1996's enhanced transposition cut-offs (flag etc); absent from the cells of a search without it.
  std::uint64_t etc_probes = 0;            // children's entries looked up before a node searched its moves
  std::uint64_t etc_cutoffs = 0;           // nodes ended by such an entry
  // Modern move ordering by history, reductions and extensions (issue 50; engine/history_rules.h,
  // engine/singular_rules.h); each absent from the cells of a search without its flag.
  std::uint64_t counter_move_cutoffs = 0;  // counter_moves: fail highs on the previous move's counter move
  std::uint64_t cont_history_updates = 0;  // continuation_history: bonus/malus updates of the quiet tables
  std::uint64_t capture_history_updates = 0;  // capture_history: bonus/malus updates of the capture table
  std::uint64_t lmr_reduced_plies = 0;     // lmr_log: plies taken off by the reduced searches (sum)
  std::uint64_t lmr_history_changes = 0;   // lmr_history: reductions the history made longer or shorter
  std::uint64_t singular_searches = 0;     // singular_ext: excluded-move searches made
  std::uint64_t singular_extensions = 0;   // ... that extended the hash move
  std::uint64_t multi_cuts = 0;            // ... that ended the node (singular beta >= beta)
  // Modern heuristics, captures (engine/capture_rules.h); each absent from the cells of a search without its flag.
  std::uint64_t see_bad_captures = 0;      // see_ordering: captures searched in the bad-capture stage (SEE < 0)
  std::uint64_t qsearch_see_skips = 0;     // qsearch_see: quiescence captures skipped for a losing SEE
  std::uint64_t delta_prunes = 0;          // delta_pruning: quiescence captures skipped by the delta margin
  std::uint64_t see_prunes = 0;            // see_pruning: moves skipped below the SEE threshold
  std::uint64_t probcut_tries = 0;         // probcut: captures searched by ProbCut (quiescence, then reduced)
  std::uint64_t probcut_cutoffs = 0;       // ... nodes ended by one that held
  // Modern node pruning (issue 50; engine/node_pruning_rules.h); absent from the cells of a search without its flag.
  std::uint64_t mdp_cutoffs = 0;           // nodes ended by mate-distance pruning (the window closed)
  std::uint64_t improving_nodes = 0;       // nodes whose static evaluation was improving (flag improving)
  std::uint64_t rfp_cutoffs = 0;           // nodes ended by reverse futility pruning
  std::uint64_t razoring_tries = 0;        // razoring's quiescence probes
  std::uint64_t razoring_cutoffs = 0;      // ... that failed low and ended the node
  std::uint64_t lmp_prunes = 0;            // quiet moves skipped by late move pruning
  std::uint64_t iir_reductions = 0;        // nodes searched a ply shallower by internal iterative reductions
  std::uint64_t iid_searches = 0;          // internal iterative deepening searches made
  int depth_reached = 0;                   // last completed iteration
  int seldepth = 0;                        // deepest ply entered (quiescence included)
  double seconds = 0;                      // wall time of the search
  double nps() const { return seconds > 0 ? double(nodes) / seconds : 0; }
  std::uint64_t last_iteration_nodes() const { return iteration_nodes.empty() ? 0 : iteration_nodes.back(); }
};

}  // namespace buho
