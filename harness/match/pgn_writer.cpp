#include "harness/match/pgn_writer.h"

#include <fmt/core.h>

#include <algorithm>
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

std::string pgn_clock_text(std::int64_t ms) {
  ms = std::max<std::int64_t>(0, ms);
  return fmt::format("{}:{:02}:{:02}.{:03}", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000);
}

std::string pgn_time_control(const GameClock& clock) {
  return fmt::format("{:g}+{:g}", double(clock.base_ms) / 1000, double(clock.increment_ms) / 1000);
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
  if (!tags.time_control.empty()) out += tag_line("TimeControl", tags.time_control);
  out += tag_line("Termination", g.end == GameEnd::time_forfeit ? "time forfeit"
                                 : is_adjudication(g.end)      ? "adjudication"
                                                               : "normal");
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
    if (g.timed) {
      lines.add("nodes");
      // One token: "[%clk" never begins a line, where a reader that splits tags from moves by line would take it
      // for a tag, and the command is never split over two lines.
      lines.add(fmt::format("{:.3f}s [%clk {}]}}", double(pm.used_ms) / 1000, pgn_clock_text(pm.clock_ms)));
    } else {
      lines.add("nodes}");
    }
    b.make_move(pm.move);
  }
  lines.add("{" + g.end_text + "}");
  lines.add(result);
  out += lines.finish();
  out += "\n";
  return out;
}

}  // namespace harness
