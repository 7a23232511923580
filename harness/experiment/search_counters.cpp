#include "harness/experiment/search_counters.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>

namespace harness {

namespace {

using buho::SearchStats;
using L = CounterLine;

// The names are those of the committed cells.jsonl files and golden files: renaming one orphans
// every stored result. The texts reproduce the historical `harness search` lines byte for byte,
// spacing included (two spaces between groups of a line, one within a group).
constexpr std::array kCounters = {
    SearchCounter{"nodes", &SearchStats::nodes, L::nodes, "nodes {}"},
    SearchCounter{"qnodes", &SearchStats::qnodes, L::nodes, "  (quiescence {})"},
    SearchCounter{"tt_probes", &SearchStats::tt_probes, L::table, "tt probes {}"},
    SearchCounter{"tt_hits", &SearchStats::tt_hits, L::table, " hits {}"},
    SearchCounter{"tt_cutoffs", &SearchStats::tt_cutoffs, L::table, " cutoffs {}"},
    SearchCounter{"tt_stores", &SearchStats::tt_stores, L::table, " stores {}"},
    SearchCounter{"tt_overwrites", &SearchStats::tt_overwrites, L::table, " overwrites {}"},
    SearchCounter{"tt_collisions", &SearchStats::tt_collisions, L::table, " collisions {}"},
    SearchCounter{"tt_refused", &SearchStats::tt_refused, L::table, " refused {}"},
    SearchCounter{"beta_cutoffs", &SearchStats::beta_cutoffs, L::cutoffs, "cutoffs {}"},
    SearchCounter{"first_move_cutoffs", &SearchStats::first_move_cutoffs, L::cutoffs, "  on first move {}"},
    SearchCounter{"pvs_researches", &SearchStats::pvs_researches, L::researches, "pvs re-searches {}"},
    SearchCounter{"aspiration_researches", &SearchStats::aspiration_researches, L::researches,
                  "  aspiration re-searches {}"},
    SearchCounter{"null_tries", &SearchStats::null_tries, L::pruning, "null move tries {}"},
    SearchCounter{"null_cutoffs", &SearchStats::null_cutoffs, L::pruning, " cutoffs {}"},
    SearchCounter{"futility_prunes", &SearchStats::futility_prunes, L::pruning, "  futility prunes {}"},
    SearchCounter{"lmr_reductions", &SearchStats::lmr_reductions, L::pruning, "  lmr reductions {}"},
    SearchCounter{"lmr_researches", &SearchStats::lmr_researches, L::pruning, " re-searches {}"},
    SearchCounter{"ext_check", &SearchStats::ext_check, L::extensions, "extensions check {}"},
    SearchCounter{"ext_single_reply", &SearchStats::ext_single_reply, L::extensions, " single_reply {}"},
    SearchCounter{"ext_threat", &SearchStats::ext_threat, L::extensions, " threat {}"},
    SearchCounter{"ext_pawn", &SearchStats::ext_pawn, L::extensions, " pawn {}"},
    SearchCounter{"ext_king_safety", &SearchStats::ext_king_safety, L::extensions, " king_safety {}"},
    // Last: the drivers' counters were added after the others, and cells.csv keeps their columns where they were
    // added (after the load's), `harness search` prints their line after the iterations.
    SearchCounter{"passes", &SearchStats::passes, L::drivers, "passes {}"},
    SearchCounter{"leaves", &SearchStats::leaves, L::drivers, "  leaves {}"},
    // A size, not a sum of events: the most states SSS*'s OPEN list held (0 under every other driver).
    SearchCounter{"open_peak", &SearchStats::open_peak, L::drivers, "  open list peak {}"},
};

constexpr std::array kFlagCounters = {
    FlagCounter{{"etc_probes", &SearchStats::etc_probes, L::table, "etc probes {}"}, &buho::SearchConfig::etc},
    FlagCounter{{"etc_cutoffs", &SearchStats::etc_cutoffs, L::table, " cutoffs {}"}, &buho::SearchConfig::etc},
    // Modern move ordering by history, reductions and extensions (issue 50).
    FlagCounter{{"counter_move_cutoffs", &SearchStats::counter_move_cutoffs, L::cutoffs, "  counter-move cutoffs {}"},
                &buho::SearchConfig::counter_moves},
    FlagCounter{{"cont_history_updates", &SearchStats::cont_history_updates, L::cutoffs,
                 "  continuation history updates {}"},
                &buho::SearchConfig::continuation_history},
    FlagCounter{{"capture_history_updates", &SearchStats::capture_history_updates, L::cutoffs,
                 "  capture history updates {}"},
                &buho::SearchConfig::capture_history},
    FlagCounter{{"lmr_reduced_plies", &SearchStats::lmr_reduced_plies, L::pruning, "  lmr plies reduced {}"},
                &buho::SearchConfig::lmr_log},
    FlagCounter{{"lmr_history_changes", &SearchStats::lmr_history_changes, L::pruning, "  lmr history changes {}"},
                &buho::SearchConfig::lmr_history},
    FlagCounter{{"singular_searches", &SearchStats::singular_searches, L::extensions, "  singular searches {}"},
                &buho::SearchConfig::singular_ext},
    FlagCounter{{"singular_extensions", &SearchStats::singular_extensions, L::extensions, " extensions {}"},
                &buho::SearchConfig::singular_ext},
    FlagCounter{{"multi_cuts", &SearchStats::multi_cuts, L::extensions, " multi-cuts {}"},
                &buho::SearchConfig::singular_ext},
    // Modern heuristics, captures (engine/capture_rules.h).
    FlagCounter{{"see_bad_captures", &SearchStats::see_bad_captures, L::pruning, "  see bad captures {}"},
                &buho::SearchConfig::see_ordering},
    FlagCounter{{"qsearch_see_skips", &SearchStats::qsearch_see_skips, L::pruning, "  qsearch see skips {}"},
                &buho::SearchConfig::qsearch_see},
    FlagCounter{{"delta_prunes", &SearchStats::delta_prunes, L::pruning, "  delta prunes {}"},
                &buho::SearchConfig::delta_pruning},
    FlagCounter{{"see_prunes", &SearchStats::see_prunes, L::pruning, "  see prunes {}"},
                &buho::SearchConfig::see_pruning},
    FlagCounter{{"probcut_tries", &SearchStats::probcut_tries, L::pruning, "  probcut tries {}"},
                &buho::SearchConfig::probcut},
    FlagCounter{{"probcut_cutoffs", &SearchStats::probcut_cutoffs, L::pruning, " cutoffs {}"},
                &buho::SearchConfig::probcut},
    // Modern node pruning (issue 50).
    FlagCounter{{"mdp_cutoffs", &SearchStats::mdp_cutoffs, L::pruning, "  mate distance cutoffs {}"},
                &buho::SearchConfig::mate_distance_pruning},
    FlagCounter{{"improving_nodes", &SearchStats::improving_nodes, L::pruning, "  improving nodes {}"},
                &buho::SearchConfig::improving},
    FlagCounter{{"rfp_cutoffs", &SearchStats::rfp_cutoffs, L::pruning, "  reverse futility cutoffs {}"},
                &buho::SearchConfig::reverse_futility},
    FlagCounter{{"razoring_tries", &SearchStats::razoring_tries, L::pruning, "  razoring tries {}"},
                &buho::SearchConfig::razoring},
    FlagCounter{{"razoring_cutoffs", &SearchStats::razoring_cutoffs, L::pruning, " cutoffs {}"},
                &buho::SearchConfig::razoring},
    FlagCounter{{"lmp_prunes", &SearchStats::lmp_prunes, L::pruning, "  late move prunes {}"},
                &buho::SearchConfig::late_move_pruning},
    FlagCounter{{"iir_reductions", &SearchStats::iir_reductions, L::pruning, "  iir reductions {}"},
                &buho::SearchConfig::iir},
    FlagCounter{{"iid_searches", &SearchStats::iid_searches, L::pruning, "  iid searches {}"},
                &buho::SearchConfig::iid},
};

static_assert(kCounters.front().name == "nodes", "CellRecord::nodes() and the CSV expect nodes first");

}  // namespace

std::span<const SearchCounter> search_counters() { return kCounters; }

CounterValues counter_values(const SearchStats& s) {
  CounterValues out;
  out.reserve(kCounters.size());
  for (const auto& c : kCounters) out.emplace_back(c.name, c.value(s));
  return out;
}

std::span<const FlagCounter> flag_search_counters() { return kFlagCounters; }

CounterValues flag_counter_values(const SearchStats& s, const buho::SearchConfig& c) {
  CounterValues out;
  for (const auto& f : kFlagCounters)
    if (c.*f.flag) out.emplace_back(f.counter.name, f.counter.value(s));
  return out;
}

std::string flag_counter_line_text(const SearchStats& s, const buho::SearchConfig& c) {
  std::string text;
  for (const auto& f : kFlagCounters)
    if (c.*f.flag) text += fmt::format(fmt::runtime(f.counter.text), f.counter.value(s));
  text.erase(0, text.find_first_not_of(' '));  // a line that starts with a later flag's group: no leading spaces
  return text;
}

std::vector<CounterLine> counter_lines() {
  std::vector<CounterLine> lines;
  for (const auto& c : kCounters)
    if (std::find(lines.begin(), lines.end(), c.line) == lines.end()) lines.push_back(c.line);
  return lines;
}

std::string counter_line_text(const SearchStats& s, CounterLine line) {
  std::string text;
  for (const auto& c : kCounters)
    if (c.line == line) text += fmt::format(fmt::runtime(c.text), c.value(s));
  return text;
}

}  // namespace harness
