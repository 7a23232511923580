// Replays a PGN game (one game, as a GUI saves it) with the engine's own move generator: every SAN move must match
// exactly one legal move, and its check mark (+ or #) must agree with the position it leads to. Used to check games
// that a real GUI played (xboard_gui_test). SAN as the PGN standard writes it: piece letter, optional file/rank
// disambiguation, optional x, target square, optional =promotion, O-O / O-O-O.
#pragma once

#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/movegen.h"
#include "harness/notation/san_move.h"

namespace pgn_replay {

struct Replay {
  std::string result_tag;         // the [Result "..."] tag
  std::string termination;        // the result token ending the move text
  std::vector<std::string> moves; // as UCI moves, in order
  std::string final_fen;
  std::string error;              // empty when every move was legal and matched its SAN exactly
};

namespace detail {


// The move text's tokens: comments {...}, ;-comments, move numbers and NAGs left out.
inline std::vector<std::string> move_tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string token;
  bool in_comment = false, in_line_comment = false;
  auto flush = [&] {
    if (token.empty()) return;
    // "12." and "12..." are move numbers; "$3" a NAG.
    const auto digits_end = token.find_first_not_of("0123456789");
    const bool move_number = digits_end != 0 && digits_end != std::string::npos &&
                             token.find_first_not_of('.', digits_end) == std::string::npos;
    if (!move_number && token[0] != '$') out.push_back(token);
    token.clear();
  };
  for (char c : text) {
    if (in_comment) {
      in_comment = c != '}';
      continue;
    }
    if (in_line_comment) {
      in_line_comment = c != '\n';
      continue;
    }
    if (c == '{' || c == ';') {
      flush();
      (c == '{' ? in_comment : in_line_comment) = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      token += c;
    }
  }
  flush();
  return out;
}

inline std::string tag(const std::string& pgn, const std::string& name) {
  const std::string start = "[" + name + " \"";
  const auto at = pgn.find(start);
  if (at == std::string::npos) return "";
  const auto end = pgn.find("\"]", at + start.size());
  return end == std::string::npos ? "" : pgn.substr(at + start.size(), end - at - start.size());
}

}  // namespace detail

inline Replay replay(const std::string& pgn) {
  Replay r;
  r.result_tag = detail::tag(pgn, "Result");
  const std::string fen = detail::tag(pgn, "FEN");
  buho::Board b = fen.empty() ? buho::Board() : buho::Board::from_fen(fen);
  // The move text: everything after the last tag line.
  std::string text;
  for (std::size_t pos = 0; pos < pgn.size();) {
    const auto nl = pgn.find('\n', pos);
    const std::string line = pgn.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    if (line.empty() || line[0] != '[') text += line + "\n";
    pos = nl == std::string::npos ? pgn.size() : nl + 1;
  }
  for (const std::string& token : detail::move_tokens(text)) {
    if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
      r.termination = token;
      break;
    }
    std::string san = token;
    while (!san.empty() && (san.back() == '!' || san.back() == '?')) san.pop_back();
    char mark = 0;
    if (!san.empty() && (san.back() == '+' || san.back() == '#')) {
      mark = san.back();
      san.pop_back();
    }
    // The harness's SAN reader (harness/notation/san_move.h) also takes UCI moves; a PGN must not hold one.
    const bool uci_form = (san.size() == 4 || san.size() == 5) && san[0] >= 'a' && san[0] <= 'h' && san[1] >= '1' &&
                          san[1] <= '8' && san[2] >= 'a' && san[2] <= 'h' && san[3] >= '1' && san[3] <= '8';
    const std::optional<buho::Move> fit = uci_form ? std::nullopt : harness::resolve_san(b, san);
    if (!fit) {
      r.error = "'" + token + "' is not the SAN of exactly one legal move in " + b.fen();
      return r;
    }
    b.make_move(*fit);
    r.moves.push_back(fit->uci());
    buho::Move replies[buho::MaxMoves];
    const bool mated = b.in_check() && buho::generate_legal(b, replies) == replies;
    const char expected = mated ? '#' : b.in_check() ? '+' : 0;
    if (mark != expected) {
      r.error = "'" + token + "' has the wrong check mark for " + b.fen();
      return r;
    }
  }
  r.final_fen = b.fen();
  return r;
}

}  // namespace pgn_replay
