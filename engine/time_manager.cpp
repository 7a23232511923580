#include "engine/time_manager.h"

#include <algorithm>

namespace buho {

int expected_moves_left(const ClockState& clock, const TimeManagerRules& rules) {
  if (clock.moves_to_go > 0) return clock.moves_to_go;
  const int fewer = std::max(0, clock.ply) / std::max(1, rules.plies_per_fewer_move);
  return std::max(rules.sudden_death_moves_at_least, rules.sudden_death_moves_at_start - fewer);
}

MoveTimeBudget allocate_move_time(const ClockState& clock, const TimeManagerRules& rules) {
  // What may be spent at all: the time left less the overhead every move costs outside the search.
  // Clocks beyond a few decades are read as that (the products below then cannot overflow).
  constexpr std::int64_t kLongestClockMs = std::int64_t(1) << 40;
  const std::int64_t remaining = std::clamp<std::int64_t>(clock.remaining_ms, 0, kLongestClockMs);
  const std::int64_t increment = std::clamp<std::int64_t>(clock.increment_ms, 0, kLongestClockMs);
  const std::int64_t usable = std::max<std::int64_t>(0, remaining - rules.move_overhead_ms);
  // The target: an equal share of the usable time per expected move, plus most of the increment.
  const std::int64_t target = usable / expected_moves_left(clock, rules) + increment * rules.increment_percent / 100;
  // The hard limit: a few targets, within the safe share of the usable time; at least 1 ms, so that a search always
  // has a moment to answer (with its first legal move when no iteration ends: engine/search.h).
  const std::int64_t share = usable * rules.hard_percent_of_remaining / 100;
  MoveTimeBudget b;
  b.hard_ms = std::max<std::int64_t>(1, std::min(target * rules.hard_targets, share));
  b.soft_ms = std::clamp<std::int64_t>(target, 1, b.hard_ms);
  return b;
}

int game_ply(const Board& board) {
  return 2 * (std::max(1, board.fullmove_number()) - 1) + (board.side_to_move() == Black ? 1 : 0);
}

}  // namespace buho
