#include "harness/uci/uci_session.h"

#include "harness/mate_score.h"

#include "harness/experiment/memory_ceiling.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "engine/root_driver.h"
#include "engine/board.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/search.h"
#include "engine/time_manager.h"
#include "harness/identity/engine_signature.h"
#include "harness/paths.h"
#include "harness/uci/uci_options.h"

namespace harness {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

// A non-negative whole number, or -1.
long long parse_count(const std::string& s) {
  if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoll(s);
}

std::string score_text(buho::Score v) {
  if (const auto m = mate_in_moves(v)) return *m < 0 ? fmt::format("mate -{}", -*m) : fmt::format("mate {}", *m);
  return fmt::format("cp {}", v);
}

// Appends `word` after a space (none before the first). Appended piecewise: `"" + std::string` trips GCC 12's false
// -Wstringop-overflow.
void append_word(std::string& s, const std::string& word) {
  if (!s.empty()) s += ' ';
  s += word;
}

std::string moves_text(const std::vector<buho::Move>& pv) {
  std::string s;
  for (const auto& m : pv) append_word(s, m.uci());
  return s;
}

// What `go` asked for.
struct GoRequest {
  int depth = 0;                 // 0 = no depth limit
  long long nodes = 0;           // 0 = no node limit
  long long movetime = -1;       // ms; -1 = none
  long long time[2] = {-1, -1};  // wtime, btime (ms)
  long long inc[2] = {0, 0};     // winc, binc
  long long movestogo = 0;
  bool infinite = false;
  int perft = 0;
  std::vector<buho::Move> searchmoves;  // empty: every root move
};

// The words `go` takes, each a parameter's name (searchmoves' list ends at the next one).
bool is_go_keyword(const std::string& w) {
  for (const char* k : {"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate",
                        "movetime", "infinite", "perft"})
    if (w == k) return true;
  return false;
}

// Every option that shapes an engine (each search flag and evaluation term, as its text): two configurations with
// the same key build engines that search alike, so an engine is rebuilt only when the key changes.
std::string engine_key(const UciConfig& c) {
  std::string key;
  for (const auto& p : buho::search_params()) append_word(key, buho::param_to_text(p, c.search));
  for (const auto& p : buho::eval_params()) append_word(key, buho::param_to_text(p, c.eval));
  return key;
}

// Plies a game may still add before the board's history (make/unmake records) runs short for a deep search.
constexpr int kMaxGamePlies = buho::Board::MaxHistory - 2 * buho::MaxPly;

// `go perft N` takes N up to this, as `harness perft` does; a deeper count would run for days (and stops on `stop`).
constexpr int kMaxPerftDepth = 20;

// The move a `go` that cannot search answers with: UCI needs one `bestmove` per `go`, and a GUI waits for it. The
// first legal move, or the null move "0000" when there is none (mate or stalemate).
std::string fallback_move(const buho::Board& b) {
  buho::Move moves[buho::MaxMoves];
  return buho::generate_legal(b, moves) == moves ? std::string("0000") : moves[0].uci();
}

}  // namespace

struct UciSession::Impl {
  explicit Impl(std::ostream& o)
      : out(o), initial_options(PresetBook::load(project_path("configs/versions.json"))), options(initial_options) {}

  std::ostream& out;
  std::mutex out_mutex;
  void say(const std::string& line) {
    std::lock_guard lock(out_mutex);
    out << line << '\n';
    out.flush();
  }
  void error(const std::string& what) { say("info string error: " + what); }

  const UciOptions initial_options;  // a new session's (version H), for reset()
  UciOptions options;
  buho::Board board;
  int game_plies = 0;
  std::unique_ptr<buho::Engine> engine;
  std::string built_key;    // engine_key of the options `engine` was built with
  bool fresh_table = true;  // the next search starts from a clean table (new game, Clear Hash, an option set)

  // The running search, if any.
  std::thread worker, timer;
  std::atomic<bool> stop{false};
  std::mutex state_mutex;
  std::condition_variable state_cv;
  bool searching = false;
  bool stop_requested = false;  // `stop` (or quit) arrived: ends `go infinite`'s wait
  bool infinite_search = false;  // the running search is `go infinite`

  void finish_search() {
    if (worker.joinable()) worker.join();
    if (timer.joinable()) timer.join();
  }
  void request_stop() {
    stop = true;
    {
      std::lock_guard lock(state_mutex);
      stop_requested = true;
    }
    state_cv.notify_all();
  }
  bool busy() {
    std::lock_guard lock(state_mutex);
    return searching;
  }

