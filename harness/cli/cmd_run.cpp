// `harness run [CONFIG] [--threads N] [--out DIR] [--shard i/n] [--fresh]`: runs an experiment's
// cells into DIR/cells.jsonl, resuming what is there, then writes the reports.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <set>
#include <thread>

#include "engine/search.h"
#include "harness/cli/commands.h"
#include "harness/experiment/cell_enumeration.h"
#include "harness/identity/engine_identity.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/interrupt_watch.h"
#include "harness/experiment/memory_ceiling.h"
#include "harness/experiment/result_set.h"
#include "harness/experiment/resume.h"
#include "harness/experiment/runner.h"
#include "harness/experiment/shard.h"
#include "harness/input_file.h"
#include "harness/paths.h"
#include "harness/report/positions_solved.h"
#include "harness/report/writers.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/results_kind.h"
#include "harness/storage/run_log.h"

namespace harness {

namespace {

using nlohmann::json;

void move_aside(const std::filesystem::path& file, const std::string& stamp) {
  if (!std::filesystem::exists(file)) return;
  auto aside = file;
  aside += ".bak-" + stamp;
  rename_durably(file, aside);
  fmt::print(stderr, "--fresh: moved {} to {}\n", file.string(), aside.string());
}

// cells.jsonl and its flag sets, which the cells set aside still name (cell_store.h).
void move_cells_aside(const std::filesystem::path& cells, const std::string& stamp) {
  const auto sets = flag_sets_file(cells);
  if (std::filesystem::exists(sets)) {
    auto aside = cells;
    aside += ".bak-" + stamp;
    rename_durably(sets, flag_sets_file(aside));
  }
  move_aside(cells, stamp);
}

// The design, the notes and the claims are analysis, never an input of a cell (design.h): a run of the same experiment into DIR
// re-stores them from its config, so that a claim added or reworded there reaches the directory's reports (`harness
// report DIR` reads them from experiment.json alone). Every other member stays as stored.
void restore_analysis(const std::filesystem::path& exp_file, const json& now) {
  json stored = parse_json_checked(read_input_file(exp_file, exp_file.string(), kMaxExperimentBytes), exp_file.string());
  std::vector<std::string> changed;
  for (const char* key : {"design", "notes", "claims"}) {
    if (now.contains(key) ? stored.contains(key) && stored[key] == now[key] : !stored.contains(key)) continue;
    if (now.contains(key)) stored[key] = now[key];
    else stored.erase(key);
    changed.push_back(key);
  }
  if (changed.empty()) return;
  write_file_atomically(exp_file, stored.dump(2) + "\n");
  std::string what;
  for (std::size_t i = 0; i < changed.size(); ++i)
    what += (i == 0 ? "" : i + 1 == changed.size() ? " and " : ", ") + changed[i];
  fmt::print(stderr, "{}: re-stored its {} from the config (analysis, not an input of any cell)\n", exp_file.string(), what);
}

struct RunOptions {
  std::string config;
  std::string from;  // a results directory whose experiment.json is run again
  int threads = int(std::max(1u, std::thread::hardware_concurrency()));
  std::string out;
  std::string shard = "1/1";
  bool fresh = false;
  bool quiet = false;
  bool no_report = false;
};

// The cells of the shard not yet done, in their order: `cells` compacted in place (no second array of 10^5 cells,
// whose fresh pages cost more than the moves) and returned; counts the shard's cells and those done.
std::vector<CellSpec> cells_to_run(std::vector<CellSpec>&& cells, const Shard& shard, const std::set<std::string>& done,
                                   std::size_t& in_shard, std::size_t& shard_done) {
  std::size_t kept = 0;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (!shard.holds(k)) continue;
    ++in_shard;
    if (done.count(cells[k].identity)) ++shard_done;
    else {
      if (kept != k) cells[kept] = std::move(cells[k]);
      ++kept;
    }
  }
  cells.erase(cells.begin() + std::ptrdiff_t(kept), cells.end());
  return std::move(cells);
}

// The run's figures on stderr: cells, nodes and times, failures, and the harness's own cost.
void print_totals(const RunTotals& totals, std::size_t todo, int threads, double setup_seconds, double report_seconds,
                  double total_seconds) {
  const int used_threads = std::max(1, std::min<int>(threads, int(std::max<std::size_t>(todo, 1))));
  const double capacity = totals.wall_seconds * used_threads;
  fmt::print(stderr,
             "ran {} cells, {} nodes in {:.2f} s wall on {} thread(s); engine time {:.2f} s "
             "(search {:.2f} s) = {:.1f} % of wall x threads; setup {:.2f} s, reports {:.2f} s, total {:.2f} s\n",
             totals.cells_run, totals.nodes, totals.wall_seconds, used_threads, totals.engine_seconds,
             totals.search_seconds, capacity > 0 ? 100.0 * totals.engine_seconds / capacity : 100.0, setup_seconds,
             report_seconds, total_seconds);
  if (totals.cells_failed > 0)
    fmt::print(stderr, "{} of these cells failed and are stored as failed (REPORT.md lists them with their reasons)\n",
               totals.cells_failed);
  // The harness's own cost, by stage: everything of `total` that is not the engine's, the threads' idle ends
  // included (a thread with no cell left waits for the others).
  const double in_cells = std::max(0.0, totals.busy_seconds - totals.engine_seconds);
  const double between_cells = std::max(0.0, capacity - totals.busy_seconds);
  const double harness_seconds = setup_seconds + totals.order_seconds + in_cells + between_cells + report_seconds;
  if (totals.engine_seconds > 0)
    fmt::print(stderr,
               "harness overhead: {:.3f} s = {:.2f} % of engine time: setup {:.3f} s, run order {:.3f} s, in cells "
               "outside the engine {:.3f} s, between cells {:.3f} s, reports {:.3f} s\n",
               harness_seconds, 100.0 * harness_seconds / totals.engine_seconds, setup_seconds, totals.order_seconds,
               in_cells, between_cells, report_seconds);
}

// `harness run` once its options are read.
void run_command(const RunOptions& opt) {
  const auto t_start = std::chrono::steady_clock::now();
  const std::string started_utc = utc_now_iso();
  // 1. Everything that can be wrong in the input is checked before the output directory is touched.
  // --from DIR: the experiment as DIR stored it (its resolved form needs neither the config nor the EPD files).
  const std::filesystem::path config = !opt.from.empty()    ? std::filesystem::path(opt.from) / kExperimentFile
                                       : opt.config.empty() ? project_path("configs/quick.json")
                                                            : std::filesystem::path(opt.config);
  const Experiment exp = opt.from.empty() ? load_experiment(config) : read_stored_experiment(opt.from).experiment;
  const Shard shard = parse_shard(opt.shard);
  const std::string engine = engine_identity();
  std::vector<CellSpec> cells = enumerate_cells(exp, engine);
  const std::filesystem::path dir = opt.out.empty() ? project_path("out") / exp.name : std::filesystem::path(opt.out);
  const json exp_json = experiment_file_json(exp, engine, config.string());
  const auto exp_file = dir / kExperimentFile, cells_file = dir / kCellsFile;

  if (std::filesystem::exists(dir) && !std::filesystem::is_directory(dir))
    throw UserError(fmt::format("--out {}: exists and is not a directory", dir.string()));
  require_results_kind(dir, ResultsKind::run, "harness run");
  // One writer at a time (output_lock.h), from before reading what is done until the reports are written.
  if (std::filesystem::create_directories(dir)) sync_directory(std::filesystem::absolute(dir).parent_path());
  const OutputLock lock(dir, this_command_line());
  const std::set<std::string> done = opt.fresh ? std::set<std::string>{} : cells_already_done(dir, exp, engine, cells);

  // 2. Prepare the directory (created and locked above): set old results aside (--fresh), store the resolved experiment.
  if (opt.fresh) {
    const std::string stamp = timestamp_for_filename();
    move_cells_aside(cells_file, stamp);
    move_aside(exp_file, stamp);
    move_aside(dir / kRunsFile, stamp);  // the log describes the cells set aside, not the new ones
  }
  if (!std::filesystem::exists(exp_file)) write_file_atomically(exp_file, exp_json.dump(2) + "\n");
  else restore_analysis(exp_file, exp_json);

  // The cells to run are `cells` itself, compacted (a copy of each cell's strings and configs cost about 2 us a cell
  // on a 10^5-cell run).
  std::size_t in_shard = 0, shard_done = 0;
  const std::size_t all_cells = cells.size();
  std::vector<CellSpec> todo = cells_to_run(std::move(cells), shard, done, in_shard, shard_done);
  // Every thread holds a cell's table at once: a thread count the memory cannot hold would fail cell after cell.
  {
    std::vector<std::uint64_t> table_bytes;
    table_bytes.reserve(todo.size());
    for (const auto& c : todo) table_bytes.push_back(buho::transposition_table_bytes(c.inputs.search));
    if (const std::string why = table_memory_problem(std::move(table_bytes), opt.threads, available_memory_bytes());
        !why.empty())
      throw UserError(fmt::format("{}: {}", config.string(), why));
  }
  fmt::print(stderr, "{}: {} cells{}; {} already in {}; running {} on {} thread(s)\n", exp.name, all_cells,
             shard.all() ? "" : fmt::format(" (shard {}: {})", shard.text(), in_shard), shard_done,
             cells_file.string(), todo.size(), opt.threads);
  const double setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();

  // 3. Run.
  RunTotals totals;
  {
    CellStore store(cells_file);
    const InterruptWatch watch;  // ^C: stop, keep what is finished, say so (interrupt_watch.h)
    RunnerOptions options{opt.threads, !opt.quiet, read_cells(cells_file).rows};
    options.interrupt = &watch.interrupted();
    totals = run_cells(todo, engine, store, options, in_shard, shard_done);
    store.close();  // the last lines synced (cell_store.h)
  }

  // 4. The run log (where and how these cells were measured), then the reports from the files
  //    (what a later `harness report` would see).
  const auto t_report = std::chrono::steady_clock::now();
  if (totals.cells_run > 0) {
    RunRecord run = finished_run(started_utc, totals.wall_seconds,
                                 std::max(1, std::min<int>(opt.threads, int(todo.size()))), totals.cells_run,
                                 totals.nodes, totals.engine_seconds, engine);
    run.shard = shard.text();
    append_run_record(dir, run);
  }
  if (totals.interrupted)
    throw Interrupted(fmt::format("{} cells of this run were finished and are stored in {} ({} of the {} cells of "
                                  "this {} in all); the searches in flight were dropped. The same command resumes; "
                                  "`harness report {}` reports what is stored",
                                  totals.cells_run, cells_file.string(), shard_done + totals.cells_run, in_shard,
                                  shard.all() ? "experiment" : "shard", dir.string()));
  std::vector<std::filesystem::path> files;
  if (!opt.no_report) {
    const ResultSet rs = load_results(dir);
    files = write_reports(rs, dir, load_thesis_data(project_path("data/thesis")));
    // On a suite with solutions, the solve count per version and depth (REPORT.md has the rest).
    fmt::print("{}", solve_count_lines(rs));
  }
  const double report_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_report).count();
  const double total_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();

