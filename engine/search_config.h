// §3–5 Every search technique of the thesis as a runtime flag with its parameters. Defaults are the
// thesis's final engine (version H: every heuristic on, extensions off) and the thesis's values.
// The versions A–H are data (configs/versions.json), not code.
#pragma once

#include <string_view>
#include <vector>

#include "engine/enum_names.h"
#include "engine/param_table.h"

namespace buho {

// The enumerated choices of the flags below, in SearchConfig's groups. A contested reading of the thesis
// (docs/readings.md) is a choice whose first value is the engine's default reading (version H's under
// configs/versions-readings-v1.json), so a search given no version keeps its tree.

// --- Root driver and iterative deepening (§3.4) ---

// The root driver: how one iteration of iterative deepening searches the root. Each driver is one row of
// kRootDrivers (engine/root_driver.h: its name, help, needs, ignored flags and function), which everything that
// lists drivers reads; its values here, in the rows' order.
enum class RootDriver : int {
  AlphaBeta = 0,  // the thesis's: alpha-beta with the full window, or Alg. 6's aspiration window (§4.4)
  Minimax = 1,    // no pruning at all: every move of every node with a full window; the exact reference
  NegaScout = 2,  // the survey's NegaScout (§4.2.13 of the survey): null windows after the first move, fail-soft
  Scout = 3,      // Pearl's Scout: EVAL of the first move, TEST (a null-window search) of the others
  Mtdf = 4,       // MTD(f): null-window fail-soft searches with the table, from the previous iteration's value
  Sss = 5,        // Stockman's SSS* with its OPEN list (survey §4.3; engine/sss_driver.cpp)
  MtSss = 6,      // SSS* as memory-enhanced null-window tests from +inf down (Plaat et al. 1996)
  MtDual = 7,     // DUAL* as memory-enhanced null-window tests from -inf up (Plaat et al. 1996)
  Minimal = 8,    // not a search: the minimal tree (Knuth & Moore) at the target depth, the yardstick row
};

// --- Quiescence (§3.5) ---

// §3.5 Alg. 4 line 9 «Ordenar Movimientos» (L691, docs/readings.md §1): how quiescence orders its captures.
enum class QsearchOrder : int {
  AsMain = 0,  // ordered by MVV/LVA iff the mvv_lva flag is on (reading Q1: version A unordered)
  MvvLva = 1,  // always ordered by MVV/LVA, in every version including A (reading Q2)
};
inline constexpr EnumName<QsearchOrder> kQsearchOrderNames[] = {
    {QsearchOrder::AsMain, "as_main"},
    {QsearchOrder::MvvLva, "mvv_lva"},
};

// §3.5 «movimientos inestables» (Alg. 4 line 8 and L707, docs/readings.md §1): which captures quiescence searches. Promotions are
// searched under every value (reading Q6); the values compare the evaluation's configured piece values.
enum class QsearchCaptures : int {
  All = 0,             // every legal capture (reading Q1/Q2)
  NonLosing = 1,       // not a capture of a less valuable victim on a defended square (reading Q3)
  WinningByValue = 2,  // only a victim worth strictly more than the attacker, by value alone (reading Q4)
  WinningOrEqualByValue = 3,  // a victim worth at least the attacker, by value alone: captures that win or keep
                              // material (reading Q7; the words of §5.4 L1208 for the moves LMR never reduces)
};
inline constexpr EnumName<QsearchCaptures> kQsearchCapturesNames[] = {
    {QsearchCaptures::All, "all"},
    {QsearchCaptures::NonLosing, "non_losing"},
    {QsearchCaptures::WinningByValue, "winning_by_value"},
    {QsearchCaptures::WinningOrEqualByValue, "winning_or_equal_by_value"},
};

// --- Move ordering (§2.3.1, §4.2–4.3) ---

// §2.3.1 / §3.5 the order the generator yields moves in, which version A (no ordering heuristic) searches in.
// The text describes BuhoChess's generator (piece lists, L374-380) but not its order; Alg. 4 line 8 «Generar
// movimientos inestables» (L690) shows it can generate the captures on their own (reading A2).
enum class GenerationOrder : int {
  AsGenerated = 0,    // this engine's generator order: by piece, captures and quiet moves mixed (reading A1)
  CapturesFirst = 1,  // captures and promotions first, then quiet moves, each in generator order (reading A2)
};
inline constexpr EnumName<GenerationOrder> kGenerationOrderNames[] = {
    {GenerationOrder::AsGenerated, "as_generated"},
    {GenerationOrder::CapturesFirst, "captures_first"},
};

// --- Transposition table (§4.6) ---

// §4.6 Replacement schemes of the transposition table. A new scheme: a value here, its row in the
// table below, its case in TranspositionTable::store (and its slot count / extra bytes there), a test and
// docs/tt.md; nothing else. The first four are the thesis's (§4.6.3) and keep their trees bit for bit;
// Breuker's New, Old and Deep are `always`, `never` and `depth` under their thesis names (docs/tt.md).
enum class ReplacementScheme : int {
  Always = 0,       // a new entry always replaces the old one (Breuker's New)
  Never = 1,        // an occupied entry is never replaced (Breuker's Old)
  Depth = 2,        // replace when the new entry's depth is >= the stored one's (Breuker's Deep)
  DepthAlways = 3,  // two slots: depth-preferred, and always-replace for what the first refuses
  Big1 = 4,         // Breuker: keep the larger searched subtree (nodes entered below the position)
  BigAll = 5,       // Breuker: ... counting a transposition answered by the table with its stored subtree
  TwoDeep = 6,      // Breuker: two slots, depth decides the first; the displaced first entry moves to the second
  TwoBig1 = 7,      // Breuker: two slots, Big1's subtree size decides the first; displaced first -> second
  Bucket2 = 8,      // modern: 2 slots per index, replace the oldest search's, then the lowest depth
  Bucket4 = 9,      // modern: the same with 4 slots per index
  MultiProbe4 = 10, // Beal & Smith 1996: one slot per index, a position may sit at any of 4 consecutive indices
};
// The names of the schemes, written once: the tt_scheme flag's choices, in this order.
inline constexpr EnumName<ReplacementScheme> kReplacementSchemeNames[] = {
    {ReplacementScheme::Always, "always"},
    {ReplacementScheme::Never, "never"},
    {ReplacementScheme::Depth, "depth"},
    {ReplacementScheme::DepthAlways, "depth_always"},
    {ReplacementScheme::Big1, "big1"},
    {ReplacementScheme::BigAll, "big_all"},
    {ReplacementScheme::TwoDeep, "two_deep"},
    {ReplacementScheme::TwoBig1, "two_big1"},
    {ReplacementScheme::Bucket2, "bucket2"},
    {ReplacementScheme::Bucket4, "bucket4"},
    {ReplacementScheme::MultiProbe4, "multi_probe4"},
};
constexpr std::string_view scheme_name(ReplacementScheme s) { return enum_name(kReplacementSchemeNames, s); }

// §4.6.2 / Alg. 9: how a stored bound is read. The prose (L971, L977; docs/readings.md §5) and Alg. 8's stores (line 22: a fail
// high is «LimiteInferior»; line 7: a node that raises nothing keeps «LimiteSuperior») agree with the
// literature; Alg. 9 as printed (L1082-L1096) reads each kind as the other: a «LimiteInferior» entry cuts when
// its value <= alpha and lowers beta, a «LimiteSuperior» one cuts when its value >= beta and raises alpha.
enum class TtBoundUse : int {
  AsDescribed = 0,  // lower bound cuts at >= beta and raises alpha; upper bound cuts at <= alpha, lowers beta
  AsPrinted = 1,    // Alg. 9 lines 8-23 as printed: the two kinds swapped (unsound; reading V4)
};
inline constexpr EnumName<TtBoundUse> kTtBoundUseNames[] = {
    {TtBoundUse::AsDescribed, "as_described"},
    {TtBoundUse::AsPrinted, "as_printed"},
};

// --- Null move (§5.2) ---

// §5.2.2: what "little material" (L1168) means for the null move.
enum class NullMoveMaterialRule : int {
  MoverNonPawn = 0,  // W1/W2/W4: the mover's non-pawn material must reach null_move_min_material
  EvalEndgame = 1,   // W3: no null move in an endgame as the evaluation defines it (L476 + L1165)
};
inline constexpr EnumName<NullMoveMaterialRule> kNullMoveMaterialRuleNames[] = {
    {NullMoveMaterialRule::MoverNonPawn, "mover_non_pawn"},
    {NullMoveMaterialRule::EvalEndgame, "eval_endgame"},
};

// --- Futility pruning and razoring (§5.3) ---

// §5.3 Alg. 11: which alpha the futility test compares with.
enum class FutilityAlpha : int {
  Current = 0,  // A2: per move, against the current (rising) alpha
  Entry = 1,    // A1: against alpha at node entry, as Alg. 11 lines 8-13 decide it once
};
inline constexpr EnumName<FutilityAlpha> kFutilityAlphaNames[] = {
    {FutilityAlpha::Current, "current"},
    {FutilityAlpha::Entry, "entry"},
};

// §5.3: which material balance the futility test reads.
enum class FutilityMaterial : int {
  AfterMove = 0,   // B2: after the move (prose L1186 "realizar un movimiento y evaluar la nueva posición")
  BeforeMove = 1,  // B1: the node's balance before any move (Alg. 11 line 8), so captures can be pruned too
};
inline constexpr EnumName<FutilityMaterial> kFutilityMaterialNames[] = {
    {FutilityMaterial::AfterMove, "after_move"},
    {FutilityMaterial::BeforeMove, "before_move"},
};

// §5.3: what futility adds to the material balance. L1184-L1186 split the evaluation into «las de mayor
// importancia y las complementarias» (material is «una de las componentes más importantes»; positional factors are
// complementary) and L1186 says the margin «representa el valor posicional más grande que se podría obtener».
enum class FutilityPositional : int {
  None = 0,     // P1: the material balance alone (Alg. 11 line 8 «Calcular balance material»)
  Bounded = 1,  // P2: plus the node's positional part (static evaluation - material), held within +-margin: the
                //     largest positional value the margin says a position can have
  Full = 2,     // P3: plus the whole positional part (the static evaluation)
};
inline constexpr EnumName<FutilityPositional> kFutilityPositionalNames[] = {
    {FutilityPositional::None, "none"},
    {FutilityPositional::Bounded, "bounded"},
    {FutilityPositional::Full, "full"},
};

// --- Late move reductions (§5.4) ---

// §5.4 Alg. 12: where late moves are reduced.
enum class LmrScope : int {
  EveryNode = 0,         // L1: every node, by move count (prose L1208 "todos los demás movimientos")
  AfterAlphaRaised = 1,  // L2: only once a move has raised alpha at this node (Alg. 12 lines 9-12, bSearchPv false)
};
inline constexpr EnumName<LmrScope> kLmrScopeNames[] = {
    {LmrScope::EveryNode, "every_node"},
    {LmrScope::AfterAlphaRaised, "after_alpha_raised"},
};

// Every flag, grouped by heuristic: its switch, its parameters, then its contested readings of the thesis
// (docs/readings.md; each default is the engine's default reading) and the literature's variants of it (each off by
// default, docs/search.md "Pruning variants"), so every thesis version keeps its tree. The flag table
// (search_config.cpp) lists them in this order.
struct SearchConfig {
  // --- Root driver and iterative deepening (§3.4) ---
  RootDriver root_driver = RootDriver::AlphaBeta;  // §3.4/§4.4 how each iteration searches the root
  bool iterative_deepening = true;   // §3.4 Alg. 3: search depth 1, 2, ..., d; counts summed over iterations
  int sss_open_limit = 1 << 21;      // driver sss: OPEN entries allowed before it stops with an error