  void cmd_uci() {
    say("id name BuhoChess (research harness)");
    say("id author the buho-harness developers, after O. E. Lugo Sanchez (2010)");
    for (const auto& d : options.declarations()) say(d);
    say("uciok");
  }

  void cmd_setoption(const std::vector<std::string>& t, const std::string& line) {
    // setoption name <name, may hold spaces> [value <value, may hold spaces>]
    if (t.size() < 3 || t[1] != "name") return error(fmt::format("'{}': expected setoption name <id> [value <x>]", line));
    std::string name, value;
    std::size_t i = 2;
    for (; i < t.size() && t[i] != "value"; ++i) append_word(name, t[i]);
    for (++i; i < t.size(); ++i) append_word(value, t[i]);
    if (name == "Clear Hash") {
      fresh_table = true;
      return;
    }
    const std::string err = options.set(name, value);
    if (!err.empty()) return error(err);
    fresh_table = true;  // as a new engine would start: the same whether or not the engine is rebuilt
  }

  void cmd_position(const std::vector<std::string>& t) {
    std::size_t i = 1;
    buho::Board b;
    if (t.size() < 2) return error("position: expected 'startpos' or 'fen <FEN>'");
    if (t[1] == "startpos") {
      i = 2;
    } else if (t[1] == "fen") {
      std::string fen;
      for (i = 2; i < t.size() && t[i] != "moves"; ++i) append_word(fen, t[i]);
      try {
        b = buho::Board::from_fen(fen);
      } catch (const buho::ParseError& e) {
        return error(fmt::format("position fen '{}': {}", fen, e.what()));
      }
    } else {
      return error(fmt::format("position: '{}' is neither 'startpos' nor 'fen'", t[1]));
    }
    int plies = 0;
    if (i < t.size()) {
      if (t[i] != "moves") return error(fmt::format("position: expected 'moves', got '{}'", t[i]));
      for (++i; i < t.size(); ++i) {
        const buho::Move m = b.parse_uci_move(t[i]);
        if (m.is_null()) return error(fmt::format("position: '{}' is not a legal move in {}", t[i], b.fen()));
        if (++plies > kMaxGamePlies) return error(fmt::format("position: more than {} moves", kMaxGamePlies));
        b.make_move(m);
      }
    }
    // One position, one tree: the piece lists in the order the position's FEN gives them, the moves' history kept
    // for repetitions (Board::canonicalize_piece_lists).
    b.canonicalize_piece_lists();
    board = b;  // only a position read whole replaces the current one
    game_plies = plies;
  }

  bool parse_go(const std::vector<std::string>& t, GoRequest& g) {
    for (std::size_t i = 1; i < t.size(); ++i) {
      const std::string& k = t[i];
      if (k == "infinite") {
        g.infinite = true;
        continue;
      }
      if (k == "ponder") continue;  // no pondering: searched as a normal go
      if (k == "searchmoves") {
        for (; i + 1 < t.size() && !is_go_keyword(t[i + 1]); ++i) {
          const buho::Move m = board.parse_uci_move(t[i + 1]);
          if (m.is_null()) {
            error(fmt::format("go searchmoves: '{}' is not a legal move in {}", t[i + 1], board.fen()));
            return false;
          }
          g.searchmoves.push_back(m);
        }
        if (g.searchmoves.empty()) {
          error("go searchmoves: expected at least one move");
          return false;
        }
        continue;
      }
      const bool takes_number = k == "depth" || k == "nodes" || k == "movetime" || k == "wtime" || k == "btime" ||
                                k == "winc" || k == "binc" || k == "movestogo" || k == "perft" || k == "mate";
      if (!takes_number) {
        error(fmt::format("go: unknown or unsupported parameter '{}'", k));
        return false;
      }
      const long long v = i + 1 < t.size() ? parse_count(t[i + 1]) : -1;
      if (v < 0) {
        error(fmt::format("go {}: expected a non-negative number, got '{}'", k, i + 1 < t.size() ? t[i + 1] : ""));
        return false;
      }
      ++i;
      if (k == "depth") g.depth = int(std::min<long long>(v, buho::MaxPly - 1));
      if (k == "mate") g.depth = int(std::min<long long>(2 * v, buho::MaxPly - 1));
      if (k == "nodes") g.nodes = v;
      if (k == "movetime") g.movetime = v;
      if (k == "wtime") g.time[0] = v;
      if (k == "btime") g.time[1] = v;
      if (k == "winc") g.inc[0] = v;
      if (k == "binc") g.inc[1] = v;
      if (k == "movestogo") g.movestogo = v;
      if (k == "perft") {
        if (v > kMaxPerftDepth) {
          error(fmt::format("go perft {}: at most {}", v, kMaxPerftDepth));
          return false;
        }
        g.perft = int(v);
      }
    }
    // `mate 0` too: it would leave the depth unset, an unbounded search (found by fuzz/uci_session_fuzz.cpp).
    const auto has = [&t](const char* k) { return std::find(t.begin(), t.end(), k) != t.end(); };
    if ((g.depth == 0 && (has("depth") || has("mate"))) || (g.perft == 0 && has("perft"))) {
      error("go: depth, mate and perft take a number >= 1");
      return false;
    }
    return true;
  }

