#include "harness/match/pgn_writer.h"

#include <fmt/core.h>

#include <cstdlib>

#include "engine/board.h"
#include "engine/types.h"
#include "harness/notation/san_writer.h"

namespace harness {

namespace {

// A tag value with its backslashes and quotes escaped, as the standard requires.
std::string tag_line(const std::string& name, const std::string& value) {
  std::string v;
  for (char c : value) {
    if (c == '\\' || c == '"') v += '\\';
    v += c;
  }
  return fmt::format("[{} \"{}\"]\n", name, v);
}

// Appends tokens to lines of at most 79 characters.
class MoveTextLines {
 public:
  void add(const std::string& token) {
    if (!line_.empty() && line_.size() + 1 + token.size() > 79) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += token;
  }
  std::string finish() {
    flush();
    return text_;
  }

 private:
  void flush() {
    if (!line_.empty()) text_ += line_ + "\n";
    line_.clear();
  }
  std::string line_, text_;
};

}  // namespace

std::string pgn_score_text(int score) {
  if (std::abs(score) >= buho::ScoreMateBound) {
    const int plies = buho::ScoreMate - std::abs(score);
    return fmt::format("{}M{}", score > 0 ? '+' : '-', (plies + 1) / 2);
  }
  return fmt::format("{}{:.2f}", score >= 0 ? "+" : "-", std::abs(score) / 100.0);
}

std::string game_pgn(const GameRecord& g, const PgnTags& tags) {
  const std::string result(result_text(g.result));
  std::string out;
  out += tag_line("Event", tags.event);
  out += tag_line("Site", tags.site);
  out += tag_line("Date", tags.date);
  out += tag_line("Round", tags.round);
  out += tag_line("White", g.white);
  out += tag_line("Black", g.black);
  out += tag_line("Result", result);
  out += tag_line("SetUp", "1");
  out += tag_line("FEN", g.fen);
  out += tag_line("Termination", is_adjudication(g.end) ? "adjudication" : "normal");
  out += tag_line("PlyCount", std::to_string(g.moves.size()));
  out += "\n";
  buho::Board b = buho::Board::from_fen(g.fen);
  MoveTextLines lines;
  bool first = true;
  for (const PlayedMove& pm : g.moves) {
    if (b.side_to_move() == buho::White) lines.add(fmt::format("{}.", b.fullmove_number()));
    else if (first) lines.add(fmt::format("{}...", b.fullmove_number()));
    first = false;
    lines.add(san_of(b, pm.move));
    lines.add(fmt::format("{{{}/{}", pgn_score_text(pm.score), pm.depth));
    lines.add(fmt::format("{}", pm.nodes));
    lines.add("nodes}");
    b.make_move(pm.move);
  }
  lines.add("{" + g.end_text + "}");
  lines.add(result);
  out += lines.finish();
  out += "\n";
  return out;
}

}  // namespace harness
