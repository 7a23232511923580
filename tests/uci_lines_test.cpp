// What a UCI client reads about the lines a search found: MultiPV's lines, a searchmoves list with words that are not
// legal moves, and the PV of a repeated search (harness/uci/, engine Limits::multipv and Limits::pv_from_table).
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/search.h"
#include "harness/uci/uci_session.h"
#include "uci_session_util.h"

namespace uci_lines_test {

using namespace uci_session_util;

// The `pv` of a line, as moves.
std::vector<std::string> pv_of(const std::string& line) {
  std::vector<std::string> moves;
  const auto at = line.find(" pv ");
  if (at == std::string::npos) return moves;
  std::istringstream in(line.substr(at + 4));
  for (std::string m; in >> m;) moves.push_back(m);
  return moves;
}

// The lines of the last search: those after the last `bestmove` before the final one.
std::vector<std::string> last_search(const std::vector<std::string>& lines) {
  std::size_t start = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i)
    if (lines[i].rfind("bestmove", 0) == 0) start = i + 1;
  return {lines.begin() + std::ptrdiff_t(start), lines.end()};
}

// Every move of `pv` legal in turn from `fen`.
bool legal_line(const std::string& fen, const std::vector<std::string>& pv) {
  buho::Board b = buho::Board::from_fen(fen);
  for (const auto& u : pv) {
    const buho::Move m = b.parse_uci_move(u);
    if (m.is_null()) return false;
    b.make_move(m);
  }
  return true;
}

TEST(UciLines, MultiPvReportsTheBestLinesEachStartingWithAnotherMove) {
  Session s;
  s.send("setoption name MultiPV value 3");
  s.send("position startpos");
  s.send("go depth 5");
  const auto lines = last_search(s.lines());
  ASSERT_EQ(lines.back().rfind("bestmove ", 0), 0u) << lines_text(lines);
  // Each iteration reports lines 1, 2 and 3; the search ends with one final line per line, with hashfull.
  for (int depth = 1; depth <= 5; ++depth)
    for (int k = 1; k <= 3; ++k)
      EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.rfind(fmt::format("info depth {} ", depth), 0) == 0 &&
               l.find(fmt::format(" multipv {} ", k)) != std::string::npos;
      })) << "depth " << depth << " line " << k << "\n" << lines_text(lines);
  std::vector<std::string> finals;
  for (const auto& l : lines)
    if (l.find(" hashfull ") != std::string::npos) finals.push_back(l);
  ASSERT_EQ(finals.size(), 3u) << lines_text(lines);
  std::set<std::string> first_moves;
  for (int k = 1; k <= 3; ++k) {
    const std::string& l = finals[std::size_t(k - 1)];
    EXPECT_NE(l.find(fmt::format(" multipv {} ", k)), std::string::npos) << l;
    const auto pv = pv_of(l);
    ASSERT_FALSE(pv.empty()) << l;
    EXPECT_TRUE(legal_line(buho::Board().fen(), pv)) << l;
    first_moves.insert(pv.front());
  }
  EXPECT_EQ(first_moves.size(), 3u) << lines_text(finals);
  // The bestmove is line 1's first move.
  EXPECT_EQ(lines.back().substr(9, 4), pv_of(finals[0]).front());
}

TEST(UciLines, MultiPvNeverReportsMoreLinesThanTheRootHasMoves) {
  Session s;
  s.send("setoption name MultiPV value 4");
  // Black's king has two moves, Ka8 and Kc8: the white king covers the seventh rank's three squares.
  s.send("position fen 1k6/8/1K6/8/8/8/8/1R6 b - - 0 1");
  s.send("go depth 3");
  const auto lines = last_search(s.lines());
  int finals = 0;
  for (const auto& l : lines)
    if (l.find(" hashfull ") != std::string::npos) ++finals;
  buho::Move moves[buho::MaxMoves];
  const buho::Board b = buho::Board::from_fen("1k6/8/1K6/8/8/8/8/1R6 b - - 0 1");
  const int legal = int(buho::generate_legal(b, moves) - moves);
  ASSERT_EQ(legal, 2);
  EXPECT_EQ(finals, legal) << lines_text(lines);
}

