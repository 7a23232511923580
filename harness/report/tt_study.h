// The transposition-table study (docs/tt.md), computed from the cells of an experiment that has a reference sweep
// (SweepSpec::reference: the "unlimited" table): each other sweep cell's nodes as a ratio to the reference cell
// of its position and depth, against the table's load; geometric means with 95 % intervals over positions; the
// gain per doubling of the table (the thesis's Figure 6.3) by load; and scheme against scheme at equal memory. The
// claims about them (Breuker et al.'s, the thesis's C9) are data judged by the one claim evaluator (metric
// tt_load_ratio: harness/report/claim_metric_tt_load.h), which reads its rows from here. Nothing here is written by
// hand.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/result_set.h"
#include "harness/report/geometric_interval.h"

namespace harness {

// The thesis's sweep of §6.3 searched one endgame (LCTII.FIN.06 here) to depth 11 with version D; the distinct
// positions that search stores turn the thesis's table sizes into loads for claim C9b. They depend on the
// readings, so a run measures them itself: the tt_occupied of its reference (unlimited) cell of version D on
// kThesisTtPosition at kThesisTtDepth (configs/tt-schemes.json has one). In a run without that cell the thesis's
// tables have no load, and C9b is not measured.
inline constexpr const char* kThesisTtPosition = "LCTII.FIN.06";
inline constexpr int kThesisTtDepth = 11;

// One measured sweep cell beside its reference.
struct TtStudyPoint {
  std::string sweep, position, scheme;
  std::uint64_t bytes = 0;  // table memory (entries x bytes per entry)
  int entries = 0;
  int depth = 0;
  std::uint64_t nodes = 0, reference_nodes = 0;
  // Load: the distinct positions the search stores in the unlimited table (the reference cell's occupied
  // slots) per slot of this table. Above 1 the table cannot hold the tree's positions; the schemes decide
  // which it keeps.
  double load = 0;
  double end_fill = 0;  // this cell's own occupied / capacity at the end of its search
  // The gain per doubling (Figure 6.3): nodes at the next larger table of the same sweep, scheme, position and depth
  // / these nodes, per doubling (a 4x step counts as two: the ratio's square root); 0 = no larger table.
  double doubling = 0;
  double ratio() const { return double(nodes) / double(reference_nodes); }
};

// A row of a table: a group of points summarised over positions (each position's points first combined by
// their geometric mean, so every position counts once).
struct TtStudyRow {
  std::string scheme;
  std::string group;  // a memory size ("64 KiB") or a load band ("1–4")
  GeometricInterval value;
  double median_load = 0;
};

struct TtStudy {
  bool present = false;          // the experiment has a reference sweep with measured cells
  std::string reference_sweep;   // the reference sweeps' names, their scheme and size
  std::string reference_scheme;
  std::uint64_t reference_bytes_min = 0, reference_bytes_max = 0;  // the reference tables' memory
  double reference_max_fill = 0;  // the fullest reference table at the end of its search (it must be barely loaded)
  // The distinct positions of the thesis's own search (§6.3), which turn its table sizes into loads (claim C9b), as
  // this run's reference cell of it stores them; not measured (false, 0) in a run without that cell.
  std::uint64_t thesis_tree_positions = 0;
  bool thesis_tree_measured_here = false;
  std::size_t positions = 0;
  std::vector<TtStudyPoint> points;
  std::vector<std::string> schemes;            // in the order the sweeps list them
  std::vector<TtStudyRow> by_memory;           // nodes / reference, per scheme and table memory
  std::vector<TtStudyRow> by_load;             // nodes / reference, per scheme and load band
  std::vector<TtStudyRow> doubling_by_load;    // nodes(2M) / nodes(M), per scheme and load band of the M table
  std::vector<TtStudyRow> pairs;               // scheme X / scheme Y, overloaded tables (load >= 1): the literature's pairs
};

// The load band of a table, as a label: "< 0.25", "0.25–1", "1–4", "4–16", "16–64", ">= 64".
std::string tt_load_band(double load);
// The band holding `load` as [low, high) (high infinite for the last).
std::pair<double, double> tt_load_band_bounds(double load);

// A set of the study's points: one scheme's, those whose load lies in [min_load, below_load).
struct TtLoadSelection {
  std::string scheme;
  double min_load = 0;
  double below_load = 0;  // 0 = unbounded
  bool contains(double load) const { return load >= min_load && (below_load <= 0 || load < below_load); }
};
// Rows over positions (each position's points combined first by their geometric mean), as the tables' rows:
// nodes / the unlimited table; the gain per doubling; and nodes / the nodes of scheme `other` at equal memory
// (`equal_memory`) or equal entries, on the same sweep, position and depth, where `other`'s table has a load in the
// selection. A row with n = 0 has no points.
TtStudyRow tt_reference_row(const TtStudy& st, const TtLoadSelection& sel);
TtStudyRow tt_doubling_row(const TtStudy& st, const TtLoadSelection& sel);
TtStudyRow tt_pair_row(const TtStudy& st, const TtLoadSelection& sel, const std::string& other, bool equal_memory);
// The load of the thesis's table of `entries` entries (depth_always: two slots an entry) on its own tree (only where
// st.thesis_tree_measured_here).
double tt_thesis_table_load(const TtStudy& st, int entries);
// Where st.thesis_tree_positions comes from, in words (only where st.thesis_tree_measured_here).
std::string tt_thesis_tree_text(const TtStudy& st);

TtStudy build_tt_study(const ResultSet& rs);
std::string tt_study_markdown(const TtStudy& study);  // "" when !present
nlohmann::json tt_study_json(const TtStudy& study);   // null when !present

}  // namespace harness
