#include "harness/notation/san_writer.h"

#include "engine/movegen.h"

namespace harness {

namespace {

char san_piece_letter(buho::PieceType t) {
  switch (t) {
    case buho::Knight: return 'N';
    case buho::Bishop: return 'B';
    case buho::Rook: return 'R';
    case buho::Queen: return 'Q';
    case buho::King: return 'K';
    default: return 0;
  }
}

}  // namespace

std::string san_of(buho::Board& b, buho::Move m) {
  std::string san;
  const buho::PieceType moving = buho::type_of(b.piece_at(m.from()));
  const char file_char = char('a' + buho::file_of(m.from()));
  if (m.is_castle()) {
    san = buho::file_of(m.to()) > buho::file_of(m.from()) ? "O-O" : "O-O-O";
  } else if (moving == buho::Pawn) {
    if (m.is_capture()) (san += file_char) += 'x';
    san += buho::square_name(m.to());
    if (m.is_promotion()) (san += '=') += san_piece_letter(m.promotion());
  } else {
    san += san_piece_letter(moving);
    // Other pieces of the same kind that can reach the same square.
    bool ambiguous = false, same_file = false, same_rank = false;
    for (const buho::Move o : buho::MoveList(b)) {
      if (o == m || o.to() != m.to() || o.from() == m.from() || buho::type_of(b.piece_at(o.from())) != moving) continue;
      ambiguous = true;
      same_file |= buho::file_of(o.from()) == buho::file_of(m.from());
      same_rank |= buho::rank_of(o.from()) == buho::rank_of(m.from());
    }
    if (ambiguous) {
      if (!same_file) san += file_char;
      else if (!same_rank) san += char('1' + buho::rank_of(m.from()));
      else san += buho::square_name(m.from());
    }
    if (m.is_capture()) san += 'x';
    san += buho::square_name(m.to());
  }
  b.make_move(m);
  if (b.in_check()) san += buho::count_legal(b) == 0 ? '#' : '+';
  b.unmake_move(m);
  return san;
}

}  // namespace harness
