// §2.2 The board: a 0x88 mailbox with piece lists, incremental Zobrist key, make/unmake with an undo
// record, null move, FEN/EPD reading and writing, and the end-of-game rules.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/attack_table.h"
#include "engine/checks.h"
#include "engine/square_sets.h"
#include "engine/types.h"

namespace buho {

// Thrown for any malformed FEN/EPD input; the message says what is wrong.
class ParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Board {
 public:
  static constexpr int MaxPieces = 16;       // per side (§2.2 piece lists)
  static constexpr int MaxHistory = 2048;    // plies of make() kept for unmake and repetition

  Board();  // the standard start position

  // Parses FEN (four to six fields) or the keyword "startpos". A castling right the king and rook
  // placement does not allow is dropped and a warning appended to `warnings` (when given); anything
  // else malformed throws ParseError.
  static Board from_fen(std::string_view fen, std::vector<std::string>* warnings = nullptr);
  std::string fen() const;

  // --- State -------------------------------------------------------------------------------------
  Piece piece_at(Square sq) const { return squares_[sq]; }
  Color side_to_move() const { return side_; }
  int castling_rights() const { return castling_; }
  Square ep_square() const { return ep_; }         // NoSquare when there is none
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }
  std::uint64_t key() const { return key_; }
  // The key make_move(m) would give, without making it: the search prefetches the child's table entry with it
  // before the tests that precede make_move, so that the memory load overlaps them.
  std::uint64_t key_after(Move m) const;
  int plies_played() const { return history_size_; }  // make()/make_null() calls not yet undone

  // Piece list of `c`: squares of its pieces; index 0 is always the king.
  int piece_count(Color c) const { return list_size_[c]; }
  Square piece_square(Color c, int i) const { return list_[c][i]; }
  Square king_square(Color c) const { return list_[c][0]; }
  int count(Color c, PieceType t) const { return counts_[c][t]; }
  // The squares of piece `p` (bit index64(sq)), and of every piece of `c`: the capture generator asks along
  // rays which square is occupied first.
  std::uint64_t piece_set(Piece p) const { return bb_[p]; }
  std::uint64_t occupancy() const { return color_set(White) | color_set(Black); }
  std::uint64_t color_set(Color c) const {
    const std::uint64_t* s = &bb_[make_piece(c, Pawn)];
    return s[0] | s[1] | s[2] | s[3] | s[4] | s[5];
  }
  // §2.4.1 the Appendix A piece-square entries of `c`'s pieces but the king, summed (engine/piece_square_tables.h):
  // kept up to date by every change of a square, so the evaluation reads it instead of walking the pieces.
  int piece_square_sum(Color c) const { return psq_[c]; }

  // --- Attacks (via the attack table) ------------------------------------------------------------
  bool is_attacked(Square sq, Color by) const { return is_attacked(sq, by, occupancy()); }
  // Would `sq` be attacked by `by`'s pieces, standing where they stand, if exactly the squares of `occupied` were
  // occupied? (The king's moves ask it with the king's own square left out; a piece on `sq` never attacks it.)
  bool is_attacked(Square sq, Color by, std::uint64_t occupied) const;
  bool in_check() const { return is_attacked(king_square(side_), ~side_); }
  // Does `m` (legal in this position) give check to the opponent?
  bool gives_check(Move m) const;

  // --- Moves ---------------------------------------------------------------------------------------
  void make_move(Move m);
  void unmake_move(Move m);
  void make_null();
  void unmake_null();
  // Finds the legal move with this UCI text ("e2e4", "e7e8q"); a null Move when there is none.
  Move parse_uci_move(std::string_view uci) const;
  // Reorders the piece lists as from_fen(fen()) would build them, keeping the history (so repetitions of the
  // moves made still count). The generator walks the piece lists, and make/unmake reorder them (a capture moves
  // the list's last piece into the gap), so a position reached by moves would otherwise be searched in another
  // move order than the same position read from its FEN: one position, two trees.
  void canonicalize_piece_lists();

  // --- End of game (§2.2) -------------------------------------------------------------------------
  // The current position occurred `times` - 1 times before, since the last irreversible move.
  bool is_repetition(int times = 3) const;
  bool is_fifty_move_draw() const { return halfmove_ >= 100; }
  bool is_insufficient_material() const;
  // §2.2 terminal by rule: fifty moves, insufficient material, threefold repetition.
  bool is_draw_by_rule() const { return is_fifty_move_draw() || is_insufficient_material() || is_repetition(); }

  // --- Consistency ----------------------------------------------------------------------------------
  std::uint64_t compute_key() const;  // from scratch
  // Rebuilds piece lists, counts, piece-square sums and key from the squares and compares: true when all agree. Checks
  // builds (engine/checks.h) assert it after every kCheckEvery-th make/unmake.
  bool is_ok() const;

