// The one table of search flags. `harness flags`, the JSON presets and `--set` all read this table,
// so a flag's name, default, range and meaning are written exactly once. Its rows are grouped by heuristic in
// SearchConfig's order (engine/search_config.h), each parameter beside the switch it belongs to.
#include "engine/search_config.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "engine/root_driver.h"

namespace buho {

namespace {

using P = Param<SearchConfig>;

P flag(std::string_view name, bool SearchConfig::*field, std::string_view help) {
  P p;
  p.name = name;
  p.help = help;
  p.kind = ParamKind::Bool;
  p.bool_field = field;
  return p;
}

P number(std::string_view name, int SearchConfig::*field, int min, int max, std::string_view help) {
  P p;
  p.name = name;
  p.help = help;
  p.kind = ParamKind::Int;
  p.int_field = field;
  p.min = min;
  p.max = max;
  return p;
}

// The `driver` flag's help: each driver's row (engine/root_driver.h) in turn.
std::string_view driver_help() {
  static const std::string help = [] {
    std::string h = "how each iteration searches the root: ";
    for (const RootDriverInfo& d : kRootDrivers) {
      if (d.driver != kRootDrivers.front().driver) h += "; ";
      h += std::string(d.name) + " = " + std::string(d.help);
    }
    return h + ". Every driver keeps the version's ordering, table and pruning flags but those it ignores, which "
               "`harness search` lists (docs/search.md)";
  }();
  return help;
}

ParamTable<SearchConfig> make_table() {
  using S = SearchConfig;
  return {
      // --- Root driver and iterative deepening (§3.4) ---
      choice_param<S, &S::root_driver, kRootDriverNames>("driver", driver_help()),
      flag("iterative_deepening", &S::iterative_deepening,
           "search depth 1, 2, ..., d; nodes are summed over the iterations (§3.4, Alg. 3); off = one search at d"),
      number("sss_open_limit", &S::sss_open_limit, 1, 1 << 28,
             "entries SSS*'s OPEN list may hold (driver sss); past it the search stops with an error naming "
             "the size reached (its memory grows with the tree: 263 bytes an entry, measured; the harness refuses a "
             "limit the machine's available memory could not hold)"),
      // --- Quiescence (§3.5) ---
      flag("quiescence", &S::quiescence,
           "quiescence search at the horizon: stand pat, then captures and promotions (§3.5, Alg. 4); "
           "off = the static evaluation at depth 0"),
      flag("qsearch_checks", &S::qsearch_checks,
           "also try quiet checking moves at the first quiescence ply (§3.5 names checks as candidates)"),
      choice_param<S, &S::qsearch_order, kQsearchOrderNames>(
          "qsearch_order",
          "how quiescence orders its captures: as_main = by MVV/LVA iff mvv_lva is on (version A unordered); "
          "mvv_lva = always by MVV/LVA, in every version (Alg. 4 line 9 'order the moves'; reading Q2)"),
      choice_param<S, &S::qsearch_captures, kQsearchCapturesNames>(
          "qsearch_captures",
          "which captures quiescence searches: all; non_losing = not a less valuable victim on a defended "
          "square (Q3); winning_by_value = only a victim worth more than the attacker, equal trades and king "
          "captures out (Q4); promotions always in (§3.5)"),
      // --- Modern heuristics, captures: static exchange, delta pruning, ProbCut (off in versions A-H) ---
      flag("see_ordering", &S::see_ordering,
           "order captures good or bad by static exchange: a capture with SEE >= 0 among the good captures by MVV/LVA, "
           "a losing one among the bad captures after the killers (Ethereal movepicker.c, Stockfish 15.1 "
           "movepick.cpp); off = the thesis's split by value (§4.2); needs mvv_lva"),
      flag("qsearch_see", &S::qsearch_see,
           "quiescence skips a capture whose static exchange loses material (SEE < 0), not in check and never a "
           "promotion (Stockfish 15.1 search.cpp:1536; Ethereal qsearch)"),
      flag("delta_pruning", &S::delta_pruning,
           "delta pruning in quiescence: skip a capture when stand pat + the victim's value + delta_margin <= alpha; "
           "not in check, not a promotion or a checking capture, not in an endgame (Chess Programming Wiki; "
           "Stockfish 15.1 search.cpp:1510)"),
      number("delta_margin", &S::delta_margin, 0, 10000, "cp, the delta pruning margin (Chess Programming Wiki: 200)"),
      flag("see_pruning", &S::see_pruning,
           "at depth <= see_pruning_depth prune a move whose SEE is below -see_quiet_margin*depth (quiet) or "
           "-see_noisy_margin*depth^2 (capture); not at the root, in check, before a move was searched, with a mated "
           "best score, without pieces, nor a table move or a good capture (Ethereal search.c:635; Stockfish 15.1 "
           "search.cpp:1007, :1030)"),
      number("see_pruning_depth", &S::see_pruning_depth, 0, 128, "plies, deepest node SEE pruning acts at (Ethereal: 9)"),
      number("see_quiet_margin", &S::see_quiet_margin, 0, 10000,
             "cp, a quiet move is pruned when SEE < -margin*depth (Ethereal SEEQuietMargin: 64)"),
      number("see_noisy_margin", &S::see_noisy_margin, 0, 10000,
             "cp, a capture is pruned when SEE < -margin*depth^2 (Ethereal SEENoisyMargin: 19)"),
      flag("probcut", &S::probcut,
           "ProbCut: at depth >= probcut_depth in a null-window node, out of check, beta not a mate score, a capture "
           "with SEE >= probcut_beta - static eval is searched by quiescence and then at depth - probcut_reduction "
           "with the window [probcut_beta - 1, probcut_beta], probcut_beta = beta + probcut_margin; the node fails "
           "high when one holds (Stockfish 15.1 search.cpp:841; Ethereal search.c:529)"),
      number("probcut_depth", &S::probcut_depth, 1, 128, "plies, shallowest node ProbCut is tried at (Ethereal: 5)"),
      number("probcut_margin", &S::probcut_margin, 0, 10000, "cp, probcut_beta = beta + margin (Ethereal: 100)"),
      number("probcut_reduction", &S::probcut_reduction, 1, 128,
             "plies, the verification search runs at depth - this (Stockfish and Ethereal: 4)"),
      // --- Move ordering (§2.3.1, §4.2–4.3) ---
      choice_param<S, &S::generation_order, kGenerationOrderNames>(
          "generation_order",
          "the order the generator yields moves in, before any ordering heuristic: as_generated = this engine's "
          "(by piece, captures and quiet moves mixed; A1) / captures_first = captures and promotions, then "
          "quiet moves, each in generator order (Alg. 4 line 8 generates captures apart; A2). Decides version "
          "A's order; under the ordering heuristics it moves only ties between equal keys (§2.3.1)"),
      flag("mvv_lva", &S::mvv_lva,
           "order captures by C + 100*victim - 10*attacker; losing captures after the killers (§4.2)"),
      flag("killers", &S::killers,
           "two killer slots per ply, each with a cut-off counter; a new killer replaces the lower count (§4.3.2)"),
      flag("history", &S::history,
           "64x64 from-to history table, +2^depth on a cut-off or alpha raise, orders quiet moves (§4.3.1, Alg. 5)"),
      flag("hash_move", &S::hash_move,
           "store best moves in the transposition table and try the stored move first, before generating "
           "moves (§4.6.2); on without tt_cutoffs = version B's 'table used only for ordering'"),
      flag("pv_ordering", &S::pv_ordering,
           "the previous iteration's principal variation first: while the line from the root follows it, its "
           "next move is tried before the hash move (§3.4, §4.6.2; reading V2 of version D); needs "
           "iterative_deepening, does nothing without it"),
      // --- Transposition table (§4.6) ---
      flag("tt_cutoffs", &S::tt_cutoffs,
           "use stored bounds of depth >= d to cut off or narrow the window (§4.6.3, Alg. 8-9); "
           "never at the root"),
      number("tt_entries", &S::tt_entries, 1, 1 << 26,
             "entries (indices) in the transposition table; a depth_always, two_deep, two_big1 or bucket2 entry "
             "has two slots, a bucket4 entry four (§4.6.3, ch. 6.3: 2048K = 2097152)"),
      choice_param<S, &S::tt_scheme, kReplacementSchemeNames>(
          "tt_scheme",
          "transposition-table replacement scheme: the thesis's always, never, depth (keep the deeper), "
          "depth_always (two slots per entry: depth-preferred first slot, always-replace second) (§4.6.3); "
          "Breuker et al. 1994/96: big1 / big_all (keep the larger searched subtree, a transposition counted once / "
          "with its stored subtree), two_deep / two_big1 (two slots, the displaced first entry moves to the "
          "second); bucket2 / bucket4 (N slots per index, an earlier search's entries first, then the lowest "
          "depth); Beal & Smith 1996: multi_probe4 (a position may sit at any of four consecutive indices, "
          "replaced as a bucket without generations). Rules for a position's own entry and on a collision: docs/tt.md"),
      choice_param<S, &S::tt_bound_use, kTtBoundUseNames>(
          "tt_bound_use",
          "how tt_cutoffs reads a stored bound: as_described = a lower bound cuts at >= beta, an upper bound at "
          "<= alpha (§4.6.2 prose L971-L977) / as_printed = Alg. 9 lines 8-23 as printed, the two kinds swapped "
          "(unsound: the value may differ from minimax; reading V4 of version D)"),
      flag("tt_horizon", &S::tt_horizon,
           "horizon nodes (depth 0) probe the table and store the value their quiescence search returns, with "
           "depth 0: an exact value «de la búsqueda quiescence que estuvo dentro de los límites» (§4.6.2 L975); "
           "positions inside quiescence are never stored (L993); reading V5 of version D"),
      flag("etc", &S::etc,
           "enhanced transposition cut-offs (Plaat et al. 1996): before a node searches its moves, each child's "
           "table entry is looked up, and a stored upper bound (or exact value) of enough depth that refutes the "
           "node (-v >= beta) ends it; needs tt_cutoffs; not at the root"),
      // --- Windows: PVS, aspiration, fail-soft (§4.4–4.5) ---
      flag("pvs", &S::pvs,
           "minimal window [alpha, alpha+1] once a move has raised alpha, full re-search on a fail high "
           "(§4.5, Alg. 7)"),
      flag("aspiration", &S::aspiration,
           "root window V +- aspiration_window around the previous iteration's value; one re-search with "
           "[V, +inf] or [-inf, V] on failure (§4.4, Alg. 6); needs iterative_deepening"),
      number("aspiration_window", &S::aspiration_window, 1, 10000,
             "cp, half-width epsilon of the aspiration window; thesis: a pawn / 3 (§4.4)"),
      flag("fail_soft", &S::fail_soft,
           "fail-soft: every return of the search and of quiescence gives the best score found (a bound beyond "
           "the window when it fails), not the window's edge; off = the thesis's fail-hard Alg. 2. Same values, "
           "tighter stored bounds (docs/search.md)"),
      // --- Null move (§5.2 Alg. 10) ---
      flag("null_move", &S::null_move,
           "null-move pruning: not in check, not after a null move, not at the root, not with little "
           "material, not when beta is a mate score; search [-beta, -beta+1] at d - R - 1 (§5.2, Alg. 10)"),
      number("null_move_r", &S::null_move_r, 0, 10, "plies, reduction factor R of the null-move search (§5.2.3: 2)"),
      number("null_move_min_material", &S::null_move_min_material, 0, 10000,
             "cp of non-pawn material the side to move needs for a null move (§5.2.2: not with only king "
             "and pawns or little material; the number is ours)"),
      number("null_move_min_depth", &S::null_move_min_depth, 1, 128,
             "plies, smallest remaining depth at which the null move is tried (§5.2: Alg. 10 has none = 1, N1; "
             "3 = N2; 4 with null_move_at_root = N3)"),
      flag("null_move_at_root", &S::null_move_at_root,
           "try the null move at the root too (Alg. 10 has no exclusion, N3); a root cut-off fails the iteration "
           "high, and the aspiration re-search, which cannot try it, finds the move (§5.2)"),
      choice_param<S, &S::null_move_material_rule, kNullMoveMaterialRuleNames>(
          "null_move_material_rule",
          "'little material' for the null move: mover_non_pawn = the mover's non-pawn material must reach "
          "null_move_min_material (W1/W2/W4) / eval_endgame = none in an endgame as the evaluation defines it "
          "(§2.4.3 L476 + §5.2.2 L1165, W3); king and pawns only never nulls (§5.2.2)"),
      flag("null_move_verified", &S::null_move_verified,
           "verified null move (Tabibi & Netanyahu 2002): where the null search fails high, the node is searched "
           "again at depth - 1 with null cut-offs unverified below it instead of cutting off; cut off only when "
           "that search fails high too, else (zugzwang suspected) searched at full depth. The paper uses R = 3: "
           "set null_move_r = 3"),
      flag("null_move_adaptive", &S::null_move_adaptive,
           "adaptive null move (Heinz 1999): R = 3 when depth > null_move_adaptive_depth (or > "
           "null_move_adaptive_depth_few when both sides have fewer than 3 pieces), else R = 2; replaces null_move_r"),
      number("null_move_adaptive_depth", &S::null_move_adaptive_depth, 0, 128,
             "plies: adaptive null move uses R = 3 above this depth (Heinz 1999: 6)"),
      number("null_move_adaptive_depth_few", &S::null_move_adaptive_depth_few, 0, 128,
             "plies: ... above this depth when both sides have fewer than 3 pieces (Heinz 1999: 8)"),
      // --- Futility pruning and razoring (§5.3 Alg. 11) ---
      flag("futility", &S::futility,
           "futility pruning at depth 1 and razoring at depth 2 on the material balance after the move; "
           "never in check, near mate bounds, at the root, or for a move that gives check (§5.3, Alg. 11)"),
      number("futility_margin_1", &S::futility_margin_1, 0, 10000, "cp, futility margin at depth 1 (§5.3: 200)"),
      number("futility_margin_2", &S::futility_margin_2, 0, 10000, "cp, razoring margin at depth 2 (§5.3: 500)"),
      flag("futility_at_root", &S::futility_at_root,
           "futility and razoring at the root too (Alg. 11 has no exclusion, F2); off = root excluded (F1) (§5.3)"),
      choice_param<S, &S::futility_alpha, kFutilityAlphaNames>(
          "futility_alpha",
          "the alpha futility compares with: current = per move, the current rising alpha (A2) / entry = alpha "
          "at node entry, as Alg. 11 lines 8-13 decide once (A1) (§5.3)"),
      choice_param<S, &S::futility_material, kFutilityMaterialNames>(
          "futility_material",
          "the material balance futility reads: after_move = after the move (prose L1186, B2) / before_move = "
          "the node's balance before any move (Alg. 11 line 8; captures pruned too, B1) (§5.3)"),
      choice_param<S, &S::futility_positional, kFutilityPositionalNames>(
          "futility_positional",
          "what futility adds to the material balance: none = material alone (Alg. 11 line 8, P1) / bounded = the "
          "node's positional part (evaluation - material) held within +-margin, the largest positional value the "
          "margin stands for (L1186, P2) / full = the whole positional part (P3) (§5.3)"),
      flag("futility_mate_guard", &S::futility_mate_guard,
           "no futility when alpha at node entry or beta is near a mate score or infinite (prose L1190); "
           "off = Alg. 11 as printed, with no test of the bounds (§5.3)"),
      flag("limited_razoring", &S::limited_razoring,
           "limited razoring (Heinz 1998, with extended futility): at depth 3, not in check, not near mate, the "
           "opponent with more than 3 pieces, material balance + razoring_margin_3 <= alpha: the node is searched "
           "at depth 2, where the depth-2 futility (a rook: Heinz's extended futility) prunes; needs futility"),
      number("razoring_margin_3", &S::razoring_margin_3, 0, 10000,
             "cp, limited-razoring margin at depth 3 (Heinz 1998: a queen, 900)"),
      // --- Modern node pruning (issue 50; docs/search.md "Node pruning before the move loop") ---
      flag("mate_distance_pruning", &S::mate_distance_pruning,
           "mate-distance pruning (Stockfish 15.1 src/search.cpp Step 3, Ethereal src/search.c): alpha = max(alpha, "
           "-mate + ply), beta = min(beta, mate - ply - 1), the node ends when alpha >= beta; not at the root; sound"),
      flag("improving", &S::improving,
           "the 'improving' condition (Stockfish 15.1 src/search.cpp Step 6, Ethereal src/search.c Step 6): the node's "
           "static evaluation above the one two plies earlier (four when that node was in check; true when neither is "
           "known; never in check); reverse_futility and late_move_pruning read it; off = never improving, their "
           "non-improving form"),
      flag("reverse_futility", &S::reverse_futility,
           "reverse futility pruning / static null move (Stockfish 15.1 src/search.cpp:780 Step 8, Ethereal "
           "src/search.c:484): a non-PV node (beta - alpha = 1) not in check at depth <= reverse_futility_depth whose "
           "static evaluation - reverse_futility_margin * (depth - improving) >= beta returns it (fail-hard: beta)"),
      number("reverse_futility_depth", &S::reverse_futility_depth, 0, 128,
             "plies: reverse futility at depth <= this (Stockfish 15.1: depth < 8)"),
      number("reverse_futility_margin", &S::reverse_futility_margin, 0, 10000,
             "cp a ply of reverse futility (Stockfish 15.1: 165 of its units, 79 cp at 208 a pawn; Ethereal: 85)"),
      flag("razoring", &S::razoring,
           "razoring as Stockfish 15.1 does it (src/search.cpp Step 7): not in check, static evaluation < alpha - "
           "razoring_margin_base - razoring_margin_depth * depth^2: quiescence on [alpha - 1, alpha], and when it fails "
           "low the node returns that fail-low; not at the root"),
      number("razoring_margin_base", &S::razoring_margin_base, 0, 10000,
             "cp, razoring margin's constant (Stockfish 15.1: 369 of its units, 177 cp at 208 a pawn)"),
      number("razoring_margin_depth", &S::razoring_margin_depth, 0, 10000,
             "cp times depth^2, razoring margin's depth term (Stockfish 15.1: 254 of its units, 122 cp)"),
      flag("late_move_pruning", &S::late_move_pruning,
           "late move / move-count pruning (Stockfish 15.1 src/search.cpp:989 futility_move_count, Ethereal "
           "src/search.c:595): once (3 + depth^2) / 2 moves (3 + depth^2 when improving) were tried, the remaining "
           "quiet moves but the table move and killers are skipped; not at the root, only once a score above a mated "
           "one is known and with the mover holding non-pawn material"),
      flag("iir", &S::iir,
           "internal iterative reductions (Ethereal src/search.c Step 11; Stockfish 15.1 Step 10): a non-PV node "
           "without a table move at depth >= iir_min_depth is searched iir_reduction plies shallower; needs the table "
           "and hash_move; not at the root"),
      number("iir_min_depth", &S::iir_min_depth, 1, 128, "plies: internal iterative reductions from this depth (Ethereal: 7)"),
      number("iir_reduction", &S::iir_reduction, 1, 10, "plies of the internal iterative reduction (Ethereal: 1)"),
      flag("iid", &S::iid,
           "internal iterative deepening (Slate & Atkin 1977's Chess 4.5, Marsland 1986; Ethereal's IIDDepth 3): a PV "
           "node (beta - alpha > 1) without a table move at depth >= iid_min_depth first searches itself at depth - "
           "iid_reduction, and tries the move that search stores first; needs the table and hash_move; not at the root"),
      number("iid_min_depth", &S::iid_min_depth, 1, 128, "plies: internal iterative deepening from this depth (Ethereal: 3)"),
      number("iid_reduction", &S::iid_reduction, 1, 10,
             "plies: the internal iterative deepening search runs at depth - this (Ethereal: 2)"),
      // --- Late move reductions (§5.4 Alg. 12) ---
      flag("lmr", &S::lmr,
           "late move reductions: after lmr_min_moves moves at depth >= lmr_min_depth, a quiet move that is "
           "not the hash move, a killer or a check, out of check, searched with a null window at reduced "
           "depth; re-searched at full depth when it beats alpha (§5.4, Alg. 12)"),
      number("lmr_min_moves", &S::lmr_min_moves, 0, 256, "moves searched at full depth before reducing (§5.4: 4)"),
      number("lmr_min_depth", &S::lmr_min_depth, 1, 128, "plies, smallest remaining depth that is reduced (§5.4: 3)"),
      number("lmr_reduction", &S::lmr_reduction, 1, 10, "plies of reduction (§5.4: the reduced search runs at d - 2)"),
      choice_param<S, &S::lmr_scope, kLmrScopeNames>(
          "lmr_scope",
          "where LMR reduces: every_node = by move count in every node (prose L1208, L1) / after_alpha_raised = "
          "only once a move has raised alpha at the node (Alg. 12 lines 9-12: PV nodes in effect, L2) (§5.4)"),
      // --- Extensions (§3.6); off in every thesis version ---
      flag("check_ext", &S::check_ext, "extend a move that gives check by one ply (§3.6)"),
      flag("single_reply_ext", &S::single_reply_ext,
           "extend by one ply when the side to move has exactly one legal move (§3.6)"),
      flag("threat_ext", &S::threat_ext,
           "extend a node by one ply when its null-move search returns a mate against the side to move (§3.6)"),
      flag("pawn_ext", &S::pawn_ext, "extend a pawn move to the seventh rank or a promotion by one ply (§3.6)"),
      flag("king_safety_ext", &S::king_safety_ext,
           "extend a capture on a square next to the enemy king (its shelter breaks: our reading of 'king "
           "safety drops sharply', §3.6) by one ply"),
      number("max_extension_ply", &S::max_extension_ply, 1, 120,
             "plies from the root: no extension pushes a line's horizon past this ply (§3.6: 32)"),
      // --- Modern: move ordering by history, reductions and extensions (issue 50); off in versions A–H ---
      flag("counter_moves", &S::counter_moves,
           "counter-move heuristic (Uiterwijk 1992; Ethereal history.c, Stockfish 15.1 movepick.cpp): a table "
           "[piece][to] of the previous move holds the quiet move that last refuted it (a fail high); that move is "
           "ordered right after the killers"),
      flag("continuation_history", &S::continuation_history,
           "continuation history (Ethereal history.c; Stockfish 15.1 update_continuation_histories): quiet-move "
           "histories indexed by the move 1 and 2 plies back (piece, to) and the move's (piece, to), added to the "
           "quiet key; on a fail high the cut-off move gets a bonus and the quiet moves tried before it a malus, "
           "h += delta - h*|delta|/16384, delta = 16d^2 + 128(d-1) (32 above depth 13)"),
      flag("capture_history", &S::capture_history,
           "capture history (Ethereal history.c; Stockfish 15.1 captureHistory): [piece][to][captured type], "
           "bonus to a capture that fails high and malus to the captures tried before it (the gravity update of "
           "continuation_history), added x8 to the MVV/LVA key within its category"),
      flag("lmr_log", &S::lmr_log,
           "logarithmic LMR (Ethereal search.c LMRTable; Stockfish 15.1 Reductions): a reduced move loses "
           "lmr_log_base + log(depth) * log(moves) / lmr_log_divisor plies instead of lmr_reduction, at least 1, "
           "the reduced search at least 1 ply deep; needs lmr"),
      number("lmr_log_base", &S::lmr_log_base, -1000, 1000, "hundredths of a ply, lmr_log's base (Ethereal: 75)"),
      number("lmr_log_divisor", &S::lmr_log_divisor, 1, 10000, "hundredths, lmr_log's divisor (Ethereal: 225)"),
      flag("lmr_history", &S::lmr_history,
           "history-adjusted LMR (Ethereal search.c 'Adjust based on history scores'; Stockfish 15.1 'LMR adjusted "
           "by history'): the reduction minus clamp(h / lmr_history_divisor, -2, 2), h the move's continuation "
           "histories (1 and 2 plies back), at least 1 ply, the reduced search at least 1 ply deep; needs lmr"),
      number("lmr_history_divisor", &S::lmr_history_divisor, 1, 1000000,
             "history units a ply of lmr_history's adjustment (Ethereal: 5000)"),
      flag("singular_ext", &S::singular_ext,
           "singular extension with multi-cut (Stockfish 15.1 search.cpp Step 15): at depth >= singular_min_depth, "
           "not at the root, a hash move whose entry is a lower bound or exact of depth >= depth - "
           "singular_tt_depth and not a mate: the node without that move is searched at (depth - 1) / 2 with the "
           "window [sb - 1, sb], sb = tt value - singular_margin * depth; below sb the hash move is extended one "
           "ply, else when sb >= beta the node returns sb (multi-cut)"),
      number("singular_min_depth", &S::singular_min_depth, 1, 128,
             "plies, smallest depth a singular extension is tested at (Stockfish 15.1: 4)"),
      number("singular_tt_depth", &S::singular_tt_depth, 0, 128,
             "plies: the hash move's entry needs depth >= depth - this (Stockfish 15.1: 3)"),
      number("singular_margin", &S::singular_margin, 0, 1000,
             "cp a ply of depth below the tt value, singular beta (Stockfish 15.1: 3 of its units, 2.4 cp on its "
             "middlegame pawn of 126, 1.4 on its endgame pawn of 208: 2)"),
  };
}

}  // namespace

const ParamTable<SearchConfig>& search_params() {
  static const ParamTable<SearchConfig> table = make_table();
  return table;
}

bool prunes_forward(const SearchConfig& c) {
  return std::any_of(std::begin(kForwardPruningFlags), std::end(kForwardPruningFlags),
                     [&c](bool SearchConfig::*flag) { return c.*flag; });
}

bool searches_fail_soft(const SearchConfig& c) { return c.fail_soft || root_driver_info(c.root_driver).fail_soft; }

std::vector<std::string_view> ignored_flags(const SearchConfig& c) {
  // The flags the driver has no use for (its row in engine/root_driver.h; docs/search.md, "Root drivers").
  const RootDriverInfo& driver = root_driver_info(c.root_driver);
  std::vector<bool SearchConfig::*> unused;
  for (const auto field : driver.ignored)
    if (field) unused.push_back(field);
  if (driver.ignores_forward_pruning)
    unused.insert(unused.end(), std::begin(kForwardPruningFlags), std::end(kForwardPruningFlags));
  std::vector<std::string_view> names;
  for (const auto& p : search_params())
    for (const auto field : unused)
      if (p.kind == ParamKind::Bool && p.bool_field == field && c.*field) names.push_back(p.name);
  return names;
}

}  // namespace buho
