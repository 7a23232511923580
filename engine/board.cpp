#include "engine/board.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <sstream>

#include "engine/movegen.h"
#include "engine/piece_square_tables.h"
#include "engine/square_sets.h"
#include "engine/zobrist.h"

namespace buho {

namespace {

constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Castling rights that survive a move from or to each square: moving the king or a rook, or
// capturing a rook on its corner, loses the matching right.
constexpr std::array<std::uint8_t, 128> make_castling_mask() {
  std::array<std::uint8_t, 128> m{};
  for (auto& x : m) x = AllCastling;
  m[make_square(4, 0)] = AllCastling & ~(WhiteOO | WhiteOOO);
  m[make_square(0, 0)] = AllCastling & ~WhiteOOO;
  m[make_square(7, 0)] = AllCastling & ~WhiteOO;
  m[make_square(4, 7)] = AllCastling & ~(BlackOO | BlackOOO);
  m[make_square(0, 7)] = AllCastling & ~BlackOOO;
  m[make_square(7, 7)] = AllCastling & ~BlackOO;
  return m;
}
constexpr auto kCastlingMask = make_castling_mask();

Piece piece_from_char(char c) {
  switch (c) {
    case 'P': return WPawn;   case 'N': return WKnight; case 'B': return WBishop;
    case 'R': return WRook;   case 'Q': return WQueen;  case 'K': return WKing;
    case 'p': return BPawn;   case 'n': return BKnight; case 'b': return BBishop;
    case 'r': return BRook;   case 'q': return BQueen;  case 'k': return BKing;
    default: return NoPiece;
  }
}

char piece_char(Piece p) { return " PNBRQK  pnbrqk "[p]; }

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_int(const std::string& s, int& v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

Board::Board() { *this = from_fen(kStartFen); }

void Board::clear() {
  squares_.fill(NoPiece);
  bb_.fill(0);
  list_index_.fill(0);
  list_size_ = {0, 0};
  for (auto& c : counts_) c.fill(0);
  psq_ = {0, 0};
  side_ = White;
  castling_ = 0;
  ep_ = NoSquare;
  halfmove_ = 0;
  fullmove_ = 1;
  key_ = 0;
  history_size_ = 0;
}

// --- The only three functions that change squares_ (and keep lists, counts and key in step) ------

void Board::list_append(Piece p, Square sq) {
  const Color c = color_of(p);
  int idx = list_size_[c]++;
  if (type_of(p) == King && idx != 0) {
    // The king always sits at index 0 of its list (the search and evaluation rely on it).
    const Square first = list_[c][0];
    list_[c][idx] = first;
    list_index_[first] = std::uint8_t(idx);
    idx = 0;
  }
  list_[c][idx] = sq;
  list_index_[sq] = std::uint8_t(idx);
}

void Board::canonicalize_piece_lists() {
  // The order from_fen builds (rank 8 to rank 1, file a to h, each king moved to the front as it comes): the
  // generator walks the lists, so this order makes the move order, and so the tree, a function of the position.
  list_size_ = {0, 0};
  for (int rank = 7; rank >= 0; --rank)
    for (int file = 0; file < 8; ++file)
      if (const Square sq = make_square(file, rank); squares_[sq] != NoPiece) list_append(squares_[sq], sq);
}

void Board::put_piece(Piece p, Square sq) {
  list_append(p, sq);
  const Color c = color_of(p);
  squares_[sq] = p;
  bb_[p] ^= std::uint64_t(1) << index64(sq);
  ++counts_[c][type_of(p)];
  psq_[c] += kPieceSquareSum.v[p][index64(sq)];
  key_ ^= kZobrist.piece[p][index64(sq)];
}

void Board::remove_piece(Square sq) {
  const Piece p = squares_[sq];
  const Color c = color_of(p);
  const int idx = list_index_[sq];
  const Square last = list_[c][--list_size_[c]];
  list_[c][idx] = last;
  list_index_[last] = std::uint8_t(idx);
  squares_[sq] = NoPiece;
  bb_[p] ^= std::uint64_t(1) << index64(sq);
  --counts_[c][type_of(p)];
  psq_[c] -= kPieceSquareSum.v[p][index64(sq)];
  key_ ^= kZobrist.piece[p][index64(sq)];
}

void Board::move_piece(Square from, Square to) {
  const Piece p = squares_[from];
  const int idx = list_index_[from];
  list_[color_of(p)][idx] = to;
  list_index_[to] = std::uint8_t(idx);
  squares_[to] = p;
  squares_[from] = NoPiece;
  bb_[p] ^= (std::uint64_t(1) << index64(from)) | (std::uint64_t(1) << index64(to));
  psq_[color_of(p)] += kPieceSquareSum.v[p][index64(to)] - kPieceSquareSum.v[p][index64(from)];
  key_ ^= kZobrist.piece[p][index64(from)] ^ kZobrist.piece[p][index64(to)];
}

// --- FEN -----------------------------------------------------------------------------------------

Board Board::from_fen(std::string_view text, std::vector<std::string>* warnings) {
  // "startpos" is read as the start position's FEN here rather than by a second call returned from here: with every
  // return naming the one board below, the compiler builds it in the caller's object (a second return made it copy
  // the 33 KB board out).
  std::vector<std::string> f = split_ws(text);
  if (f.size() == 1 && f[0] == "startpos") f = split_ws(kStartFen);
  auto fail = [&](const std::string& what) -> ParseError {
    return ParseError("bad FEN '" + std::string(text) + "': " + what);
  };
  if (f.size() < 4) throw fail("truncated: expected at least 4 fields (placement, side, castling, en passant), got " + std::to_string(f.size()));
  if (f.size() > 6) throw fail("too many fields: expected at most 6, got " + std::to_string(f.size()));

  Board b{Empty{}};
  b.clear();
  // 1. Placement, rank 8 first.
  int rank = 7, file = 0;
  for (char c : f[0]) {
    if (c == '/') {
      if (file != 8) throw fail("rank " + std::to_string(rank + 1) + " describes " + std::to_string(file) + " squares, not 8");
      if (--rank < 0) throw fail("more than 8 ranks");
      file = 0;
    } else if (c == '0' || c == '9') {
      throw fail(std::string("'") + c + "' in rank " + std::to_string(rank + 1) + " is not a count of empty squares (1 to 8)");
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) throw fail("rank " + std::to_string(rank + 1) + " describes more than 8 squares");
    } else {
      const Piece p = piece_from_char(c);
      if (p == NoPiece) throw fail(std::string("unknown piece letter '") + c + "'");
      if (file > 7) throw fail("rank " + std::to_string(rank + 1) + " describes more than 8 squares");
      if (type_of(p) == Pawn && (rank == 0 || rank == 7))
        throw fail(std::string("pawn on ") + (rank == 0 ? "the first" : "the last") + " rank (" + square_name(make_square(file, rank)) + ")");
      const Color pc = color_of(p);
      if (b.list_size_[pc] == MaxPieces) throw fail(std::string(pc == White ? "White" : "Black") + " has more than 16 pieces");
      if (type_of(p) == King && b.counts_[pc][King] > 0) throw fail(std::string("more than one ") + (pc == White ? "white" : "black") + " king");
      b.put_piece(p, make_square(file, rank));
      ++file;
    }
  }
  if (rank != 0) throw fail("expected 8 ranks, got " + std::to_string(8 - rank));
  if (file != 8) throw fail("rank 1 describes " + std::to_string(file) + " squares, not 8");
  if (b.counts_[White][King] != 1) throw fail("White has no king");
  if (b.counts_[Black][King] != 1) throw fail("Black has no king");

  // 2. Side to move.
  if (f[1] == "w") b.side_ = White;
  else if (f[1] == "b") b.side_ = Black;
  else throw fail("side to move must be 'w' or 'b', got '" + f[1] + "'");

  // 3. Castling rights. A right the king and rook placement does not allow is dropped with a warning.
  if (f[2] != "-") {
    for (char c : f[2]) {
      int right = 0;
      Square king = NoSquare, rook = NoSquare;
      Piece kp = NoPiece, rp = NoPiece;
      switch (c) {
        case 'K': right = WhiteOO; king = make_square(4, 0); rook = make_square(7, 0); kp = WKing; rp = WRook; break;
        case 'Q': right = WhiteOOO; king = make_square(4, 0); rook = make_square(0, 0); kp = WKing; rp = WRook; break;
        case 'k': right = BlackOO; king = make_square(4, 7); rook = make_square(7, 7); kp = BKing; rp = BRook; break;
        case 'q': right = BlackOOO; king = make_square(4, 7); rook = make_square(0, 7); kp = BKing; rp = BRook; break;
        default: throw fail(std::string("unknown castling letter '") + c + "' (expected K, Q, k, q or -)");
      }
      if (b.castling_ & right) throw fail(std::string("castling letter '") + c + "' repeated");
      if (b.squares_[king] != kp || b.squares_[rook] != rp) {
        if (warnings)
          warnings->push_back(std::string("castling right '") + c + "' dropped: " +
                              (b.squares_[king] != kp ? "the king is not on " + square_name(king)
                                                      : "no rook on " + square_name(rook)));
        continue;
      }
      b.castling_ |= right;
    }
  }

  // 4. En passant: the square a pawn just skipped; the pawn must stand in front of it.
  if (f[3] != "-") {
    const Square ep = parse_square(f[3]);
    if (ep == NoSquare) throw fail("en-passant square '" + f[3] + "' is not a square");
    const int want_rank = b.side_ == White ? 5 : 2;
    const Square pawn_sq = ep + (b.side_ == White ? -16 : 16);
    const Square origin = ep + (b.side_ == White ? 16 : -16);
    if (rank_of(ep) != want_rank) throw fail("impossible en-passant square " + f[3] + " (must be on rank " + std::to_string(want_rank + 1) + " with " + (b.side_ == White ? "White" : "Black") + " to move)");
    if (b.squares_[ep] != NoPiece || b.squares_[origin] != NoPiece || b.squares_[pawn_sq] != make_piece(~b.side_, Pawn))
      throw fail("impossible en-passant square " + f[3] + " (no pawn just moved two squares past it)");
    b.ep_ = ep;
  }

  // 5. Clocks (optional).
  // Bounds past any game under FIDE rules (the 75-move rule ends a game at 150 plies without capture or pawn
  // move, and no game lasts 9000 moves), so the clocks never overflow while a search plays on.
  constexpr int kMaxHalfmove = 9999, kMaxFullmove = 99999;
  if (f.size() >= 5 && (!parse_int(f[4], b.halfmove_) || b.halfmove_ < 0 || b.halfmove_ > kMaxHalfmove))
    throw fail("half-move clock '" + f[4] + "' is not a number in 0.." + std::to_string(kMaxHalfmove));
  if (f.size() >= 6 && (!parse_int(f[5], b.fullmove_) || b.fullmove_ < 1 || b.fullmove_ > kMaxFullmove))
    throw fail("full-move number '" + f[5] + "' is not a number in 1.." + std::to_string(kMaxFullmove));

  // 6. The side that is not to move cannot be in check.
  if (b.is_attacked(b.king_square(~b.side_), b.side_))
    throw fail(std::string("the side not to move (") + (b.side_ == White ? "Black" : "White") + ") is in check");

  b.key_ = b.compute_key();
  return b;
}

std::string Board::fen() const {
  std::string s;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int fl = 0; fl < 8; ++fl) {
      const Piece p = squares_[make_square(fl, r)];
      if (p == NoPiece) { ++empty; continue; }
      if (empty) s += char('0' + empty), empty = 0;
      s += piece_char(p);
    }
    if (empty) s += char('0' + empty);
    if (r) s += '/';
  }
  s += side_ == White ? " w " : " b ";
  if (!castling_) s += '-';
  if (castling_ & WhiteOO) s += 'K';
  if (castling_ & WhiteOOO) s += 'Q';
  if (castling_ & BlackOO) s += 'k';
  if (castling_ & BlackOOO) s += 'q';
  s += ' ' + square_name(ep_) + ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_);
  return s;
}