  // --- Quiescence (§3.5) ---
  bool quiescence = true;            // §3.5 Alg. 4: stand pat, then captures and promotions at the horizon
  bool qsearch_checks = false;       // §3.5: also try checking moves in quiescence (first q-ply only)
  QsearchOrder qsearch_order = QsearchOrder::AsMain;  // Q1 / Q2 (Alg. 4 line 9)
  QsearchCaptures qsearch_captures = QsearchCaptures::All;  // Q1 / Q3 / Q4 (L707, readings.md §1)

  // --- Modern heuristics, captures: static exchange, delta pruning, ProbCut (off in versions A-H; docs/search.md
  // "Captures: static exchange, delta pruning and ProbCut", rules in engine/capture_rules.h) ---
  bool see_ordering = false;         // Ethereal movepicker.c: good/bad captures split by SEE >= 0, not by value
  bool qsearch_see = false;          // Stockfish 15.1 search.cpp:1536: quiescence skips negative-SEE captures
  bool delta_pruning = false;        // CPW delta pruning / Stockfish 15.1 search.cpp:1510 in quiescence
  int delta_margin = 200;            // cp, stand pat + victim + margin <= alpha prunes (CPW: 200)
  bool see_pruning = false;          // Ethereal search.c:635: shallow moves below a SEE threshold pruned
  int see_pruning_depth = 9;         // plies, deepest node pruned (Ethereal SEEPruningDepth 9)
  int see_quiet_margin = 64;         // cp, a quiet move pruned below -margin * depth (Ethereal SEEQuietMargin -64)
  int see_noisy_margin = 19;         // cp, a capture pruned below -margin * depth^2 (Ethereal SEENoisyMargin -19)
  bool probcut = false;              // Stockfish 15.1 search.cpp:841 / Ethereal search.c:529 ProbCut
  int probcut_depth = 5;             // plies, shallowest node tried (Ethereal ProbCutDepth 5; Stockfish depth > 4)
  int probcut_margin = 100;          // cp, probcut_beta = beta + margin (Ethereal ProbCutMargin 100)
  int probcut_reduction = 4;         // plies, the verification search runs at depth - this (both engines: 4)

