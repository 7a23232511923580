// `harness uci` (harness/uci/): a scripted UCI session checks every command the protocol needs, that `go depth`
// gives the same nodes as a search by the harness, that options reach the engine, and that bad commands are
// answered with `info string error` while the session goes on.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <iterator>
#include <mutex>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/search.h"
#include "engine/time_manager.h"
#include "harness/identity/engine_signature.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "harness/uci/uci_options.h"
#include "harness/uci/uci_session.h"
#include "uci_session_util.h"

namespace uci_test {

using namespace harness;
using namespace uci_session_util;

// An SSS* OPEN limit that Kiwipete's search under version H with driver sss runs past at depth 3, after depths 1
// and 2 chose e2a6 (AnOverrunAnswersTheLastCompletedIterationsMove).
constexpr int kSssOverrunLimit = 2000;

// The nodes of the last `info depth` line.
std::uint64_t last_info_nodes(const std::vector<std::string>& lines) {
  std::uint64_t nodes = 0;
  const std::regex re(R"(^info depth \d+ .* nodes (\d+) )");
  for (const auto& l : lines) {
    std::smatch m;
    if (std::regex_search(l, m, re)) nodes = std::stoull(m[1]);
  }
  return nodes;
}

ResolvedVersion version(const std::string& name) {
  return PresetBook::load(project_path("configs/versions.json")).resolve(name);
}

TEST(Uci, HandshakeListsEveryFlagAsAnOption) {
  Session s;
  s.send("uci");
  const auto lines = s.lines();
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(has_line(lines, "id name "));
  EXPECT_EQ(lines.back(), "uciok");
  for (const auto& p : buho::search_params())
    EXPECT_TRUE(has_line(lines, fmt::format("option name {} type ", p.name))) << p.name;
  for (const auto& p : buho::eval_params())
    EXPECT_TRUE(has_line(lines, fmt::format("option name eval.{} type ", p.name))) << p.name;
  EXPECT_TRUE(has_line(lines, "option name Version type combo default H var A var B"));
  EXPECT_TRUE(has_line(lines, "option name Hash type spin"));
  EXPECT_TRUE(has_line(lines, "option name Clear Hash type button"));
  EXPECT_TRUE(has_line(lines, "option name tt_scheme type combo default depth_always var always var never"));
  EXPECT_TRUE(has_line(lines, "option name pvs type check default true"));
}

// `go depth` on the bench positions, from a clean table, counts exactly what `harness search` counts.
TEST(Uci, GoDepthGivesTheSameNodesAsTheHarness) {
  const struct {
    const char* version;
    const char* fen;
    int depth;
  } cases[] = {
      {"H", "r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1", 6},  // LCTII.POS.01
      {"H", "8/3b4/5k2/2pPnp2/1pP4N/pP1B2P1/P3K3/8 b - - 0 1", 8},
      {"A", "8/3b4/5k2/2pPnp2/1pP4N/pP1B2P1/P3K3/8 b - - 0 1", 3},
  };
  for (const auto& c : cases) {
    Session s;
    s.send(fmt::format("setoption name Version value {}", c.version));
    s.send("ucinewgame");
    s.send(fmt::format("position fen {}", c.fen));
    s.send(fmt::format("go depth {}", c.depth));
    const auto lines = s.lines();
    const ResolvedVersion v = version(c.version);
    buho::Engine engine(v.search, v.eval);
    const auto r = engine.search(buho::Board::from_fen(c.fen), buho::Limits{c.depth, 0});
    EXPECT_EQ(last_info_nodes(lines), r.stats.nodes) << c.version << " " << c.fen;
    EXPECT_TRUE(has_line(lines, "bestmove " + r.best_move.uci())) << s.buffer.snapshot();
    EXPECT_TRUE(has_line(lines, fmt::format("info depth {} ", c.depth)));
  }
}

TEST(Uci, PositionWithMovesAndPerft) {
  Session s;
  s.send("position startpos moves e2e4 e7e5");
  s.send("go perft 2");
  auto lines = s.lines();
  buho::Board b;
  b.make_move(b.parse_uci_move("e2e4"));
  b.make_move(b.parse_uci_move("e7e5"));
  buho::Board copy = b;
  const auto divide = buho::perft_divide(copy, 2);
  std::uint64_t total = 0;
  for (const auto& [m, n] : divide) {
    EXPECT_TRUE(has_line(lines, fmt::format("{}: {}", m.uci(), n))) << m.uci();
    total += n;
  }
  EXPECT_TRUE(has_line(lines, fmt::format("Nodes searched: {}", total)));
  Session start;
  start.send("position startpos");
  start.send("go perft 3");
  EXPECT_TRUE(has_line(start.lines(), "Nodes searched: 8902"));
}

TEST(Uci, NodeAndTimeLimitsEndTheSearch) {
  Session s;
  s.send("position startpos");
  s.send("go nodes 3000");
  auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "bestmove "));
  // The final info line counts the whole search: the budget, and at most the node that found it reached.
  EXPECT_GE(last_info_nodes(lines), 3000u);
  EXPECT_LE(last_info_nodes(lines), 3000u + 64u);
  // ... and it is the line just before the bestmove, with the table's fill.
  const auto best = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; });
  ASSERT_NE(best, lines.begin());
  EXPECT_EQ(std::prev(best)->rfind("info depth ", 0), 0u) << *std::prev(best);
  EXPECT_NE(std::prev(best)->find(" hashfull "), std::string::npos) << *std::prev(best);

  Session t;
  t.send("position startpos");
  const auto t0 = std::chrono::steady_clock::now();
  t.send("go wtime 2000 btime 2000 winc 0 binc 0 movestogo 10");  // about 200 ms
  lines = t.lines();
  EXPECT_TRUE(has_line(lines, "bestmove "));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));  // liveness, not speed
  Session m;
  m.send("position startpos");
  m.send("go movetime 100");
  EXPECT_TRUE(has_line(m.lines(), "bestmove "));
}

