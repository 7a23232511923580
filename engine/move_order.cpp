#include "engine/move_order.h"

#include <algorithm>
#include <limits>

#include "engine/capture_rules.h"

namespace buho {

int mvv_lva(const Board& b, Move m) {
  const int attacker = kOrderValue[type_of(b.piece_at(m.from()))];
  int victim = 0;
  if (m.is_en_passant()) victim = kOrderValue[Pawn];
  else if (m.is_capture()) victim = kOrderValue[type_of(b.piece_at(m.to()))];
  if (m.is_promotion()) victim += kOrderValue[m.promotion()] - kOrderValue[Pawn];
  return 100 * victim - 10 * attacker;
}

bool is_losing_capture(const Board& b, Move m) {
  if (!m.is_capture() || m.is_en_passant() || m.is_promotion()) return false;
  const int attacker = kOrderValue[type_of(b.piece_at(m.from()))];
  const int victim = kOrderValue[type_of(b.piece_at(m.to()))];
  return victim < attacker && b.is_attacked(m.to(), ~b.side_to_move());
}

bool qsearch_searches(const Board& b, Move m, QsearchCaptures rule, const std::array<int, PIECE_TYPE_NB>& value) {
  if (rule == QsearchCaptures::All || !m.is_capture() || m.is_promotion()) return true;
  const PieceType attacker_type = type_of(b.piece_at(m.from()));
  // The king as attacker: worth more than any victim, so "victim < attacker" always holds for it.
  const int attacker = attacker_type == King ? std::numeric_limits<int>::max() : value[attacker_type];
  const int victim = value[m.is_en_passant() ? Pawn : type_of(b.piece_at(m.to()))];
  switch (rule) {
    // Q3: skip only a loss by value that the defender can collect; equal trades and undefended victims stay.
    case QsearchCaptures::NonLosing: return !(victim < attacker && b.is_attacked(m.to(), ~b.side_to_move()));
    // Q4: a strict gain by value alone, defended or not; equal trades (and every king capture) are out,
    // as readings.md §1 needs for FIN.08's Bxh4 (bishop for bishop) and FIN.06's Kxd3.
    case QsearchCaptures::WinningByValue: return victim > attacker;
    // Q7: a gain or an equal trade by value alone (§5.4 L1208 «capturas que ganen material, capturas que
    // conserven material»); a king capture is never "equal" (its value above).
    case QsearchCaptures::WinningOrEqualByValue: return victim >= attacker;
    case QsearchCaptures::All: break;
  }
  return true;
}

void MoveOrder::clear() {
  for (auto& k : killers_) k = {};
  for (auto& row : history_) row.fill(0);
}

void MoveOrder::score(const Board& b, const SearchConfig& cfg, int ply, const Move* moves, std::int64_t* scores,
                      int n) const {
  const auto& k = killers_[ply];
  for (int i = 0; i < n; ++i) {
    const Move m = moves[i];
    const bool tactical = m.is_capture() || m.is_promotion();
    if (cfg.mvv_lva && tactical) {
      // §4.2: C + 100*victim - 10*attacker, C putting winning captures first and losing ones after the killers;
      // losing by value, or by static exchange under see_ordering (engine/capture_rules.h), in the fixed
      // ordering values so that eval.*_value moves no ordering decision.
      const bool bad = capture_ordered_bad(cfg, [&] { return is_losing_capture(b, m); },
                                           [&] { return see_loses(b, m, kOrderValue); });
      scores[i] = (bad ? kLosingCapture : kGoodCapture) + mvv_lva(b, m);
      continue;
    }
    if (cfg.killers && !tactical && (k[0].move == m || k[1].move == m)) {
      scores[i] = kKiller + (k[0].move == m ? k[0].count : k[1].count);
      continue;
    }
    scores[i] = kQuiet + (cfg.history ? history(m) : 0);
  }
}

void MoveOrder::add_killer(int ply, Move m) {
  auto& k = killers_[ply];
  if (k[0].move == m) {
    ++k[0].count;
  } else if (k[1].move == m) {
    ++k[1].count;
  } else {
    // A new killer replaces the one with the lower counter (§4.3.2); on a tie, the second slot.
    Killer& victim = k[0].count < k[1].count ? k[0] : k[1];
    victim = Killer{m, 1};
  }
}

void MoveOrder::add_history(Move m, int depth) {
  // Weight 2^depth (§4.3.1), exponent capped so the sum cannot overflow; saturates below the next category.
  const std::int64_t w = std::int64_t(1) << std::clamp(depth, 0, 40);
  std::int64_t& h = history_[index64(m.from())][index64(m.to())];
  h = std::min(kHistoryCap, h + w);
}

}  // namespace buho
