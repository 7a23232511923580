// The engine as python-chess's `chess.engine.SimpleEngine.popen_uci` drives it (python-chess is not packaged in
// Debian 12, so its expectations are written out here from its UCI protocol reader): `uci` answered by `id` lines, one
// `option` line per option in the grammar it parses (name; type check|spin|combo|button|string; a default of that type,
// within min..max, among the vars) and `uciok`; `isready`/`readyok`; `ucinewgame`, `position … moves …` and `go` with
// depth, nodes, searchmoves and MultiPV (its `analyse(multipv=3)`); every `info` line made only of the tokens it
// reads, each with a value of the right kind, every PV legal from the position searched (it drops a PV at its first
// illegal move); and one `bestmove` per `go`, legal, with a `ponder` move legal after it (or `(none)`).
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "harness/uci/uci_session.h"
#include "uci_session_util.h"

namespace uci_client_expectations_test {

using namespace uci_session_util;

std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> w;
  std::istringstream in(line);
  for (std::string t; in >> t;) w.push_back(t);
  return w;
}

bool is_int(const std::string& s) {
  std::size_t i = s[0] == '-' ? 1 : 0;
  return i < s.size() && s.find_first_not_of("0123456789", i) == std::string::npos;
}

// An `option` line as python-chess parses it: "" when it reads, else what is wrong.
std::string option_problem(const std::string& line) {
  const auto w = words_of(line);
  // option name <words> type <t> [default <x>] [min <n>] [max <n>] [var <v>]*
  std::size_t i = 2;
  std::string name;
  for (; i < w.size() && w[i] != "type"; ++i) name += (name.empty() ? "" : " ") + w[i];
  if (w.size() < 4 || w[1] != "name" || name.empty() || i + 1 >= w.size()) return "no name or type";
  const std::string type = w[i + 1];
  if (type != "check" && type != "spin" && type != "combo" && type != "button" && type != "string")
    return "unknown type " + type;
  std::string def;
  long long lo = 0, hi = 0;
  bool has_min = false, has_max = false;
  std::set<std::string> vars;
  for (i += 2; i < w.size(); ++i) {
    const std::string& k = w[i];
    if (i + 1 >= w.size()) return "keyword without a value: " + k;
    if (k == "default") def = w[++i];
    else if (k == "min") { if (!is_int(w[i + 1])) return "min not a number"; lo = std::stoll(w[++i]); has_min = true; }
    else if (k == "max") { if (!is_int(w[i + 1])) return "max not a number"; hi = std::stoll(w[++i]); has_max = true; }
    else if (k == "var") vars.insert(w[++i]);
    else return "unknown keyword " + k;
  }
  if (type == "check" && def != "true" && def != "false") return "check default " + def;
  if (type == "spin") {
    if (!has_min || !has_max || !is_int(def)) return "spin without min, max or a numeric default";
    if (std::stoll(def) < lo || std::stoll(def) > hi) return "spin default out of range";
  }
  if (type == "combo" && !vars.count(def)) return "combo default not among its vars";
  if (type == "button" && !def.empty()) return "button with a default";
  return {};
}

// An `info` line as python-chess reads it, against the position searched: "" when it reads, else what is wrong.
std::string info_problem(const std::string& line, const std::string& fen) {
  const auto w = words_of(line);
  static const std::set<std::string> numbers = {"depth", "seldepth", "time", "nodes", "multipv", "currmovenumber",
                                                "tbhits", "nps", "hashfull", "cpuload"};
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& k = w[i];
    if (k == "string") return {};  // the rest of the line is text
    if (numbers.count(k)) {
      if (i + 1 >= w.size() || !is_int(w[i + 1])) return k + " without a number";
      ++i;
    } else if (k == "score") {
      if (i + 2 >= w.size() || (w[i + 1] != "cp" && w[i + 1] != "mate") || !is_int(w[i + 2])) return "bad score";
      i += 2;
      if (i + 1 < w.size() && (w[i + 1] == "lowerbound" || w[i + 1] == "upperbound")) ++i;
    } else if (k == "pv") {
      buho::Board b = buho::Board::from_fen(fen);
      for (++i; i < w.size(); ++i) {
        const buho::Move m = b.parse_uci_move(w[i]);
        if (m.is_null()) return "pv move " + w[i] + " is not legal";
        b.make_move(m);
      }
    } else {
      return "unknown token " + k;
    }
  }
  return {};
}