  print_totals(totals, todo.size(), opt.threads, setup_seconds, report_seconds, total_seconds);
  for (const auto& f : files) fmt::print(stderr, "wrote {}\n", f.string());
  if (totals.cells_out_of_memory > 0)
    throw IoError(fmt::format("out of memory: {} cell(s) of this run could not get the memory of their search on {} "
                              "thread(s) and were not stored (the {} others are, in {}); the same command with fewer "
                              "--threads runs them",
                              totals.cells_out_of_memory, opt.threads, totals.cells_run, cells_file.string()));
}

}  // namespace

void register_run(CLI::App& app) {
  auto opt = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "Run an experiment (default configs/quick.json); resumes an interrupted run");
  cmd->add_option("config", opt->config, "Experiment config (JSON, see configs/README.md); default configs/quick.json");
  cmd->add_option("--threads,-j", opt->threads, "Cells searched at once")->capture_default_str()->check(CLI::Range(1, 256));
  cmd->add_option("--from", opt->from,
                  "Run again the experiment a results directory stored (its experiment.json: no config or EPD file "
                  "needed), into --out (default out/<name>, never DIR itself unless --out names it); instead of CONFIG")
      ->excludes(cmd->get_option("config"));
  cmd->add_option("--out,-o", opt->out, "Output directory (default out/<name>; results/ holds only committed runs, written with an explicit --out)");
  cmd->add_option("--shard", opt->shard, "Run only cell k where k % n == i - 1 (1-based i/n); join with `harness merge`")
      ->capture_default_str();
  cmd->add_flag("--fresh", opt->fresh, "Start over: move the old cells.jsonl aside (cells.jsonl.bak-<time>) first");
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress line");
  cmd->add_flag("--no-report", opt->no_report, "Only run cells; do not write the reports (see `harness report`)");
  cmd->callback([opt] { run_command(*opt); });
}
}  // namespace harness
