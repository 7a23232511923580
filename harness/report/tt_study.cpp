#include "harness/report/tt_study.h"

#include <algorithm>
#include <cmath>
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

// The thesis's tables of §6.3 as loads of its tree (docs/tt.md, "The thesis's sizes as loads"); a depth_always
// entry has two slots.
double thesis_load(const TtStudy& st, double entries_k) {
  return double(st.thesis_tree_positions) / (entries_k * 1024.0 * 2.0);
}

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

const std::vector<std::string>& tt_load_bands() { return kBands; }

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
using PointsAtEntries = std::map<std::tuple<std::string, std::string, std::string, int, int>, const TtStudyPoint*>;

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

// Nodes / reference per scheme and memory, and per scheme and load band; then the gain per doubling (Figure 6.3):
// the next larger table of the same sweep, scheme, position and depth; a step of 4x counts as two doublings (the
// ratio's square root).
void add_ratio_rows(const std::set<std::uint64_t>& sizes, const PointsAtBytes& at, TtStudy& st) {
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
  std::map<const TtStudyPoint*, double> doubling;
  for (const auto& p : st.points) {
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
    doubling[&p] = std::pow(double(next->nodes) / double(p.nodes), 1.0 / steps);
  }
  for (const auto& scheme : st.schemes)
    for (const auto& band : kBands) {
      TtStudyRow r = study_row(
          st, scheme, band, [&](const TtStudyPoint& p) { return tt_load_band(p.load) == band && doubling.count(&p); },
          [&](const TtStudyPoint& p) { return doubling.at(&p); });
      if (r.value.n) st.doubling_by_load.push_back(r);
    }
}

std::string evidence(const std::vector<const TtStudyRow*>& rows) {
  std::string e;
  for (const auto* r : rows)
    if (r) e += fmt::format("{}{}: {}", e.empty() ? "" : "; ", r->scheme, interval_text(r->value));
  return e;
}
template <class F>
bool all_rows(const std::vector<const TtStudyRow*>& rows, F&& f) {
  return !rows.empty() && std::all_of(rows.begin(), rows.end(), [&](const TtStudyRow* r) { return r && f(*r); });
}
template <class F>
bool any_row(const std::vector<const TtStudyRow*>& rows, F&& f) {
  return std::any_of(rows.begin(), rows.end(), [&](const TtStudyRow* r) { return r && f(*r); });
}
bool below(const TtStudyRow& r) { return r.value.below_one(); }
bool above(const TtStudyRow& r) { return r.value.above_one(); }

// Scheme X against scheme Y on tables too small for the tree (load >= 1: where a scheme has something to
// decide), at equal memory (the verdicts' comparison) and, where the sweep has them, at equal entries (a
// two-slot entry then holds twice the positions, as the thesis counts its tables). Each pair is kept in st.pairs.
class SchemePairs {
 public:
  SchemePairs(const PointsAtBytes& at, TtStudy& st) : at_(at), st_(st) {
    for (const auto& p : st.points) at_entries_[{p.sweep, p.scheme, p.position, p.depth, p.entries}] = &p;
    st.pairs.reserve(64);  // pointers into it are kept by the verdicts
  }
  // X / Y at equal memory (nullptr: a scheme not in the experiment, or no pair of cells), after the same at equal
  // entries, which is shown beside and not used by the verdicts.
  const TtStudyRow* pair(const std::string& x, const std::string& y) {
    if (!has(st_.schemes, x) || !has(st_.schemes, y)) return nullptr;
    compare(x, y, false);
    return compare(x, y, true);
  }

 private:
  const TtStudyRow* compare(const std::string& x, const std::string& y, bool equal_memory) {
    const std::string group = equal_memory ? "equal memory" : "equal entries";
    for (const auto& r : st_.pairs)
      if (r.scheme == x + " / " + y && r.group == group) return &r;
    std::vector<std::pair<std::string, double>> vals;
    std::vector<double> loads;
    for (const auto& p : st_.points) {
      if (p.scheme != x) continue;
      const TtStudyPoint* q = nullptr;
      if (equal_memory) {
        const auto it = at_.find({p.sweep, y, p.position, p.depth, p.bytes});
        if (it != at_.end()) q = it->second;
      } else {
        const auto it = at_entries_.find({p.sweep, y, p.position, p.depth, p.entries});
        if (it != at_entries_.end()) q = it->second;
      }
      if (!q || q->load < 1) continue;
      vals.emplace_back(p.position, double(p.nodes) / double(q->nodes));
      loads.push_back(q->load);
    }
    if (vals.empty()) return nullptr;
    st_.pairs.push_back(TtStudyRow{x + " / " + y, group, over_positions(vals), median(loads, 0)});
    return &st_.pairs.back();
  }