// --- Attacks ---------------------------------------------------------------------------------------

bool Board::gives_check(Move m) const {
  const Color us = side_;
  const Square ek = king_square(~us);
  const Square from = m.from(), to = m.to();
  const Piece moved = m.is_promotion() ? make_piece(us, m.promotion()) : squares_[from];
  Square cap = NoSquare, rook_from = NoSquare, rook_to = NoSquare;
  if (m.is_en_passant()) cap = to + (us == White ? -16 : 16);
  if (m.is_castle()) {
    rook_from = to > from ? from + 3 : from - 4;
    rook_to = to > from ? from + 1 : from - 1;
  }
  // Occupancy after the move.
  auto occupied = [&](Square s) {
    if (s == to || s == rook_to) return true;
    if (s == from || s == cap || s == rook_from) return false;
    return squares_[s] != NoPiece;
  };
  auto reaches = [&](Piece p, Square s) {
    const std::uint8_t bits = attack_kinds(s, ek) & attack_bits_of(p);
    if (!bits) return false;
    if (!is_slider_bits(bits)) return true;
    const int step = attack_step(s, ek);
    Square x = s + step;
    while (x != ek && !occupied(x)) x += step;
    return x == ek;
  };
  // Direct check by the moved piece (or by the rook after castling).
  if (reaches(moved, to)) return true;
  if (m.is_castle() && reaches(make_piece(us, Rook), rook_to)) return true;
  // Discovered check: another of our sliders whose line to the king the move opened.
  auto our_slider = [&](Square s) {
    const Piece p = squares_[s];
    return p != NoPiece && color_of(p) == us && type_of(p) >= Bishop && type_of(p) <= Queen;
  };
  if (m.is_en_passant()) {  // two squares empty (from and the captured pawn's): every slider is asked
    for (int i = 1; i < list_size_[us]; ++i) {
      const Square s = list_[us][i];
      if (s != from && our_slider(s) && reaches(squares_[s], s)) return true;
    }
    return false;
  }
  // Otherwise the one square the move empties is `from` (a castling rook's corner is never between two squares
  // of a line), and a line that does not pass through it was as open before the move, when our slider could not
  // attack the king of the side not to move. So only the line from the king through `from` can open: its first
  // piece beyond `from`, if one of our sliders, gives check when its whole path is clear. One ray walk where every
  // slider of the list was asked (gives_check was 4-7 % of version H's time).
  const int step = attack_step(ek, from);  // 0 when `from` is on no line through the king
  if (step == 0) return false;
  Square x = from + step;
  while (on_board(x) && !occupied(x)) x += step;
  return on_board(x) && our_slider(x) && reaches(squares_[x], x);
}

