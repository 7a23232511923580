// One game between two engines of this process from an opening position, each engine a player's flag set (a version
// of configs/versions.json or a custom one). Each move is one search with a limit per move: a node budget
// (deterministic: the same game on any thread and any machine), a depth, or a clock (base time plus an increment per
// move, each side's clock kept by the game: the time its searches actually took, the increment added after each
// move; the engine's time manager, engine/time_manager.h, decides each move's soft target and hard limit). A clock
// game is not reproducible: how deep each search gets depends on the machine and its load. Each engine keeps its
// table, killers and history from move to move of its game (a new game starts them clean), as a playing engine does.
// The game ends by the engine's own rules (movegen.h game_state: mate, stalemate, threefold repetition, the 50-move
// rule, insufficient material), by adjudication when asked (both engines' scores beyond a threshold for N moves each:
// a win; both within a small margin for N moves each from a move number on: a draw), at a maximum length (a draw), or
// on time (a clock game: the side whose search outlasts its clock loses, unless the other side has too little
// material to mate, a draw). Every adjudication is recorded as the game's end.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval_config.h"
#include "engine/search.h"
#include "engine/search_config.h"

namespace harness {

struct MatchPlayer {
  std::string name;
  buho::SearchConfig search;
  buho::EvalConfig eval;
};

// A clock: each side's base time, and the increment added after each of its moves.
struct GameClock {
  std::int64_t base_ms = 0;  // 0 = no clock
  std::int64_t increment_ms = 0;
};

// The limit of every search: a node budget, a depth, or a clock (exactly one is set).
struct MoveLimit {
  std::uint64_t nodes = 0;
  int depth = 0;
  GameClock clock = {};
  bool has_clock() const { return clock.base_ms > 0; }
};
// "2000 nodes per move", "depth 5 per move", "a clock of 1 s + 0.1 s per move".
std::string move_limit_text(const MoveLimit& limit);

// cutechess's resign and draw options. A threshold of 0 switches the adjudication off.
struct Adjudication {
  int win_score = 0;      // centipawns; both engines' scores beyond it, for the same side ...
  int win_moves = 3;      // ... for this many moves of each side: that side wins
  int draw_score = 0;     // centipawns; both engines' scores within +/- it ...
  int draw_moves = 8;     // ... for this many moves of each side ...
  int draw_from_move = 40;  // ... counted from this move number on: a draw
  int max_moves = 300;    // full moves; a game that reaches it is a draw (at most kMaxGameMoves)
};
inline constexpr int kMaxGameMoves = 900;  // the board keeps 2,048 plies of history, the search needs 128 of them

enum class GameEnd { checkmate, stalemate, threefold, fifty_moves, insufficient_material, adjudicated_win,
                     adjudicated_draw, max_moves, time_forfeit };
std::string_view game_end_name(GameEnd e);  // "checkmate", ..., as stored
bool parse_game_end(std::string_view name, GameEnd& out);
bool is_adjudication(GameEnd e);  // the adjudications and the maximum length

struct PlayedMove {
  buho::Move move;
  int score = 0;  // centipawns from the mover's view (mate scores as the engine gives them)
  int depth = 0;  // the last completed iteration
  std::uint64_t nodes = 0;
  // A clock game's (GameRecord::timed): the milliseconds the search took, and the mover's clock after the move (the
  // increment added).
  std::int64_t used_ms = 0;
  std::int64_t clock_ms = 0;
};

struct GameRecord {
  std::string white, black;  // player names
  std::string fen;           // the opening position
  std::vector<PlayedMove> moves;
  int result = 0;            // +1 white won, 0 draw, -1 black won
  GameEnd end = GameEnd::max_moves;
  std::string end_text;      // a sentence: "Black mates", "both engines' scores beyond 10.00 for 3 moves"
  bool timed = false;        // played on a clock: its moves carry used_ms and clock_ms
  double engine_seconds = 0;  // the two engines' search time (not stored)
};

// The engines a worker thread keeps from game to game: one per player, built once for its flags (building one
// allocates and clears its table) and cleared at the start of each game, so that it searches as
// a new engine would (Engine::search without keep_state clears its table, killers and history).
struct GameMemory {
  // The tables first: members are destroyed in reverse order, and an engine hands its table back at its end.
  buho::EngineMemory tables[2];
  std::unique_ptr<buho::Engine> engine[2];
  std::string built_for[2];  // every flag's value (player_key) of the engine in each slot
  // Two engines, one for each player's flags (two even when both have the same flags), reusing those built before
  // and building the others: [0] White's, [1] Black's.
  std::array<buho::Engine*, 2> engines_for(const MatchPlayer& white, const MatchPlayer& black);
};
// Every search flag's and evaluation term's value, as text: two players with the same key play the same moves.
std::string player_key(const MatchPlayer& p);

// Plays the game; false (and a partial record) when `stop` was set during it.
bool play_game(const MatchPlayer& white, const MatchPlayer& black, const std::string& fen, const MoveLimit& limit,
               const Adjudication& adjudication, GameMemory& memory, GameRecord& out,
               const std::atomic<bool>* stop = nullptr);

// "1-0", "0-1", "1/2-1/2".
std::string_view result_text(int result);

// The limit as the reports write it: "2000 nodes", "depth 9" or "clock of 1 s + 0.1 s".
std::string limit_text(const MoveLimit& limit);

}  // namespace harness
