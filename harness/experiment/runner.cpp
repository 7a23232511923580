#include "harness/experiment/runner.h"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include "engine/board.h"
#include "engine/search.h"
#include "engine/sss_driver.h"
#include "engine/transposition_table.h"
#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/cell_record.h"
#include "harness/experiment/eta.h"
#include "harness/experiment/presets.h"
#include "harness/experiment/search_counters.h"
#include "harness/experiment/stop_timer.h"

namespace harness {

namespace {

using Clock = std::chrono::steady_clock;

// The share of the run's time the progress line's estimate may take (it holds the workers' mutex).
constexpr double kEtaShare = 0.01;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::string clock_text(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  long t = std::lround(s);
  return t >= 3600 ? fmt::format("{}:{:02}:{:02}", t / 3600, t / 60 % 60, t % 60) : fmt::format("{}:{:02}", t / 60, t % 60);
}

std::string rate_text(double nps) {
  if (nps >= 1e6) return fmt::format("{:.2f} Mn/s", nps / 1e6);
  return fmt::format("{:.0f} kn/s", nps / 1e3);
}

std::string cell_label(const CellSpec& c) {
  std::string s = fmt::format("{} d{} {}", c.inputs.position, c.inputs.depth, c.inputs.version);
  if (c.tables.size() == 1 && c.tables[0] == TableRef::reference()) return s + " (exact reference)";
  if (!c.only_in_versions()) s += fmt::format(" tt={}/{}", c.inputs.tt_entries(), c.inputs.tt_scheme());
  return s;
}

// A cell that could not be measured, for its reason: counters 0, never a table's.
CellRecord failed_cell(const CellSpec& cell, const std::string& engine_identity, const std::string& why) {
  CellRecord r = record_of_inputs(cell, engine_identity);
  r.counters = counter_values(buho::SearchStats{});
  r.completed = false;
  r.failure = why;
  return r;
}

}  // namespace

CellRecord run_cell(const CellSpec& cell, const std::string& engine_identity, const std::atomic<bool>* stop,
                    buho::EngineMemory* memory, const buho::Board* parsed) {
  std::optional<buho::Board> own;
  if (!parsed) own.emplace(buho::Board::from_fen(cell.inputs.fen));
  const buho::Board& board = parsed ? *parsed : *own;

  const auto t0 = Clock::now();
  buho::SearchResult result;
  std::vector<IterationBest> iterations;
  bool out_of_time = false;
  {
    buho::Engine engine(cell.inputs.search, cell.inputs.eval, memory);
    // From here: the search's own set-up (clearing the table) counts against the limit, as in search_seconds.
    StopTimer time_limit(cell.inputs.time_limit_ms, stop);  // stop_timer.h
    // Each completed iteration's best move (the PV's first move), for scoring against the suite.
    auto on_iteration = [&iterations](const buho::IterationReport& it) {
      iterations.push_back({it.depth, it.pv.empty() ? std::string() : it.pv.front().uci(), it.nodes, it.seconds});
    };
    result = engine.search(board, buho::Limits{cell.inputs.depth, cell.inputs.node_budget, time_limit.stop_flag(),
                                               on_iteration});
    out_of_time = time_limit.finish();
  }
  const double engine_seconds = seconds_since(t0);

  CellRecord r = record_of_inputs(cell, engine_identity);
  const auto& s = result.stats;
  r.counters = counter_values(s);
  r.flag_counters = flag_counter_values(s, cell.inputs.search);
  r.iteration_passes = s.iteration_passes;
  r.iteration_nodes = s.iteration_nodes;
  r.depth_reached = s.depth_reached;
  r.seldepth = s.seldepth;
  r.completed = result.completed;
  // Stopped by its time limit, not by the node budget (which ends the search first when it is reached first).
  if (!result.completed && out_of_time && !(stop && stop->load())) r.stopped_by = "time";
  r.best_move = result.best_move.uci();
  r.score = result.score;
  for (const auto& m : result.pv) {
    if (!r.pv.empty()) r.pv += ' ';
    r.pv += m.uci();
  }
  r.search_seconds = s.seconds;
  r.engine_seconds = engine_seconds;
  if (s.tt_capacity) r.load = TableLoad{s.tt_occupied, s.tt_capacity};
  for (const auto& it : iterations) {
    r.iteration_best_moves.push_back(it.move);
    r.iteration_seconds.push_back(it.seconds);
  }
  if (!cell.solution.empty()) r.solve = score_solution(cell.solution, iterations, r.best_move);
  return r;
}

namespace {

// A cell searched, or failed for a reason of its own (SSS*'s OPEN limit: stored as failed); any other error throws.
// A search the machine refused memory (its table, an allocation) gives no record and `out_of_memory` its reason: the
// want is the machine's and the thread count's, not the cell's, so it is never stored as the cell's result.
std::optional<CellRecord> search_or_fail(const CellSpec& cell, const std::string& engine_identity,
                                         const std::atomic<bool>* stop, buho::EngineMemory& memory,
                                         const buho::Board& board, std::string& out_of_memory) {
  try {
    return run_cell(cell, engine_identity, stop, &memory, &board);
  } catch (const buho::OpenListLimitError& e) {
    return failed_cell(cell, engine_identity, e.what());
  } catch (const buho::AllocationError& e) {
    out_of_memory = e.what();
  } catch (const std::bad_alloc&) {
    out_of_memory = "the machine refused an allocation of this cell's search";
  }
  return std::nullopt;
}

// One call of run_cells: the state its worker threads and the thread that waits for them (and prints the progress
// line) share. Everything is guarded by `mutex`, except `stop`, which the searches poll.
class CellRun {
 public:
  CellRun(const std::vector<CellSpec>& todo_in, const std::string& engine_identity, CellStore& store,
          const RunnerOptions& options, std::size_t total, std::size_t already_done)
      : todo_in(todo_in), engine_identity(engine_identity), store(store), options(options), total(total),
        already_done(already_done), costs(initial_costs()), order(run_order(costs)),
        threads(std::max(1, std::min<int>(options.threads, int(std::max<std::size_t>(todo_in.size(), 1))))),
        running(static_cast<std::size_t>(threads)), workers_left(threads) {}