// `go wtime ... btime ...`: the engine's time manager (engine/time_manager.h) gives the side to move a soft target and
// a hard limit from its own clock; bestmove comes within the hard limit (a margin for the thread's start and a loaded
// machine), well inside the clock.
TEST(Uci, ClockSearchAnswersWithinTheTimeManagersLimit) {
  const auto answer_ms = [](const std::string& position, const std::string& go) {
    Session s;
    // A first search builds the engine and clears its table (slow under the sanitizers); the timed one keeps it.
    s.send(position);
    s.send("go depth 1");
    s.uci.wait();
    const auto t0 = std::chrono::steady_clock::now();
    s.send(go);
    s.uci.wait();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    EXPECT_TRUE(has_line(s.lines(), "bestmove ")) << go;
    return std::int64_t(ms);
  };
  const buho::MoveTimeBudget white = buho::allocate_move_time({1000, 100, 0, 0});
  const std::int64_t took = answer_ms("position startpos", "go wtime 1000 btime 1000 winc 100 binc 100");
  EXPECT_GE(took, white.soft_ms) << "the search ended before its soft target";
  EXPECT_LE(took, white.hard_ms + 150);
  EXPECT_LT(took, 1000);
  // Black's clock when Black is to move: 300 ms of its own, whatever White has.
  const buho::MoveTimeBudget black = buho::allocate_move_time({300, 0, 0, 1});
  const std::int64_t black_took = answer_ms("position startpos moves e2e4", "go wtime 600000 btime 300");
  EXPECT_LE(black_took, black.hard_ms + 150);
  EXPECT_LT(black_took, 300);
  // movestogo: the clock is shared over the moves to go (one move: most of it may be spent).
  const buho::MoveTimeBudget last = buho::allocate_move_time({400, 0, 1, 0});
  EXPECT_LE(answer_ms("position startpos", "go wtime 400 btime 400 movestogo 1"), last.hard_ms + 150);
}

TEST(Uci, InfiniteSearchAnswersIsreadyAndStopsOnStop) {
  Session s;
  s.send("position startpos");
  s.send("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  s.send("isready");
  s.send("position startpos moves e2e4");  // waits behind the search
  s.send("go infinite");                    // so does this one
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  {
    const std::string so_far = s.buffer.snapshot();
    EXPECT_NE(so_far.find("readyok"), std::string::npos);
    EXPECT_EQ(so_far.find("bestmove"), std::string::npos) << "bestmove before stop";
  }
  s.send("stop");  // ends the search, and the queued `go infinite` taken before it
  auto lines = s.lines();
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }), 2)
      << s.buffer.snapshot();
  EXPECT_FALSE(has_line(lines, "info string error")) << s.buffer.snapshot();
  s.send("go perft 1");  // the queued position was read: Black to move
  EXPECT_TRUE(has_line(s.lines(), "e7e5: 1")) << s.buffer.snapshot();
}

TEST(Uci, MateIsReportedInMoves) {
  Session s;
  s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");  // Rd8#
  s.send("go depth 3");
  const auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "bestmove d1d8"));
  bool mate = false;
  for (const auto& l : lines) mate |= l.find("score mate 1 ") != std::string::npos;
  EXPECT_TRUE(mate) << s.buffer.snapshot();
}

