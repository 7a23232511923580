// The root drivers (§3.4, §4.4 and the survey's ch. 4): how one iteration of iterative deepening searches the root.
// Each driver is one row of kRootDrivers: its name, its help, what it asks of the engine (a table, fail-soft returns,
// iterations, the windows of the node search), the flags it has no use for, and the function that runs one
// iteration. Everything that lists drivers reads this table: the `driver` flag's choices and help, ignored_flags(),
// searches_fail_soft(), the engine's run(), `harness bench search --driver` and the drivers study.
//
// A new driver: a value of RootDriver (search_config.h), its row and its function's declaration here, the function
// in a file of its own (seeing the engine through engine/search_core.h or engine/driver_context.h), a test, and its
// paragraph in docs/search.md.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

#include "engine/enum_names.h"
#include "engine/search_config.h"
#include "engine/types.h"

namespace buho {

struct SearchCore;  // engine/search_core.h: the engine's state and node functions

// What one iteration of a driver found: the root's value, and how many searches of the root it took (its passes:
// one for a single search, + each aspiration re-search, + each null-window test of MTD(f) and MT). The engine adds
// the passes to SearchStats::passes, the one place they are counted; a stopped iteration counts the pass it was in.
struct DriverIteration {
  Score value = 0;
  int passes = 0;
};

// Whether a driver's search keeps a transposition table.
enum class DriverTable : std::uint8_t {
  Never,         // minimax: none is allocated, whatever the flags say
  AsConfigured,  // when hash_move or tt_cutoffs is on
  Always,        // MT-SSS*, MT-DUAL* and the minimal tree are memory-enhanced by definition
};

struct RootDriverInfo {
  RootDriver driver;
  std::string_view name;  // the `driver` flag's value
  std::string_view help;  // its part of the flag's help (`harness flags`)
  DriverTable table = DriverTable::AsConfigured;
  bool fail_soft = false;           // fail-soft by definition, whatever the fail_soft flag says
  bool iterates = true;             // false: one search at the target depth, never a sum over iterations
  bool negascout_windows = false;   // the node search uses the survey's NegaScout windows in place of Alg. 7's
  bool honours_root_moves = false;  // its root is a node of the alpha-beta search, which reads Limits::root_moves
  bool null_window_passes = false;  // an iteration is a sequence of null-window tests (the drivers study counts them)
  bool ignores_forward_pruning = false;  // a fixed tree: kForwardPruningFlags mean nothing to it
  std::array<bool SearchConfig::*, 12> ignored{};  // the other flags it has no use for (null-terminated)
  DriverIteration (*iteration)(SearchCore& core, int depth, Score prev) = nullptr;  // one iteration at `depth`
};

// The iterations of the drivers, each in a file of its own (`prev`: the previous iteration's value, 0 at the first).
DriverIteration alphabeta_iteration(SearchCore& core, int depth, Score prev);  // alphabeta_driver.cpp (negascout too)
DriverIteration minimax_iteration(SearchCore& core, int depth, Score prev);    // minimax_driver.cpp
DriverIteration scout_iteration(SearchCore& core, int depth, Score prev);      // scout_driver.cpp
DriverIteration mtdf_iteration(SearchCore& core, int depth, Score prev);       // mtdf_driver.cpp
DriverIteration sss_iteration(SearchCore& core, int depth, Score prev);        // sss_driver.cpp
DriverIteration mt_sss_iteration(SearchCore& core, int depth, Score prev);     // mt_driver.cpp
DriverIteration mt_dual_iteration(SearchCore& core, int depth, Score prev);    // mt_driver.cpp
DriverIteration minimal_iteration(SearchCore& core, int depth, Score prev);    // minimal_tree.cpp

namespace driver_rows {
using S = SearchConfig;
constexpr RootDriverInfo row(RootDriver d, std::string_view name, DriverIteration (*iteration)(SearchCore&, int, Score),
                             std::string_view help) {
  RootDriverInfo r{d, name, help};
  r.iteration = iteration;
  return r;
}
}  // namespace driver_rows

// In the order of RootDriver's values (checked below).
inline constexpr auto kRootDrivers = [] {
  using namespace driver_rows;
  RootDriverInfo alphabeta = row(RootDriver::AlphaBeta, "alphabeta", alphabeta_iteration,
      "NegaMax alpha-beta (Alg. 2) with a full window, or Alg. 6's aspiration window when `aspiration` is on (§3.4, "
      "§4.4)");
  alphabeta.honours_root_moves = true;

  // Every move with a full window: no window to narrow or re-search, no table, no forward pruning, and no order to
  // change (the quiescence search keeps its own MVV/LVA order and its full window).
  RootDriverInfo minimax = row(RootDriver::Minimax, "minimax", minimax_iteration,
      "no pruning at all, every move with a full window (the exact reference)");
  minimax.table = DriverTable::Never;
  minimax.ignores_forward_pruning = true;
  minimax.ignored = {&S::killers, &S::history, &S::hash_move, &S::pvs, &S::aspiration, &S::fail_soft, &S::tt_cutoffs,
                     &S::pv_ordering, &S::threat_ext, &S::etc};

  RootDriverInfo negascout = row(RootDriver::NegaScout, "negascout", alphabeta_iteration,
      "the survey's NegaScout, null windows after the first move, fail-soft");
  negascout.fail_soft = true;
  negascout.negascout_windows = true;
  negascout.honours_root_moves = true;
  negascout.ignored = {&S::pvs, &S::fail_soft};  // its own windows (the survey's) replace Alg. 7's; fail-soft always

  RootDriverInfo scout = row(RootDriver::Scout, "scout", scout_iteration,
      "Pearl's Scout, EVAL the first move and TEST the others with a null window");
  scout.ignored = {&S::pvs, &S::aspiration};  // EVAL has no window, TEST has a null one

  RootDriverInfo mtdf = row(RootDriver::Mtdf, "mtdf", mtdf_iteration,
      "MTD(f), null-window fail-soft searches with the table from the previous iteration's value");
  mtdf.fail_soft = true;
  mtdf.honours_root_moves = true;
  mtdf.null_window_passes = true;
  mtdf.ignored = {&S::pvs, &S::aspiration, &S::fail_soft};  // null windows only, from its first guess; fail-soft always

  // Best-first over a fixed tree: no forward pruning (nor the threat extension, which rests on a null-move search),
  // their own windows; MT's tests always read the table's bounds, SSS* keeps none.
  RootDriverInfo sss = row(RootDriver::Sss, "sss", sss_iteration, "Stockman's SSS* with its OPEN list (the survey's §4.3)");
  sss.ignores_forward_pruning = true;
  sss.ignored = {&S::aspiration, &S::pvs, &S::threat_ext, &S::fail_soft};

  RootDriverInfo mt_sss = row(RootDriver::MtSss, "mt_sss", mt_sss_iteration,
      "SSS* as memory-enhanced null-window tests from +inf down (Plaat et al. 1996), which use the table's bounds "
      "whatever tt_cutoffs says");
  mt_sss.table = DriverTable::Always;
  mt_sss.null_window_passes = true;
  mt_sss.ignores_forward_pruning = true;
  mt_sss.ignored = {&S::aspiration, &S::pvs, &S::threat_ext, &S::fail_soft, &S::tt_cutoffs};

  RootDriverInfo mt_dual = mt_sss;
  mt_dual.driver = RootDriver::MtDual;
  mt_dual.name = "mt_dual";
  mt_dual.help = "DUAL* as memory-enhanced null-window tests from -inf up (Plaat et al. 1996), the table's bounds as "
                 "under mt_sss";
  mt_dual.iteration = mt_dual_iteration;

  // One proof tree at the target depth (no iterations, so no previous PV), with no windows and no forward pruning
  // (the minimal tree is the exact search's); the table finds its values and moves, always.
  RootDriverInfo minimal = row(RootDriver::Minimal, "minimal", minimal_iteration,
      "not a search but the yardstick: the minimal tree (Knuth & Moore) proving the value at the target depth only "
      "(no iterations), its refutations the smallest, its counts those of that one tree");
  minimal.table = DriverTable::Always;
  minimal.iterates = false;
  minimal.ignores_forward_pruning = true;
  minimal.ignored = {&S::iterative_deepening, &S::pv_ordering, &S::aspiration, &S::pvs, &S::threat_ext, &S::fail_soft,
                     &S::tt_cutoffs, &S::etc};

  return std::array{alphabeta, minimax, negascout, scout, mtdf, sss, mt_sss, mt_dual, minimal};
}();

static_assert([] {
  for (std::size_t i = 0; i < kRootDrivers.size(); ++i)
    if (int(kRootDrivers[i].driver) != int(i) || !kRootDrivers[i].iteration) return false;
  return true;
}(), "one row per RootDriver value, in the enum's order, each with its iteration");

// The row of `d`.
constexpr const RootDriverInfo& root_driver_info(RootDriver d) { return kRootDrivers[std::size_t(d)]; }
constexpr std::string_view driver_name(RootDriver d) { return root_driver_info(d).name; }

// The drivers' names as the `driver` flag's choices (engine/enum_names.h).
inline constexpr auto kRootDriverNames = [] {
  std::array<EnumName<RootDriver>, kRootDrivers.size()> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = {kRootDrivers[i].driver, kRootDrivers[i].name};
  return names;
}();

// Whether the search of `c` keeps a transposition table (its driver's DriverTable, then the flags).
constexpr bool driver_keeps_table(const SearchConfig& c) {
  switch (root_driver_info(c.root_driver).table) {
    case DriverTable::Never: return false;
    case DriverTable::Always: return true;
    case DriverTable::AsConfigured: break;
  }
  return c.hash_move || c.tt_cutoffs;
}

}  // namespace buho
