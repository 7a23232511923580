#include "harness/notation/san_move.h"

#include "engine/movegen.h"

namespace harness {

namespace {

buho::PieceType san_piece_letter(char c) {
  switch (c) {
    case 'N': return buho::Knight;
    case 'B': return buho::Bishop;
    case 'R': return buho::Rook;
    case 'Q': return buho::Queen;
    case 'K': return buho::King;
    default: return buho::NoPieceType;
  }
}

bool san_is_file(char c) { return c >= 'a' && c <= 'h'; }
bool san_is_rank(char c) { return c >= '1' && c <= '8'; }

// Does legal move `m` of `b` fit `san` (check marks and glyphs stripped)?
bool san_fits(const buho::Board& b, buho::Move m, std::string san) {
  if (san == "O-O" || san == "0-0") return m.is_castle() && buho::file_of(m.to()) == 6;
  if (san == "O-O-O" || san == "0-0-0") return m.is_castle() && buho::file_of(m.to()) == 2;
  buho::PieceType promo = buho::NoPieceType;
  if (const auto eq = san.find('='); eq != std::string::npos) {
    if (eq + 1 >= san.size()) return false;
    promo = san_piece_letter(san[eq + 1]);
    if (promo == buho::NoPieceType || promo == buho::King) return false;
    san.erase(eq);
  } else if (san.size() >= 3 && san_piece_letter(san.back()) != buho::NoPieceType && san_is_rank(san[san.size() - 2])) {
    promo = san_piece_letter(san.back());  // "e8Q": the promotion without '='
    san.pop_back();
  }
  buho::PieceType piece = buho::Pawn;
  if (!san.empty() && san_piece_letter(san[0]) != buho::NoPieceType) {
    piece = san_piece_letter(san[0]);
    san.erase(0, 1);
  }
  if (san.size() < 2 || !san_is_file(san[san.size() - 2]) || !san_is_rank(san.back())) return false;
  const int to_file = san[san.size() - 2] - 'a', to_rank = san.back() - '1';
  std::string hint = san.substr(0, san.size() - 2);
  if (!hint.empty() && (hint.back() == 'x' || hint.back() == ':')) hint.pop_back();
  if (m.is_castle() || buho::file_of(m.to()) != to_file || buho::rank_of(m.to()) != to_rank || m.promotion() != promo)
    return false;
  if (buho::type_of(b.piece_at(m.from())) != piece) return false;
  if (hint.size() > 2) return false;
  for (char c : hint) {
    if (san_is_file(c)) {
      if (buho::file_of(m.from()) != c - 'a') return false;
    } else if (san_is_rank(c)) {
      if (buho::rank_of(m.from()) != c - '1') return false;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<buho::Move> resolve_san(const buho::Board& b, const std::string& text) {
  std::string san = text;
  while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?')) san.pop_back();
  if (san.empty()) return std::nullopt;
  buho::Move moves[buho::MaxMoves];
  buho::Move* end = buho::generate_legal(b, moves);
  std::optional<buho::Move> found;
  int matches = 0;
  for (buho::Move* m = moves; m != end; ++m)
    if (san_fits(b, *m, san)) {
      found = *m;
      ++matches;
    }
  if (matches == 1) return found;
  if (matches > 1) return std::nullopt;  // ambiguous: the text names no one move
  for (buho::Move* m = moves; m != end; ++m)
    if (m->uci() == san) return *m;
  return std::nullopt;
}

}  // namespace harness
