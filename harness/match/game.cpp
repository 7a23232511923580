#include "harness/match/game.h"

#include <fmt/core.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <memory>

#include "engine/eval_config.h"
#include "engine/movegen.h"
#include "engine/search_config.h"
#include "engine/time_manager.h"
#include "engine/types.h"
#include "harness/experiment/stop_timer.h"

namespace harness {

namespace {

constexpr std::array<std::string_view, 9> kGameEndNames = {
    "checkmate", "stalemate", "threefold", "fifty_moves", "insufficient_material", "adjudicated_win",
    "adjudicated_draw", "max_moves", "time_forfeit"};

std::string pawns_text(int cp) { return fmt::format("{:.2f}", cp / 100.0); }

std::string_view side_name(int colour) { return colour == 0 ? "White" : "Black"; }

// One search of a clock game: the time manager's soft target and hard limit for the mover's clock (the hard limit
// through a StopTimer on the search's stop flag, which also forwards `stop`), and the time it actually took, from
// the call to its answer, as a GUI's clock counts from `go` to `bestmove`.
buho::SearchResult timed_search(buho::Engine& engine, const buho::Board& board, const buho::Limits& limits,
                                bool keep_state, std::int64_t remaining_us, std::int64_t increment_ms,
                                const std::atomic<bool>* stop, std::int64_t& used_us) {
  using GameTime = std::chrono::steady_clock;
  const buho::MoveTimeBudget budget =
      buho::allocate_move_time({remaining_us / 1000, increment_ms, 0, buho::game_ply(board)});
  const auto t0 = GameTime::now();
  StopTimer hard_limit(std::uint64_t(budget.hard_ms), stop);
  buho::Limits move_limits = limits;
  move_limits.stop = hard_limit.stop_flag();
  move_limits.soft_time_ms = std::uint64_t(budget.soft_ms);
  buho::SearchResult r = engine.search(board, move_limits, keep_state);
  used_us = std::chrono::duration_cast<std::chrono::microseconds>(GameTime::now() - t0).count();
  return r;
}

// Consecutive moves of each side for which its engine's score met a test.
struct Streaks {
  std::array<int, 2> winning{}, losing{}, drawish{};
};

}  // namespace

std::string player_key(const MatchPlayer& p) {
  std::string key;
  for (const auto& param : buho::search_params()) (key += buho::param_to_text(param, p.search)) += ' ';
  key += '|';
  for (const auto& param : buho::eval_params()) (key += buho::param_to_text(param, p.eval)) += ' ';
  return key;
}

std::array<buho::Engine*, 2> GameMemory::engines_for(const MatchPlayer& white, const MatchPlayer& black) {
  const std::string keys[2] = {player_key(white), player_key(black)};
  const MatchPlayer* players[2] = {&white, &black};
  int slot[2] = {-1, -1};
  for (int k = 0; k < 2 && slot[0] < 0; ++k)
    if (engine[k] && built_for[k] == keys[0]) slot[0] = k;
  for (int k = 0; k < 2 && slot[1] < 0; ++k)
    if (k != slot[0] && engine[k] && built_for[k] == keys[1]) slot[1] = k;
  if (slot[0] < 0) slot[0] = slot[1] == 0 ? 1 : 0;
  if (slot[1] < 0) slot[1] = 1 - slot[0];
  std::array<buho::Engine*, 2> out{};
  for (int c = 0; c < 2; ++c) {
    const int k = slot[c];
    if (!engine[k] || built_for[k] != keys[c]) {
      engine[k].reset();  // its table goes back to tables[k] before the new engine takes it
      engine[k] = std::make_unique<buho::Engine>(players[c]->search, players[c]->eval, &tables[k]);
      built_for[k] = keys[c];
    }
    out[std::size_t(c)] = engine[k].get();
  }
  return out;
}

std::string move_limit_text(const MoveLimit& limit) {
  if (limit.has_clock()) return "a " + limit_text(limit) + " per move";
  return limit_text(limit) + " per move";
}

std::string_view game_end_name(GameEnd e) { return kGameEndNames[std::size_t(e)]; }

bool parse_game_end(std::string_view name, GameEnd& out) {
  for (std::size_t i = 0; i < kGameEndNames.size(); ++i)
    if (kGameEndNames[i] == name) {
      out = GameEnd(i);
      return true;
    }
  return false;
}

bool is_adjudication(GameEnd e) {
  return e == GameEnd::adjudicated_win || e == GameEnd::adjudicated_draw || e == GameEnd::max_moves;
}

std::string_view result_text(int result) { return result > 0 ? "1-0" : result < 0 ? "0-1" : "1/2-1/2"; }

std::string limit_text(const MoveLimit& limit) {
  if (limit.nodes > 0) return fmt::format("{} nodes", limit.nodes);
  if (limit.has_clock())
    return fmt::format("clock of {:g} s + {:g} s", double(limit.clock.base_ms) / 1000,
                       double(limit.clock.increment_ms) / 1000);
  return fmt::format("depth {}", limit.depth);
}

bool play_game(const MatchPlayer& white, const MatchPlayer& black, const std::string& fen, const MoveLimit& limit,
               const Adjudication& adj, GameMemory& memory, GameRecord& out, const std::atomic<bool>* stop) {
  out = GameRecord{};
  out.white = white.name;
  out.black = black.name;
  out.fen = fen;
  const std::array<buho::Engine*, 2> engines = memory.engines_for(white, black);
  bool searched_before[2] = {false, false};
  buho::Board board = buho::Board::from_fen(fen);
  const int max_moves = std::min(adj.max_moves > 0 ? adj.max_moves : kMaxGameMoves, kMaxGameMoves);
  const int first_move_number = board.fullmove_number();
  Streaks s;
  buho::Limits limits;
  limits.depth = limit.depth > 0 ? limit.depth : buho::MaxPly - 1;
  limits.node_budget = limit.nodes;
  limits.stop = stop;
  // A clock game: each side's time left, in microseconds (a move's time is measured to the microsecond).
  const bool timed = limit.has_clock();
  out.timed = timed;
  std::int64_t clock_us[2] = {limit.clock.base_ms * 1000, limit.clock.base_ms * 1000};
  for (;;) {
    switch (buho::game_state(board)) {
      case buho::GameState::Checkmate:
        out.result = board.side_to_move() == buho::White ? -1 : 1;
        out.end = GameEnd::checkmate;
        out.end_text = board.side_to_move() == buho::White ? "Black mates" : "White mates";
        return true;
      case buho::GameState::Stalemate:
        out.end = GameEnd::stalemate, out.end_text = "Draw by stalemate";
        return true;
      case buho::GameState::Repetition:
        out.end = GameEnd::threefold, out.end_text = "Draw by threefold repetition";
        return true;
      case buho::GameState::FiftyMoves:
        out.end = GameEnd::fifty_moves, out.end_text = "Draw by the fifty-move rule";
        return true;
      case buho::GameState::InsufficientMaterial:
        out.end = GameEnd::insufficient_material, out.end_text = "Draw by insufficient material";
        return true;
      case buho::GameState::Ongoing: break;
    }
    if (board.fullmove_number() - first_move_number >= max_moves) {
      out.end = GameEnd::max_moves;
      out.end_text = fmt::format("Adjudicated a draw: the game reached the maximum length of {} moves", max_moves);
      return true;
    }
    const int mover = board.side_to_move() == buho::White ? 0 : 1;
    // The position is searched as its FEN would be (board.h canonicalize_piece_lists), its history kept for
    // repetitions, so a game's searches do not depend on how its piece lists were shuffled by captures.
    board.canonicalize_piece_lists();
    std::int64_t used_us = 0;
    const buho::SearchResult r =
        timed ? timed_search(*engines[mover], board, limits, searched_before[mover], clock_us[mover],
                             limit.clock.increment_ms, stop, used_us)
              : engines[mover]->search(board, limits, searched_before[mover]);
    searched_before[mover] = true;
    out.engine_seconds += r.stats.seconds;
    if (stop && stop->load()) return false;
    if (timed && used_us >= clock_us[mover]) {
      // The flag falls: the move is not played. The side on time wins, unless it has only its king left, which can
      // never mate (FIDE Laws of Chess 6.9: then the game is drawn).
      const bool bare_king = board.piece_count(buho::Color(1 - mover)) == 1;
      out.result = bare_king ? 0 : mover == 0 ? -1 : 1;
      out.end = GameEnd::time_forfeit;
      out.end_text = fmt::format("{} loses on time: its search took {:.3f} s with {:.3f} s left{}", side_name(mover),
                                 double(used_us) / 1e6, double(clock_us[mover]) / 1e6,
                                 bare_king ? fmt::format("; {} has only its king, a draw", side_name(1 - mover)) : "");
      return true;
    }
    PlayedMove pm;
    pm.move = r.best_move;
    if (pm.move.is_null()) pm.move = *buho::MoveList(board).begin();  // no iteration finished: any legal move
    pm.score = r.score;
    pm.depth = r.stats.depth_reached;
    pm.nodes = r.stats.nodes;
    if (timed) {
      clock_us[mover] += limit.clock.increment_ms * 1000 - used_us;
      pm.used_ms = used_us / 1000;
      pm.clock_ms = clock_us[mover] / 1000;
    }
    out.moves.push_back(pm);
    const int move_number = board.fullmove_number();
    board.make_move(pm.move);

    // Adjudication on the scores (each engine's own view of its own moves), unless the move ended the game by the
    // rules: a mate is recorded as a mate, not as an adjudicated win.
    if ((adj.win_score > 0 || adj.draw_score > 0) && buho::game_state(board) != buho::GameState::Ongoing) continue;
    if (adj.win_score > 0) {
      s.winning[mover] = pm.score >= adj.win_score ? s.winning[mover] + 1 : 0;
      s.losing[mover] = pm.score <= -adj.win_score ? s.losing[mover] + 1 : 0;
      for (int c = 0; c < 2; ++c)
        if (s.winning[c] >= adj.win_moves && s.losing[1 - c] >= adj.win_moves) {
          out.result = c == 0 ? 1 : -1;
          out.end = GameEnd::adjudicated_win;
          out.end_text = fmt::format("Adjudicated a win for {}: both engines' scores beyond {} for {} moves each",
                                     c == 0 ? "White" : "Black", pawns_text(adj.win_score), adj.win_moves);
          return true;
        }
    }
    if (adj.draw_score > 0) {
      const bool counted = move_number >= adj.draw_from_move;
      s.drawish[mover] = counted && std::abs(pm.score) <= adj.draw_score ? s.drawish[mover] + 1 : 0;
      if (s.drawish[0] >= adj.draw_moves && s.drawish[1] >= adj.draw_moves) {
        out.end = GameEnd::adjudicated_draw;
        out.end_text = fmt::format("Adjudicated a draw: both engines' scores within {} for {} moves each, from move {}",
                                   pawns_text(adj.draw_score), adj.draw_moves, adj.draw_from_move);
        return true;
      }
    }
  }
}

}  // namespace harness
