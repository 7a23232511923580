#include "harness/uci/uci_session.h"

#include "harness/mate_score.h"

#include "harness/experiment/memory_ceiling.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <optional>
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
#include "harness/uci/uci_go.h"
#include "harness/uci/uci_options.h"
#include "harness/uci/uci_position.h"

namespace harness {

namespace {

using Clock = std::chrono::steady_clock;

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

// Every option that shapes an engine (each search flag and evaluation term, as its text): two configurations with
// the same key build engines that search alike, so an engine is rebuilt only when the key changes.
std::string engine_key(const UciConfig& c) {
  std::string key;
  for (const auto& p : buho::search_params()) append_word(key, buho::param_to_text(p, c.search));
  for (const auto& p : buho::eval_params()) append_word(key, buho::param_to_text(p, c.eval));
  return key;
}

// The move a `go` that does not search answers with (UCI needs one `bestmove` per `go`, and a GUI waits for it):
// the first legal move, or "(none)" when there is none (mate or stalemate; Stockfish's word) or no position.
std::string fallback_move(const std::optional<buho::Board>& b) {
  if (!b) return "(none)";
  buho::Move moves[buho::MaxMoves];
  return buho::generate_legal(*b, moves) == moves ? std::string("(none)") : moves[0].uci();
}

}  // namespace

struct UciSession::Impl {
  // A command taken by the reader, carried out by the executor in the order taken.
  struct UciCommand {
    std::vector<std::string> words;  // never empty
    std::string line;
    std::uint64_t go_number = 0;  // a `go`: how many `go` the session had taken with this one (1, 2, ...)
  };

  explicit Impl(std::ostream& o)
      : out(o), initial_options(PresetBook::load(project_path("configs/versions.json"))), options(initial_options) {
    executor = std::thread([this] { run_executor(); });
  }

  // --- Output: the one writer. Every line is written and flushed whole under out_mutex, by whichever thread. ---
  std::ostream& out;
  std::mutex out_mutex;
  void say(const std::string& line) {
    std::lock_guard lock(out_mutex);
    out << line << '\n';
    out.flush();
  }
  void error(const std::string& what) { say("info string error: " + what); }

  // --- What a search uses: the executor's alone (reset() touches it only while the executor waits). ---
  const UciOptions initial_options;  // a new session's (version H), for reset()
  UciOptions options;
  // The position to search; none after a `position` that was refused (see cmd_position).
  std::optional<buho::Board> board = buho::Board();
  std::unique_ptr<buho::Engine> engine;
  std::string built_key;    // engine_key of the options `engine` was built with
  bool fresh_table = true;  // the next search starts from a clean table (new game, Clear Hash, an option set)

  // --- Shared between the reader and the executor, under `mutex`. ---
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<UciCommand> queue;
  std::uint64_t gos_taken = 0;       // `go` commands taken so far
  std::uint64_t queued_gos = 0;      // of them, still in the queue
  std::uint64_t stopped_through = 0;  // every `go` numbered up to this was stopped (by `stop` or quit)
  bool executing = false;            // the executor carries out a command
  bool searching = false;            // a `go` (search or perft) runs; false once its bestmove is about to be written
  bool quitting = false;             // quit or the end of input: nothing more is taken (until reset)
  bool shutting_down = false;        // the destructor: the executor ends once the queue is empty
  bool timer_may_end = false;        // the running search has returned: its timer ends
  // The running search's stop flag, read by the engine (and perft); set under `mutex`.
  std::atomic<bool> stop{false};
  std::thread executor;

  // --- The reader's side. ---

  // Takes a line (see UciSession::handle).
  bool take(const std::string& line) {
    std::istringstream in(line);
    UciCommand c;
    for (std::string w; in >> w;) c.words.push_back(w);
    std::unique_lock lock(mutex);
    if (quitting) return false;
    if (c.words.empty()) return true;
    const std::string& cmd = c.words[0];
    if (cmd == "quit") {
      lock.unlock();
      quit();
      return false;
    }
    if (cmd == "stop") {
      stop_every_go_taken();
      return true;
    }
    if (cmd == "debug" || cmd == "register" || cmd == "ponderhit") return true;  // accepted; nothing to do here
    if (cmd == "isready" && (searching || queued_gos > 0)) {
      lock.unlock();
      say("readyok");
      return true;
    }
    if (cmd == "go") {
      c.go_number = ++gos_taken;
      ++queued_gos;
    }
    c.line = line;
    queue.push_back(std::move(c));
    lock.unlock();
    changed.notify_all();
    return true;
  }

  // With `mutex` held: the running search, and every `go` taken so far, are stopped.
  void stop_every_go_taken() {
    stopped_through = gos_taken;
    stop = true;
    changed.notify_all();
  }

