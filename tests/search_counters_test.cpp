// The one table of search counters (harness/experiment/search_counters.h): it holds every counter of
// SearchStats exactly once, under the names the committed results use, prints them as
// `harness search` always has, and a cell written to cells.jsonl and read back keeps every one.
#include "harness/experiment/search_counters.h"

#include <gtest/gtest.h>
#include <fmt/core.h>

#include <set>
#include <utility>

#include "harness/storage/cell_store.h"
#include "runner_test_util.h"

namespace search_counters_test {

using namespace harness;
using buho::SearchStats;

// Counts the members of an aggregate: the largest N for which T{x1, ..., xN} compiles, with each x
// converting to any member type. Only used in unevaluated contexts, so never defined.
template <std::size_t>
struct AnyMember {
  template <class T>
  operator T() const;
};

template <class T, std::size_t... I>
constexpr bool brace_initializable(std::index_sequence<I...>) {
  return requires { T{AnyMember<I>{}...}; };
}

template <class T, std::size_t N = 0>
constexpr std::size_t member_count() {
  if constexpr (brace_initializable<T>(std::make_index_sequence<N + 1>{}))
    return member_count<T, N + 1>();
  else
    return N;
}

// The members of SearchStats that are not counters: iteration_nodes, depth_reached, seldepth, seconds, the
// table's load at the end (tt_occupied, tt_capacity: state, not counts of events; a cell stores them as
// CellRecord::load, absent in lines written before they existed), and iteration_passes (the root drivers' counters). SSS*'s
// OPEN list peak (open_peak) is a size, but travels with the drivers' counters (passes, leaves) on their line.
constexpr std::size_t kNonCounterMembers = 7;

// Every counter gets a different value (its index + 101), so a mix-up between two shows.
SearchStats distinct_stats() {
  SearchStats s;
  std::uint64_t v = 101;
  for (const auto& c : search_counters()) s.*c.member = v++;
  for (const auto& f : flag_search_counters()) s.*f.counter.member = v++;
  s.iteration_nodes = {3, 40, 500};
  s.iteration_passes = {1, 4, 2};
  return s;
}

TEST(SearchCounters, TableHoldsEveryCounterOfSearchStats) {
  EXPECT_EQ(member_count<SearchStats>(),
            search_counters().size() + flag_search_counters().size() + kNonCounterMembers)
      << "SearchStats gained or lost a member: add the counter to the table in harness/experiment/search_counters.cpp "
         "(or, if it is not a counter, count it in kNonCounterMembers here)";
}

TEST(SearchCounters, EachCounterAppearsOnce) {
  std::set<std::string_view> names;
  for (const auto& c : search_counters()) EXPECT_TRUE(names.insert(c.name).second) << "name twice: " << c.name;
  // Two entries naming the same member: the later write would overwrite the earlier one's value.
  const SearchStats s = distinct_stats();
  std::uint64_t v = 101;
  for (const auto& c : search_counters())
    EXPECT_EQ(c.value(s), v++) << c.name << " shares its member with another entry";
}

TEST(SearchCounters, NamesAreThoseOfTheCommittedResults) {
  // results/*/cells.jsonl and tests/data/writers/ carry these names: renaming one orphans them.
  const std::vector<std::string> committed = {
      "nodes", "qnodes",
      "tt_probes", "tt_hits", "tt_cutoffs", "tt_stores", "tt_overwrites", "tt_collisions", "tt_refused",
      "beta_cutoffs", "first_move_cutoffs",
      "pvs_researches", "aspiration_researches",
      "null_tries", "null_cutoffs", "futility_prunes", "lmr_reductions", "lmr_researches",
      "ext_check", "ext_single_reply", "ext_threat", "ext_pawn", "ext_king_safety",
      "passes", "leaves", "open_peak"};
  std::vector<std::string> names;
  for (const auto& c : search_counters()) names.emplace_back(c.name);
  EXPECT_EQ(names, committed);
}

TEST(SearchCounters, TextLinesAreTheHistoricalOnes) {
  // The format strings `harness search` used before the table existed, verbatim.
  const SearchStats s = distinct_stats();
  ASSERT_EQ(counter_lines(), (std::vector<CounterLine>{CounterLine::nodes, CounterLine::table, CounterLine::cutoffs,
                                                       CounterLine::researches, CounterLine::pruning,
                                                       CounterLine::extensions, CounterLine::drivers}));
  EXPECT_EQ(counter_line_text(s, CounterLine::nodes), fmt::format("nodes {}  (quiescence {})", s.nodes, s.qnodes));
  EXPECT_EQ(counter_line_text(s, CounterLine::table),
            fmt::format("tt probes {} hits {} cutoffs {} stores {} overwrites {} collisions {} refused {}", s.tt_probes,
                        s.tt_hits, s.tt_cutoffs, s.tt_stores, s.tt_overwrites, s.tt_collisions, s.tt_refused));
  EXPECT_EQ(counter_line_text(s, CounterLine::cutoffs),
            fmt::format("cutoffs {}  on first move {}", s.beta_cutoffs, s.first_move_cutoffs));
  EXPECT_EQ(counter_line_text(s, CounterLine::researches),
            fmt::format("pvs re-searches {}  aspiration re-searches {}", s.pvs_researches, s.aspiration_researches));
  EXPECT_EQ(counter_line_text(s, CounterLine::pruning),
            fmt::format("null move tries {} cutoffs {}  futility prunes {}  lmr reductions {} re-searches {}",
                        s.null_tries, s.null_cutoffs, s.futility_prunes, s.lmr_reductions, s.lmr_researches));
  EXPECT_EQ(counter_line_text(s, CounterLine::extensions),
            fmt::format("extensions check {} single_reply {} threat {} pawn {} king_safety {}", s.ext_check,
                        s.ext_single_reply, s.ext_threat, s.ext_pawn, s.ext_king_safety));
  EXPECT_EQ(counter_line_text(s, CounterLine::drivers),
            fmt::format("passes {}  leaves {}  open list peak {}", s.passes, s.leaves, s.open_peak));
}

TEST(SearchCounters, CellWrittenAndReadBackKeepsEveryCounter) {
  const SearchStats s = distinct_stats();
  CellRecord r = record_of_inputs(make_cell(CellInputs{"P", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 2, "H", {}, {}, 0}, "e"), "e");
  r.counters = counter_values(s);
  r.iteration_passes = s.iteration_passes;

  runner_test::TempDir dir;
  const auto file = dir / "cells.jsonl";
  {
    CellStore store(file);
    store.append(r);
  }
  const auto got = read_cells(file);
  ASSERT_EQ(got.rows.size(), 1u);
  const nlohmann::json line = nlohmann::json::parse(runner_test::read_text(file));
  for (const auto& c : search_counters()) {
    const std::string name(c.name);
    EXPECT_EQ(line.value(name, std::uint64_t(0)), c.value(s)) << name << " in the written line";
    EXPECT_EQ(got.rows[0].counter(name), c.value(s)) << name << " read back";
  }
  EXPECT_EQ(got.rows[0].counters, r.counters);
  EXPECT_EQ(got.rows[0].iteration_passes, s.iteration_passes);
}

// The flag set `r`'s line names, as its file's flag-set line gives it to a reader.
harness::FlagSetTable flag_set_of_record(const CellRecord& r) {
  harness::FlagSetTable sets;
  sets.add(r.flag_set.hash, nlohmann::json::parse(*r.flag_set.text));
  return sets;
}

// Every kept line carries every counter of the table and the passes per iteration; a line without one was written
// before that counter existed, in a format this harness no longer reads: refused, never read as 0.
TEST(SearchCounters, ALineWithoutACounterIsOfAnOlderFormat) {
  CellRecord r = record_of_inputs(make_cell(CellInputs{"P", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 2, "H", {}, {}, 0}, "e"), "e");
  r.counters = counter_values(distinct_stats());
  const nlohmann::json line = r.to_json();
  auto sets = flag_set_of_record(r);
  EXPECT_EQ(CellRecord::from_json(line, &sets).counters, r.counters);
  for (const std::string name : {"nodes", "ext_king_safety", "passes", "leaves", "open_peak", "iteration_passes"}) {
    nlohmann::json old_line = line;
    ASSERT_EQ(old_line.erase(name), 1u) << name;
    try {
      CellRecord::from_json(old_line, &sets);
      ADD_FAILURE() << "a line without " << name << " was read";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("'" + name + "'"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("git checkout results-history"), std::string::npos) << e.what();
    }
  }
}

// A flag's counters (etc's, Plaat et al. 1996): measured, written and printed only where the flag is on, so the line
// of every other cell, and `harness search`'s output without the flag, stay as they were.
TEST(SearchCounters, FlagCountersOnlyWhereTheirFlagIsOn) {
  const SearchStats s = distinct_stats();
  buho::SearchConfig off, on;
  off.etc = false;
  on.etc = true;
  EXPECT_TRUE(flag_counter_values(s, off).empty());
  EXPECT_EQ(flag_counter_line_text(s, off), "");
  const auto values = flag_counter_values(s, on);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0], CounterValue("etc_probes", s.etc_probes));
  EXPECT_EQ(values[1], CounterValue("etc_cutoffs", s.etc_cutoffs));
  EXPECT_EQ(flag_counter_line_text(s, on), fmt::format("etc probes {} cutoffs {}", s.etc_probes, s.etc_cutoffs));

  CellRecord r = record_of_inputs(make_cell(CellInputs{"P", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 2, "H", on, {}, 0}, "e"), "e");
  r.counters = counter_values(s);
  r.flag_counters = values;
  const nlohmann::json line = r.to_json();
  auto sets = flag_set_of_record(r);
  EXPECT_EQ(line.at("etc_cutoffs"), s.etc_cutoffs);
  const CellRecord back = CellRecord::from_json(line, &sets);
  EXPECT_EQ(back.flag_counter("etc_probes"), s.etc_probes);
  EXPECT_EQ(back.flag_counter("etc_cutoffs"), s.etc_cutoffs);
  EXPECT_EQ(back.to_json(), line);
  r.flag_counters.clear();  // a cell without etc
  EXPECT_FALSE(r.to_json().contains("etc_probes"));
}

