// The engine's facade (engine/search.h, the harness's only entry) and iterative deepening (§3.4, Alg. 3): run()
// deepens and calls the configured root driver's iteration (engine/root_driver.h) once per depth. The node search
// is engine/search.cpp, the engine's state engine/search_core.h.
#include <chrono>

#include "engine/minimal_tree.h"
#include "engine/search.h"
#include "engine/search_core.h"

namespace buho {

namespace {

// Limits::pv_from_table: `pv` continued, while it is shorter than `length`, with the moves the table stores for the
// positions the line reaches: each legal in its position (plausible, and found among the legal moves), never into a
// position already on the line, never past a draw by rule. The table's counters are left as the search left them.
void continue_pv_from_table(const Board& root, TranspositionTable& tt, std::vector<Move>& pv, int length) {
  if (!tt.allocated() || pv.empty()) return;
  const TTCounters counters = tt.counters;
  Board b = root;
  std::vector<std::uint64_t> seen{b.key()};
  for (const Move m : pv) {
    b.make_move(m);
    seen.push_back(b.key());
  }
  Move legal[MaxMoves];
  while (int(pv.size()) < length && !b.is_draw_by_rule()) {
    const TTEntry* e = tt.probe(b.key());
    if (!e || !plausible(b, e->move)) break;
    Move* end = generate_legal(b, legal);
    if (std::find(legal, end, e->move) == end) break;
    b.make_move(e->move);
    if (std::find(seen.begin(), seen.end(), b.key()) != seen.end()) break;
    seen.push_back(b.key());
    pv.push_back(e->move);
  }
  tt.counters = counters;
}

}  // namespace

// Alg. 3: one iteration per depth, from 1 (or the target alone without iterative deepening, or for a driver that
// does not iterate) to the target, each through the driver's row.
SearchResult SearchCore::run(const Board& root, const Limits& limits, bool keep_state) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!keep_state) clear();
  if (tt.allocated()) {
    tt.counters = {};
    tt.new_search();
  }
  transposed_nodes = 0;
  stats = SearchStats{};
  board = root;
  node_budget = limits.node_budget;
  external_stop = limits.stop;
  on_leaf = limits.on_leaf;
  const RootDriverInfo& driver = root_driver_info(cfg.root_driver);
  root_moves = driver.honours_root_moves ? limits.root_moves : std::vector<Move>{};
  const std::vector<Move> base_root_moves = root_moves;
  const int lines = driver.honours_root_moves ? std::max(1, limits.multipv) : 1;
  stop = false;

  SearchResult result;
  std::vector<Move> searched_pv;  // the PV the last completed iteration searched (result.pv may continue it)
  const int target = std::max(1, std::min(limits.depth, MaxPly - 1));
  // A driver that does not iterate (the minimal tree) searches one tree at the target depth.
  const int first = cfg.iterative_deepening && driver.iterates ? 1 : target;
  Score prev = 0;
  stack[0].verification_off = false;
  prev_pv_len = 0;  // pv_ordering: no previous iteration yet (nor ever without iterative deepening)
  stack[0].on_prev_pv = true;
  for (int d = first; d <= target; ++d) {
    const std::uint64_t before = stats.nodes;
    root_best = Move();
    root_bound = ScoreBound::Exact;
    stack[0].pv_len = 0;
    const DriverIteration iteration = driver.iteration(*this, d, prev);
    const Score v = iteration.value;
    stats.passes += std::uint64_t(iteration.passes);  // the one place passes are counted
    stats.iteration_nodes.push_back(stats.nodes - before);
    stats.iteration_passes.push_back(std::uint64_t(iteration.passes));
    if (stop) break;
    prev = v;
    result.score = v;
    // §5.2 with null_move_at_root: a root null cut-off returns beta without a move, like Alg. 10 at any
    // node. It needs a finite beta (Step 5), so it happens only inside an aspiration window (Alg. 6),
    // never in the first iteration. After the first search's cut-off the fail-high re-search [beta, +inf]
    // cannot try the null move and searches the moves; when no move of the iteration beat its alpha
    // (that re-search finds nothing above beta, or the fail-low re-search [-inf, V] is cut by the null
    // move), the iteration keeps the previous iteration's move and PV, with its own value. Without a
    // root null move every completed iteration has a move (or the root has none): nothing else changes.
    if (!root_best.is_null() || result.best_move.is_null()) {
      result.best_move = root_best;
      searched_pv.assign(stack[0].pv, stack[0].pv + stack[0].pv_len);
      if (searched_pv.empty() || searched_pv.front() != root_best) searched_pv.assign(1, root_best);
    }
    prev_pv_len = int(std::min<std::size_t>(searched_pv.size(), MaxPly));
    std::copy_n(searched_pv.begin(), prev_pv_len, prev_pv);
    // pv_ordering follows the searched PV; the table's continuation is only reported.
    result.pv = searched_pv;
    if (limits.pv_from_table) continue_pv_from_table(root, tt, result.pv, d);
    stats.depth_reached = d;
    if (limits.on_iteration)
      limits.on_iteration({d, stats.seldepth, v, root_bound, stats.nodes,
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), result.pv});
    if (lines > 1 && !search_other_lines(d, limits, t0, result)) break;
    // Alg. 3 line 3: a mate score ends the deepening, once the iteration is deep enough to have seen
    // every shorter mate (a mate grafted from the table can be longer than the depth searched).
    if (std::abs(v) >= ScoreMateBound && ScoreMate - std::abs(v) <= d) break;
    // A clock's soft target (engine/time_manager.h): past it, the next iteration, which would take several times
    // as long as this one, is not started.
    if (limits.soft_time_ms > 0
        && std::chrono::steady_clock::now() - t0 >= std::chrono::milliseconds(limits.soft_time_ms))
      break;
  }
  root_moves = base_root_moves;
  result.completed = !stop;
  if (result.best_move.is_null()) {
    // Stopped inside the first iteration, or no legal move: report the first legal move, if any.
    Move buf[MaxMoves];
    Move* end = generate_legal(board, buf);
    if (end != buf) result.best_move = !root_best.is_null() ? root_best : !root_moves.empty() ? root_moves.front() : buf[0];
    if (result.pv.empty() && !result.best_move.is_null()) result.pv.assign(1, result.best_move);
    if (end == buf) result.score = board.in_check() ? -ScoreMate : 0;
  }

  if (tt.allocated()) {
    stats.tt_probes = tt.counters.probes;
    stats.tt_hits = tt.counters.hits;
    stats.tt_stores = tt.counters.stores;
    stats.tt_overwrites = tt.counters.overwrites;
    stats.tt_collisions = tt.counters.collisions;
    stats.tt_refused = tt.counters.refused;
    stats.tt_occupied = tt.occupied_slots();
    stats.tt_capacity = tt.capacity_slots();
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  result.stats = stats;
  return result;
}