TEST(Uci, OptionsReachTheEngine) {
  Session s;
  s.send("setoption name Version value A");
  s.send("setoption name quiescence value false");
  s.send("position startpos");
  s.send("go depth 3");
  auto lines = s.lines();
  ResolvedVersion a = version("A");
  a.search.quiescence = false;
  buho::Engine engine(a.search, a.eval);
  EXPECT_EQ(last_info_nodes(lines), engine.search(buho::Board(), buho::Limits{3, 0}).stats.nodes);

  UciOptions options(PresetBook::load(project_path("configs/versions.json")));
  EXPECT_EQ(options.set("Hash", "16"), "");
  EXPECT_LE(buho::transposition_table_bytes(options.config().search), std::size_t(16) << 20);
  EXPECT_GT(buho::transposition_table_bytes(options.config().search), std::size_t(8) << 20);
  EXPECT_EQ(options.set("eval.knight_value", "320"), "");
  EXPECT_EQ(options.config().eval.knight_value, 320);
}

TEST(Uci, BadInputIsAnsweredAndTheSessionGoesOn) {
  Session s;
  s.send("position startpos");
  s.send("frobnicate");
  s.send("setoption name no_such_flag value 1");
  s.send("setoption name pvs value maybe");
  s.send("setoption name tt_scheme value biggest");
  s.send("setoption name Version value Z");
  s.send("setoption name Hash value 0");
  s.send("position fen 8/8/8/9/8/8/8/8 w - - 0 1");
  s.send("position startpos moves e2e5");
  s.send("position sideways");
  s.send("position startpos");
  s.send("go depth x");
  s.send("go depth 1 searchmoves e2e5");
  s.send("isready");
  auto lines = s.lines();
  for (const char* expected :
       {"info string error: unknown command 'frobnicate'", "info string error: option unknown flag 'no_such_flag'",
        "info string error: option flag 'pvs': bad value 'maybe'", "info string error: option flag 'tt_scheme': bad value 'biggest'",
        "info string error: option Version: ", "info string error: option Hash: '0'", "info string error: position fen '8/8/8/9",
        "info string error: position: 'e2e5' is not a legal move", "info string error: position: 'sideways'",
        "info string error: go depth: expected a non-negative number, got 'x'",
        "info string go searchmoves: ignored e2e5 (not legal in "})
    EXPECT_TRUE(has_line(lines, expected)) << expected << "\n" << s.buffer.snapshot();
  EXPECT_TRUE(has_line(lines, "readyok"));
  s.send("go perft 1");
  EXPECT_TRUE(has_line(s.lines(), "Nodes searched: 20"));
}

// Found: a refused `position` left the previous one in place, and the next `go` answered for it (a White move with
// Black to move). A refused position now leaves none: `go` is refused with `bestmove (none)` until a good one.
TEST(Uci, ARefusedPositionLeavesNoPositionBehind) {
  Session s;
  s.send("position startpos moves e2e4");
  s.send("position startpos moves e2e4 e2e4");  // the second e2e4 is not legal
  s.send("go depth 2");
  s.send("go perft 1");
  auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "info string error: position: 'e2e4' is not a legal move")) << lines_text(lines);
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "info string error: go: no position (the last 'position' was refused)"), 2)
      << lines_text(lines);
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "bestmove (none)"), 2) << lines_text(lines);
  EXPECT_FALSE(has_line(lines, "info depth")) << lines_text(lines);
  s.buffer.str("");
  s.send("position startpos moves e2e4");
  s.send("go depth 1");
  lines = s.lines();
  EXPECT_TRUE(has_line(lines, "bestmove ") && !has_line(lines, "bestmove (none)")) << lines_text(lines);
}