// --- Make / unmake -----------------------------------------------------------------------------------

std::uint64_t Board::key_after(Move m) const {
  // make_move's changes of the key, on a copy.
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece moved = squares_[from];
  std::uint64_t k = key_ ^ kZobrist.side;
  if (ep_ != NoSquare) k ^= kZobrist.ep_file[file_of(ep_)];
  if (m.is_en_passant()) {
    const Square cap = to + (us == White ? -16 : 16);
    k ^= kZobrist.piece[squares_[cap]][index64(cap)];
  } else if (m.is_capture()) {
    k ^= kZobrist.piece[squares_[to]][index64(to)];
  }
  const Piece landed = m.is_promotion() ? make_piece(us, m.promotion()) : moved;
  k ^= kZobrist.piece[moved][index64(from)] ^ kZobrist.piece[landed][index64(to)];
  if (m.is_double_push()) {
    const Piece enemy_pawn = make_piece(~us, Pawn);
    if ((on_board(to + 1) && squares_[to + 1] == enemy_pawn) || (on_board(to - 1) && squares_[to - 1] == enemy_pawn))
      k ^= kZobrist.ep_file[file_of(to)];
  } else if (m.is_castle()) {
    const Piece rook = make_piece(us, Rook);
    const Square rook_from = to > from ? from + 3 : from - 4, rook_to = to > from ? from + 1 : from - 1;
    k ^= kZobrist.piece[rook][index64(rook_from)] ^ kZobrist.piece[rook][index64(rook_to)];
  }
  const int new_rights = castling_ & kCastlingMask[from] & kCastlingMask[to];
  if (new_rights != castling_) k ^= kZobrist.castling[castling_] ^ kZobrist.castling[new_rights];
  return k;
}