  // --- Move ordering (§2.3.1, §4.2–4.3) ---
  GenerationOrder generation_order = GenerationOrder::AsGenerated;  // A1 / A2 (readings.md §12)
  bool mvv_lva = true;               // captures first by MVV/LVA: C + 100*victim - 10*attacker
  bool killers = true;               // two killer slots per ply, each with a counter
  bool history = true;               // 64x64 from-to history, +2^depth on a cut-off or alpha raise
  bool hash_move = true;             // the transposition table's move is tried first, before generating
  bool pv_ordering = false;  // V2: the previous iteration's PV tried first along the PV (§3.4 L632, §4.6.2 L983)

  // --- Transposition table (§4.6) ---
  bool tt_cutoffs = true;            // use stored bounds to cut off (else the table only orders moves)
  int tt_entries = 2097152;          // number of entries (2048K, the thesis's choice)
  ReplacementScheme tt_scheme = ReplacementScheme::DepthAlways;
  // tt_entries counts entries as the thesis does: a depth_always entry holds two slots (two positions),
  // so it takes twice the memory of the one-slot schemes at the same tt_entries.
  TtBoundUse tt_bound_use = TtBoundUse::AsDescribed;  // V1 / V4: Alg. 9's bound kinds (readings.md §5)
  bool tt_horizon = false;           // V5: horizon nodes probe the table and store their quiescence value at
                                     // depth 0 (§4.6.2 L975)
  bool etc = false;                  // Plaat et al. 1996: enhanced transposition cut-offs, children's entries first