  // How long this search may take: `movetime` is a hard limit of its own; a clock (wtime/btime, winc/binc,
  // movestogo) gets the engine's time manager's soft target and hard limit for the side to move
  // (engine/time_manager.h); neither: no limit (-1).
  buho::MoveTimeBudget time_budget(const GoRequest& g) const {
    if (g.movetime >= 0) return {0, g.movetime};
    const int side = board.side_to_move() == buho::White ? 0 : 1;
    if (g.time[side] < 0) return {0, -1};
    const buho::ClockState clock{g.time[side], g.inc[side], int(std::min<long long>(g.movestogo, 1000)),
                                 buho::game_ply(board)};
    return buho::allocate_move_time(clock);
  }

  // Marks a search (or perft) as running; the worker that runs it clears the mark (end_run) before its last line.
  void begin_run(bool infinite) {
    stop = false;
    std::lock_guard lock(state_mutex);
    searching = true;
    stop_requested = false;
    infinite_search = infinite;
  }
  void end_run() {
    {
      std::lock_guard lock(state_mutex);
      searching = false;
    }
    state_cv.notify_all();
  }

  // Perft on the worker thread, so that `stop`, `quit` and the end of input reach it (within a few thousand
  // leaves: perft_divide's stop flag).
  void cmd_perft(int depth) {
    begin_run(false);
    const buho::Board root = board;
    worker = std::thread([this, depth, root] {
      buho::Board b = root;
      const auto t0 = Clock::now();
      std::uint64_t total = 0;
      for (const auto& [m, n] : buho::perft_divide(b, depth, true, &stop)) {
        say(fmt::format("{}: {}", m.uci(), n));
        total += n;
      }
      const double s = std::chrono::duration<double>(Clock::now() - t0).count();
      const bool stopped = stop.load();
      end_run();
      say("");
      if (stopped) say(fmt::format("info string perft {} stopped after {:.3f} s: the counts are incomplete", depth, s));
      say(fmt::format("Nodes searched: {}", total));
      if (!stopped) say(fmt::format("info string perft {} in {:.3f} s", depth, s));
    });
  }

  void cmd_go(const std::vector<std::string>& t) {
    GoRequest g;
    if (!parse_go(t, g)) return say("bestmove " + fallback_move(board));  // after its `info string error`
    if (g.perft > 0) return cmd_perft(g.perft);
    if (!g.searchmoves.empty() && !buho::searches_root_moves(options.config().search.root_driver)) {
      std::vector<std::string_view> honouring;  // the drivers whose rows honour root moves
      for (const auto& d : buho::kRootDrivers)
        if (d.honours_root_moves) honouring.push_back(d.name);
      error(fmt::format("go searchmoves: the driver '{}' searches every root move (searchmoves needs {})",
                        buho::driver_name(options.config().search.root_driver), fmt::join(honouring, ", ")));
      return say("bestmove " + fallback_move(board));
    }
    if (const std::string why = sss_memory_problem(options.config().search, available_memory_bytes()); !why.empty()) {
      error(why);
      return say("bestmove " + fallback_move(board));
    }
    // An engine built for the same options is kept: cleared (fresh_table), it searches as a new one would, and
    // building one allocates and clears its table (64 MB for version H).
    const std::string key = engine_key(options.config());
    if (!engine || key != built_key) {
      engine = std::make_unique<buho::Engine>(options.config().search, options.config().eval);
      built_key = key;
      fresh_table = true;
    }
    const bool keep_state = !fresh_table;
    fresh_table = false;
    begin_run(g.infinite);
    buho::Limits limits;
    limits.depth = g.depth > 0 ? g.depth : buho::MaxPly - 1;
    limits.node_budget = std::uint64_t(g.nodes);
    limits.stop = &stop;
    limits.root_moves = g.searchmoves;
    limits.on_iteration = [this](const buho::IterationReport& r) {
      const double nps = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
      const char* bound = r.bound == buho::ScoreBound::Lower   ? " lowerbound"
                          : r.bound == buho::ScoreBound::Upper ? " upperbound"
                                                               : "";
      say(fmt::format("info depth {} seldepth {} score {}{} nodes {} nps {:.0f} time {:.0f} pv {}", r.depth, r.seldepth,
                      score_text(r.score), bound, r.nodes, nps, r.seconds * 1000, moves_text(r.pv)));
    };
    const buho::MoveTimeBudget time = time_budget(g);
    limits.soft_time_ms = std::uint64_t(time.soft_ms);
    const long long budget = time.hard_ms;
    const bool infinite = g.infinite;
    const buho::Board root = board;
    worker = std::thread([this, limits, keep_state, infinite, root] {
      std::string best;
      // An engine error (SSS*'s OPEN list past its limit, an allocation that fails) ends this search, never the
      // session: it is reported, and the `go` still gets its bestmove.
      try {
        const buho::SearchResult r = engine->search(root, limits, keep_state);
        best = r.best_move.is_null() ? fallback_move(root) : r.best_move.uci();
        if (r.pv.size() > 1) best += " ponder " + r.pv[1].uci();
      } catch (const std::exception& e) {
        error(fmt::format("go: the search failed: {}", e.what()));
        best = fallback_move(root);
      }
      if (infinite) {  // UCI: after `go infinite`, bestmove only once `stop` arrives
        std::unique_lock lock(state_mutex);
        state_cv.wait(lock, [this] { return stop_requested; });
      }
      // The search is over before bestmove is written: a GUI sends its next `position` and `go` the moment it
      // reads bestmove (polyglot did, and was told "while searching" when this came after). A command that
      // arrives now joins this thread (finish_search), which only has the line left to write.
      end_run();
      say("bestmove " + best);
    });
    if (budget >= 0)
      timer = std::thread([this, budget] {
        std::unique_lock lock(state_mutex);
        if (!state_cv.wait_for(lock, std::chrono::milliseconds(budget), [this] { return !searching; })) stop = true;
      });
  }

