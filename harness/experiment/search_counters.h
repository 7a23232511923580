// The counters of buho::SearchStats as one table: their names (the fields of cells.jsonl and of
// `harness search --json`, the columns of cells.csv) and where `harness search` prints them. Every
// place that writes, reads or prints counters walks this table, so they cannot drift apart; a test
// checks that the table holds every counter of SearchStats exactly once.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/search_config.h"
#include "engine/search_stats.h"

namespace harness {

// The text line of `harness search` that prints a counter, in printing order.
enum class CounterLine { nodes, table, cutoffs, researches, pruning, extensions, drivers };

struct SearchCounter {
  std::string_view name;                     // field name in every JSON file and CSV header
  std::uint64_t buho::SearchStats::*member;  // where the engine counts it
  CounterLine line;
  std::string_view text;                     // its words on that line, "{}" standing for the value

  std::uint64_t value(const buho::SearchStats& s) const { return s.*member; }
};

// A counter's name and value, as a record holds it. The name is a view of the counter table's own text (static,
// never freed): a string per counter was 35 allocations a cell, a tenth of a depth-1 cell's harness time.
// Made from a view only: a temporary string's text would be gone before the record is read.
struct CounterValue {
  std::string_view name;
  std::uint64_t value = 0;
  CounterValue(std::string_view n, std::uint64_t v) : name(n), value(v) {}
  template <std::size_t N>
  CounterValue(const char (&literal)[N], std::uint64_t v) : name(literal, N - 1), value(v) {}
  CounterValue(std::string&&, std::uint64_t) = delete;
  bool operator==(const CounterValue&) const = default;
};
using CounterValues = std::vector<CounterValue>;

// Every counter but the flags' (below), "nodes" first and the drivers' line (passes, leaves, open_peak) last: every
// cell line carries them all, and a line without one is of an older results format (CellRecord::from_json).
std::span<const SearchCounter> search_counters();

// Each counter's name and value, in table order (what CellRecord::counters holds).
CounterValues counter_values(const buho::SearchStats& s);

// The counters of a search flag that is off in every thesis version: etc's (Plaat et al. 1996's enhanced
// transposition cut-offs: etc_probes, etc_cutoffs). A cell carries them only when its search had the flag on, and
// cells.csv has their columns only when some cell does, so every other line, row and report stays as it was.
struct FlagCounter {
  SearchCounter counter;
  bool buho::SearchConfig::*flag;  // measured only with this flag on
};
std::span<const FlagCounter> flag_search_counters();
// The values of the counters whose flag is on in `c` (what a cell holds in CellRecord::flag_counters).
CounterValues flag_counter_values(const buho::SearchStats& s, const buho::SearchConfig& c);
// Their line as `harness search` prints it ("etc probes 120 cutoffs 7"), "" when no flag of theirs is on.
std::string flag_counter_line_text(const buho::SearchStats& s, const buho::SearchConfig& c);

// The lines that print counters, in printing order (each once).
std::vector<CounterLine> counter_lines();

// One line's counters as `harness search` prints them, without the line break: e.g.
// "tt probes 10 hits 4 cutoffs 1 stores 6 overwrites 0 collisions 0 refused 0".
std::string counter_line_text(const buho::SearchStats& s, CounterLine line);

}  // namespace harness