  // --- Windows: PVS, aspiration, fail-soft (§4.4–4.5) ---
  bool pvs = true;                   // §4.5 Alg. 7: minimal window after the first move, re-search on fail high
  bool aspiration = true;            // §4.4 Alg. 6: root window around the previous iteration's value
  int aspiration_window = 33;        // cp, half-width of the window (a third of a pawn)
  bool fail_soft = false;            // return the best score found, not the bound (the thesis's Alg. 2 is fail-hard)

  // --- Null move (§5.2 Alg. 10) ---
  bool null_move = true;             // §5.2 Alg. 10
  int null_move_r = 2;               // plies of reduction R; the null search runs at depth - R - 1
  int null_move_min_material = 500;  // cp of non-pawn material the mover needs (§5.2.2 "little material");
                                     // the thesis gives no number: 500 keeps K+minor(+pawns) out
  int null_move_min_depth = 1;       // §5.2 plies: no null move below this depth (N1 = 1, N2 = 3, N3 = 4)
  bool null_move_at_root = false;    // §5.2 Alg. 10 at the root too (N3)
  NullMoveMaterialRule null_move_material_rule = NullMoveMaterialRule::MoverNonPawn;  // §5.2.2 W1/W2/W4 / W3
  bool null_move_verified = false;   // Tabibi & Netanyahu 2002: a null fail-high verified at depth - 1
  bool null_move_adaptive = false;   // Heinz 1999: R = 3 above a depth threshold, R = 2 at and below it
  int null_move_adaptive_depth = 6;  // plies: R = 3 when depth > this (Heinz: 6) ...
  int null_move_adaptive_depth_few = 8;  // ... or > this when both sides have fewer than 3 pieces (Heinz: 8)