  RunTotals run() {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([this, t] { worker(std::size_t(t)); });
    supervise();
    for (auto& t : pool) t.join();
    if (!error) {
      try {
        store.sync();
      } catch (...) {
        error = std::current_exception();
      }
    }
    totals.wall_seconds = seconds_since(t0);
    if (error) {
      if (options.progress && tty) fmt::print(stderr, "\n");
      std::rethrow_exception(error);
    }
    if (options.progress && !todo_in.empty()) {
      if (!totals.interrupted) print_progress(true);
      else if (tty) fmt::print(stderr, "\n");
    }
    return totals;
  }

 private:
  // A running cell: its index in `todo_in` (and in `costs`), so that nothing is copied or formatted per cell; its
  // label is made only when a progress line or a failure prints it.
  struct Running {
    std::size_t index;
    Clock::time_point since;
  };

  // The earlier cells as the model's priors, then the cells not yet started as the model sees them.
  std::vector<SeriesDepth> initial_costs() {
    model.reserve(options.earlier.size() + todo_in.size());  // at most a series a cell
    for (const auto& r : options.earlier) model.add_prior(eta_cell(r.inputs, r.flag_set.hash), r.nodes());
    std::vector<SeriesDepth> out;
    out.reserve(todo_in.size());
    for (const auto& c : todo_in) out.push_back(eta_cell(c.inputs, c.flag_set.hash));
    return out;
  }

