#include "harness/report/depth_end.h"

#include <fmt/format.h>

#include <vector>

namespace harness {

DepthEnd depth_end(const CellRecord& r) {
  if (!r.completed) return r.stopped_by == "time" ? DepthEnd::time : DepthEnd::budget;
  return r.depth_reached < r.inputs.depth ? DepthEnd::mate : DepthEnd::full;
}

std::string depth_mark(const CellRecord& r) {
  switch (depth_end(r)) {
    case DepthEnd::full: return "";
    case DepthEnd::mate: return fmt::format("{}m", r.depth_reached);
    case DepthEnd::budget: return fmt::format("{}b", r.depth_reached);
    case DepthEnd::time: return fmt::format("{}t", r.depth_reached);
  }
  return "";
}

bool counts_at_depth(const CellRecord* r) {
  return r && r->failure.empty() && depth_end(*r) == DepthEnd::full && r->nodes() > 0;
}

bool answers(const CellRecord* r) { return r && r->failure.empty(); }

bool exact_answer(const CellRecord* r) { return answers(r) && r->completed; }

void EarlyEnds::add(const CellRecord* r) {
  if (!r || !r->failure.empty()) return;
  switch (depth_end(*r)) {
    case DepthEnd::full: break;
    case DepthEnd::mate: ++mate; break;
    case DepthEnd::budget: ++budget; break;
    case DepthEnd::time: ++time; break;
  }
}

std::string EarlyEnds::sentence() const {
  if (total() == 0) return "";
  std::vector<std::string> why;
  if (mate) why.push_back(fmt::format("{} on a mate", mate));
  if (budget) why.push_back(fmt::format("{} by the node budget", budget));
  if (time) why.push_back(fmt::format("{} by the time limit", time));
  std::string list;
  for (std::size_t i = 0; i < why.size(); ++i) list += (i ? ", " : "") + why[i];
  return fmt::format("{} cell{} that ended before {} depth ({}) {} left out", total(), total() == 1 ? "" : "s",
                     total() == 1 ? "its" : "their", list, total() == 1 ? "is" : "are");
}

}  // namespace harness