TEST(UciLines, MultiPvTakesANumberOfLines) {
  Session s;
  s.send("uci");
  s.send("setoption name MultiPV value 0");
  s.send("setoption name multipv value many");
  const auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "option name MultiPV type spin default 1 min 1 max 256")) << lines_text(lines);
  EXPECT_TRUE(has_line(lines, "info string error: option MultiPV: '0' is not a number of lines in 1..256"));
  EXPECT_TRUE(has_line(lines, "info string error: option MultiPV: 'many' is not a number of lines in 1..256"));
}

// UCI: searchmoves restricts the root to the moves listed; a word that is not a legal move is named and left out.
TEST(UciLines, SearchmovesSearchesTheLegalMovesAndNamesTheOthers) {
  Session s;
  s.send("position startpos");
  s.send("go depth 3 searchmoves e2e4 zz99 e2e5");
  auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "info string go searchmoves: ignored zz99, e2e5 (not legal in "
                              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1); the legal ones are searched"))
      << lines_text(lines);
  EXPECT_EQ(lines.back().substr(0, 13), "bestmove e2e4") << lines_text(lines);
  // None legal: every move is searched, and said so.
  s.send("go depth 2 searchmoves e7e5");
  lines = last_search(s.lines());
  EXPECT_TRUE(has_line(lines, "info string go searchmoves: ignored e7e5 (not legal in "
                              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1); no move named is legal: "
                              "every move is searched")) << lines_text(lines);
  EXPECT_EQ(lines.back().rfind("bestmove ", 0), 0u);
}

// Found: a repeated search of the same position printed a one-move PV and no ponder move (the table cut the line
// below the root). The reported PV continues with the table's moves; the search itself is unchanged.
TEST(UciLines, ARepeatedSearchKeepsItsWholeLineAndAPonderMove) {
  Session s;
  s.send("position startpos");
  s.send("go depth 6");
  s.send("go depth 6");
  const auto all = s.lines();
  const auto second = last_search(all);
  std::string final_line;
  for (const auto& l : second)
    if (l.find(" hashfull ") != std::string::npos) final_line = l;
  ASSERT_FALSE(final_line.empty()) << lines_text(second);
  const auto pv = pv_of(final_line);
  EXPECT_GE(pv.size(), 4u) << final_line;
  EXPECT_TRUE(legal_line(buho::Board().fen(), pv)) << final_line;
  EXPECT_NE(second.back().find(" ponder "), std::string::npos) << second.back();
}

// Limits::pv_from_table changes what is reported, never the search: the same nodes, table counters and best move
// with it as without, and a PV at least as long, every move legal.
TEST(UciLines, ThePvFromTheTableLeavesTheSearchAlone) {
  const buho::Board root = buho::Board::from_fen("r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1");
  buho::SearchConfig c;
  c.tt_entries = 1 << 16;
  buho::SearchResult plain[2], walked[2];
  for (bool walk : {false, true}) {
    buho::Engine e(c, buho::EvalConfig{});
    buho::Limits limits{5, 0};
    limits.pv_from_table = walk;
    auto& out = walk ? walked : plain;
    out[0] = e.search(root, limits);
    out[1] = e.search(root, limits, true);  // the repeated search, on the table the first one left
  }
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(walked[i].stats.nodes, plain[i].stats.nodes) << i;
    EXPECT_EQ(walked[i].stats.tt_probes, plain[i].stats.tt_probes) << i;
    EXPECT_EQ(walked[i].stats.tt_hits, plain[i].stats.tt_hits) << i;
    EXPECT_EQ(walked[i].best_move, plain[i].best_move) << i;
    EXPECT_GE(walked[i].pv.size(), plain[i].pv.size()) << i;
    EXPECT_TRUE(std::equal(plain[i].pv.begin(), plain[i].pv.end(), walked[i].pv.begin())) << i;
  }
  EXPECT_LT(plain[1].pv.size(), 3u);  // the defect: the repeated search's own PV is cut by the table
  EXPECT_GE(walked[1].pv.size(), 4u);
  std::vector<std::string> uci;
  for (const auto m : walked[1].pv) uci.push_back(m.uci());
  EXPECT_TRUE(legal_line(root.fen(), uci));
}

}  // namespace uci_lines_test