void Board::make_move(Move m) {
  BUHO_ASSERT(squares_[m.from()] != NoPiece && color_of(squares_[m.from()]) == side_);
  Undo& u = push_undo();

  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const bool pawn_move = type_of(squares_[from]) == Pawn;

  if (ep_ != NoSquare) {
    key_ ^= kZobrist.ep_file[file_of(ep_)];
    ep_ = NoSquare;
  }
  ++halfmove_;

  if (m.is_en_passant()) {
    const Square cap = to + (us == White ? -16 : 16);
    u.captured = squares_[cap];
    remove_piece(cap);
  } else if (m.is_capture()) {
    u.captured = squares_[to];
    remove_piece(to);
    halfmove_ = 0;
  }
  move_piece(from, to);

  if (pawn_move) {
    halfmove_ = 0;
    if (m.is_promotion()) {
      remove_piece(to);
      put_piece(make_piece(us, m.promotion()), to);
    } else if (m.is_double_push()) {
      // Record the en-passant square only when an enemy pawn could take: positions that differ only
      // by an unusable en-passant square then share a key (repetition and the table see them equal).
      const Piece enemy_pawn = make_piece(~us, Pawn);
      if ((on_board(to + 1) && squares_[to + 1] == enemy_pawn) || (on_board(to - 1) && squares_[to - 1] == enemy_pawn)) {
        ep_ = (from + to) / 2;
        key_ ^= kZobrist.ep_file[file_of(ep_)];
      }
    }
  } else if (m.is_castle()) {
    if (to > from) move_piece(from + 3, from + 1);
    else move_piece(from - 4, from - 1);
  }

  const int new_rights = castling_ & kCastlingMask[from] & kCastlingMask[to];
  if (new_rights != castling_) {
    key_ ^= kZobrist.castling[castling_] ^ kZobrist.castling[new_rights];
    castling_ = new_rights;
  }
  if (us == Black) ++fullmove_;
  side_ = ~us;
  key_ ^= kZobrist.side;
  check_consistency();
}