// A game longer than the board's history (1,792 plies were the limit, and a longer legal game was refused): the
// board is rebuilt from the last capture or pawn move's position, so repetitions still count. A K+P game of 3,136
// plies, kings shuffling between pawn moves, is searched exactly as the same position given by the FEN of its
// last pawn move and the king moves since.
TEST(Uci, AGameOfAnyLengthIsTakenWithItsRepetitions) {
  buho::Board b = buho::Board::from_fen("4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
  std::vector<std::string> moves;
  std::string anchor_fen = b.fen();
  std::size_t anchor = 0;
  const auto play = [&](const std::string& m) {
    const buho::Move move = b.parse_uci_move(m);
    ASSERT_FALSE(move.is_null()) << m << " in " << b.fen();
    b.make_move(move);
    moves.push_back(m);
    if (b.halfmove_clock() == 0) {  // the test's own board starts again here: its history holds 2,048 plies
      anchor_fen = b.fen();
      anchor = moves.size();
      b = buho::Board::from_fen(anchor_fen);
    }
  };
  // Each white pawn in turn, a2-a6 to h2-h6 (a pawn on the sixth rank never checks the king on d8 or e8), one step
  // every 97 moves of the kings (e1-d1, e8-d8 and back): the halfmove clock stays under 100.
  bool black_home = true, white_home = true;
  const auto black_king = [&] { play(black_home ? "e8d8" : "d8e8"), black_home = !black_home; };
  const auto white_king = [&] { play(white_home ? "e1d1" : "d1e1"), white_home = !white_home; };
  for (char file = 'a'; file <= 'h'; ++file)
    for (int rank = 2; rank < 6; ++rank) {
      play(fmt::format("{}{}{}{}", file, rank, file, rank + 1));
      black_king();
      for (int i = 0; i < 48; ++i) white_king(), black_king();
    }
  ASSERT_GT(moves.size(), 3000u);
  ASSERT_TRUE(b.is_repetition()) << "the last position repeats: the search must see it";
  const auto last_info = [](const std::string& position) {
    Session s;
    s.send(position);
    s.send("go depth 4");
    std::string info;
    for (const auto& l : s.lines())
      if (l.rfind("info ", 0) == 0) info = l.substr(0, l.find(" nps ")) + l.substr(l.find(" pv "));
      else if (l.rfind("bestmove", 0) != 0) info = "unexpected: " + l;
    return info;
  };
  std::string all, since;
  for (const auto& m : moves) all += " " + m;
  for (std::size_t i = anchor; i < moves.size(); ++i) since += " " + moves[i];
  const std::string whole = last_info("position fen 4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 moves" + all);
  ASSERT_EQ(whole.rfind("info depth 4 ", 0), 0u) << whole;
  EXPECT_EQ(whole, last_info("position fen " + anchor_fen + " moves" + since));
  // Without the moves since the last pawn move the position does not repeat, and the search differs: the check
  // above can fail.
  EXPECT_NE(whole, last_info("position fen " + b.fen()));
}

// Found by fuzz/uci_session_fuzz.cpp (fuzz/regressions/uci_session_fuzz/): `go mate 0` left the depth unset and
// started a search with no limit, so a following end of input or `wait` never returned. It is refused like depth 0.
TEST(Uci, MateZeroIsRefusedLikeDepthZero) {
  Session s;
  s.send("position startpos");
  s.send("go mate 0");
  s.send("go depth 0");
  s.send("go depth 2 mate 0");
  s.send("isready");
  const auto lines = s.lines();  // waits for a search, if one had started
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "info string error: go: depth, mate and perft take a number >= 1"), 3)
      << s.buffer.snapshot();
  // Every refused `go` is still answered with a bestmove (a GUI waits for one): a legal move, no search.
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "bestmove b2b3"), 3) << s.buffer.snapshot();
  EXPECT_FALSE(has_line(lines, "info depth")) << s.buffer.snapshot();
  EXPECT_TRUE(has_line(lines, "readyok"));
}

// End of input stops any search, as `quit` does (Stockfish ends too), after its bestmove; a command that changes the
// position or searches waits in the queue behind a running search, so a script's searches run whole one after
// another while the input stays open. A `go` still queued at the end of input is answered unsearched.
TEST(Uci, EndOfInputStopsTheSearchAndCommandsWaitForALimitedOne) {
  Session s;
  s.send("position startpos");
  s.send("go depth 99");
  s.uci.end_of_input();  // returns: the search was stopped
  EXPECT_TRUE(has_line(s.lines(), "bestmove "));
  Session inf;
  inf.send("position startpos");
  inf.send("go infinite");
  inf.uci.end_of_input();
  EXPECT_TRUE(has_line(inf.lines(), "bestmove "));

  Session piped;
  piped.send("position startpos");
  piped.send("go depth 5");
  piped.send("position startpos moves e2e4");  // waits for depth 5
  piped.send("go depth 4");
  piped.send("ucinewgame");  // waits for depth 4
  piped.uci.wait();
  piped.uci.end_of_input();
  const auto lines = piped.lines();
  EXPECT_TRUE(has_line(lines, "info depth 5 ")) << piped.buffer.snapshot();
  EXPECT_TRUE(has_line(lines, "info depth 4 ")) << piped.buffer.snapshot();
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }), 2);
  EXPECT_FALSE(has_line(lines, "info string error")) << piped.buffer.snapshot();

  Session cut;
  cut.send("position startpos");
  cut.send("go depth 99");
  cut.send("position startpos moves e2e4");
  cut.send("go depth 99");  // queued, then answered unsearched for the queued position: a Black move
  cut.uci.end_of_input();
  const auto cut_lines = cut.lines();
  ASSERT_EQ(std::count_if(cut_lines.begin(), cut_lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }), 2)
      << cut.buffer.snapshot();
  buho::Board after_e4;
  after_e4.make_move(after_e4.parse_uci_move("e2e4"));
  buho::Move black[buho::MaxMoves];
  ASSERT_NE(buho::generate_legal(after_e4, black), black);
  EXPECT_EQ(cut_lines.back(), "bestmove " + black[0].uci()) << cut.buffer.snapshot();  // Black's first legal move
  EXPECT_FALSE(cut.uci.handle("isready")) << "a line after the end of input was taken";
}

