#include "harness/report/tt_study.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "harness/report/depth_end.h"
#include "harness/report/markdown_text.h"
#include "harness/report/median.h"
#include "harness/report/writers.h"
#include "harness/report/stable_number.h"

namespace harness {

namespace {

const std::vector<std::string> kBands = {"< 0.25", "0.25–1", "1–4", "4–16", "16–64", ">= 64"};

// Each position's values combined by their geometric mean first, so a position with many cells counts once;
// then the interval over positions.
GeometricInterval over_positions(const std::vector<std::pair<std::string, double>>& values) {
  std::map<std::string, std::vector<double>> by_position;
  for (const auto& [position, v] : values) by_position[position].push_back(v);
  std::vector<double> per_position;
  for (const auto& [position, vs] : by_position) per_position.push_back(geometric_interval(vs).mean);
  return geometric_interval(per_position);
}

bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

std::string tt_load_band(double load) {
  if (load < 0.25) return kBands[0];
  if (load < 1) return kBands[1];
  if (load < 4) return kBands[2];
  if (load < 16) return kBands[3];
  if (load < 64) return kBands[4];
  return kBands[5];
}

namespace {

using Reference = std::map<std::pair<std::string, int>, const CellRecord*>;
using PointsAtBytes = std::map<std::tuple<std::string, std::string, std::string, int, std::uint64_t>, const TtStudyPoint*>;

// The reference sweeps' cells (the unlimited table) by position and depth, and what the study says of them.
Reference collect_reference(const ResultSet& rs, TtStudy& st) {
  Reference reference;
  for (const auto& ref : rs.experiment.sweeps) {
    if (!ref.reference) continue;
    if (st.reference_sweep.empty()) {
      st.reference_sweep = ref.name;
      st.reference_scheme = ref.tt_schemes.front();
    } else {
      st.reference_sweep += ", " + ref.name;
    }
    for_each_sweep_point(ref, [&](const SweepPoint& p) {
      const std::uint64_t b = std::uint64_t(p.entries) * bytes_per_entry(p.scheme);
      st.reference_bytes_min = st.reference_bytes_min ? std::min(st.reference_bytes_min, b) : b;
      st.reference_bytes_max = std::max(st.reference_bytes_max, b);
      const CellRecord* r = rs.sweep_cell(ref.name, p.position, p.scheme, p.entries, p.depth);
      if (counts_at_depth(r) && r->load && !reference.count({p.position, p.depth})) {
        reference[{p.position, p.depth}] = r;
        st.reference_max_fill = std::max(st.reference_max_fill, r->load->factor());
        if (ref.version.name == "D" && p.position == kThesisTtPosition && p.depth == kThesisTtDepth) {
          st.thesis_tree_positions = r->load->occupied;
          st.thesis_tree_measured_here = true;
        }
      }
    });
  }
  return reference;
}

// Every measured cell of the other sweeps with its reference and its load: the study's points, schemes and positions.
void collect_points(const ResultSet& rs, const Reference& reference, TtStudy& st) {
  std::set<std::string> positions;
  for (const auto& s : rs.experiment.sweeps) {
    if (s.reference) continue;
    for_each_sweep_point(s, [&](const SweepPoint& p) {
      const CellRecord* r = rs.sweep_cell(s.name, p.position, p.scheme, p.entries, p.depth);
      const auto ref_cell = reference.find({p.position, p.depth});
      if (!counts_at_depth(r) || ref_cell == reference.end()) return;  // depth_end.h: searched to the depth
      TtStudyPoint pt;
      pt.sweep = s.name;
      pt.position = p.position;
      pt.scheme = p.scheme;
      pt.entries = p.entries;
      pt.bytes = s.sized_in_bytes() ? s.tt_bytes[p.size_index] : std::uint64_t(p.entries) * bytes_per_entry(p.scheme);
      pt.depth = p.depth;
      pt.nodes = r->nodes();
      pt.reference_nodes = ref_cell->second->nodes();
      const std::uint64_t capacity = r->load ? r->load->capacity : 0;
      if (capacity == 0) return;  // load not measured: the cell cannot be placed on the load axis
      pt.load = double(ref_cell->second->load->occupied) / double(capacity);
      pt.end_fill = r->load->factor();
      if (!has(st.schemes, pt.scheme)) st.schemes.push_back(pt.scheme);
      positions.insert(pt.position);
      st.points.push_back(pt);
    });
  }
  st.positions = positions.size();
}

// One scheme's points that `keep` keeps, their `value` (those above 0) over positions, and their median load.
template <class Keep, class Value>
TtStudyRow study_row(const TtStudy& st, const std::string& scheme, const std::string& group, Keep&& keep, Value&& value) {
  std::vector<std::pair<std::string, double>> vals;
  std::vector<double> loads;
  for (const auto& p : st.points)
    if (p.scheme == scheme && keep(p)) {
      const double v = value(p);
      if (v <= 0) continue;
      vals.emplace_back(p.position, v);
      loads.push_back(p.load);
    }
  return TtStudyRow{scheme, group, over_positions(vals), median(loads, 0)};
}

// Each point's gain per doubling (Figure 6.3): the next larger table of the same sweep, scheme, position and depth;
// a step of 4x counts as two doublings (the ratio's square root).
void add_doublings(TtStudy& st) {
  std::set<std::uint64_t> sizes;
  for (const auto& p : st.points) sizes.insert(p.bytes);
  PointsAtBytes at;
  for (const auto& p : st.points) at[{p.sweep, p.scheme, p.position, p.depth, p.bytes}] = &p;
  for (auto& p : st.points) {
    const TtStudyPoint* next = nullptr;
    for (std::uint64_t b : sizes)
      if (b > p.bytes) {
        const auto it = at.find({p.sweep, p.scheme, p.position, p.depth, b});
        if (it != at.end()) {
          next = it->second;
          break;
        }
      }
    if (!next) continue;
    const double steps = std::log2(double(next->bytes) / double(p.bytes));
    p.doubling = std::pow(double(next->nodes) / double(p.nodes), 1.0 / steps);
  }
}

// Nodes / reference per scheme and memory, and per scheme and load band; the gain per doubling per scheme and band.
void add_ratio_rows(TtStudy& st) {
  std::set<std::uint64_t> sizes;
  for (const auto& p : st.points) sizes.insert(p.bytes);
  const auto ratio = [](const TtStudyPoint& p) { return p.ratio(); };
  for (const auto& scheme : st.schemes) {
    for (std::uint64_t b : sizes) {
      TtStudyRow r = study_row(st, scheme, bytes_label(b), [&](const TtStudyPoint& p) { return p.bytes == b; }, ratio);
      if (r.value.n) st.by_memory.push_back(r);
    }
    for (const auto& band : kBands) {
      TtStudyRow r = study_row(st, scheme, band, [&](const TtStudyPoint& p) { return tt_load_band(p.load) == band; }, ratio);
      if (r.value.n) st.by_load.push_back(r);
    }
  }
  for (const auto& scheme : st.schemes)
    for (const auto& band : kBands) {
      TtStudyRow r = study_row(
          st, scheme, band, [&](const TtStudyPoint& p) { return p.doubling > 0 && tt_load_band(p.load) == band; },
          [](const TtStudyPoint& p) { return p.doubling; });
      if (r.value.n) st.doubling_by_load.push_back(r);
    }
}

// The scheme pairs the literature compares (docs/tt.md: Breuker et al.'s two-level tables and subtree sizes, TwoBig1
// against every other scheme, the thesis's order of its four), on tables too small for the tree (load >= 1 for the
// second scheme: where a scheme has something to decide), at equal entries where the sweep has them (a two-slot
// entry then holds twice the positions, as the thesis counts its tables) and at equal memory.
void add_pairs(TtStudy& st) {
  std::vector<std::pair<std::string, std::string>> list = {
      {"two_deep", "depth"}, {"two_big1", "big1"}, {"big1", "depth"}, {"two_big1", "two_deep"}};
  for (const auto& s : st.schemes)
    if (s != "two_big1") list.push_back({"two_big1", s});
  for (const auto& pair : std::vector<std::pair<std::string, std::string>>{{"never", "always"}, {"always", "depth"}, {"depth", "depth_always"}})
    list.push_back(pair);
  std::vector<TtStudyRow> rows;
  for (const auto& [x, y] : list) {
    if (!has(st.schemes, x) || !has(st.schemes, y)) continue;
    for (const bool equal_memory : {false, true}) {
      TtStudyRow r = tt_pair_row(st, {x, 1, 0}, y, equal_memory);
      const bool seen = std::any_of(rows.begin(), rows.end(), [&](const TtStudyRow& q) { return q.scheme == r.scheme && q.group == r.group; });
      if (r.value.n && !seen) rows.push_back(r);
    }
  }
  st.pairs = std::move(rows);
}

}  // namespace

std::pair<double, double> tt_load_band_bounds(double load) {
  static constexpr double kEdges[] = {0, 0.25, 1, 4, 16, 64};
  for (std::size_t i = 1; i < std::size(kEdges); ++i)
    if (load < kEdges[i]) return {kEdges[i - 1], kEdges[i]};
  return {kEdges[std::size(kEdges) - 1], std::numeric_limits<double>::infinity()};
}

TtStudyRow tt_reference_row(const TtStudy& st, const TtLoadSelection& sel) {
  return study_row(st, sel.scheme, "", [&](const TtStudyPoint& p) { return sel.contains(p.load); },
                   [](const TtStudyPoint& p) { return p.ratio(); });
}

TtStudyRow tt_doubling_row(const TtStudy& st, const TtLoadSelection& sel) {
  return study_row(st, sel.scheme, "", [&](const TtStudyPoint& p) { return p.doubling > 0 && sel.contains(p.load); },
                   [](const TtStudyPoint& p) { return p.doubling; });
}

TtStudyRow tt_pair_row(const TtStudy& st, const TtLoadSelection& sel, const std::string& other, bool equal_memory) {
  // The other scheme's point of the same sweep, position and depth, at this memory (or these entries).
  std::map<std::tuple<std::string, std::string, int, std::uint64_t>, const TtStudyPoint*> at;
  for (const auto& p : st.points)
    if (p.scheme == other) at[{p.sweep, p.position, p.depth, equal_memory ? p.bytes : std::uint64_t(p.entries)}] = &p;
  std::vector<std::pair<std::string, double>> vals;
  std::vector<double> loads;
  for (const auto& p : st.points) {
    if (p.scheme != sel.scheme) continue;
    const auto it = at.find({p.sweep, p.position, p.depth, equal_memory ? p.bytes : std::uint64_t(p.entries)});
    if (it == at.end() || !sel.contains(it->second->load)) continue;
    vals.emplace_back(p.position, double(p.nodes) / double(it->second->nodes));
    loads.push_back(it->second->load);
  }
  return TtStudyRow{sel.scheme + " / " + other, equal_memory ? "equal memory" : "equal entries", over_positions(vals),
                    median(loads, 0)};
}

double tt_thesis_table_load(const TtStudy& st, int entries) { return double(st.thesis_tree_positions) / (double(entries) * 2.0); }

std::string tt_thesis_tree_text(const TtStudy& st) {
  return fmt::format("the thesis's tree stores {} positions (this run's reference cell of {} at depth {})",
                     st.thesis_tree_positions, kThesisTtPosition, kThesisTtDepth);
}

TtStudy build_tt_study(const ResultSet& rs) {
  TtStudy st;
  const Reference reference = collect_reference(rs, st);
  if (reference.empty()) return st;
  collect_points(rs, reference, st);
  st.present = !st.points.empty();
  if (!st.present) return st;
  add_doublings(st);
  add_ratio_rows(st);
  add_pairs(st);
  return st;
}

std::string tt_study_markdown(const TtStudy& st) {
  if (!st.present) return "";
  std::string md = "## The transposition-table study\n\n";
  md += fmt::format(
      "Every cell's nodes as a ratio to the **unlimited table** of its position and depth (sweeps {}: {} at {}; "
      "the fullest of those tables was {:.1f} % occupied at the end of its search). **Load** = the distinct "
      "positions the search stores in the unlimited table per slot of the cell's table: above 1 the table "
      "cannot hold the tree's positions. Geometric means over {} positions (each position's cells combined "
      "first, so each counts once), with 95 % Student t intervals on the logarithms.\n\n",
      st.reference_sweep, st.reference_scheme,
      st.reference_bytes_min == st.reference_bytes_max
          ? bytes_label(st.reference_bytes_max)
          : bytes_label(st.reference_bytes_min) + "–" + bytes_label(st.reference_bytes_max),
      100 * st.reference_max_fill,
      st.positions);
  auto table = [&](const std::string& title, const std::vector<TtStudyRow>& rows, const std::string& what) {
    if (rows.empty()) return;
    md += "### " + title + "\n\n| Scheme | " + what + " | Ratio [95 % interval] (positions) | Median load |\n|---|---|---|--:|\n";
    for (const auto& r : rows) md += fmt::format("| {} | {} | {} | {:.3g} |\n", table_cell(r.scheme), table_cell(r.group), interval_text(r.value), r.median_load);
    md += "\n";
  };
  table("Nodes ÷ unlimited table, by table memory", st.by_memory, "Memory");
  table("Nodes ÷ unlimited table, by load", st.by_load, "Load");
  table("Gain per doubling (the thesis's Figure 6.3): nodes(2M) ÷ nodes(M), by the load of M", st.doubling_by_load, "Load");
  table("Scheme against scheme (tables with load ≥ 1 for the second scheme)", st.pairs, "Compared at");
  return md;
}

nlohmann::json tt_study_json(const TtStudy& st) {
  if (!st.present) return nullptr;
  auto rows = [](const std::vector<TtStudyRow>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& r : v)
      a.push_back({{"scheme", r.scheme}, {"group", r.group}, {"n", r.value.n}, {"mean", stable_number(r.value.mean)},
                   {"low", stable_number(r.value.low)}, {"high", stable_number(r.value.high)}, {"median_load", stable_number(r.median_load)}});
    return a;
  };
  nlohmann::json pts = nlohmann::json::array();
  for (const auto& p : st.points)
    pts.push_back({{"sweep", p.sweep}, {"position", p.position}, {"scheme", p.scheme}, {"bytes", p.bytes},
                   {"entries", p.entries}, {"depth", p.depth}, {"nodes", p.nodes}, {"reference_nodes", p.reference_nodes},
                   {"load", stable_number(p.load)}, {"end_fill", stable_number(p.end_fill)}});
  return {{"reference", {{"sweep", st.reference_sweep}, {"scheme", st.reference_scheme}, {"bytes_min", st.reference_bytes_min}, {"bytes_max", st.reference_bytes_max},
                         {"max_fill", stable_number(st.reference_max_fill)}}},
          {"thesis_tree", st.thesis_tree_measured_here
                              ? nlohmann::json{{"position", kThesisTtPosition}, {"depth", kThesisTtDepth},
                                               {"positions_stored", st.thesis_tree_positions},
                                               {"measured_in_this_run", true}}
                              : nlohmann::json(nullptr)},
          {"positions", st.positions}, {"by_memory", rows(st.by_memory)}, {"by_load", rows(st.by_load)},
          {"doubling_by_load", rows(st.doubling_by_load)}, {"pairs", rows(st.pairs)}, {"points", pts}};
}

}  // namespace harness