void Board::unmake_move(Move m) {
  BUHO_ASSERT(history_size_ > 0);
  const Undo& u = history_[--history_size_];
  side_ = ~side_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (us == Black) --fullmove_;

  if (m.is_promotion()) {
    remove_piece(to);
    put_piece(make_piece(us, Pawn), to);
  } else if (m.is_castle()) {
    if (to > from) move_piece(from + 1, from + 3);
    else move_piece(from - 1, from - 4);
  }
  move_piece(to, from);
  if (m.is_en_passant()) put_piece(u.captured, to + (us == White ? -16 : 16));
  else if (u.captured != NoPiece) put_piece(u.captured, to);

  castling_ = u.castling;
  ep_ = u.ep;
  halfmove_ = u.halfmove;
  key_ = u.key;  // the XORs above cancel out; restoring is cheaper than trusting them
  check_consistency();
}

void Board::make_null() {
  push_undo();
  if (ep_ != NoSquare) {
    key_ ^= kZobrist.ep_file[file_of(ep_)];
    ep_ = NoSquare;
  }
  ++halfmove_;
  side_ = ~side_;
  key_ ^= kZobrist.side;
  check_consistency();
}

void Board::unmake_null() {
  BUHO_ASSERT(history_size_ > 0);
  const Undo& u = history_[--history_size_];
  side_ = ~side_;
  ep_ = u.ep;
  halfmove_ = u.halfmove;
  key_ = u.key;
  check_consistency();
}

