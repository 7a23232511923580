// Time management for a game played on a clock (base time plus an increment per move): how long the side to move
// may think about this move. The thesis's engine had none (it searched to a fixed depth); this is the simple scheme
// the chess-programming literature describes, nothing tuned.
//
// Chessprogramming wiki, "Time Management": under sudden death (every remaining move in the remaining time) programs
// typically estimate that the game will last another 25 to 40 moves and divide the remaining time by that; under a
// regular control (moves to go known) the time is divided by the moves to go, keeping some in hand; iterative
// deepening lets a search either decide, before it starts a new iteration, not to start it, or end the current one
// and fall back on the previous iteration's move and PV. Both are used here:
// - a soft target: once an iteration completes past it, no new iteration starts (Limits::soft_time_ms);
// - a hard limit, a few times the target but never more than a safe share of the time left: the caller stops the
//   search there through Limits::stop, as `go movetime` and a cell's time limit do.
// The increment is added to the clock after every move, so most of it can be spent on the move itself.
#pragma once

#include <cstdint>

#include "engine/board.h"

namespace buho {

// The mover's clock before its move.
struct ClockState {
  std::int64_t remaining_ms = 0;  // time left on the mover's clock
  std::int64_t increment_ms = 0;  // added to it after each of its moves
  int moves_to_go = 0;            // moves to play before the next time control adds time; 0 = sudden death
  int ply = 0;                    // plies of the game played so far (game_ply)
};

// What one move may take.
struct MoveTimeBudget {
  std::int64_t soft_ms = 0;  // start no new iteration once this much has passed (>= 1)
  std::int64_t hard_ms = 0;  // stop the search here (>= soft_ms)
};

// The scheme's constants, each with its reason.
struct TimeManagerRules {
  // Kept off every budget: what the caller loses between its clock and the search (thread start-up, the stop being
  // seen and the search unwinding, a loaded machine's scheduling), so a hard limit that is reached does not flag.
  std::int64_t move_overhead_ms = 30;
  // Sudden death: the moves still to play, estimated as `sudden_death_moves_at_start` at the game's start, one fewer
  // every `plies_per_fewer_move` plies played, never fewer than `sudden_death_moves_at_least` (the wiki's 40 and 25).
  int sudden_death_moves_at_start = 40;
  int sudden_death_moves_at_least = 25;
  int plies_per_fewer_move = 4;
  // The part of the increment the target adds (the whole increment comes back after the move; a quarter is kept as
  // a reserve for moves whose search runs past the target).
  int increment_percent = 75;
  // The hard limit: this many targets ...
  int hard_targets = 4;
  // ... but never more than this share of the usable time left, so that one long move never empties the clock.
  int hard_percent_of_remaining = 75;
};

// The soft target and hard limit for one move (a pure function: the same clock, the same budget).
MoveTimeBudget allocate_move_time(const ClockState& clock, const TimeManagerRules& rules = {});

// The moves `rules` expects are still to play: the moves to go when known, else the sudden-death estimate at `ply`.
int expected_moves_left(const ClockState& clock, const TimeManagerRules& rules = {});

// Plies played since the start position as the board's move number counts them: 2 x (fullmove - 1), plus one with
// Black to move. A game begun from an opening FEN counts the opening's moves too.
int game_ply(const Board& board);

}  // namespace buho
