#include "engine/move_order.h"

#include <algorithm>
#include <limits>

#include "engine/history_rules.h"
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
  // The modern tables (empty unless their flag is on).
  lines_.fill({});
  std::fill(counters_.begin(), counters_.end(), Move());
  for (auto& t : continuation_) std::fill(t.begin(), t.end(), std::int16_t(0));
  std::fill(capture_.begin(), capture_.end(), std::int16_t(0));
}

namespace {
constexpr std::size_t kPieceTo = std::size_t(PIECE_NB) * 64;  // (piece, to) pairs
std::size_t piece_to(Piece p, Square to) { return std::size_t(p) * 64 + std::size_t(index64(to)); }
// The captured piece type of a tactical move: a pawn for en passant, none for a promotion that captures nothing.
PieceType captured_type(const Board& b, Move m) {
  if (m.is_en_passant()) return Pawn;
  return m.is_capture() ? type_of(b.piece_at(m.to())) : NoPieceType;
}
}  // namespace

void MoveOrder::enable(const SearchConfig& cfg) {
  if (cfg.counter_moves) counters_.assign(kPieceTo, Move());
  if (keeps_continuation_history(cfg))
    for (auto& t : continuation_) t.assign(kPieceTo * kPieceTo, 0);
  if (cfg.capture_history) capture_.assign(kPieceTo * PIECE_TYPE_NB, 0);
}

Move MoveOrder::counter_move(int ply) const {
  const LineContext& l = lines_[std::size_t(ply)];
  if (counters_.empty() || l.piece1 == NoPiece) return Move();
  return counters_[piece_to(l.piece1, l.to1)];
}

std::int16_t* MoveOrder::continuation_slot(int ply, int back, Piece p, Square to) {
  const LineContext& l = lines_[std::size_t(ply)];
  const Piece above = back == 1 ? l.piece1 : l.piece2;
  std::vector<std::int16_t>& table = continuation_[back - 1];
  if (table.empty() || above == NoPiece) return nullptr;
  return &table[piece_to(above, back == 1 ? l.to1 : l.to2) * kPieceTo + piece_to(p, to)];
}

int MoveOrder::continuation(int ply, int back, Piece p, Square to) const {
  const std::int16_t* slot = const_cast<MoveOrder*>(this)->continuation_slot(ply, back, p, to);
  return slot ? *slot : 0;
}

std::int16_t& MoveOrder::capture_entry(const Board& b, Move m) {
  return capture_[piece_to(b.piece_at(m.from()), m.to()) * PIECE_TYPE_NB + std::size_t(captured_type(b, m))];
}

int MoveOrder::capture_history_of(const Board& b, Move m) const {
  return capture_.empty() ? 0 : const_cast<MoveOrder*>(this)->capture_entry(b, m);
}

MoveOrder::Updates MoveOrder::update_on_cutoff(const Board& b, int ply, int depth, Move best, const Move* quiets,
                                               int n_quiets, const Move* tacticals, int n_tacticals) {
  Updates u;
  const bool best_tactical = best.is_capture() || best.is_promotion();
  const int bonus = history_bonus(depth);
  auto apply = [](std::int16_t& h, int delta) { h = std::int16_t(gravity_update(h, delta)); };
  if (!best_tactical) {
    // Ethereal's update_history_heuristics: the counter move, then the quiet histories of every quiet move tried.
    const LineContext& l = lines_[std::size_t(ply)];
    if (!counters_.empty() && l.piece1 != NoPiece) counters_[piece_to(l.piece1, l.to1)] = best;
    if (!continuation_[0].empty() && quiet_histories_update(depth, n_quiets + 1)) {
      auto update = [&](Move m, int delta) {
        const Piece p = b.piece_at(m.from());
        for (int back = 1; back <= 2; ++back)
          if (std::int16_t* slot = continuation_slot(ply, back, p, m.to())) {
            apply(*slot, delta);
            ++u.continuation;
          }
      };
      for (int i = 0; i < n_quiets; ++i) update(quiets[i], -bonus);
      update(best, bonus);
    }
  }
  // Ethereal's update_capture_histories: every capture tried, the best one (when it is a capture) with a bonus.
  if (!capture_.empty()) {
    for (int i = 0; i < n_tacticals; ++i) {
      apply(capture_entry(b, tacticals[i]), -bonus);
      ++u.capture;
    }
    if (best_tactical) {
      apply(capture_entry(b, best), bonus);
      ++u.capture;
    }
  }
  return u;
}

void MoveOrder::score(const Board& b, const SearchConfig& cfg, int ply, const Move* moves, std::int64_t* scores,
                      int n) const {
  const auto& k = killers_[ply];
  // The modern keys (engine/history_rules.h), each zero or absent with its flag off.
  const Move counter = cfg.counter_moves ? counter_move(ply) : Move();
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
      if (cfg.capture_history) scores[i] += capture_history_key(cfg, capture_history_of(b, m));
      continue;
    }
    if (cfg.killers && !tactical && (k[0].move == m || k[1].move == m)) {
      scores[i] = kKiller + (k[0].move == m ? k[0].count : k[1].count);
      continue;
    }
    if (counter_move_ordered(cfg, m, counter, tactical)) {
      scores[i] = kCounterMove;
      continue;
    }
    std::int64_t h = cfg.history ? history(m) : 0;
    if (cfg.continuation_history) {
      const Piece p = b.piece_at(m.from());
      // Held within the quiet category: the sum may be negative, never below the category's floor.
      h = std::clamp(h + continuation_key(cfg, continuation(ply, 1, p, m.to()), continuation(ply, 2, p, m.to())),
                     -(kCategory - 1), kHistoryCap);
    }
    scores[i] = kQuiet + h;
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