// A `go` or `position` that arrives while a search with a limit runs waits for it, as Stockfish's does, so
// a script can pipe a sequence of searches: each search runs whole (its deepest `info depth` line), its bestmove comes
// before the next search's first line, and nothing is refused. The node counts equal those of the same searches sent
// one at a time, so the waiting command did not disturb the search it waited for.
TEST(Uci, GoAndPositionDuringASearchWaitForIt) {
  Session piped;
  piped.send("position startpos");
  piped.send("go depth 8");
  EXPECT_TRUE(piped.uci.searching());          // depth 8 takes far longer than the next line takes to arrive
  piped.send("go depth 5");                    // arrives during depth 8: waits
  piped.send("position startpos moves d2d4");  // arrives during the second search: waits
  piped.send("go nodes 5000");
  const auto lines = piped.lines();
  EXPECT_FALSE(has_line(lines, "info string error")) << piped.buffer.snapshot();
  std::vector<std::size_t> bestmoves;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("bestmove ", 0) == 0) bestmoves.push_back(i);
  ASSERT_EQ(bestmoves.size(), 3u) << piped.buffer.snapshot();
  const auto deepest_before = [&](std::size_t from, std::size_t to) {
    int deepest = 0;
    for (std::size_t i = from; i < to; ++i)
      if (lines[i].rfind("info depth ", 0) == 0) deepest = std::max(deepest, std::stoi(lines[i].substr(11)));
    return deepest;
  };
  EXPECT_EQ(deepest_before(0, bestmoves[0]), 8);
  EXPECT_EQ(deepest_before(bestmoves[0], bestmoves[1]), 5);
  // Each search alone, from a fresh session, for its nodes.
  const auto alone = [](const std::vector<std::string>& commands) {
    Session s;
    for (const auto& c : commands) s.send(c);
    return last_info_nodes(s.lines());
  };
  const std::vector<std::string> first(lines.begin(), lines.begin() + std::ptrdiff_t(bestmoves[0]));
  EXPECT_EQ(last_info_nodes(first), alone({"position startpos", "go depth 8"}));
}

// One position, one tree: a position reached by moves is searched as its FEN is (the piece lists, which the
// generator walks and captures reorder, are put in the FEN's order; the moves' history still counts for
// repetitions). 100 random games from the start position, 1-24 plies, seeded.
TEST(Uci, PositionByMovesSearchesAsItsFen) {
  std::mt19937 rng(20261124);
  int compared = 0;
  for (int game = 0; game < 100; ++game) {
    buho::Board b;
    std::string moves;
    const int plies = 1 + int(rng() % 24);
    for (int i = 0; i < plies; ++i) {
      buho::Move list[buho::MaxMoves];
      const int n = int(buho::generate_legal(b, list) - list);
      if (n == 0) break;
      const buho::Move m = list[rng() % unsigned(n)];
      moves += (moves.empty() ? "" : " ") + m.uci();
      b.make_move(m);
    }
    buho::Move replies[buho::MaxMoves];
    if (buho::generate_legal(b, replies) == replies) continue;  // game over: nothing to search
    auto last_info = [](const std::string& position) {
      Session s;
      s.send(position);
      s.send("go depth 3");
      std::string info;
      for (const auto& l : s.lines())
        if (l.rfind("info depth 3 ", 0) == 0) info = l.substr(0, l.find(" nps ")) + l.substr(l.find(" pv "));
      return info;
    };
    const std::string by_moves = last_info("position startpos moves " + moves);
    const std::string by_fen = last_info("position fen " + b.fen());
    ASSERT_FALSE(by_moves.empty()) << moves;
    EXPECT_EQ(by_moves, by_fen) << "startpos moves " << moves << "\nfen " << b.fen();
    ++compared;
  }
  EXPECT_GE(compared, 95);
}

// An aspiration re-search (Alg. 6) that fails again on its closed side leaves only a bound: the info line says so,
// as UCI's `lowerbound` / `upperbound`. LCTII.POS.08 under version E at depth 4 is such an iteration (LCTII.POS.12
// was, under quiescence reading Q4A2); with the aspiration window off every score is exact.
TEST(Uci, AspirationBoundsAreMarked) {
  auto infos = [](const std::string& aspiration) {
    Session s;
    s.send("setoption name Version value E");
    s.send("setoption name aspiration value " + aspiration);
    s.send("position fen r2qrnk1/pp3ppb/3b1n1p/1Pp1p3/2P1P2N/P5P1/1B1NQPBP/R4RK1 w - -");
    s.send("go depth 4");
    return s.lines();
  };
  const auto with = infos("true");
  EXPECT_TRUE(has_line(with, "info depth 4 seldepth 18 score cp -24 lowerbound ")) << lines_text(with);
  for (const auto& l : infos("false")) EXPECT_EQ(l.find("bound"), std::string::npos) << l;
}