  void worker(std::size_t id) {
    buho::EngineMemory memory;  // this thread's table, passed from cell to cell (engine/search.h)
    // The last position this thread parsed, and its FEN: the run order keeps the cells of one position together as
    // long as their series tie (8 versions of a position in a row on a depth-1 run), and a parse costs about 3 us
    // (the board's 32 KB of move history cleared), 6 % of a depth-1 cell's engine time.
    std::unique_ptr<buho::Board> board;
    std::string board_fen;
    for (;;) {
      const CellSpec* cell = nullptr;
      {
        std::lock_guard lock(mutex);
        if (error || queue_closed || next_cell == order.size()) break;
        const std::size_t i = order[next_cell++];
        cell = &todo_in[i];
        running[id] = Running{i, Clock::now()};
      }
      try {
        const auto t_cell = Clock::now();
        if (!board || board_fen != cell->inputs.fen) {
          // Into the same 33 KB each time: a fresh allocation per position touched fresh pages.
          if (board) *board = buho::Board::from_fen(cell->inputs.fen);
          else board = std::make_unique<buho::Board>(buho::Board::from_fen(cell->inputs.fen));
          board_fen = cell->inputs.fen;
        }
        std::string out_of_memory;
        const std::optional<CellRecord> rec = search_or_fail(*cell, engine_identity, &stop, memory, *board, out_of_memory);
        if (stop.load()) break;  // maybe cut short by the stop: never stored
        if (!rec) {
          record_out_of_memory(id, *cell, out_of_memory);
          continue;
        }
        store.append(*rec);
        record_finished(id, *cell, *rec, seconds_since(t_cell));
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        stop = true;
        break;
      }
    }
    // Whatever ended the loop, this thread no longer runs a cell: the main loop counts on it.
    std::lock_guard lock(mutex);
    running[id].reset();
    --workers_left;
    cv.notify_all();
  }

  // A cell the machine refused memory: reported, counted, not stored (RunTotals::cells_out_of_memory).
  void record_out_of_memory(std::size_t id, const CellSpec& cell, const std::string& why) {
    std::lock_guard lock(mutex);
    ++totals.cells_out_of_memory;
    fmt::print(stderr, "{}cell {}: out of memory: {} (not stored: the same command with fewer --threads runs it)\n",
               tty ? "\r\033[K" : "", cell_label(cell), why);
    running[id].reset();
  }

  // A stored cell counted, and taught to the model.
  void record_finished(std::size_t id, const CellSpec& cell, const CellRecord& rec, double busy) {
    std::lock_guard lock(mutex);
    totals.busy_seconds += busy;
    ++finished;
    ++totals.cells_run;
    if (!rec.failure.empty()) {
      ++totals.cells_failed;
      fmt::print(stderr, "{}cell {} failed: {} (stored as failed; the run goes on)\n", tty ? "\r\033[K" : "",
                 cell_label(cell), rec.failure);
    }
    totals.nodes += rec.nodes();
    totals.engine_seconds += rec.engine_seconds;
    totals.search_seconds += rec.search_seconds;
    const std::size_t index = running[id]->index;
    model.add_finished(costs[index], rec.nodes(), busy);
    running[id].reset();
  }

  // Waits for the workers: redraws the progress line, watches for an interrupt, and syncs the store.
  void supervise() {
    std::unique_lock lock(mutex);
    while (workers_left > 0) {
      // On a terminal: redraw twice a second. In a log: a line every 10 seconds.
      if (options.progress && !error &&
          Clock::now() - last_print >= (tty ? std::chrono::milliseconds(500) : std::chrono::seconds(10))) {
        print_progress(false);
        last_print = Clock::now();
      }
      // Every half second: the store's own sync (a second after the last one) stays the supervisor's, never a worker's.
      cv.wait_for(lock, std::chrono::milliseconds(500));
      if (options.interrupt && options.interrupt->load() && !totals.interrupted) {
        totals.interrupted = true;
        stop = true;  // the searches in flight end within milliseconds and are not stored
        queue_closed = true;
      }
      // The lines the workers wrote since the last sync reach the disk within a second (cell_store.h).
      if (!error) {
        lock.unlock();
        std::exception_ptr failed;
        try {
          store.sync();
        } catch (...) {
          failed = std::current_exception();
        }
        lock.lock();
        if (failed && !error) error = failed, stop = true;
      }
    }
  }