Move Board::parse_uci_move(std::string_view uci) const {
  for (Move m : MoveList(*this))
    if (m.uci() == uci) return m;
  return Move();
}

// --- End of game ---------------------------------------------------------------------------------------

bool Board::is_repetition(int times) const {
  // Only positions with the same side to move, since the last capture or pawn move, can repeat;
  // a null move also breaks the chain (its halfmove clock is kept, but keys differ by side).
  int seen = 1;
  const int limit = std::min(halfmove_, history_size_);
  for (int back = 2; back <= limit; back += 2) {
    if (history_[history_size_ - back].key == key_ && ++seen >= times) return true;
  }
  return false;
}

bool Board::is_insufficient_material() const {
  // Neither side can mate: K v K, K+minor v K, and K+B v K+B with bishops on one colour.
  for (Color c : {White, Black})
    if (counts_[c][Pawn] || counts_[c][Rook] || counts_[c][Queen]) return false;
  const int wminor = counts_[White][Knight] + counts_[White][Bishop];
  const int bminor = counts_[Black][Knight] + counts_[Black][Bishop];
  if (wminor + bminor <= 1) return true;
  if (wminor == 1 && bminor == 1 && counts_[White][Bishop] == 1 && counts_[Black][Bishop] == 1) {
    int colour[2] = {0, 0};
    for (Color c : {White, Black})
      for (int i = 0; i < list_size_[c]; ++i) {
        const Square s = list_[c][i];
        if (type_of(squares_[s]) == Bishop) colour[c] = (file_of(s) + rank_of(s)) & 1;
      }
    return colour[0] == colour[1];
  }
  return false;
}

// --- Consistency -----------------------------------------------------------------------------------------

std::uint64_t Board::compute_key() const {
  std::uint64_t k = 0;
  for (Square sq = 0; sq < 128; ++sq)
    if (on_board(sq) && squares_[sq] != NoPiece) k ^= kZobrist.piece[squares_[sq]][index64(sq)];
  k ^= kZobrist.castling[castling_];
  if (ep_ != NoSquare) k ^= kZobrist.ep_file[file_of(ep_)];
  if (side_ == Black) k ^= kZobrist.side;
  return k;
}

bool Board::is_ok() const {
  int counts[COLOR_NB][PIECE_TYPE_NB] = {};
  int listed[COLOR_NB] = {0, 0};
  int psq[COLOR_NB] = {0, 0};
  std::array<std::uint64_t, PIECE_NB> bb{};
  for (Square sq = 0; sq < 128; ++sq) {
    const Piece p = squares_[sq];
    if (!on_board(sq)) {
      if (p != NoPiece) return false;
      continue;
    }
    if (p == NoPiece) continue;
    bb[p] |= std::uint64_t(1) << index64(sq);
    const Color c = color_of(p);
    psq[c] += kPieceSquareSum.v[p][index64(sq)];
    ++counts[c][type_of(p)];
    ++listed[c];
    const int idx = list_index_[sq];
    if (idx >= list_size_[c] || list_[c][idx] != sq) return false;
  }
  for (Color c : {White, Black}) {
    if (listed[c] != list_size_[c] || psq[c] != psq_[c]) return false;
    if (squares_[list_[c][0]] != make_piece(c, King)) return false;
    for (int t = Pawn; t <= King; ++t)
      if (counts[c][t] != counts_[c][t]) return false;
  }
  if (bb != bb_) return false;
  if (ep_ != NoSquare && rank_of(ep_) != (side_ == White ? 5 : 2)) return false;
  return key_ == compute_key();
}

// --- EPD -----------------------------------------------------------------------------------------------

std::string EpdRecord::op(std::string_view name) const {
  for (const auto& [k, v] : ops)
    if (k == name) return v;
  return {};
}

