#include "harness/report/claim_metric_counts.h"

namespace harness {

double claim_count(const ClaimFigure& f, const CellRecord& r, bool to_side) {
  if (f.metric == "leaves_ratio") return double(r.counter("leaves"));
  if (f.metric == "minimal_tree_multiple" && to_side)
    return double(r.iteration_nodes.empty() ? r.nodes() : r.iteration_nodes.back());
  return double(r.nodes());
}

std::string claim_count_words(const ClaimFigure& f) {
  if (f.metric == "leaves_ratio") return " (leaves)";
  if (f.metric == "minimal_tree_multiple") return " (last-iteration nodes over the minimal tree's)";
  return "";
}

}  // namespace harness
