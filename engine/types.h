// Basic chess types of the engine: colours, pieces, 0x88 squares, moves, scores.
// The board is the thesis's 0x88 mailbox (§2.2): a square is rank * 16 + file, and `sq & 0x88`
// is non-zero exactly when a step has left the board.
#pragma once

#include <cstdint>
#include <string>

namespace buho {

enum Color : int { White = 0, Black = 1, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { NoPieceType = 0, Pawn = 1, Knight, Bishop, Rook, Queen, King, PIECE_TYPE_NB };

// A piece is its type, plus 8 for Black; 0 is an empty square.
enum Piece : std::uint8_t {
  NoPiece = 0,
  WPawn = 1, WKnight, WBishop, WRook, WQueen, WKing,
  BPawn = 9, BKnight, BBishop, BRook, BQueen, BKing,
  PIECE_NB = 16
};
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// 0x88 square: bits 0-2 file, bits 4-6 rank. Index 128 (NoSquare) is off the board.
using Square = int;
constexpr Square NoSquare = 128;
constexpr bool on_board(int sq) { return (sq & 0x88) == 0; }
constexpr int file_of(Square sq) { return sq & 7; }
constexpr int rank_of(Square sq) { return sq >> 4; }
constexpr Square make_square(int file, int rank) { return rank * 16 + file; }
// Dense 0..63 index (a1 = 0, h8 = 63), for tables such as history (64x64) and Zobrist keys.
constexpr int index64(Square sq) { return ((sq >> 4) << 3) | (sq & 7); }
constexpr Square from_index64(int i) { return ((i >> 3) << 4) | (i & 7); }
// A rank seen from `c`'s side: relative_rank(White, r) == r, relative_rank(Black, r) == 7 - r.
constexpr int relative_rank(Color c, int rank) { return c == White ? rank : 7 - rank; }

std::string square_name(Square sq);      // "e4"; "-" for NoSquare
Square parse_square(const std::string&); // NoSquare when it is not a square name

// Castling rights, one bit each.
enum CastlingRight : int { WhiteOO = 1, WhiteOOO = 2, BlackOO = 4, BlackOOO = 8, AllCastling = 15 };

// A move packed in 32 bits: from (7 bits), to (7), promotion piece type (3), flags (4).
class Move {
 public:
  enum Flag : std::uint32_t { Capture = 1, EnPassant = 2, Castle = 4, DoublePush = 8 };

  constexpr Move() = default;
  static constexpr Move make(Square from, Square to, std::uint32_t flags = 0, PieceType promo = NoPieceType) {
    return Move(std::uint32_t(from) | (std::uint32_t(to) << 7) | (std::uint32_t(promo) << 14) | (flags << 17));
  }
  static constexpr Move from_raw(std::uint32_t raw) { return Move(raw); }

  constexpr Square from() const { return Square(v_ & 0x7F); }
  constexpr Square to() const { return Square((v_ >> 7) & 0x7F); }
  constexpr PieceType promotion() const { return PieceType((v_ >> 14) & 7); }
  constexpr std::uint32_t flags() const { return v_ >> 17; }
  constexpr bool is_capture() const { return flags() & Capture; }  // en passant included
  constexpr bool is_en_passant() const { return flags() & EnPassant; }
  constexpr bool is_castle() const { return flags() & Castle; }
  constexpr bool is_double_push() const { return flags() & DoublePush; }
  constexpr bool is_promotion() const { return promotion() != NoPieceType; }
  constexpr bool is_null() const { return v_ == 0; }
  constexpr std::uint32_t raw() const { return v_; }
  constexpr bool operator==(const Move&) const = default;

  std::string uci() const;  // "e2e4", "e7e8q", "0000" for the null move

 private:
  constexpr explicit Move(std::uint32_t v) : v_(v) {}
  std::uint32_t v_ = 0;
};

// Scores are centipawns from the side to move's point of view.
using Score = int;
constexpr Score ScoreInfinite = 32000;
constexpr Score ScoreMate = 30000;          // mate at the root; mate in n plies scores ScoreMate - n
constexpr Score ScoreMateBound = 29000;     // |score| >= this means "a mate was found"
constexpr int MaxPly = 128;                 // deepest ply the search can reach (extensions included)
constexpr int MaxMoves = 256;               // upper bound on legal moves in any position

}  // namespace buho