EpdRecord parse_epd(std::string_view line) {
  // Four FEN fields, then operations "opcode operand...;" (operands may be quoted strings).
  std::size_t i = 0;
  std::string fields[4];
  for (auto& fld : fields) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t j0 = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    fld = std::string(line.substr(j0, i - j0));
  }
  EpdRecord rec;
  std::vector<std::pair<std::string, std::string>> ops;
  std::string rest(line.substr(i));
  // A whole FEN line (the four fields, then the halfmove clock and the fullmove number, no operations) is taken
  // as the position with those clocks: fishtest's opening books are written so.
  {
    std::istringstream tokens(rest);
    std::string halfmove, fullmove, more;
    auto digits = [](const std::string& t) {
      return !t.empty() && t.size() <= 6 && std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); });
    };
    if (tokens >> halfmove >> fullmove && !(tokens >> more) && digits(halfmove) && digits(fullmove))
      rest = "hmvc " + halfmove + "; fmvn " + fullmove + ";";
  }
  std::size_t p = 0;
  auto skip_ws = [&] { while (p < rest.size() && std::isspace(static_cast<unsigned char>(rest[p]))) ++p; };
  while (true) {
    skip_ws();
    if (p >= rest.size()) break;
    std::size_t q = p;
    while (q < rest.size() && !std::isspace(static_cast<unsigned char>(rest[q])) && rest[q] != ';') ++q;
    std::string opcode = rest.substr(p, q - p);
    p = q;
    std::string operand;
    bool terminated = false;
    while (p < rest.size()) {
      const char c = rest[p];
      if (c == ';') { ++p; terminated = true; break; }
      if (c == '"') {
        const std::size_t close = rest.find('"', p + 1);
        if (close == std::string::npos) throw ParseError("bad EPD: unterminated string in operation '" + opcode + "'");
        operand += rest.substr(p + 1, close - p - 1);
        p = close + 1;
      } else {
        operand += c;
        ++p;
      }
    }
    if (!terminated) throw ParseError("bad EPD: operation '" + opcode + "' is not terminated by ';'");
    while (!operand.empty() && std::isspace(static_cast<unsigned char>(operand.back()))) operand.pop_back();
    std::size_t lead = 0;
    while (lead < operand.size() && std::isspace(static_cast<unsigned char>(operand[lead]))) ++lead;
    ops.emplace_back(opcode, operand.substr(lead));
  }
  rec.ops = std::move(ops);
  rec.id = rec.op("id");
  std::vector<std::string> warnings;
  // The EPD position has no clocks; hmvc/fmvn operations supply them when present.
  std::string fen = fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3];
  const std::string hmvc = rec.op("hmvc"), fmvn = rec.op("fmvn");
  fen += ' ' + (hmvc.empty() ? std::string("0") : hmvc) + ' ' + (fmvn.empty() ? std::string("1") : fmvn);
  try {
    rec.board = Board::from_fen(fen, &warnings);
  } catch (const ParseError& e) {
    throw ParseError((rec.id.empty() ? std::string("EPD") : "EPD '" + rec.id + "'") + ": " + e.what());
  }
  for (auto& w : warnings) rec.warnings.push_back((rec.id.empty() ? std::string("EPD") : rec.id) + ": " + w);
  return rec;
}

std::string to_epd(const EpdRecord& rec) {
  const std::string fen = rec.board.fen();
  // The first four FEN fields.
  std::size_t cut = 0;
  for (int n = 0; n < 4; ++n) cut = fen.find(' ', cut + 1);
  std::string s = fen.substr(0, cut);
  for (const auto& [k, v] : rec.ops) {
    // Comments and ids are quoted by convention; any operand holding a ';' must be (it was read from a quoted
    // string, and bare it would end the operation). A stored operand never holds '"': reading strips them.
    const bool quote = k == "id" || (k.size() == 2 && k[0] == 'c' && std::isdigit(static_cast<unsigned char>(k[1]))) ||
                       v.find(';') != std::string::npos;
    s += ' ' + k;
    if (!v.empty()) s += quote ? " \"" + v + "\"" : ' ' + v;
    s += ';';
  }
  return s;
}

}  // namespace buho
