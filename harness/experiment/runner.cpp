#include "harness/experiment/runner.h"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "engine/board.h"
#include "engine/search.h"
#include "harness/experiment/cell_record.h"
#include "harness/experiment/search_counters.h"

namespace harness {

namespace {

using Clock = std::chrono::steady_clock;

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
  if (!c.only_in_versions()) s += fmt::format(" tt={}/{}", c.inputs.tt_entries(), c.inputs.tt_scheme());
  return s;
}

// A rough cost model for the ETA: a cell of depth d costs about 4^d. Only ratios matter.
double cell_weight(const CellSpec& c) { return std::pow(4.0, c.inputs.depth); }

}  // namespace

CellRecord run_cell(const CellSpec& cell, const std::string& engine_identity) {
  const buho::Board board = buho::Board::from_fen(cell.inputs.fen);

  const auto t0 = Clock::now();
  buho::SearchResult result;
  {
    buho::Engine engine(cell.inputs.search, cell.inputs.eval);
    result = engine.search(board, buho::Limits{cell.inputs.depth, cell.inputs.node_budget});
  }
  const double engine_seconds = seconds_since(t0);

  CellRecord r = record_of_inputs(cell, engine_identity);
  const auto& s = result.stats;
  r.counters = counter_values(s);
  r.iteration_nodes = s.iteration_nodes;
  r.depth_reached = s.depth_reached;
  r.seldepth = s.seldepth;
  r.completed = result.completed;
  r.best_move = result.best_move.uci();
  r.score = result.score;
  for (const auto& m : result.pv) {
    if (!r.pv.empty()) r.pv += ' ';
    r.pv += m.uci();
  }
  r.search_seconds = s.seconds;
  r.engine_seconds = engine_seconds;
  return r;
}

RunTotals run_cells(const std::vector<CellSpec>& todo_in, const std::string& engine_identity, CellStore& store,
                    const RunnerOptions& options, std::size_t total, std::size_t already_done) {
  // Deepest cells first: the longest jobs start early, so the threads finish close together.
  std::vector<const CellSpec*> todo;
  for (const auto& c : todo_in) todo.push_back(&c);
  std::stable_sort(todo.begin(), todo.end(), [](const CellSpec* a, const CellSpec* b) { return a->inputs.depth > b->inputs.depth; });

  double total_weight = 0;
  for (const auto* c : todo) total_weight += cell_weight(*c);

  const int threads = std::max(1, std::min<int>(options.threads, int(std::max<std::size_t>(todo.size(), 1))));
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::condition_variable cv;
  std::size_t finished = 0;
  double done_weight = 0;
  RunTotals totals;
  std::exception_ptr error;
  std::vector<std::string> current(static_cast<std::size_t>(threads), std::string());

  const auto t0 = Clock::now();
  auto worker = [&](int id) {
    for (;;) {
      {
        std::lock_guard lock(mutex);
        if (error) return;
      }
      const std::size_t i = next.fetch_add(1);
      if (i >= todo.size()) break;
      {
        std::lock_guard lock(mutex);
        current[std::size_t(id)] = cell_label(*todo[i]);
      }
      try {
        const auto t_cell = Clock::now();
        CellRecord rec = run_cell(*todo[i], engine_identity);
        store.append(rec);
        const double busy = seconds_since(t_cell);
        std::lock_guard lock(mutex);
        totals.busy_seconds += busy;
        ++finished;
        ++totals.cells_run;
        totals.nodes += rec.nodes();
        totals.engine_seconds += rec.engine_seconds;
        totals.search_seconds += rec.search_seconds;
        done_weight += cell_weight(*todo[i]);
        cv.notify_all();
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
      }
    }
    std::lock_guard lock(mutex);
    current[std::size_t(id)].clear();
    cv.notify_all();
  };

  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker, t);

  const bool tty = isatty(STDERR_FILENO);
  auto last_print = Clock::now() - std::chrono::hours(1);
  auto print_progress = [&](bool final_line) {
    const double elapsed = seconds_since(t0);
    const double nps = elapsed > 0 ? double(totals.nodes) / elapsed : 0;
    const double eta = done_weight > 0 ? elapsed * (total_weight - done_weight) / done_weight : NAN;
    std::string now;
    for (const auto& c : current)
      if (!c.empty()) now += (now.empty() ? "" : ", ") + c;
    const std::size_t done = already_done + finished;
    std::string line = fmt::format("[{}/{} {:3.0f}%] {} | {} | elapsed {} | ETA {}", done, total,
                                   total ? 100.0 * double(done) / double(total) : 100.0,
                                   now.empty() ? "-" : now, rate_text(nps), clock_text(elapsed),
                                   final_line ? "0:00" : clock_text(eta));
    if (tty)
      fmt::print(stderr, "\r\033[K{}{}", line, final_line ? "\n" : "");
    else
      fmt::print(stderr, "{}\n", line);
  };

  {
    std::unique_lock lock(mutex);
    for (;;) {
      const bool all_done = finished == todo.size() || (error && std::all_of(current.begin(), current.end(),
                                                                             [](const std::string& c) { return c.empty(); }));
      if (all_done) break;
      // On a terminal: redraw twice a second. In a log: a line every 10 seconds.
      if (options.progress && Clock::now() - last_print >= (tty ? std::chrono::milliseconds(500) : std::chrono::seconds(10))) {
        print_progress(false);
        last_print = Clock::now();
      }
      cv.wait_for(lock, std::chrono::milliseconds(tty ? 500 : 1000));
    }
  }
  for (auto& t : pool) t.join();
  totals.wall_seconds = seconds_since(t0);
  if (options.progress && !todo.empty()) {
    std::lock_guard lock(mutex);
    print_progress(true);
  }
  if (error) std::rethrow_exception(error);
  return totals;
}

}  // namespace harness
