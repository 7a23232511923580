// Runs cells on a pool of threads, each cell on a fresh Engine (each thread's table passed from cell to cell, reset as
// new: engine/search.h EngineMemory), appending each finished cell to the
// store at once, with a progress line on stderr.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/search.h"
#include "harness/experiment/experiment_config.h"
#include "harness/storage/cell_store.h"

namespace harness {

struct RunnerOptions {
  int threads = 1;
  bool progress = true;             // the progress line on stderr
  std::vector<CellRecord> earlier;  // cells stored by earlier runs: node counts the ETA starts from
  // Set by another thread (interrupt_watch.h: ^C) to end the run early: the searches in flight stop and are not
  // stored, the finished cells stay, run_cells returns with RunTotals::interrupted. nullptr: never.
  const std::atomic<bool>* interrupt = nullptr;
};

struct RunTotals {
  std::size_t cells_run = 0;
  std::size_t cells_failed = 0;  // of cells_run: stored as failed (a reason of their own: SSS*'s OPEN limit)
  // Not measured and not stored: the machine refused the memory of their search (the table, an allocation). The
  // want is the thread count's and the machine's, not the cell's: the same command with fewer threads runs them.
  std::size_t cells_out_of_memory = 0;
  bool interrupted = false;      // RunnerOptions::interrupt ended the run before its last cell
  std::uint64_t nodes = 0;
  double wall_seconds = 0;    // from the first cell started to the last cell stored
  double engine_seconds = 0;  // sum over cells of Engine construction + search + destruction
  double search_seconds = 0;  // sum over cells of SearchStats::seconds
  double busy_seconds = 0;    // sum over cells of the worker's whole time on it: flags, board, engine,
                              // record, JSON, write + fdatasync. busy - engine = the harness's share.
  double order_seconds = 0;   // before the first cell: the ETA's priors and the run order (run_order) made
};

// One cell, alone, on a fresh engine (its table maybe the worker's, reset as new): what `harness run` does per cell. `stop` (may be null) ends the
// search early when another thread sets it; the record then says completed = false.
// `memory` (may be null): the worker's EngineMemory, whose table the cell's engine takes when it fits (engine/search.h).
// `parsed` (may be null): the position of cell.inputs.fen, parsed by the caller already.
CellRecord run_cell(const CellSpec& cell, const std::string& engine_identity,
                    const std::atomic<bool>* stop = nullptr, buho::EngineMemory* memory = nullptr,
                    const buho::Board* parsed = nullptr);

// Runs `todo` in run_order() (eta.h: plies left to the series' last depth, most first), appending
// each result to `store`. `total` and `already_done` are for the progress display (cells of the whole experiment,
// cells found from earlier runs). A cell that fails for a reason of its own (SSS*'s OPEN limit, an allocation the
// machine refuses) is stored as failed with its reason and the run goes on. Any other exception (a failed write:
// IoError) stops the run at once: the searches in flight are stopped and not stored, and the exception is rethrown.
RunTotals run_cells(const std::vector<CellSpec>& todo, const std::string& engine_identity, CellStore& store,
                    const RunnerOptions& options, std::size_t total, std::size_t already_done);

}  // namespace harness