  // --- Futility pruning and razoring (§5.3 Alg. 11) ---
  bool futility = true;              // §5.3 Alg. 11, on the material balance only
  int futility_margin_1 = 200;       // cp, at depth 1
  int futility_margin_2 = 500;       // cp, at depth 2 ("razoring")
  bool futility_at_root = false;     // §5.3 F1 (root excluded) / F2 (Alg. 11 has no exclusion)
  FutilityAlpha futility_alpha = FutilityAlpha::Current;  // §5.3 A2 / A1
  FutilityMaterial futility_material = FutilityMaterial::AfterMove;  // §5.3 B2 / B1
  FutilityPositional futility_positional = FutilityPositional::None;  // §5.3 P1 / P2 / P3
  bool futility_mate_guard = true;   // §5.3 L1190: no futility with alpha or beta near mate (+-inf too)
  bool limited_razoring = false;     // Heinz 1998: depth 3, material + margin <= alpha -> search it at depth 2
  int razoring_margin_3 = 900;       // cp, the limited-razoring margin (Heinz: a queen)

  // --- Modern node pruning (issue 50; docs/search.md "Node pruning before the move loop"); off in versions A–H ---
  bool mate_distance_pruning = false;  // Stockfish 15.1 search.cpp Step 3: window within the mate distances
  bool improving = false;            // SF 15.1 / Ethereal: static eval above two plies ago; off = never improving
  bool reverse_futility = false;     // SF 15.1 search.cpp:780, Ethereal search.c:484: static eval - margin >= beta
  int reverse_futility_depth = 7;    // plies: at depth <= this (Stockfish 15.1: depth < 8)
  int reverse_futility_margin = 79;  // cp a ply (Stockfish 15.1: 165 of its units, 208 a pawn)
  bool razoring = false;             // SF 15.1 Step 7: eval far below alpha and quiescence fails low too
  int razoring_margin_base = 177;    // cp (Stockfish 15.1: 369 of its units)
  int razoring_margin_depth = 122;   // cp times depth^2 (Stockfish 15.1: 254 of its units)
  bool late_move_pruning = false;    // SF 15.1 search.cpp:989, Ethereal search.c:595: quiets past (3 + d^2) / 2
  bool iir = false;                  // Ethereal Step 11: no table move at depth >= iir_min_depth, one ply less
  int iir_min_depth = 7;             // plies (Ethereal: 7)
  int iir_reduction = 1;             // plies (Ethereal: 1)
  bool iid = false;                  // Slate & Atkin 1977, Ethereal's IIDDepth: PV node without table move
  int iid_min_depth = 3;             // plies (Ethereal: 3)
  int iid_reduction = 2;             // plies: the first search runs at depth - this (Ethereal: 2)

  // --- Late move reductions (§5.4 Alg. 12) ---
  bool lmr = true;                   // §5.4 Alg. 12 late move reductions
  int lmr_min_moves = 4;             // moves searched at full depth before reducing
  int lmr_min_depth = 3;             // plies: no reduction below this depth
  int lmr_reduction = 1;             // plies of reduction
  LmrScope lmr_scope = LmrScope::EveryNode;  // §5.4 L1 / L2