  const PointsAtBytes& at_;
  PointsAtEntries at_entries_;
  TtStudy& st_;
};

// The literature's claims about which scheme wins (B1-B3) and the thesis's order of its four (C9a).
void add_scheme_verdicts(const PointsAtBytes& at, TtStudy& st) {
  SchemePairs pairs(at, st);
  auto verdict = [&](std::string id, std::string statement, std::vector<const TtStudyRow*> less,
                     std::vector<const TtStudyRow*> more) {
    // `less`: ratios the claim says are below 1; `more`: ratios it says are above 1.
    std::vector<const TtStudyRow*> rows = less;
    rows.insert(rows.end(), more.begin(), more.end());
    if (std::find(rows.begin(), rows.end(), nullptr) != rows.end()) return;  // a scheme is not in the experiment
    const bool holds = (less.empty() || all_rows(less, below)) && (more.empty() || all_rows(more, above));
    const bool fails = any_row(less, above) || any_row(more, below);
    // Every interval inside its band (below or above 1) holds; one wholly on the wrong side fails; otherwise the
    // intervals meet 1 and decide nothing (band_verdict's rule, over several rows).
    st.verdicts.push_back({std::move(id), std::move(statement), decide(holds, fails), "", evidence(rows)});
  };
  verdict("B1", "Breuker et al. 1994/96: two-level tables beat one-level ones (two_deep < depth, two_big1 < big1 in nodes)",
          {pairs.pair("two_deep", "depth"), pairs.pair("two_big1", "big1")}, {});
  verdict("B2", "Breuker et al. 1994/96: subtree size beats depth as the criterion (big1 < depth, two_big1 < two_deep)",
          {pairs.pair("big1", "depth"), pairs.pair("two_big1", "two_deep")}, {});
  {
    std::vector<const TtStudyRow*> others;
    for (const auto& s : st.schemes)
      if (s != "two_big1") others.push_back(pairs.pair("two_big1", s));
    if (has(st.schemes, "two_big1"))
      verdict("B3", "Breuker et al. 1996: TwoBig1 is the best scheme (fewer nodes than every other at equal memory)",
              others, {});
  }
  verdict("C9a", "Thesis C9: in nodes, never > always > depth > depth_always (never worst, depth_always best)", {},
          {pairs.pair("never", "always"), pairs.pair("always", "depth"), pairs.pair("depth", "depth_always")});
}

const TtStudyRow* doubling_row(const TtStudy& st, const std::string& scheme, const std::string& band) {
  for (const auto& r : st.doubling_by_load)
    if (r.scheme == scheme && r.group == band) return &r;
  return nullptr;
}

// C9b, on the thesis's own scheme's gain per doubling by load.
void add_thesis_doubling_verdict(TtStudy& st) {
  if (!has(st.schemes, "depth_always")) return;
  const double load128 = thesis_load(st, 128), load512 = thesis_load(st, 512);
  const std::string high = tt_load_band(load128), low = tt_load_band(load512);
  const TtStudyRow* h = doubling_row(st, "depth_always", high);
  const TtStudyRow* l = doubling_row(st, "depth_always", low);
  const std::string statement =
      fmt::format("Thesis C9: doubling the table saves about 15 % at 128K entries and 5–7 % from 512K on (the "
                  "thesis's tables are loads {:.2g} and {:.2g} of its tree: bands {} and {})",
                  load128, load512, high, low);
  auto measured = [](const TtStudyRow* r) { return r && r->value.has_interval(); };
  auto evidence_at = [&](const TtStudyRow* r) {
    return measured(r) ? interval_text(r->value) : std::string("no interval (fewer than two positions)");
  };
  // A band the sweep's tables do not reach (a larger tree loads every table more) is said, not left out.
  Verdict decision = Verdict::not_measured;
  std::string note;
  // "about 15 %" read as a saving of 10–20 % (a ratio in [0.80, 0.90]), "5–7 %" as 3–9 % ([0.91, 0.97]): each
  // interval must lie inside its range to hold (band_verdict); one wholly outside its range fails the claim.
  auto high_part = [&] { return band_verdict(h->value, 0.80, 0.90); };
  auto low_part = [&] { return band_verdict(l->value, 0.91, 0.97); };
  if (measured(h) && measured(l)) {
    decision = combine_parts({high_part(), low_part()});
    if (decision == Verdict::undecided) note = fmt::format("(n = {} and {})", h->value.n, l->value.n);
  } else if (measured(h) || measured(l)) {
    // One part measured: the claim is a conjunction, so a part that fails fails it; a part that holds or is
    // undecided leaves it not measured.
    const bool high_measured = measured(h);
    const Verdict part = high_measured ? high_part() : low_part();
    if (part == Verdict::does_not_hold) {
      decision = Verdict::does_not_hold;
      note = fmt::format("(the {} part not measured)", high_measured ? "512K" : "128K");
    }
  }
  const std::string tree =
      st.thesis_tree_measured_here
          ? fmt::format("its tree stores {} positions (this run's reference cell of {} at depth {})",
                        st.thesis_tree_positions, kThesisTtPosition, kThesisTtDepth)
          : fmt::format("its tree stores {} positions as measured under configs/versions-readings-v3.json (this "
                        "run has no reference cell of version D on {} at depth {})",
                        st.thesis_tree_positions, kThesisTtPosition, kThesisTtDepth);
  st.verdicts.push_back({"C9b", statement, decision, note,
                         fmt::format("depth_always, nodes(2M)/nodes(M) at load {}: {}; at load {}: {}; {}", high,
                                     evidence_at(h), low, evidence_at(l), tree)});
}