  // Stops everything, answers what is queued (each `go` unsearched) and waits until the executor is idle.
  void quit() {
    std::unique_lock lock(mutex);
    quitting = true;
    stop_every_go_taken();
    changed.wait(lock, [this] { return queue.empty() && !executing; });
  }

  void wait_idle() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [this] { return queue.empty() && !executing; });
  }

  // --- The executor's side. ---

  void run_executor() {
    for (;;) {
      UciCommand c;
      bool answer_unsearched = false;
      {
        std::unique_lock lock(mutex);
        changed.wait(lock, [this] { return shutting_down || !queue.empty(); });
        if (queue.empty()) return;
        c = std::move(queue.front());
        queue.pop_front();
        executing = true;
        if (c.go_number) {
          --queued_gos;
          searching = true;  // from here on `isready` is answered at once
          stop = c.go_number <= stopped_through;
        }
        answer_unsearched = quitting;
      }
      carry_out(c, answer_unsearched);
      {
        std::lock_guard lock(mutex);
        executing = false;
        searching = false;
      }
      changed.notify_all();
    }
  }

  // Marks the running `go` as over: from here `isready` waits its turn again.
  void end_search() {
    std::lock_guard lock(mutex);
    searching = false;
  }
  // The `go`'s last line: its bestmove, once the search is marked over (a GUI sends its next command on reading it).
  void answer(const std::string& best) {
    end_search();
    say("bestmove " + best);
  }
  // UCI: after `go infinite`, bestmove only once `stop` (or quit) arrives, even when the search ended by itself.
  void wait_for_stop(std::uint64_t go_number) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [this, go_number] { return stopped_through >= go_number || quitting; });
  }

  void carry_out(const UciCommand& c, bool quitting_now) {
    const std::string& cmd = c.words[0];
    const auto& t = c.words;
    if (cmd == "go") return cmd_go(t, c.go_number, quitting_now);
    if (cmd == "isready") say("readyok");
    else if (cmd == "uci") cmd_uci();
    else if (cmd == "ucinewgame") fresh_table = true;
    else if (cmd == "setoption") cmd_setoption(t, c.line);
    else if (cmd == "position") cmd_position(t);
    else if (cmd == "bench") {
      if (!quitting_now) cmd_bench();
    } else error(fmt::format("unknown command '{}'", cmd));
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
    if (is_clear_hash(name)) {
      fresh_table = true;
      return;
    }
    const UciOptions before = options;
    const std::string err = options.set(name, value);
    if (!err.empty()) return error(err);
    // A table the machine cannot hold (Hash, tt_entries, a Version's table) is refused here, the old size kept:
    // allocated, it would fail at the next `go` or, mapped lazily, meet the kernel's out-of-memory killer mid-search.
    const std::size_t bytes = buho::transposition_table_bytes(options.config().search);
    const std::uint64_t available = available_memory_bytes();
    if (available > 0 && bytes > available && bytes > buho::transposition_table_bytes(before.config().search)) {
      options = before;
      return error(fmt::format("option {}: a transposition table of {} MiB is more than the {} MiB this machine has "
                               "available; the options are unchanged",
                               name, bytes >> 20, available >> 20));
    }
    fresh_table = true;  // as a new engine would start: the same whether or not the engine is rebuilt
  }

  // A refused `position` leaves no position: the next `go` is refused (`bestmove (none)`) until a position is read
  // whole. Searching the previous one instead answered for another position (a White move with Black to move).
  void cmd_position(const std::vector<std::string>& t) {
    buho::Board b;
    const std::string err = read_uci_position(t, b);
    if (!err.empty()) {
      board.reset();
      return error(err + " (no position until the next good one)");
    }
    board = b;
  }

  // How long this search may take: `movetime` is a hard limit of its own; a clock (wtime/btime, winc/binc,
  // movestogo) gets the engine's time manager's soft target and hard limit for the side to move
  // (engine/time_manager.h); neither: no limit (-1).
  buho::MoveTimeBudget time_budget(const GoRequest& g) const {
    if (g.movetime >= 0) return {0, g.movetime};
    const int side = board->side_to_move() == buho::White ? 0 : 1;
    if (g.time[side] < 0) return {0, -1};
    const buho::ClockState clock{g.time[side], g.inc[side], int(std::min<long long>(g.movestogo, 1000)),
                                 buho::game_ply(*board)};
    return buho::allocate_move_time(clock);
  }

  // Perft on the executor, which `stop`, `quit` and the end of input reach (within a few thousand leaves:
  // perft_divide's stop flag). It ends, as every `go` does, with a bestmove: the first legal move, unsearched.
  void cmd_perft(int depth) {
    buho::Board b = *board;
    const auto t0 = Clock::now();
    std::uint64_t total = 0;
    for (const auto& [m, n] : buho::perft_divide(b, depth, true, &stop)) {
      say(fmt::format("{}: {}", m.uci(), n));
      total += n;
    }
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    const bool stopped = stop.load();
    say("");
    if (stopped) say(fmt::format("info string perft {} stopped after {:.3f} s: the counts are incomplete", depth, s));
    say(fmt::format("Nodes searched: {}", total));
    if (!stopped) say(fmt::format("info string perft {} in {:.3f} s", depth, s));
    answer(fallback_move(board));
  }

  // Builds the engine for the current options unless the one built for the same options is kept: cleared
  // (fresh_table), it searches as a new one would, and building one allocates and clears its table (64 MB for
  // version H). "" or why it could not be built (a table the machine cannot give: the session goes on).
  std::string ready_engine() {
    const std::string key = engine_key(options.config());
    if (engine && key == built_key) return {};
    engine.reset();  // the old table is given back before the new one is asked for
    built_key.clear();
    try {
      engine = std::make_unique<buho::Engine>(options.config().search, options.config().eval);
    } catch (const std::bad_alloc&) {
      return fmt::format("go: the transposition table ({} MiB) could not be allocated; lower Hash",
                         buho::transposition_table_bytes(options.config().search) >> 20);
    }
    built_key = key;
    fresh_table = true;
    return {};
  }

  // `unsearched`: quit came before this `go` started: it is checked (and refused as it would be) but neither
  // searched nor counted, and answered with the first legal move.
  void cmd_go(const std::vector<std::string>& t, std::uint64_t go_number, bool unsearched) {
    if (!board) {
      error("go: no position (the last 'position' was refused)");
      return answer(fallback_move(board));
    }
    GoRequest g;
    if (const std::string err = parse_go(t, *board, g); !err.empty()) {
      error(err);
      return answer(fallback_move(board));
    }
    if (!g.ignored_searchmoves.empty())
      say(fmt::format("info string go searchmoves: ignored {} (not legal in {}); {}", fmt::join(g.ignored_searchmoves, ", "),
                      board->fen(), g.searchmoves.empty() ? "no move named is legal: every move is searched"
                                                          : "the legal ones are searched"));
    if (g.perft > 0 && !unsearched) return cmd_perft(g.perft);
    if (!g.searchmoves.empty() && !buho::searches_root_moves(options.config().search.root_driver)) {
      std::vector<std::string_view> honouring;  // the drivers whose rows honour root moves
      for (const auto& d : buho::kRootDrivers)
        if (d.honours_root_moves) honouring.push_back(d.name);
      error(fmt::format("go searchmoves: the driver '{}' searches every root move (searchmoves needs {})",
                        buho::driver_name(options.config().search.root_driver), fmt::join(honouring, ", ")));
      return answer(fallback_move(board));
    }
    if (const std::string why = sss_memory_problem(options.config().search, available_memory_bytes()); !why.empty()) {
      error(why);
      return answer(fallback_move(board));
    }
    if (unsearched) return answer(fallback_move(board));
    if (const std::string why = ready_engine(); !why.empty()) {
      error(why);
      return answer(fallback_move(board));
    }
    const buho::Board root = *board;
    buho::Move legal[buho::MaxMoves];
    if (buho::generate_legal(root, legal) == legal) {
      // No legal move: one line for the position (Stockfish's form), not one per depth up to the deepest.
      say(root.in_check() ? "info depth 0 score mate 0" : "info depth 0 score cp 0");
      if (g.infinite) wait_for_stop(go_number);
      return answer("(none)");
    }
    const bool keep_state = !fresh_table;
    fresh_table = false;
    buho::Limits limits;
    limits.depth = g.depth > 0 ? g.depth : buho::MaxPly - 1;
    limits.node_budget = std::uint64_t(g.nodes);
    limits.stop = &stop;
    limits.root_moves = g.searchmoves;
    limits.pv_from_table = true;  // a repeated search reports the whole line it knows, and a ponder move
    limits.multipv = options.multipv();
    if (limits.multipv > 1 && !buho::searches_root_moves(options.config().search.root_driver))
      say(fmt::format("info string MultiPV {}: the driver '{}' searches every root move, so one line is reported",
                      limits.multipv, buho::driver_name(options.config().search.root_driver)));
    const bool tag_lines = limits.multipv > 1;
    buho::Move last_iteration_move;  // the best move of the last completed iteration
    limits.on_iteration = [this, &last_iteration_move, tag_lines](const buho::IterationReport& r) {
      if (r.line == 1 && !r.pv.empty()) last_iteration_move = r.pv.front();
      const double nps = r.seconds > 0 ? double(r.nodes) / r.seconds : 0;
      const char* bound = r.bound == buho::ScoreBound::Lower   ? " lowerbound"
                          : r.bound == buho::ScoreBound::Upper ? " upperbound"
                                                               : "";
      say(fmt::format("info depth {} seldepth {}{} score {}{} nodes {} nps {:.0f} time {:.0f} pv {}", r.depth, r.seldepth,
                      tag_lines ? fmt::format(" multipv {}", r.line) : "", score_text(r.score), bound, r.nodes, nps,
                      r.seconds * 1000, moves_text(r.pv)));
    };
    const buho::MoveTimeBudget time = time_budget(g);
    limits.soft_time_ms = std::uint64_t(time.soft_ms);
    {
      std::lock_guard lock(mutex);
      timer_may_end = false;
    }
    std::thread timer;
    if (time.hard_ms >= 0)
      timer = std::thread([this, budget = time.hard_ms] {
        std::unique_lock lock(mutex);
        if (!changed.wait_for(lock, std::chrono::milliseconds(budget), [this] { return timer_may_end; })) stop = true;
      });
    std::string best;
    // An engine error (SSS*'s OPEN list past its limit, an allocation that fails) ends this search, never the
    // session: it is reported, and the `go` is answered with the last completed iteration's move (the first legal
    // move when none completed).
    try {
      const buho::SearchResult r = engine->search(root, limits, keep_state);
      final_info(r, tag_lines);
      best = r.best_move.is_null() ? fallback_move(board) : r.best_move.uci();
      if (r.pv.size() > 1) best += " ponder " + r.pv[1].uci();
    } catch (const std::exception& e) {
      error(fmt::format("go: the search failed: {}", e.what()));
      best = last_iteration_move.is_null() ? fallback_move(board) : last_iteration_move.uci();
      fresh_table = true;  // the failed search may have left its tables half written
    }
    {
      std::lock_guard lock(mutex);
      timer_may_end = true;
    }
    changed.notify_all();
    if (timer.joinable()) timer.join();
    if (g.infinite) wait_for_stop(go_number);
    answer(best);
  }

  // UCI: a search ends with one `info` line of the whole search, whatever stopped it (depth, `go nodes`, `movetime`,
  // `stop`), as Stockfish prints one when a search stops: the depth last completed, the search's nodes and time
  // (not its last iteration's), the table's fill in permille (hashfull) and the PV the bestmove comes from.
  // Under MultiPV (`tag_lines`) one such line per line found, each tagged `multipv k`, with the whole search's counts.
  void final_info(const buho::SearchResult& r, bool tag_lines) {
    const buho::SearchStats& s = r.stats;
    const double nps = s.seconds > 0 ? double(s.nodes) / s.seconds : 0;
    const std::uint64_t hashfull = s.tt_capacity ? 1000 * s.tt_occupied / s.tt_capacity : 0;
    auto line = [&](int k, int depth, buho::Score score, const std::vector<buho::Move>& pv) {
      say(fmt::format("info depth {} seldepth {}{} score {} nodes {} nps {:.0f} time {:.0f} hashfull {} pv {}", depth,
                      s.seldepth, tag_lines ? fmt::format(" multipv {}", k) : "", score_text(score), s.nodes, nps,
                      s.seconds * 1000, hashfull, moves_text(pv)));
    };
    line(1, s.depth_reached, r.score, r.pv);
    for (std::size_t i = 0; i < r.lines.size(); ++i)
      if (r.lines[i].depth > 0) line(int(i) + 2, r.lines[i].depth, r.lines[i].score, r.lines[i].pv);
  }

  // A new session's state, the engine kept (see reset() in the header). Called while the executor waits.
  void reset_state() {
    options = initial_options;
    board = buho::Board();
    fresh_table = true;
    std::lock_guard lock(mutex);
    quitting = false;
    stop = false;
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
  impl_->quit();
  {
    std::lock_guard lock(impl_->mutex);
    impl_->shutting_down = true;
  }
  impl_->changed.notify_all();
  impl_->executor.join();
}

bool UciSession::handle(const std::string& line) { return impl_->take(line); }

bool UciSession::searching() {
  std::lock_guard lock(impl_->mutex);
  return impl_->searching || impl_->queued_gos > 0;
}

void UciSession::wait() { impl_->wait_idle(); }

void UciSession::end_of_input() { impl_->quit(); }

void UciSession::reset() {
  impl_->quit();
  impl_->reset_state();
}

void run_uci(std::istream& in, std::ostream& out) {
  in.tie(nullptr);
  UciSession session(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!session.handle(line)) return;
  }
  session.end_of_input();
}

}  // namespace harness
