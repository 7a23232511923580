#include "engine/types.h"

namespace buho {

std::string square_name(Square sq) {
  if (!on_board(sq)) return "-";
  return {char('a' + file_of(sq)), char('1' + rank_of(sq))};
}

Square parse_square(const std::string& s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return NoSquare;
  return make_square(s[0] - 'a', s[1] - '1');
}

std::string Move::uci() const {
  if (is_null()) return "0000";
  std::string s = square_name(from()) + square_name(to());
  if (is_promotion()) s += " pnbrqk"[promotion()];
  return s;
}

}  // namespace buho