// `go searchmoves` restricts the root to the moves given: the best move and every PV start with one of them.
TEST(Uci, SearchmovesRestrictsTheRoot) {
  Session s;
  s.send("position startpos");
  s.send("go depth 4 searchmoves a2a3 h2h3");
  auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "bestmove a2a3") || has_line(lines, "bestmove h2h3")) << lines_text(lines);
  int infos = 0;
  for (const auto& l : lines)
    if (l.rfind("info depth ", 0) == 0) {
      ++infos;
      const std::string first = l.substr(l.find(" pv ") + 4, 4);
      EXPECT_TRUE(first == "a2a3" || first == "h2h3") << l;
    }
  EXPECT_EQ(infos, 5);  // one per iteration, and the search's final line
  s.send("setoption name driver value minimax");
  s.send("go depth 2 searchmoves a2a3");
  lines = s.lines();
  EXPECT_TRUE(has_line(lines, "info string error: go searchmoves: the driver 'minimax'")) << lines_text(lines);
  EXPECT_EQ(lines.back(), "bestmove b2b3");
}

// An engine error ends the search, not the session: SSS* past its OPEN limit is reported, the `go` is answered.
TEST(Uci, AnEngineErrorIsAnsweredWithABestmove) {
  Session s;
  s.send("setoption name driver value sss");
  s.send("setoption name sss_open_limit value 1");
  s.send("position startpos");
  s.send("go depth 2");
  const auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, "info string error: go: the search failed: SSS* OPEN list")) << s.buffer.snapshot();
  EXPECT_TRUE(has_line(lines, "bestmove b2b3")) << s.buffer.snapshot();
  s.send("setoption name driver value alphabeta");
  s.send("go depth 2");
  EXPECT_TRUE(has_line(s.lines(), "info depth 2 "));
}

// `go perft` runs on the search thread: `stop` ends it with the counts so far, said to be incomplete; a depth
// above 20 is refused, as `harness perft` refuses it.
TEST(Uci, PerftStopsOnStopAndIsCapped) {
  Session s;
  s.send("position startpos");
  s.send("go perft 9");  // hours of counting
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(s.uci.searching());
  s.send("stop");
  auto lines = s.lines();
  EXPECT_FALSE(s.uci.searching());
  EXPECT_TRUE(has_line(lines, "info string perft 9 stopped after")) << s.buffer.snapshot();
  EXPECT_TRUE(has_line(lines, "Nodes searched: ")) << s.buffer.snapshot();
  // Every `go` ends with one bestmove, a perft's too (the first legal move: a perft chooses none).
  EXPECT_EQ(lines.back(), "bestmove b2b3") << s.buffer.snapshot();
  s.send("go perft 21");
  lines = s.lines();
  EXPECT_TRUE(has_line(lines, "info string error: go perft 21: at most 20")) << s.buffer.snapshot();
  EXPECT_EQ(lines.back(), "bestmove b2b3");
}

// Every `go` gets exactly one bestmove: one sent during `go infinite` (searched once `stop` ends the first), a
// malformed one (after its error) and a perft, all queued behind the infinite search.
TEST(Uci, EveryGoGetsExactlyOneBestmove) {
  Session s;
  s.send("position startpos");
  s.send("go infinite");
  s.send("go depth x");
  s.send("go perft 2");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(s.buffer.snapshot().find("bestmove"), std::string::npos) << s.buffer.snapshot();
  s.send("stop");
  s.send("go depth 2");  // taken after the stop: searched
  const auto lines = s.lines();
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("bestmove ", 0) == 0; }), 4)
      << lines_text(lines);
  EXPECT_TRUE(has_line(lines, "info string error: go depth: expected a non-negative number, got 'x'"));
  EXPECT_TRUE(has_line(lines, "Nodes searched: "));
  EXPECT_TRUE(has_line(lines, "info depth 2 ")) << lines_text(lines);
}

