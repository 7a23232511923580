#include "harness/identity/engine_signature.h"

#include <fmt/core.h>

#include <vector>

#include "engine/search.h"
#include "harness/identity/bench_positions.h"
#include "harness/identity/signature_cache.h"
#include "harness/experiment/cell_inputs.h"  // fnv1a_hex
#include "harness/experiment/presets.h"
#include "harness/paths.h"

namespace harness {

namespace {

struct SignatureCase {
  const char* id;  // an LCT II id, or "startpos"
  int depth;
};

// Version H: a middlegame set at depth 7 and two endgames at depth 9 (the historic `bench search` signature).
constexpr SignatureCase kVersionHCases[] = {
    {"startpos", 7},     {"LCTII.POS.01", 7}, {"LCTII.POS.02", 7}, {"LCTII.POS.03", 7},
    {"LCTII.CMB.01", 7}, {"LCTII.FIN.01", 9}, {"LCTII.FIN.02", 9},
};

// The identity's positions: a middlegame, a combination and an endgame.
constexpr const char* kIdentityPositions[] = {"LCTII.POS.01", "LCTII.CMB.01", "LCTII.FIN.01"};

struct Rung {
  std::string name;
  buho::SearchConfig search;
  int depth;  // deep enough that every heuristic of the rung acts, shallow enough for milliseconds
};

// The thesis's ladder (ch. 6: each version adds to the previous one), as engine configurations. Every code path
// a version A-H runs is on some rung, so a change to any of them (version A's quiescence included) moves the
// identity. A small table keeps each rung's table clearing cheap.
std::vector<Rung> identity_ladder() {
  buho::SearchConfig off;
  off.quiescence = off.iterative_deepening = false;
  off.mvv_lva = off.killers = off.history = off.hash_move = false;
  off.pvs = off.aspiration = off.tt_cutoffs = false;
  off.null_move = off.futility = off.lmr = false;
  off.tt_entries = 1 << 14;

  std::vector<Rung> ladder;
  ladder.push_back({"off", off, 3});  // heuristics off: full-width alpha-beta, static evaluation at the horizon
  buho::SearchConfig c = off;
  c.quiescence = true;
  ladder.push_back({"A", c, 2});  // A: unordered alpha-beta with quiescence (its trees are the largest)
  c.iterative_deepening = c.mvv_lva = c.killers = c.history = c.hash_move = true;
  ladder.push_back({"B", c, 5});
  c.pvs = true;
  ladder.push_back({"C", c, 5});
  c.tt_cutoffs = true;
  ladder.push_back({"D", c, 5});
  // The replacement schemes (§4.6.3) at work: version D on a 256-entry table, which these trees overfill.
  for (auto scheme : {buho::ReplacementScheme::Always, buho::ReplacementScheme::Never, buho::ReplacementScheme::Depth,
                      buho::ReplacementScheme::DepthAlways}) {
    buho::SearchConfig small = c;
    small.tt_entries = 256;
    small.tt_scheme = decltype(small.tt_scheme)(scheme);  // compiles whether the field is the enum or its int
    ladder.push_back({fmt::format("D tt=256 {}", buho::scheme_name(scheme)), small, 5});
  }
  c.aspiration = true;
  ladder.push_back({"E", c, 5});
  c.null_move = true;
  ladder.push_back({"F", c, 6});
  c.futility = true;
  ladder.push_back({"G", c, 6});
  c.lmr = true;
  ladder.push_back({"H", c, 6});
  // The reading flags (docs/readings.md): every value other than the default is on one of the rungs
  // below, so a change to any reading's code path moves the identity too. First the readings the calibration
  // chose for configs/versions.json, on versions A and H, then the remaining alternatives on H.
  const buho::SearchConfig h = c;
  buho::SearchConfig chosen = h;
  chosen.qsearch_order = buho::QsearchOrder::MvvLva;
  chosen.qsearch_captures = buho::QsearchCaptures::WinningByValue;
  chosen.generation_order = buho::GenerationOrder::CapturesFirst;
  chosen.null_move_min_depth = 3;
  chosen.null_move_min_material = 1300;
  chosen.futility_at_root = true;
  chosen.futility_material = buho::FutilityMaterial::BeforeMove;
  chosen.lmr_scope = buho::LmrScope::AfterAlphaRaised;
  chosen.lmr_min_depth = 2;
  chosen.tt_horizon = true;
  ladder.push_back({"H+readings", chosen, 6});
  buho::SearchConfig a_chosen = ladder[1].search;
  a_chosen.qsearch_order = chosen.qsearch_order;
  a_chosen.qsearch_captures = chosen.qsearch_captures;
  a_chosen.generation_order = chosen.generation_order;
  ladder.push_back({"A+readings", a_chosen, 3});
  buho::SearchConfig others = h;
  others.qsearch_captures = buho::QsearchCaptures::NonLosing;
  others.pv_ordering = true;
  others.null_move_at_root = true;
  others.null_move_material_rule = buho::NullMoveMaterialRule::EvalEndgame;
  others.futility_alpha = buho::FutilityAlpha::Entry;
  others.futility_mate_guard = false;
  others.futility_at_root = true;
  ladder.push_back({"H+other readings", others, 6});
  // The readings added for the held-out calibration (docs/readings.md §13): quiescence Q7 and futility P2, then P3.
  buho::SearchConfig held_out = chosen;
  held_out.qsearch_captures = buho::QsearchCaptures::WinningOrEqualByValue;
  held_out.futility_positional = buho::FutilityPositional::Bounded;
  ladder.push_back({"H+readings Q7 P2", held_out, 6});
  held_out.futility_positional = buho::FutilityPositional::Full;
  ladder.push_back({"H+readings Q7 P3", held_out, 6});

  c.check_ext = c.single_reply_ext = c.threat_ext = c.pawn_ext = c.king_safety_ext = true;
  c.qsearch_checks = true;
  ladder.push_back({"H+extensions", c, 5});
  return ladder;
}

EngineSignature compute() {
  EngineSignature sig;
  {
    const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
    buho::Engine engine(h.search, h.eval);
    for (const auto& c : kVersionHCases) {
      const auto r = engine.search(bench_position(c.id), buho::Limits{c.depth, 0});
      sig.version_h_nodes += r.stats.nodes;
      sig.version_h_cases.push_back({{"position", c.id}, {"depth", c.depth}, {"nodes", r.stats.nodes}});
    }
  }
  for (const auto& rung : identity_ladder()) {
    buho::Engine engine(rung.search, buho::EvalConfig{});
    for (const char* id : kIdentityPositions) {
      const auto r = engine.search(bench_position(id), buho::Limits{rung.depth, 0});
      sig.identity_cases.push_back({{"config", rung.name}, {"position", id}, {"depth", rung.depth},
                                    {"nodes", r.stats.nodes}, {"score", r.score}, {"move", r.best_move.uci()}});
    }
  }
  sig.identity = identity_of_cases(sig.identity_cases);
  return sig;
}

}  // namespace

std::string identity_of_cases(const nlohmann::json& identity_cases) {
  std::string counts;
  for (const auto& c : identity_cases)
    counts += fmt::format("{} {} {} {} {};", c.at("config").get<std::string>(), c.at("position").get<std::string>(),
                          c.at("nodes").get<std::uint64_t>(), c.at("score").get<int>(), c.at("move").get<std::string>());
  return fmt::format("{}+sig:{}", kEngineVersion, fnv1a_hex(counts));
}

EngineSignature compute_engine_signature() { return compute(); }

const EngineSignature& engine_signature() {
  // Computed once per process, and across processes read from the cache (signature_cache.h) when the program
  // and its two data files are the ones it was computed from.
  static const EngineSignature sig = [] {
    const auto dir = signature_cache_dir();
    const auto key = dir ? signature_cache_key({"/proc/self/exe", project_path("configs/versions.json"),
                                                project_path("positions/lct2.epd")})
                         : std::nullopt;
    if (key)
      if (auto cached = load_cached_signature(*dir, *key)) return *cached;
    EngineSignature computed = compute();
    if (key) store_cached_signature(*dir, *key, computed);
    return computed;
  }();  // initialised once, thread-safe; read-only afterwards
  return sig;
}

}  // namespace harness