// The counters of the modern ordering, reduction and extension flags (issue 50), each only with its own flag.
TEST(SearchCounters, ModernOrderingCountersFollowTheirOwnFlags) {
  const SearchStats s = distinct_stats();
  buho::SearchConfig c;
  c.counter_moves = true;
  auto values = flag_counter_values(s, c);
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values[0], CounterValue("counter_move_cutoffs", s.counter_move_cutoffs));
  c.counter_moves = false;
  c.singular_ext = true;
  values = flag_counter_values(s, c);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values[0], CounterValue("singular_searches", s.singular_searches));
  EXPECT_EQ(values[1], CounterValue("singular_extensions", s.singular_extensions));
  EXPECT_EQ(values[2], CounterValue("multi_cuts", s.multi_cuts));
  c.singular_ext = false;
  c.continuation_history = c.capture_history = c.lmr_log = c.lmr_history = true;
  values = flag_counter_values(s, c);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_EQ(values[0], CounterValue("cont_history_updates", s.cont_history_updates));
  EXPECT_EQ(values[1], CounterValue("capture_history_updates", s.capture_history_updates));
  EXPECT_EQ(values[2], CounterValue("lmr_reduced_plies", s.lmr_reduced_plies));
  EXPECT_EQ(values[3], CounterValue("lmr_history_changes", s.lmr_history_changes));
}

}  // namespace search_counters_test