  // A new session's state, the engine kept (see reset() in the header). No search runs.
  void reset() {
    options = initial_options;
    board = buho::Board();
    game_plies = 0;
    fresh_table = true;
    stop = false;
    std::lock_guard lock(state_mutex);
    searching = false;
    stop_requested = false;
    infinite_search = false;
  }

  void cmd_bench() {
    const EngineSignature& sig = engine_signature();
    say(fmt::format("info string identity {}", sig.identity));
    say(fmt::format("info string signature {} (version H over {} fixed searches)", sig.version_h_nodes,
                    sig.version_h_cases.size()));
    say(fmt::format("Nodes searched: {}", sig.version_h_nodes));
  }
};

UciSession::UciSession(std::ostream& out) : impl_(std::make_unique<Impl>(out)) {}

UciSession::~UciSession() {
  impl_->request_stop();
  impl_->finish_search();
}

bool UciSession::searching() { return impl_->busy(); }

void UciSession::wait() {
  {
    std::unique_lock lock(impl_->state_mutex);
    impl_->state_cv.wait(lock, [this] { return !impl_->searching; });
  }
  impl_->finish_search();
}

void UciSession::reset() {
  impl_->request_stop();
  impl_->finish_search();
  impl_->reset();
}

void UciSession::end_of_input() { handle("quit"); }

bool UciSession::handle(const std::string& line) {
  Impl& s = *impl_;
  const auto t = split(line);
  if (t.empty()) return true;
  const std::string& cmd = t[0];
  if (cmd == "quit") {
    s.request_stop();
    s.finish_search();
    return false;
  }
  if (cmd == "stop") {
    s.request_stop();
    wait();
    return true;
  }
  if (cmd == "isready") {
    s.say("readyok");
    return true;
  }
  if (cmd == "uci") {
    s.cmd_uci();
    return true;
  }
  if (cmd == "debug" || cmd == "register" || cmd == "ponderhit") return true;  // accepted; nothing to do here
  // Every other command changes or reads state a search uses: it waits for a limited search (or perft) to end, so
  // that a script can pipe a sequence of searches; under `go infinite`, which ends only on `stop`, it is refused.
  bool infinite = false;
  {
    std::lock_guard lock(s.state_mutex);
    infinite = s.searching && s.infinite_search;
  }
  if (infinite) {
    s.error(fmt::format("'{}' while searching: send 'stop' first", cmd));
    return true;
  }
  wait();
  if (cmd == "ucinewgame") s.fresh_table = true;
  else if (cmd == "setoption") s.cmd_setoption(t, line);
  else if (cmd == "position") s.cmd_position(t);
  else if (cmd == "go") s.cmd_go(t);
  else if (cmd == "bench") s.cmd_bench();
  else s.error(fmt::format("unknown command '{}'", cmd));
  return true;
}

}  // namespace harness