  void print_progress(bool final_line) {
    const double elapsed = seconds_since(t0);
    // The engine's rate: finished cells' nodes over their search time, times the threads. Nodes over wall time swung
    // from 3 to 14 Mn/s on a steady 5 as large cells finished (a cell's nodes arrive at once, at its end); the
    // running cells' nodes are not seen until they finish (the engine reports them per completed iteration only).
    const double nps = totals.search_seconds > 0 ? double(totals.nodes) / totals.search_seconds * threads : 0;
    std::string now;
    std::vector<std::pair<SeriesDepth, double>> in_flight;
    for (const auto& r : running)
      if (r) {
        now += (now.empty() ? "" : ", ") + cell_label(todo_in[r->index]);
        in_flight.emplace_back(costs[r->index], seconds_since(r->since));
      }
    // The estimate passes over every cell left (O(n log n)) while the workers wait for the mutex: on a run of many
    // small cells it is recomputed only when kEtaShare of the time since the last one has gone into it, and in
    // between counts down.
    const double since_estimate = seconds_since(eta_at);
    if (!final_line && since_estimate * kEtaShare >= eta_cost) {
      const auto t_eta = Clock::now();
      std::vector<SeriesDepth> queued;
      queued.reserve(order.size() - next_cell);
      for (std::size_t i = next_cell; i < order.size(); ++i) queued.push_back(costs[order[i]]);
      eta = model.remaining_seconds(queued, in_flight, threads);
      eta_cost = seconds_since(t_eta);
      eta_at = Clock::now();
    }
    std::optional<double> eta_now;
    if (eta) eta_now = std::max(0.0, *eta - seconds_since(eta_at));
    const std::size_t done = already_done + finished;
    std::string line = fmt::format("[{}/{} {:3.0f}%] {} | {} | elapsed {} | ETA {}", done, total,
                                   total ? 100.0 * double(done) / double(total) : 100.0,
                                   now.empty() ? "-" : now, rate_text(nps), clock_text(elapsed),
                                   final_line ? "0:00" : eta_now ? clock_text(*eta_now) : "?");
    if (tty)
      fmt::print(stderr, "\r\033[K{}{}", line, final_line ? "\n" : "");
    else
      fmt::print(stderr, "{}\n", line);
  }

  const std::vector<CellSpec>& todo_in;
  const std::string& engine_identity;
  CellStore& store;
  const RunnerOptions& options;
  const std::size_t total, already_done;
  std::mutex mutex;
  std::condition_variable cv;
  EtaModel model;
  std::vector<SeriesDepth> costs;  // each cell of todo_in as the model sees it
  std::vector<std::size_t> order;  // the run order (run_order): indices into todo_in
  std::size_t next_cell = 0;       // the next of `order` to start
  const int threads;
  std::vector<std::optional<Running>> running;
  int workers_left;
  std::size_t finished = 0;
  RunTotals totals;
  std::exception_ptr error;
  // Set when a cell fails: the searches in flight end within milliseconds (Limits::stop) and are not
  // stored, no new cell starts, and the error reaches the caller at once instead of after the cells.
  std::atomic<bool> stop{false};
  bool queue_closed = false;  // an interrupt: no cell starts any more
  const Clock::time_point t0 = Clock::now();
  const bool tty = isatty(STDERR_FILENO);
  std::optional<double> eta;  // the last estimate, made at eta_at in eta_cost seconds
  Clock::time_point eta_at = Clock::now() - std::chrono::hours(1);
  double eta_cost = 0;
  Clock::time_point last_print = Clock::now() - std::chrono::hours(1);
};

}  // namespace

RunTotals run_cells(const std::vector<CellSpec>& todo_in, const std::string& engine_identity, CellStore& store,
                    const RunnerOptions& options, std::size_t total, std::size_t already_done) {
  const auto t0 = Clock::now();
  CellRun run(todo_in, engine_identity, store, options, total, already_done);
  const double order_seconds = seconds_since(t0);
  RunTotals totals = run.run();
  totals.order_seconds = order_seconds;
  return totals;
}

}  // namespace harness
