// One timed search for the benchmarks (`harness bench search` and its --versions comparison): a fresh engine, its
// CPU time measured around Engine::search alone.
#pragma once

#include <cstdint>

#include "engine/board.h"
#include "engine/eval_config.h"
#include "engine/search_config.h"

namespace harness {

// CPU seconds of this thread so far, user and system, to the nanosecond. The search runs on this thread alone, so
// the difference around a search is its CPU time: unlike its wall time, it leaves out the time the other processes
// of a shared machine held the core (on the 2-core development machine, with a run and a fuzz job beside it, wall
// time was twice the CPU time and swung the ratios between schemes by 20 %). System time is counted: the page
// faults of a table's first touches are part of what a scheme costs. (getrusage's user time left them out, and
// splits user from system by sampling at the scheduler tick, so a search of a few milliseconds could measure 0.)
double thread_cpu_seconds();

struct TimedSearch {
  std::uint64_t nodes = 0, qnodes = 0;
  double seconds = 0, cpu = 0;
};
// One search of `board` to `depth` by a fresh engine. Driver sss past its OPEN list limit throws
// buho::OpenListLimitError (harness/cli/command_line.cpp: exit 2).
TimedSearch timed_search(const buho::SearchConfig& s, const buho::EvalConfig& e, const buho::Board& board, int depth);

}  // namespace harness
