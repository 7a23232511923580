#include "harness/bench/timed_search.h"

#include <time.h>

#include "engine/search.h"

namespace harness {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

TimedSearch timed_search(const buho::SearchConfig& s, const buho::EvalConfig& e, const buho::Board& board, int depth) {
  buho::Engine engine(s, e);
  const double cpu_before = thread_cpu_seconds();
  const auto r = engine.search(board, buho::Limits{depth, 0});
  return TimedSearch{r.stats.nodes, r.stats.qnodes, r.stats.seconds, thread_cpu_seconds() - cpu_before};
}

}  // namespace harness
