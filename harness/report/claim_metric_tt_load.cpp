#include "harness/report/claim_metric_tt_load.h"

#include <fmt/core.h>

#include <cmath>

#include "harness/report/tt_study.h"
#include "harness/report/writers.h"

namespace harness {

namespace {

// "0.25–1", ">= 1", "< 0.25", "any": the load range [low, below) in the study's words for its bands.
std::string tt_load_range_text(double low, double below) {
  if (below <= 0 || std::isinf(below)) return low > 0 ? fmt::format(">= {:g}", low) : "any";
  return low > 0 ? fmt::format("{:g}–{:g}", low, below) : fmt::format("< {:g}", below);
}

}  // namespace

ClaimPart tt_load_part(const ResultSet& rs, const ClaimPartSpec& spec) {
  const TtLoadFigure& f = spec.figure.tt_load;
  const TtStudy st = build_tt_study(rs);
  TtLoadSelection sel{f.scheme, f.load_min.value_or(0), f.load_below.value_or(0)};
  std::string load_words, context;
  // The thesis's tables have loads only on its own tree, which a run measures in its reference cell of that search.
  const bool thesis_tree_missing = f.thesis_table && !st.thesis_tree_measured_here;
  if (thesis_tree_missing) {
    load_words = fmt::format("the band of the thesis's {}-entry table", entries_label(*f.thesis_table));
  } else if (f.thesis_table) {
    // The band of the study's tables that holds the thesis's table's load on the thesis's own tree (docs/tt.md, C9b).
    const double load = tt_thesis_table_load(st, *f.thesis_table);
    const auto [low, high] = tt_load_band_bounds(load);
    sel.min_load = low;
    sel.below_load = std::isinf(high) ? 0 : high;
    load_words = fmt::format("{} (the band of the thesis's {}-entry table: load {:.2g} of its tree)", tt_load_band(load),
                             entries_label(*f.thesis_table), load);
    context = tt_thesis_tree_text(st);
  } else {
    load_words = tt_load_range_text(sel.min_load, sel.below_load);
  }
  std::string what;
  TtStudyRow row;
  if (f.against == "reference") {
    what = fmt::format("{} ÷ unlimited table, tables at load {}", f.scheme, load_words);
    if (st.present && !thesis_tree_missing) row = tt_reference_row(st, sel);
  } else if (f.against == "doubling") {
    what = fmt::format("{}, gain per doubling (nodes(2M) ÷ nodes(M)), tables M at load {}", f.scheme, load_words);
    if (st.present && !thesis_tree_missing) row = tt_doubling_row(st, sel);
  } else {
    what = fmt::format("{} ÷ {} at equal memory, {}'s tables at load {}", f.scheme, f.against, f.against, load_words);
    if (st.present && !thesis_tree_missing) row = tt_pair_row(st, sel, f.against, true);
  }
  if (!spec.label.empty()) what = spec.label;
  ClaimPart part = interval_part(what, row.value, "position(s)", spec);
  if (!st.present)
    part.figures = "no transposition-table study in this experiment (it needs a reference sweep)";
  else if (thesis_tree_missing)
    part.figures = fmt::format("the thesis's tree is not measured in this run (it needs a reference cell of version D "
                               "on {} at depth {})",
                               kThesisTtPosition, kThesisTtDepth);
  if (row.value.n) context = fmt::format("median load {:.3g}", row.median_load) + (context.empty() ? "" : "; " + context);
  part.context = context;
  return part;
}

}  // namespace harness