 private:
  // The evaluation reads the piece sets below directly (internals, not part of the public interface).
  friend class Evaluator;

  struct Undo {
    std::uint64_t key;
    Piece captured;
    std::uint8_t castling;
    std::uint8_t ep;
    std::int32_t halfmove;  // as wide as halfmove_: a narrower copy truncated large FEN clocks (found by fuzzing)
  };

  struct Empty {};
  explicit Board(Empty) {}  // all squares empty; from_fen fills it

  void clear();
  // Records what a make (of a move or a null move) changes and cannot recompute, for its unmake: the key, castling
  // rights, en-passant square and halfmove clock; no capture yet.
  Undo& push_undo() {
    BUHO_ASSERT(history_size_ < MaxHistory);
    Undo& u = history_[history_size_++];
    u.key = key_;
    u.castling = std::uint8_t(castling_);
    u.ep = std::uint8_t(ep_);
    u.halfmove = halfmove_;
    u.captured = NoPiece;
    return u;
  }
  // Checks builds: BUHO_ASSERT(is_ok()) after every kCheckEvery-th make/unmake (of moves and null
  // moves). is_ok() rebuilds the whole position, dearer than a make; one call in 16 keeps the sanitizer
  // test run within a few per cent of its time without checks, and a broken make/unmake still shows
  // within a handful of moves. Release builds: nothing.
  void check_consistency() {
#if BUHO_CHECKS_ENABLED
    if (++changes_since_check_ < kCheckEvery) return;
    changes_since_check_ = 0;
    BUHO_ASSERT(is_ok());
#endif
  }
  void list_append(Piece p, Square sq);  // to its side's piece list only (the king to index 0)
  void put_piece(Piece p, Square sq);
  void remove_piece(Square sq);
  void move_piece(Square from, Square to);

  std::array<Piece, 128> squares_{};
  // One 64-bit set per piece (index64 squares), kept in step with squares_ by the three functions
  // below; the evaluation builds its bitboards from these instead of walking the piece lists.
  std::array<std::uint64_t, PIECE_NB> bb_{};
  std::array<std::uint8_t, 128> list_index_{};  // square -> index in its side's piece list
  std::array<std::array<Square, MaxPieces>, COLOR_NB> list_{};
  std::array<int, COLOR_NB> list_size_{};
  std::array<std::array<int, PIECE_TYPE_NB>, COLOR_NB> counts_{};
  std::array<int, COLOR_NB> psq_{};  // piece_square_sum
  Color side_ = White;
  int castling_ = 0;
  Square ep_ = NoSquare;
  int halfmove_ = 0;
  int fullmove_ = 1;
  std::uint64_t key_ = 0;
  int history_size_ = 0;
  std::array<Undo, MaxHistory> history_{};
#if BUHO_CHECKS_ENABLED
  static constexpr int kCheckEvery = 16;
  int changes_since_check_ = 0;
#endif
};

inline bool Board::is_attacked(Square sq, Color by, std::uint64_t occupied) const {
  // The attack table's question (attack_query.h) answered with the piece sets: a knight, pawn or king of `by` on a
  // square from which it reaches `sq`, or a slider on a line through `sq` it moves along with nothing between.
  const int k = index64(sq);
  const std::uint64_t* own = &bb_[make_piece(by, Pawn)];  // pawn, knight, bishop, rook, queen, king
  if ((own[Knight - Pawn] & kRaySets.knight[k]) | (own[Pawn - Pawn] & kRaySets.pawn[~by][k]) |
      (own[King - Pawn] & kRaySets.king[k]))
    return true;
  const std::uint64_t sliders = ((own[Bishop - Pawn] | own[Queen - Pawn]) & kRaySets.diagonal[k]) |
                                ((own[Rook - Pawn] | own[Queen - Pawn]) & kRaySets.orthogonal[k]);
  for (std::uint64_t x = sliders; x; x &= x - 1) {
    const int i = std::countr_zero(x);
    if (!(squares_between(k, i, attack_step(sq, from_index64(i))) & occupied)) return true;
  }
  return false;
}

// EPD: a position (four FEN fields) plus operations such as `bm`, `am`, `id`, `c0`.
struct EpdRecord {
  Board board;
  std::string id;                                        // the `id` operation, or "" when absent
  std::vector<std::pair<std::string, std::string>> ops;  // every operation in order, operands as text
  std::vector<std::string> warnings;                     // e.g. dropped castling rights
  std::string op(std::string_view name) const;           // operand text of `name`, "" when absent
};
// Parses one EPD line; throws ParseError naming what is wrong.
EpdRecord parse_epd(std::string_view line);
std::string to_epd(const EpdRecord& rec);

}  // namespace buho