  // --- Extensions (§3.6); off in every thesis version ---
  bool check_ext = false;            // extend moves that give check
  bool single_reply_ext = false;     // extend when the side to move has exactly one legal move
  bool threat_ext = false;           // extend when the null move reveals a mate threat
  bool pawn_ext = false;             // extend a pawn move to the 7th rank or a promotion
  bool king_safety_ext = false;      // extend when the mover's king safety drops sharply
  int max_extension_ply = 32;        // extended depth is capped at this many plies from the root

  // --- Modern: move ordering by history, reductions and extensions (issue 50); off in versions A–H ---
  // Rules in engine/history_rules.h and engine/singular_rules.h; sources there and in docs/search.md.
  bool counter_moves = false;         // Uiterwijk 1992: the quiet move that refuted the previous move, after killers
  bool continuation_history = false;  // Ethereal history.c: quiet history by the moves 1 and 2 plies back
  bool capture_history = false;       // Ethereal history.c / SF 15.1: history of captures added to MVV/LVA
  bool lmr_log = false;               // Ethereal search.c: reduction base + log(d) * log(m) / divisor
  int lmr_log_base = 75;              // hundredths: Ethereal's 0.75
  int lmr_log_divisor = 225;          // hundredths: Ethereal's 2.25
  bool lmr_history = false;           // Ethereal search.c: reduction - clamp(history / divisor, -2, 2)
  int lmr_history_divisor = 5000;     // Ethereal's 5000
  bool singular_ext = false;          // SF 15.1 search.cpp Step 15: singular extension with multi-cut
  int singular_min_depth = 4;         // plies: SF 15.1's depth >= 4
  int singular_tt_depth = 3;          // plies: the table entry's depth >= depth - this (SF 15.1: 3)
  int singular_margin = 2;            // cp a ply: singular beta = tt value - margin * depth (SF 15.1: 3 units)
};

// The one table of search flags (name, meaning, range) used by `harness flags`, JSON and --set.
const ParamTable<SearchConfig>& search_params();

// The forward-pruning heuristics, listed once: each may leave unsearched a move that would change the value (§5.2 null
// move and its verified and adaptive forms, §5.3 futility, §5.4 LMR, Heinz 1998's limited razoring; the modern reverse futility,
// razoring, late move pruning and internal iterative reductions). The drivers that
// search a fixed tree ignore them (ignored_flags), the exact reference switches them off, the studies of pruning
// step through them.
inline constexpr bool SearchConfig::*kForwardPruningFlags[] = {
    &SearchConfig::null_move,          &SearchConfig::futility,           &SearchConfig::lmr,
    &SearchConfig::null_move_verified, &SearchConfig::null_move_adaptive, &SearchConfig::limited_razoring,
    // Modern (issue 50): history-adjusted and logarithmic LMR act only with lmr; singular_ext's multi-cut prunes.
    &SearchConfig::lmr_log,            &SearchConfig::lmr_history,        &SearchConfig::singular_ext,
    // Modern heuristics, captures (the quiescence rules qsearch_see and delta_pruning are not listed: like
    // qsearch_captures they choose quiescence's moves, which every driver's leaves share)
    &SearchConfig::see_pruning, &SearchConfig::probcut,
    // Modern node pruning (issue 50; engine/node_pruning_rules.h).
    &SearchConfig::reverse_futility,   &SearchConfig::razoring,           &SearchConfig::late_move_pruning,
    &SearchConfig::iir};
// Whether any of them is on in `c` (the verified and adaptive forms act only with null_move itself).
bool prunes_forward(const SearchConfig& c);

// Whether the search is fail-soft: the fail_soft flag, or a driver that is fail-soft by definition
// (negascout, mtdf).
bool searches_fail_soft(const SearchConfig& c);

// The flags that are on in `c` but mean nothing under its driver (pvs or aspiration under minimax, ...), in
// table order: the driver ignores them, and `harness search` says so. Empty under alphabeta.
std::vector<std::string_view> ignored_flags(const SearchConfig& c);

}  // namespace buho
