#include "harness/match/pgn_openings.h"

#include <fmt/core.h>

#include <cctype>

#include "engine/board.h"
#include "engine/movegen.h"
#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/notation/san_move.h"
#include "harness/paths.h"

namespace harness {

namespace {

struct PgnGameText {
  std::string fen;  // the FEN tag, if any
  std::vector<std::string> moves;
  int line = 0;     // where the game starts
};

bool is_result_token(const std::string& t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

bool is_move_number(const std::string& t) {
  const auto digits_end = t.find_first_not_of("0123456789");
  return digits_end != 0 && (digits_end == std::string::npos || t.find_first_not_of('.', digits_end) == std::string::npos);
}

std::string tag_value(const std::string& line) {
  const auto open = line.find('"'), close = line.rfind('"');
  return open == std::string::npos || close <= open ? "" : line.substr(open + 1, close - open - 1);
}

// Splits the text into games: tag pairs, then move text up to a result token.
std::vector<PgnGameText> split_games(const std::string& text) {
  std::vector<PgnGameText> games;
  PgnGameText game;
  bool in_game = false;
  int comment_depth = 0, variation_depth = 0;
  std::string token;
  int lineno = 1;
  const auto flush = [&] {
    if (token.empty()) return;
    if (is_result_token(token)) {
      if (in_game) games.push_back(game);
      game = PgnGameText{};
      in_game = false;
    } else if (!is_move_number(token) && token[0] != '$') {
      // "12.e4" is a number glued to its move.
      const auto dot = token.find_last_of('.');
      std::string move = dot == std::string::npos ? token : token.substr(dot + 1);
      if (!move.empty()) {
        if (!in_game) game.line = lineno;
        in_game = true;
        game.moves.push_back(move);
      }
    }
    token.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++lineno;
    if (comment_depth > 0) {
      if (c == '}') comment_depth = 0;
      continue;
    }
    const bool line_start = i == 0 || text[i - 1] == '\n';
    if (line_start && (c == '[' || c == ';' || c == '%')) {
      flush();
      const auto nl = text.find('\n', i);
      const std::string line = text.substr(i, nl == std::string::npos ? std::string::npos : nl - i);
      if (c == '[') {
        if (!in_game) game.line = lineno;
        in_game = true;
        if (line.rfind("[FEN ", 0) == 0) game.fen = tag_value(line);
      }
      if (nl == std::string::npos) break;
      i = nl - 1;  // the newline is counted by the next turn
      continue;
    }
    if (c == '{') {
      flush();
      comment_depth = 1;
    } else if (c == ';') {
      flush();
      const auto nl = text.find('\n', i);
      if (nl == std::string::npos) break;
      i = nl - 1;
    } else if (c == '(') {
      flush();
      ++variation_depth;
    } else if (c == ')') {
      flush();
      if (variation_depth > 0) --variation_depth;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else if (variation_depth == 0) {
      token += c;
    }
  }
  flush();
  if (in_game) games.push_back(game);  // a last game without its result token
  return games;
}

}  // namespace

std::vector<std::string> load_pgn_openings(const std::string& where, const std::string& file) {
  const std::filesystem::path path = std::filesystem::path(file).is_absolute() ? std::filesystem::path(file) : project_path(file);
  std::string text;
  try {
    text = read_input_file(path, file, kMaxEpdBytes);
  } catch (const UserError& e) {
    throw UserError(fmt::format("{}: {}", where, e.what()));
  }
  std::vector<std::string> out;
  int number = 0;
  for (const PgnGameText& g : split_games(text)) {
    ++number;
    const std::string at = fmt::format("{}: {}: game {} (line {})", where, file, number, g.line);
    buho::Board b;
    if (!g.fen.empty()) {
      try {
        b = buho::Board::from_fen(g.fen);
      } catch (const std::exception& e) {
        throw UserError(fmt::format("{}: its FEN tag: {}", at, e.what()));
      }
    }
    for (std::string san : g.moves) {
      while (!san.empty() && (san.back() == '!' || san.back() == '?' || san.back() == '+' || san.back() == '#')) san.pop_back();
      const auto m = resolve_san(b, san);
      if (!m) throw UserError(fmt::format("{}: '{}' is not the SAN of one legal move in {}", at, san, b.fen()));
      b.make_move(*m);
    }
    if (buho::count_legal(b) == 0)
      throw UserError(fmt::format("{}: ends in a position without a legal move ({})", at, b.fen()));
    out.push_back(b.fen());
  }
  return out;
}

}  // namespace harness
