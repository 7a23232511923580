// The searcher: NegaMax alpha-beta with quiescence and every thesis heuristic switchable at runtime.
// One Engine owns all its state (TT, killers, history, move stack): engines with different configs
// can run side by side on different threads.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/board.h"
#include "engine/eval_config.h"
#include "engine/search_config.h"
#include "engine/search_stats.h"

namespace buho {

class TranspositionTable;
class SearchStack;  // engine/search_stack.h
struct SearchCore;  // engine/search_core.h

// Whether an iteration's score is the root's value or only a bound on it: an aspiration window (Alg. 6) whose
// re-search failed again leaves a bound (UCI's `lowerbound` / `upperbound`).
enum class ScoreBound : std::uint8_t { Exact, Lower, Upper };

// What a search reports after each completed iteration of iterative deepening (a UCI `info` line).
struct IterationReport {
  int depth = 0;
  int seldepth = 0;
  Score score = 0;              // from the root side to move's view
  ScoreBound bound = ScoreBound::Exact;
  std::uint64_t nodes = 0;      // so far, over every iteration
  double seconds = 0;           // so far
  std::vector<Move> pv;
  int line = 1;                 // Limits::multipv: which line (1 = the best; 2 = the best of the other moves; ...)
};

// Limits::multipv: a line beyond the first, as the last iteration that searched it left it.
struct RootLine {
  int depth = 0;
  Score score = 0;
  ScoreBound bound = ScoreBound::Exact;
  std::vector<Move> pv;  // never empty
};

struct Limits {
  int depth = 1;                  // nominal depth in plies (>= 1)
  std::uint64_t node_budget = 0;  // stop once this many nodes are searched; 0 = no budget
  // Another thread may ask the search to stop (the runner does when a run fails, so the cells in flight end
  // within milliseconds). Read, never written, by the search; nullptr = never. A stopped search reports
  // completed = false, like one stopped by the node budget.
  const std::atomic<bool>* stop = nullptr;
  // Called on the searching thread after each completed iteration; empty = no report. It observes only.
  std::function<void(const IterationReport&)> on_iteration = nullptr;
  // Called with each horizon position the drivers sss, mt_sss and mt_dual evaluate (tests compare the
  // leaves of two drivers); empty = none. It observes only; alpha-beta does not call it.
  std::function<void(const Board&)> on_leaf = nullptr;
  // UCI's `searchmoves`: the root searches only these (legal) moves; empty = every move. Read by the root drivers
  // that search the root with the alpha-beta node function (searches_root_moves); the others ignore it.
  std::vector<Move> root_moves = {};
  // A clock's soft target (engine/time_manager.h): once an iteration completes this many milliseconds after the
  // search began, no new iteration starts; 0 = none. The hard limit is the caller's, through `stop`. A search ended
  // here completed its last iteration (completed stays true); where it ends depends on the machine and its load.
  std::uint64_t soft_time_ms = 0;
  // The reported PV (each iteration's and the result's) continued with the transposition table's moves where the
  // searched PV ends: a search of a position the table already holds ends its PV at the first table cut-off below the
  // root (one move, no ponder move). Only what is reported changes, never the search or its counts. Off by default:
  // the cells keep the PV the search itself found.
  bool pv_from_table = false;
  // UCI's MultiPV: each iteration searches the root `multipv` times, each pass without the first moves of the lines
  // found before it at that depth (within root_moves), so line k is the best of the moves the k - 1 better lines do
  // not start with. Line 1 is the search as with 1, its tree unchanged; the passes after it add their nodes to the
  // counts. Read by the drivers that honour root_moves; the others search one line.
  int multipv = 1;
};

// Whether `driver` honours Limits::root_moves: alphabeta, negascout and mtdf, whose root is a node of search().
bool searches_root_moves(RootDriver driver);

struct SearchResult {
  Move best_move;
  Score score = 0;                // from the root side to move's view
  std::vector<Move> pv;
  SearchStats stats;
  bool completed = true;          // false when the node budget stopped the search
  std::vector<RootLine> lines;    // Limits::multipv: lines 2, 3, ... (fewer when the root has fewer moves)
};

// The memory layout of a table entry under `scheme` (schemes are compared at equal memory): its slots
// (positions it holds), the bytes of one slot (the 16-byte entry plus what the scheme keeps beside it: a
// subtree size or a generation) and of the whole entry (slots x slot).
struct TableLayout {
  int slots_per_entry = 1;
  std::size_t bytes_per_slot = 0;
  std::size_t bytes_per_entry = 0;
};
TableLayout transposition_table_layout(ReplacementScheme scheme);

// Bytes of memory the transposition table of `c` takes (every slot of every entry), for a table size given in
// bytes (UCI's Hash) and for comparing schemes at equal memory.
std::size_t transposition_table_bytes(const SearchConfig& c);

// The minimal tree (engine/minimal_tree.h): how a node that needs one refutation chooses it among the
// moves that refute.
enum class MinimalRefutation {
  First,     // the first refuting move in the engine's order, the table's move first: "known in advance"
  Smallest,  // the refuting move whose own proof tree is smallest (costlier: every refutation is sized)
};

struct MinimalTreeCount {
  Score value = 0;            // the minimax value proven, from the side to move's view
  std::uint64_t nodes = 0;    // nodes of the proof tree, counted as the search counts them (search_stats.h)
  std::uint64_t qnodes = 0;   // the part of `nodes` inside quiescence at the horizon
  std::uint64_t leaves = 0;   // horizon positions of the proof tree
  Move best_move;             // the root's best move: the move the root (a PV node) proves the value with
  bool completed = true;      // false when the node budget or a stop ended the count
};

// Memory one engine hands to the next instead of each allocating its own: the transposition table and the per-ply
// stack. A runner keeps one per thread (allocating and zeroing a 64 MB table per cell cost more than a depth-1 cell's
// search: the kernel zeroes every 2 MB page a store touches; writing a new 736 KB stack took a quarter of a depth-1
// run's time and emptied the caches). An engine whose table has the size and scheme of the one held takes it, and
// every engine takes the stack, each reset as new (TranspositionTable::reset_as_new, SearchStack::reset_as_new: only
// the parts written are rewritten), so it searches exactly as with its own; at its end it hands them back. Not shared
// between threads.
class EngineMemory {
 public:
  EngineMemory();
  ~EngineMemory();
  EngineMemory(const EngineMemory&) = delete;
  EngineMemory& operator=(const EngineMemory&) = delete;

 private:
  friend class Engine;
  std::unique_ptr<TranspositionTable> table_;
  std::unique_ptr<SearchStack> stack_;
};

class Engine {
 public:
  Engine(const SearchConfig& search, const EvalConfig& eval, EngineMemory* memory = nullptr);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Searches `root` to `limits.depth`. Clears TT, killers and history first unless `keep_state`.
  SearchResult search(const Board& root, const Limits& limits, bool keep_state = false);
  // The minimal tree of `root` at `depth` (Knuth & Moore; engine/minimal_tree.h), with this engine's order,
  // extensions and table (a table of tt_entries even when the config uses none). Clears the engine's state
  // first. `limits.depth` is the depth; its node budget and stop apply to the counting work.
  MinimalTreeCount minimal_tree(const Board& root, const Limits& limits,
                                MinimalRefutation refutation = MinimalRefutation::First);
  // The table as the last search left it (nullptr when the config uses none): for tests and diagnostics.
  const TranspositionTable* transposition_table() const;

 private:
  std::unique_ptr<SearchCore> impl_;
  EngineMemory* memory_ = nullptr;
};

}  // namespace buho
