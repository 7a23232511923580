#include "engine/movegen.h"

#include <array>
#include <bit>
#include <cstdint>

#include "engine/attack_query.h"
#include "engine/king_lines.h"
#include "engine/square_sets.h"

namespace buho {

namespace {

enum class GenMode { All, Captures };

// What stands between the side to move and a legal move: the checkers and the pinned pieces,
// found once per position by looking from the king along its lines (engine/square_sets.h).
struct KingSafety {
  int checkers = 0;
  Square checker = NoSquare;
  int check_step = 0;  // a sliding checker: unit step from the king towards it; 0 for a knight or pawn
  int pins = 0;
  Square pinned[8];
  int pin_step[8];  // unit step from the king through the pinned piece

  int pin_of(Square sq) const {
    for (int i = 0; i < pins; ++i)
      if (pinned[i] == sq) return pin_step[i];
    return 0;
  }
};

KingSafety king_safety(const Board& b, Color us) {
  KingSafety ks;
  // A knight or pawn next to the king checks; adjacent threats cannot be blocked.
  if (const SquareSet leapers = leaper_checkers(b, us)) {
    ks.checkers += std::popcount(leapers);
    ks.checker = from_index64(std::countr_zero(leapers));
  }
  slider_lines_from_king(
      b, us,
      [&](int slider, int step) {
        ++ks.checkers;
        ks.checker = from_index64(slider);
        ks.check_step = step;
      },
      [&](int pinned, int, SquareSet, int step) {
        ks.pinned[ks.pins] = from_index64(pinned);
        ks.pin_step[ks.pins++] = step;
      });
  return ks;
}

// In single check, a non-king move must capture the checker or land between it and the king.
inline bool resolves_check(const KingSafety& ks, Square ksq, Square to) {
  if (to == ks.checker) return true;
  if (!ks.check_step || attack_step(ksq, to) != ks.check_step) return false;
  return (to - ksq) / ks.check_step < (ks.checker - ksq) / ks.check_step;
}

// A pinned piece may move only along the line of its pin.
inline bool along_pin(int pin, int step) { return pin == 0 || pin == step || pin == -step; }

// What the capture generator reads of the position once: the occupied squares and the enemy's.
struct CaptureSets {
  SquareSet occupied;
  SquareSet enemies;
};

// The capture along one ray of a bishop, rook or queen: its first occupied square, when an enemy stands there.
template <int Step, class Legal>
inline Move* capture_along(Square from, const CaptureSets& sets, int pin, Legal legal_target, Move* out) {
  if (!along_pin(pin, Step)) return out;
  const SquareSet blockers = kRaySets.ray[ray_of(Step)][index64(from)] & sets.occupied;
  if (!blockers) return out;
  const int first = Step > 0 ? std::countr_zero(blockers) : 63 - std::countl_zero(blockers);
  const Square to = from_index64(first);
  if (((sets.enemies >> first) & 1) && legal_target(to)) *out++ = Move::make(from, to, Move::Capture);
  return out;
}

template <class Legal>
inline Move* captures_diagonal(Square from, const CaptureSets& sets, int pin, Legal legal_target, Move* out) {
  if (!(kRaySets.diagonal[index64(from)] & sets.enemies)) return out;
  out = capture_along<15>(from, sets, pin, legal_target, out);
  out = capture_along<17>(from, sets, pin, legal_target, out);
  out = capture_along<-15>(from, sets, pin, legal_target, out);
  return capture_along<-17>(from, sets, pin, legal_target, out);
}

template <class Legal>
inline Move* captures_orthogonal(Square from, const CaptureSets& sets, int pin, Legal legal_target, Move* out) {
  if (!(kRaySets.orthogonal[index64(from)] & sets.enemies)) return out;
  out = capture_along<1>(from, sets, pin, legal_target, out);
  out = capture_along<-1>(from, sets, pin, legal_target, out);
  out = capture_along<16>(from, sets, pin, legal_target, out);
  return capture_along<-16>(from, sets, pin, legal_target, out);
}

// One knight jump. The step is a template argument so that each of the eight jumps (and each ray
// below) gets its own branch in the machine code, which the branch predictor learns separately.
template <int Step, GenMode Mode, class Legal>
inline Move* jump(const Board& b, Square from, Color us, Legal legal_target, Move* out) {
  const Square to = from + Step;
  if (!on_board(to)) return out;
  const Piece target = b.piece_at(to);
  if (target == NoPiece) {
    if (Mode == GenMode::All && legal_target(to)) *out++ = Move::make(from, to);
  } else if (color_of(target) != us && legal_target(to)) {
    *out++ = Move::make(from, to, Move::Capture);
  }
  return out;
}

// One ray of a bishop, rook or queen, skipped when a pin forbids that direction.
template <int Step, GenMode Mode, class Legal>
inline Move* slide(const Board& b, Square from, Color them, int pin, Legal legal_target, Move* out) {
  if (!along_pin(pin, Step)) return out;
  for (Square to = from + Step; on_board(to); to += Step) {
    const Piece target = b.piece_at(to);
    if (target == NoPiece) {
      if (Mode == GenMode::All && legal_target(to)) *out++ = Move::make(from, to);
      continue;
    }
    if (color_of(target) == them && legal_target(to)) *out++ = Move::make(from, to, Move::Capture);
    break;
  }
  return out;
}

template <GenMode Mode, class Legal>
inline Move* slide_diagonals(const Board& b, Square from, Color them, int pin, Legal legal_target, Move* out) {
  out = slide<15, Mode>(b, from, them, pin, legal_target, out);
  out = slide<17, Mode>(b, from, them, pin, legal_target, out);
  out = slide<-15, Mode>(b, from, them, pin, legal_target, out);
  return slide<-17, Mode>(b, from, them, pin, legal_target, out);
}

template <GenMode Mode, class Legal>
inline Move* slide_lines(const Board& b, Square from, Color them, int pin, Legal legal_target, Move* out) {
  out = slide<1, Mode>(b, from, them, pin, legal_target, out);
  out = slide<-1, Mode>(b, from, them, pin, legal_target, out);
  out = slide<16, Mode>(b, from, them, pin, legal_target, out);
  return slide<-16, Mode>(b, from, them, pin, legal_target, out);
}

// 3. Every piece but the king, from the piece list (§2.2): 16 squares visited, not 64. Compiled
// twice, so the common case (not in check) carries no per-target check test at all.
template <GenMode Mode, bool InCheck>
Move* generate_pieces(const Board& b, const KingSafety& ks, Square ksq, Move* out) {
  const Color us = b.side_to_move();
  const Color them = ~us;
  auto legal_target = [&](Square to) { return !InCheck || resolves_check(ks, ksq, to); };

  const int forward = us == White ? 16 : -16;
  const int start_rank = us == White ? 1 : 6;
  const int promo_rank = us == White ? 7 : 0;
  auto add_pawn = [&](Square from, Square to, std::uint32_t flags) {
    if (rank_of(to) == promo_rank) {
      for (PieceType pt : {Queen, Rook, Bishop, Knight}) *out++ = Move::make(from, to, flags, pt);
    } else {
      *out++ = Move::make(from, to, flags);
    }
  };

  CaptureSets sets{};
  if constexpr (Mode == GenMode::Captures) {
    sets.enemies = b.color_set(them);
    sets.occupied = sets.enemies | b.color_set(us);
  }

  const int n = b.piece_count(us);
  for (int i = 1; i < n; ++i) {
    const Square from = b.piece_square(us, i);
    const Piece pc = b.piece_at(from);
    const int pin = ks.pins ? ks.pin_of(from) : 0;
    switch (type_of(pc)) {
      case Pawn: {
        // Capture mode: a pawn with no enemy piece on the squares it attacks and no promotion ahead has no move here.
        if (Mode == GenMode::Captures && !(kRaySets.pawn[us][index64(from)] & sets.enemies) &&
            rank_of(from + forward) != promo_rank)
          break;
        // Captures to both sides.
        for (int cap_step : {forward - 1, forward + 1}) {
          const Square to = from + cap_step;
          if (!on_board(to) || !along_pin(pin, cap_step)) continue;
          const Piece target = b.piece_at(to);
          if (target != NoPiece && color_of(target) == them && legal_target(to)) add_pawn(from, to, Move::Capture);
        }
        // Pushes (in capture mode only a push that promotes).
        const Square to = from + forward;
        if (b.piece_at(to) == NoPiece && along_pin(pin, forward)) {
          if (Mode == GenMode::All || rank_of(to) == promo_rank) {
            if (legal_target(to)) add_pawn(from, to, 0);
            if (Mode == GenMode::All && rank_of(from) == start_rank) {
              const Square to2 = to + forward;
              if (b.piece_at(to2) == NoPiece && legal_target(to2)) *out++ = Move::make(from, to2, Move::DoublePush);
            }
          }
        }
        break;
      }
      case Knight:
        if (pin) break;  // a pinned knight can never move along its pin
        if (Mode == GenMode::Captures && !(kRaySets.knight[index64(from)] & sets.enemies)) break;
        out = jump<14, Mode>(b, from, us, legal_target, out);
        out = jump<18, Mode>(b, from, us, legal_target, out);
        out = jump<31, Mode>(b, from, us, legal_target, out);
        out = jump<33, Mode>(b, from, us, legal_target, out);
        out = jump<-14, Mode>(b, from, us, legal_target, out);
        out = jump<-18, Mode>(b, from, us, legal_target, out);
        out = jump<-31, Mode>(b, from, us, legal_target, out);
        out = jump<-33, Mode>(b, from, us, legal_target, out);
        break;
      case Bishop:
        if constexpr (Mode == GenMode::Captures) out = captures_diagonal(from, sets, pin, legal_target, out);
        else out = slide_diagonals<Mode>(b, from, them, pin, legal_target, out);
        break;
      case Rook:
        if constexpr (Mode == GenMode::Captures) out = captures_orthogonal(from, sets, pin, legal_target, out);
        else out = slide_lines<Mode>(b, from, them, pin, legal_target, out);
        break;
      case Queen:
        if constexpr (Mode == GenMode::Captures) {
          out = captures_diagonal(from, sets, pin, legal_target, out);
          out = captures_orthogonal(from, sets, pin, legal_target, out);
        } else {
          out = slide_diagonals<Mode>(b, from, them, pin, legal_target, out);
          out = slide_lines<Mode>(b, from, them, pin, legal_target, out);
        }
        break;
      default:
        break;
    }
  }
  return out;
}

template <GenMode Mode>
Move* generate(const Board& b, Move* out) {
  const Color us = b.side_to_move();
  const Color them = ~us;
  const Square ksq = b.king_square(us);
  const KingSafety ks = king_safety(b, us);
  auto occupied = [&b](Square s) { return b.piece_at(s) != NoPiece; };

  // 1. King moves: the target must not be attacked once the king has left its square.
  static constexpr int kKingSteps[8] = {1, -1, 16, -16, 15, 17, -15, -17};
  const SquareSet occupied_set = b.occupancy();
  const SquareSet without_king = occupied_set & ~(SquareSet(1) << index64(ksq));
  const bool king_moves = Mode == GenMode::All || (kRaySets.king[index64(ksq)] & b.color_set(them));
  for (int step : kKingSteps) {
    if (!king_moves) break;
    const Square to = ksq + step;
    if (!on_board(to)) continue;
    const Piece target = b.piece_at(to);
    if (target != NoPiece && color_of(target) == us) continue;
    if (Mode == GenMode::Captures && target == NoPiece) continue;
    if (!b.is_attacked(to, them, without_king)) *out++ = Move::make(ksq, to, target != NoPiece ? std::uint32_t(Move::Capture) : 0u);
  }
  if (ks.checkers >= 2) return out;  // double check: only the king may move

  // 2. Castling (§2.2): not in check, squares between empty, king does not pass or land on attack.
  if (Mode == GenMode::All && ks.checkers == 0) {
    const int rights = b.castling_rights() & (us == White ? (WhiteOO | WhiteOOO) : (BlackOO | BlackOOO));
    if (rights & (WhiteOO | BlackOO)) {
      if (!occupied(ksq + 1) && !occupied(ksq + 2) && !b.is_attacked(ksq + 1, them, occupied_set) &&
          !b.is_attacked(ksq + 2, them, occupied_set))
        *out++ = Move::make(ksq, ksq + 2, Move::Castle);
    }
    if (rights & (WhiteOOO | BlackOOO)) {
      if (!occupied(ksq - 1) && !occupied(ksq - 2) && !occupied(ksq - 3) && !b.is_attacked(ksq - 1, them, occupied_set) &&
          !b.is_attacked(ksq - 2, them, occupied_set))
        *out++ = Move::make(ksq, ksq - 2, Move::Castle);
    }
  }

  out = ks.checkers ? generate_pieces<Mode, true>(b, ks, ksq, out) : generate_pieces<Mode, false>(b, ks, ksq, out);

  // 4. En passant: rare, so tested in full — the two pawns leave their squares and our pawn lands,
  // which can expose the king along a rank (the classic horizontal pin) as well as along a pin.
  const Square ep = b.ep_square();
  if (ep != NoSquare) {
    const Square cap = ep - (us == White ? 16 : -16);
    for (int side : {-1, 1}) {
      const Square from = cap + side;
      if (!on_board(from) || b.piece_at(from) != make_piece(us, Pawn)) continue;
      const bool exposed = attacked_by(b, ksq, them, cap, [&](Square s) {
        if (s == ep) return true;
        if (s == from || s == cap) return false;
        return b.piece_at(s) != NoPiece;
      });
      if (!exposed) *out++ = Move::make(from, ep, Move::Capture | Move::EnPassant);
    }
  }
  return out;
}

}  // namespace

Move* generate_legal(const Board& b, Move* out) { return generate<GenMode::All>(b, out); }
Move* generate_legal_captures(const Board& b, Move* out) { return generate<GenMode::Captures>(b, out); }

int count_legal(const Board& b) {
  Move buf[MaxMoves];
  return int(generate_legal(b, buf) - buf);
}

GameState game_state(const Board& b) {
  if (count_legal(b) == 0) return b.in_check() ? GameState::Checkmate : GameState::Stalemate;
  if (b.is_fifty_move_draw()) return GameState::FiftyMoves;
  if (b.is_repetition(3)) return GameState::Repetition;
  if (b.is_insufficient_material()) return GameState::InsufficientMaterial;
  return GameState::Ongoing;
}

}  // namespace buho