// Breuker 1998: little gain past a certain size. Per scheme: the load band below which doubling saves
// less than 2 % (interval above 0.98), while some band above it saves 5 % or more (interval below 0.95).
void add_flattening_verdict(TtStudy& st) {
  std::string e;
  bool every = !st.schemes.empty();
  for (const auto& scheme : st.schemes) {
    std::string flat, steep;
    for (const auto& band : kBands) {
      const TtStudyRow* r = doubling_row(st, scheme, band);
      if (!r || !r->value.has_interval()) continue;
      if (r->value.low > 0.98 && steep.empty()) flat = band;
      if (r->value.high < 0.95) steep = band;
    }
    every = every && !flat.empty() && !steep.empty();
    e += fmt::format("{}{}: flat at load {}, gains at load {}", e.empty() ? "" : "; ", scheme, flat.empty() ? "—" : flat,
                     steep.empty() ? "—" : steep);
  }
  st.verdicts.push_back({"F", "Breuker 1998: past a certain size, doubling the table gains little (< 2 %), while "
                              "smaller tables gain 5 % or more per doubling",
                         every ? Verdict::holds : Verdict::undecided, "", e});
}

}  // namespace

std::string TtVerdict::verdict_words() const {
  return verdict_note.empty() ? std::string(verdict_text(verdict)) : fmt::format("{} {}", verdict_text(verdict), verdict_note);
}

TtStudy build_tt_study(const ResultSet& rs) {
  TtStudy st;
  const Reference reference = collect_reference(rs, st);
  if (reference.empty()) return st;
  collect_points(rs, reference, st);
  st.present = !st.points.empty();
  if (!st.present) return st;
  std::set<std::uint64_t> sizes;
  for (const auto& p : st.points) sizes.insert(p.bytes);
  PointsAtBytes at;
  for (const auto& p : st.points) at[{p.sweep, p.scheme, p.position, p.depth, p.bytes}] = &p;
  add_ratio_rows(sizes, at, st);
  add_scheme_verdicts(at, st);
  add_thesis_doubling_verdict(st);
  add_flattening_verdict(st);
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
  table("Scheme against scheme (tables with load ≥ 1 for the second scheme; verdicts use equal memory)", st.pairs, "Compared at");
  md += "### Verdicts (computed from the intervals above)\n\n";
  for (const auto& v : st.verdicts) md += fmt::format("- **{} — {}.** *{}* {}\n", v.id, v.verdict_words(), v.statement, v.evidence);
  md += "\n";
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
  nlohmann::json vs = nlohmann::json::array();
  for (const auto& v : st.verdicts)
    vs.push_back({{"id", v.id}, {"statement", v.statement}, {"verdict", v.verdict_words()}, {"evidence", v.evidence}});
  return {{"reference", {{"sweep", st.reference_sweep}, {"scheme", st.reference_scheme}, {"bytes_min", st.reference_bytes_min}, {"bytes_max", st.reference_bytes_max},
                         {"max_fill", stable_number(st.reference_max_fill)}}},
          {"thesis_tree", {{"position", kThesisTtPosition}, {"depth", kThesisTtDepth}, {"positions_stored", st.thesis_tree_positions},
                           {"measured_in_this_run", st.thesis_tree_measured_here}}},
          {"positions", st.positions}, {"by_memory", rows(st.by_memory)}, {"by_load", rows(st.by_load)},
          {"doubling_by_load", rows(st.doubling_by_load)}, {"pairs", rows(st.pairs)}, {"verdicts", vs}, {"points", pts}};
}

}  // namespace harness
