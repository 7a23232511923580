#include "harness/uci/uci_position.h"

#include <fmt/core.h>

#include <algorithm>

namespace harness {

namespace {

// The board rebuilt from a later position's FEN with the last `keep` of `played` replayed on it (see the header).
buho::Board rebuilt_with_last_moves(const buho::Board& b, const std::vector<buho::Move>& played, int keep) {
  buho::Board back = b;
  for (int i = 0; i < keep; ++i) back.unmake_move(played[played.size() - 1 - std::size_t(i)]);
  buho::Board out = buho::Board::from_fen(back.fen());
  for (std::size_t i = played.size() - std::size_t(keep); i < played.size(); ++i) out.make_move(played[i]);
  return out;
}

}  // namespace

std::string read_uci_position(const std::vector<std::string>& t, buho::Board& b) {
  std::size_t i = 1;
  if (t.size() < 2) return "position: expected 'startpos' or 'fen <FEN>'";
  if (t[1] == "startpos") {
    b = buho::Board();
    i = 2;
  } else if (t[1] == "fen") {
    std::string fen;
    for (i = 2; i < t.size() && t[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + t[i];
    try {
      b = buho::Board::from_fen(fen);
    } catch (const buho::ParseError& e) {
      return fmt::format("position fen '{}': {}", fen, e.what());
    }
  } else {
    return fmt::format("position: '{}' is neither 'startpos' nor 'fen'", t[1]);
  }
  if (i < t.size()) {
    if (t[i] != "moves") return fmt::format("position: expected 'moves', got '{}'", t[i]);
    std::vector<buho::Move> played;
    for (++i; i < t.size(); ++i) {
      const buho::Move m = b.parse_uci_move(t[i]);
      if (m.is_null()) return fmt::format("position: '{}' is not a legal move in {}", t[i], b.fen());
      if (b.plies_played() >= kUciRoomForGame)
        b = rebuilt_with_last_moves(b, played, std::min(b.halfmove_clock(), kUciKeptPlies));
      b.make_move(m);
      played.push_back(m);
    }
  }
  // One position, one tree: the piece lists in the order the position's FEN gives them, the moves' history kept
  // for repetitions (Board::canonicalize_piece_lists).
  b.canonicalize_piece_lists();
  return {};
}

}  // namespace harness