// Every line of one `go` (those after `position`'s `go` was sent: from the previous bestmove on) read as the client
// would; returns the number of `bestmove` lines.
int check_search(const std::vector<std::string>& lines, const std::string& fen) {
  int bestmoves = 0;
  for (const auto& l : lines) {
    if (l.rfind("info ", 0) == 0) {
      EXPECT_EQ(info_problem(l, fen), "") << l;
    } else if (l.rfind("bestmove ", 0) == 0) {
      ++bestmoves;
      const auto w = words_of(l);
      if (w[1] == "(none)") continue;
      buho::Board b = buho::Board::from_fen(fen);
      const buho::Move m = b.parse_uci_move(w[1]);
      EXPECT_FALSE(m.is_null()) << l;
      if (m.is_null()) continue;
      if (w.size() > 2) {
        EXPECT_EQ(w.size(), 4u) << l;
        EXPECT_EQ(w[2], "ponder") << l;
        b.make_move(m);
        EXPECT_FALSE(b.parse_uci_move(w[3]).is_null()) << l;
      }
    } else {
      ADD_FAILURE() << "a line the client does not expect during a search: " << l;
    }
  }
  return bestmoves;
}

TEST(UciClientExpectations, HandshakeOptionsParseAsPythonChessReadsThem) {
  Session s;
  s.send("uci");
  const auto lines = s.lines();
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(has_line(lines, "id name "));
  EXPECT_TRUE(has_line(lines, "id author "));
  EXPECT_EQ(lines.back(), "uciok");
  std::set<std::string> names;
  int options = 0;
  for (const auto& l : lines) {
    if (l.rfind("option ", 0) != 0) continue;
    ++options;
    EXPECT_EQ(option_problem(l), "") << l;
    names.insert(l);
  }
  EXPECT_GT(options, 50);
  for (const char* o : {"option name Hash type spin", "option name MultiPV type spin", "option name Clear Hash type button",
                        "option name Version type combo"})
    EXPECT_TRUE(has_line(lines, o)) << o;
}

TEST(UciClientExpectations, AGameAndAnAnalysisReadAsPythonChessReadsThem) {
  Session s;
  s.send("uci");
  s.send("setoption name Hash value 16");
  s.send("isready");
  auto lines = s.lines();
  EXPECT_EQ(lines.back(), "readyok");
  std::size_t seen = lines.size();
  auto next = [&] {
    lines = s.lines();
    std::vector<std::string> fresh(lines.begin() + std::ptrdiff_t(seen), lines.end());
    seen = lines.size();
    return fresh;
  };
  // play(): a new game, the moves so far, a search limited by depth, then by nodes.
  s.send("ucinewgame");
  s.send("isready");
  EXPECT_EQ(next(), std::vector<std::string>{"readyok"});
  const std::string after_e4e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
  s.send("position startpos moves e2e4 e7e5");
  s.send("go depth 5");
  EXPECT_EQ(check_search(next(), after_e4e5), 1);
  s.send("position startpos moves e2e4 e7e5");
  s.send("go nodes 3000");
  EXPECT_EQ(check_search(next(), after_e4e5), 1);
  // analyse(multipv=3): MultiPV set, a search, three lines tagged 1..3.
  s.send("setoption name MultiPV value 3");
  s.send("position startpos moves e2e4 e7e5");
  s.send("go depth 4");
  auto analysis = next();
  EXPECT_EQ(check_search(analysis, after_e4e5), 1);
  std::set<std::string> tags;
  for (const auto& l : analysis)
    if (const auto at = l.find(" multipv "); at != std::string::npos) tags.insert(l.substr(at + 9, 1));
  EXPECT_EQ(tags, (std::set<std::string>{"1", "2", "3"}));
  // analyse(root_moves=[...]): searchmoves.
  s.send("setoption name MultiPV value 1");
  s.send("position startpos moves e2e4 e7e5");
  s.send("go depth 3 searchmoves g1f3 f1c4");
  analysis = next();
  EXPECT_EQ(check_search(analysis, after_e4e5), 1);
  EXPECT_TRUE(analysis.back() == "bestmove g1f3" || analysis.back().rfind("bestmove g1f3 ", 0) == 0 ||
              analysis.back().rfind("bestmove f1c4", 0) == 0)
      << analysis.back();
  // A mated root: `bestmove (none)` after one info line.
  const std::string mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
  s.send("position fen " + mated);
  s.send("go depth 3");
  analysis = next();
  EXPECT_EQ(check_search(analysis, mated), 1);
  EXPECT_EQ(analysis.back(), "bestmove (none)");
}

}  // namespace uci_client_expectations_test