// Limits::multipv, at depth d, after line 1's pass: the passes for lines 2, 3, ..., each with the root's moves less the
// first moves of the lines before it, each from its own line's previous value (its aspiration window). A pass stopped
// before it completes leaves its line as the previous iteration left it. False when the search was stopped.
bool SearchCore::search_other_lines(int d, const Limits& limits, std::chrono::steady_clock::time_point t0,
                                    SearchResult& result) {
  std::vector<Move> candidates = root_moves;
  if (candidates.empty()) {
    Move buf[MaxMoves];
    candidates.assign(buf, generate_legal(board, buf));
  }
  const RootDriverInfo& driver = root_driver_info(cfg.root_driver);
  std::vector<Move> taken{result.best_move};
  const std::vector<Move> line_one_moves = root_moves;
  for (int k = 2; k <= limits.multipv; ++k) {
    root_moves.clear();
    for (const Move m : candidates)
      if (std::find(taken.begin(), taken.end(), m) == taken.end()) root_moves.push_back(m);
    if (root_moves.empty()) break;
    if (result.lines.size() < std::size_t(k - 1)) result.lines.emplace_back();
    RootLine& line = result.lines[std::size_t(k - 2)];
    root_best = Move();
    root_bound = ScoreBound::Exact;
    stack[0].pv_len = 0;
    const std::uint64_t before = stats.nodes;
    const DriverIteration iteration = driver.iteration(*this, d, line.depth > 0 ? line.score : result.score);
    stats.passes += std::uint64_t(iteration.passes);
    stats.iteration_nodes.back() += stats.nodes - before;
    stats.iteration_passes.back() += std::uint64_t(iteration.passes);
    if (stop || root_best.is_null()) break;
    line = {d, iteration.value, root_bound, std::vector<Move>(stack[0].pv, stack[0].pv + stack[0].pv_len)};
    if (line.pv.empty() || line.pv.front() != root_best) line.pv.assign(1, root_best);
    if (limits.pv_from_table) continue_pv_from_table(board, tt, line.pv, d);
    taken.push_back(root_best);
    if (limits.on_iteration)
      limits.on_iteration({d, stats.seldepth, line.score, line.bound, stats.nodes,
                           std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), line.pv, k});
  }
  root_moves = line_one_moves;
  return !stop;
}

TableLayout transposition_table_layout(ReplacementScheme scheme) {
  return {TranspositionTable::slots_per_entry(scheme), TranspositionTable::bytes_per_slot(scheme),
          TranspositionTable::bytes_per_entry(scheme)};
}

std::size_t transposition_table_bytes(const SearchConfig& c) {
  return std::size_t(c.tt_entries) * TranspositionTable::bytes_per_entry(c.tt_scheme);
}

const TranspositionTable* Engine::transposition_table() const {
  return impl_->tt.allocated() ? &impl_->tt : nullptr;
}

EngineMemory::EngineMemory() = default;
EngineMemory::~EngineMemory() = default;

Engine::Engine(const SearchConfig& search, const EvalConfig& eval, EngineMemory* memory)
    : impl_(std::make_unique<SearchCore>(search, eval, memory ? &memory->table_ : nullptr,
                                         memory ? &memory->stack_ : nullptr)),
      memory_(memory) {}

Engine::~Engine() {
  if (!memory_) return;
  impl_->stack.reset_as_new();
  memory_->stack_ = std::make_unique<SearchStack>(std::move(impl_->stack));
  if (!impl_->tt.allocated()) return;
  impl_->tt.reset_as_new();
  memory_->table_ = std::make_unique<TranspositionTable>(std::move(impl_->tt));
}

SearchResult Engine::search(const Board& root, const Limits& limits, bool keep_state) {
  return impl_->run(root, limits, keep_state);
}

MinimalTreeCount Engine::minimal_tree(const Board& root, const Limits& limits, MinimalRefutation refutation) {
  SearchCore& e = *impl_;
  e.clear();
  e.stats = SearchStats{};
  e.board = root;
  e.node_budget = limits.node_budget;
  e.external_stop = limits.stop;
  e.on_leaf = nullptr;
  e.stop = false;
  return count_minimal_tree(e, std::max(1, std::min(limits.depth, MaxPly - 1)), refutation);
}

bool searches_root_moves(RootDriver driver) { return root_driver_info(driver).honours_root_moves; }

}  // namespace buho