// Mate or stalemate at the root: one `info` line (Stockfish's `depth 0`), then `bestmove (none)`; under `go infinite`
// too, where every depth up to the deepest was printed at once (127 lines).
TEST(Uci, NoLegalMoveIsAnsweredWithOneInfoLineAndBestmoveNone) {
  for (const auto& [fen, info] : {std::pair<std::string, std::string>{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score mate 0"},
                                  std::pair<std::string, std::string>{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score cp 0"}})
    for (const std::string go : {"go depth 5", "go infinite"}) {
      Session s;
      s.send("position fen " + fen);
      s.send(go);
      if (go == "go infinite") {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        EXPECT_EQ(s.buffer.snapshot().find("bestmove"), std::string::npos) << "bestmove before stop";
        s.send("stop");
      }
      const auto lines = s.lines();
      EXPECT_EQ(lines, (std::vector<std::string>{info, "bestmove (none)"})) << fen << " " << go << "\n" << lines_text(lines);
    }
}

// UCI: "The name and value of the option in <id> should not be case sensitive". Names of every kind (Hash,
// Version, Clear Hash, a flag, an evaluation term) and check and combo values, in any case.
TEST(Uci, OptionNamesAndValuesAreNotCaseSensitive) {
  UciOptions options(PresetBook::load(project_path("configs/versions.json")));
  EXPECT_EQ(options.set("hash", "16"), "");
  EXPECT_LE(buho::transposition_table_bytes(options.config().search), std::size_t(16) << 20);
  EXPECT_GT(buho::transposition_table_bytes(options.config().search), std::size_t(8) << 20);
  EXPECT_EQ(options.set("VERSION", "a"), "");
  EXPECT_EQ(options.config().version, "A");
  EXPECT_EQ(options.set("PVS", "TRUE"), "");
  EXPECT_TRUE(options.config().search.pvs);
  EXPECT_EQ(options.set("Pvs", "False"), "");
  EXPECT_FALSE(options.config().search.pvs);
  EXPECT_EQ(options.set("TT_Scheme", "ALWAYS"), "");
  EXPECT_EQ(buho::param_to_text(*buho::find_param(buho::search_params(), "tt_scheme"), options.config().search), "always");
  EXPECT_EQ(options.set("EVAL.Knight_Value", "321"), "");
  EXPECT_EQ(options.config().eval.knight_value, 321);
  EXPECT_NE(options.set("pvs", "maybe"), "");
  EXPECT_TRUE(is_clear_hash("clear HASH"));
  // Through a session: the same search as the option spelled as declared.
  const auto nodes = [](const std::string& name, const std::string& value) {
    Session s;
    s.send("setoption name " + name + " value " + value);
    s.send("position startpos");
    s.send("go depth 4");
    const auto lines = s.lines();
    EXPECT_FALSE(has_line(lines, "info string error")) << lines_text(lines);
    return last_info_nodes(lines);
  };
  EXPECT_EQ(nodes("QUIESCENCE", "FALSE"), nodes("quiescence", "false"));
  EXPECT_NE(nodes("quiescence", "false"), nodes("quiescence", "true"));
}

// Found: after SSS* ran past its OPEN limit the `go` was answered with the first legal move, though depth 2 had
// chosen another. The answer is the last completed iteration's move.
TEST(Uci, AnOverrunAnswersTheLastCompletedIterationsMove) {
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";  // Kiwipete
  Session s;
  s.send("setoption name driver value sss");
  s.send(fmt::format("setoption name sss_open_limit value {}", kSssOverrunLimit));
  s.send("position fen " + fen);
  s.send("go depth 3");  // depths 1 and 2 complete, depth 3 runs past the limit
  const auto lines = s.lines();
  ASSERT_TRUE(has_line(lines, "info string error: go: the search failed: SSS* OPEN list")) << lines_text(lines);
  std::string last_pv_move;
  for (const auto& l : lines)
    if (l.rfind("info depth ", 0) == 0) last_pv_move = l.substr(l.find(" pv ") + 4, 4);
  ASSERT_FALSE(last_pv_move.empty()) << "no iteration completed: lower the depth or raise the limit\n" << lines_text(lines);
  buho::Move first[buho::MaxMoves];
  ASSERT_NE(buho::generate_legal(buho::Board::from_fen(fen), first), first);
  ASSERT_NE(last_pv_move, first[0].uci()) << "the check below could not fail";
  EXPECT_EQ(lines.back(), "bestmove " + last_pv_move) << lines_text(lines);
}

// Found: `Hash 1` then `Version D` gave version D's default table (77 MB in use), `Version D` then `Hash 1` a 1 MB
// one. A version sets its flags, never the Hash set before it: either order gives the same table.
TEST(Uci, OptionsGiveTheSameTableInEitherOrder) {
  UciOptions hash_first(PresetBook::load(project_path("configs/versions.json")));
  UciOptions version_first(PresetBook::load(project_path("configs/versions.json")));
  EXPECT_EQ(hash_first.set("Hash", "1"), "");
  EXPECT_EQ(hash_first.set("Version", "D"), "");
  EXPECT_EQ(version_first.set("Version", "D"), "");
  EXPECT_EQ(version_first.set("Hash", "1"), "");
  EXPECT_LE(buho::transposition_table_bytes(hash_first.config().search), std::size_t(1) << 20);
  EXPECT_EQ(hash_first.config().search.tt_entries, version_first.config().search.tt_entries);
  EXPECT_EQ(hash_first.config().version, "D");
  // Without a Hash, a version keeps its own table.
  UciOptions plain(PresetBook::load(project_path("configs/versions.json")));
  EXPECT_EQ(plain.set("Version", "D"), "");
  EXPECT_EQ(plain.config().search.tt_entries, version("D").search.tt_entries);
}

TEST(Uci, BenchPrintsTheSignature) {
  Session s;
  s.send("bench");
  const auto lines = s.lines();
  EXPECT_TRUE(has_line(lines, fmt::format("Nodes searched: {}", engine_signature().version_h_nodes)));
  EXPECT_TRUE(has_line(lines, "info string identity " + engine_signature().identity));
}

// UciSession::reset() (one session for every input of fuzz/uci_session_fuzz.cpp): the session then answers as a new
// one would, although it keeps the engine it built. The lines are compared without `nps` and `time`.

std::vector<std::string> without_timing(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  const std::regex timing(R"( nps \d+ time \d+ )");
  for (const auto& l : lines) out.push_back(std::regex_replace(l, timing, " "));
  return out;
}

// What a session answers to `script`, after `before` ran in it and reset() (or in a new session if `before` is
// empty). Each search of `script` ends before the next line is sent, so the lines come in one order.
std::vector<std::string> answers(const std::vector<std::string>& before, const std::vector<std::string>& script) {
  Session s;
  for (const auto& l : before) s.send(l);
  if (!before.empty()) {
    s.uci.reset();
    s.lines();
    s.buffer.str("");
  }
  for (const auto& l : script) {
    s.send(l);
    s.uci.wait();
  }
  return without_timing(s.lines());
}

TEST(Uci, ResetAnswersAsANewSession) {
  const std::string kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  // The second search keeps the first one's table (no ucinewgame), as it does in a new session.
  const std::vector<std::string> script = {"position startpos moves e2e4 e7e5", "go depth 5", "isready",
                                           "position startpos moves e2e4 e7e5 g1f3", "go depth 4", "isready"};
  const auto fresh = answers({}, script);
  ASSERT_TRUE(has_line(fresh, "info depth 5 ")) << fresh.size() << " lines";
  // The same options before the reset: the engine is kept, with its table and history full of
  // another position's search; the position and the game are forgotten.
  EXPECT_EQ(answers({"position fen " + kiwipete, "go depth 5", "isready"}, script), fresh);
  EXPECT_EQ(answers({"position startpos moves d2d4", "go depth 5"}, script), fresh);
  // Other options before the reset: they go back to version H's.
  EXPECT_EQ(answers({"setoption name Version value A", "setoption name quiescence value false",
                     "setoption name Hash value 2", "go depth 3"},
                    script),
            fresh);
  // A search still running (`go infinite`) is stopped by the reset.
  EXPECT_EQ(answers({"position startpos", "go infinite"}, script), fresh);
}

// A setoption that leaves the options as they were keeps the engine, but the next search starts from a clean table,
// as it did when every setoption built a new engine.
TEST(Uci, SetoptionStartsTheNextSearchFromACleanTable) {
  const std::string fen = "r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1";  // LCTII.POS.01
  Session s;
  s.send("position fen " + fen);
  s.send("go depth 5");
  s.lines();
  s.buffer.str("");
  s.send("setoption name pvs value true");  // version H's value already
  s.send("go depth 5");
  const ResolvedVersion h = version("H");
  buho::Engine engine(h.search, h.eval);
  EXPECT_EQ(last_info_nodes(s.lines()), engine.search(buho::Board::from_fen(fen), buho::Limits{5, 0}).stats.nodes)
      << s.buffer.snapshot();
  // Without the setoption the second search keeps the table, and counts other nodes: the check above can fail.
  s.buffer.str("");
  s.send("go depth 5");
  EXPECT_NE(last_info_nodes(s.lines()), engine.search(buho::Board::from_fen(fen), buho::Limits{5, 0}).stats.nodes);
}

// A stream that asks the session, at the moment a bestmove line is written, whether it still searches.
class BestmoveProbe : public std::stringbuf {
 public:
  UciSession* session = nullptr;
  std::atomic<int> bestmoves{0};
  std::atomic<int> searching_at_bestmove{0};

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (session && std::string(s, std::size_t(n)).rfind("bestmove", 0) == 0) {
      if (session->searching()) ++searching_at_bestmove;
      ++bestmoves;
    }
    return std::stringbuf::xsputn(s, n);
  }
};

// A GUI sends its next command as soon as it reads bestmove (polyglot does: its game test met "'position' while
// searching" under the slower sanitizer build). So the session must have left the searching state when bestmove is
// written, and take the next position and go at once.
TEST(Uci, BestmoveIsWrittenOnceTheSearchIsOver) {
  BestmoveProbe probe;
  std::ostream out(&probe);
  UciSession uci(out);
  probe.session = &uci;
  uci.handle("position startpos");
  uci.handle("go depth 3");
  while (probe.bestmoves.load() < 1) std::this_thread::yield();  // as a GUI: the next command on reading bestmove
  uci.handle("position startpos moves e2e4");
  uci.handle("go depth 2");
  uci.wait();
  EXPECT_FALSE(uci.searching());
  EXPECT_EQ(probe.bestmoves.load(), 2);
  EXPECT_EQ(probe.searching_at_bestmove.load(), 0);
  uci.handle("quit");
  EXPECT_EQ(probe.str().find("error"), std::string::npos) << probe.str();
}

}  // namespace uci_test
