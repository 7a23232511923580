// `harness bench search`: search speed of version H on two LCT II positions, then the engine's signature
// (identity/engine_signature.h): the version-H node signature a commit that changes the search cites, and the
// engine identity every stored cell carries. With --driver, the speed of version H under each root driver
// named, searched in turn --repeat times, and each driver's median nodes per second against
// alphabeta's: on a loaded machine only speeds measured side by side in one run compare. With --tt-scheme the
// same for replacement schemes against depth_always (the replacement schemes' speed goal). With --min-seconds S each value
// searches each position at a depth of its own, the first at which one search takes S CPU seconds: one pair of
// depths for all drivers cannot compare them (where alphabeta searches 10^5 nodes, sss searches 10^7, and
// alphabeta's rate is then mostly its per-search costs, such as clearing its 64 MB table). --position times other
// positions (`all`: the 35 of LCT II) instead of the two built-in ones: one tree's make-up (its share of dear
// middlegame nodes, of quiescence) moves a ratio by several per cent, and a geometric mean over many positions
// averages it out. --common-depths searches every value at the reference's depths, as a scheme comparison wants.
// --epd times the positions of any EPD file (all of them, or the ids given with --position) in the same way.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "engine/root_driver.h"
#include "engine/search.h"
#include "engine/search_config.h"
#include "engine/sss_driver.h"
#include "harness/identity/bench_positions.h"
#include "harness/bench/bench_versions.h"
#include "harness/identity/engine_signature.h"
#include "harness/bench/timed_search.h"
#include "harness/cli/commands.h"
#include "harness/errors.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "harness/report/median.h"

namespace harness {

namespace {

struct BenchCase {
  std::string id;  // an LCT II id, or "startpos"
  int depth;       // the depth timed without --min-seconds
  int start;       // --min-seconds: the first depth tried
  buho::Board board;  // read once from the file: every round and every deepening searches it
};

// Speed: about 5 s each with version H and the full evaluation on the reference machine.
constexpr std::pair<const char*, int> kSpeedCases[] = {{"LCTII.POS.01", 13}, {"LCTII.FIN.02", 19}};

// --min-seconds: the deepest depth searched before one search took `min_seconds` CPU seconds or could go no
// deeper. Deeper searches are tried one by one from `start`.
constexpr int kMaxFairDepth = 40;  // a position whose searches stay quick at every depth stops here
struct Deepening {
  struct Step {
    int depth;
    std::uint64_t nodes;
    double cpu;
  };
  std::vector<Step> steps;  // every completed search, the last at `depth`
  int depth = 0;
  std::string stop;  // "min_seconds": the search at `depth` took them; "open_limit": sss could not search
                     // depth + 1; "depth_cap": kMaxFairDepth reached
};
Deepening deepen(const buho::SearchConfig& s, const buho::EvalConfig& e, const std::string& value, const std::string& id,
                 const buho::Board& board, int start, double min_seconds) {
  Deepening d;
  for (int depth = start;; ++depth) {
    TimedSearch t;
    try {
      t = timed_search(s, e, board, depth);
    } catch (const buho::OpenListLimitError&) {
      if (d.steps.empty())
        throw UserError(fmt::format("harness bench search --min-seconds: {} on {} passes its OPEN list limit already at the "
                                    "starting depth {} (start lower or raise sss_open_limit with --set)",
                                    value, id, start));
      d.stop = "open_limit";
      break;
    }
    d.steps.push_back({depth, t.nodes, t.cpu});
    d.depth = depth;
    if (t.cpu >= min_seconds) {
      d.stop = "min_seconds";
      break;
    }
    if (depth >= kMaxFairDepth) {
      d.stop = "depth_cap";
      break;
    }
  }
  return d;
}

std::string stop_words(const Deepening& d) {
  if (d.stop == "open_limit") return fmt::format("; OPEN list limit at {}", d.depth + 1);
  if (d.stop == "depth_cap") return fmt::format("; depth cap, {:.2f} s", d.steps.back().cpu);
  return "";
}

// The signature and the identity, the closing lines of every `bench search` (or the keys of its JSON).
void finish_with_signature(nlohmann::json& out, bool json) {
  const EngineSignature& sig = engine_signature();
  out["signature_set"] = sig.version_h_cases;
  out["signature"] = sig.version_h_nodes;
  out["identity"] = sig.identity;
  out["identity_set"] = sig.identity_cases;
  if (json) {
    fmt::print("{}\n", out.dump());
  } else {
    fmt::print("signature {}\n", sig.version_h_nodes);
    fmt::print("identity {}\n", sig.identity);
  }
}

struct BenchSearchOptions {
  bool json = false;
  bool signature_only = false;
  int depth_pos = 0;
  int depth_fin = 0;
  std::vector<std::string> drivers;
  std::vector<std::string> schemes;
  int repeat = 1;
  double min_seconds = 0;
  std::vector<std::string> sets;
  std::vector<std::string> positions;
  std::string epd;
  int depth = 0;
  bool common_depths = false;
  bool versions = false;
  VersionsBenchOptions peers;
};

// The positions timed: the two built-in cases (--depth-pos/--depth-fin override their depths), or --position's, or
// --epd's; each refused here, before anything is timed.
std::vector<BenchCase> bench_cases(const BenchSearchOptions& opt, nlohmann::json& out) {
  std::vector<BenchCase> cases;
  if (!opt.epd.empty()) {
    if (opt.depth_pos || opt.depth_fin)
      throw UserError("harness bench search --epd: give its depth with --depth, not --depth-pos/--depth-fin");
    if (!opt.depth && opt.min_seconds <= 0)
      throw UserError("harness bench search --epd: give --depth (or --min-seconds, which deepens from 1)");
    // A missing file, a line that is not EPD or an id the file lacks is refused here, before anything is timed.
    for (auto& [id, board] : bench_epd_positions(opt.epd, opt.positions, "harness bench search --epd"))
      cases.push_back({id, opt.depth, opt.depth ? opt.depth : 1, std::move(board)});
    out["epd"] = opt.epd;
  } else if (opt.positions.empty()) {
    if (opt.depth) throw UserError("harness bench search --depth: give --position (the built-in cases take --depth-pos/--depth-fin)");
    for (const auto& [id, depth] : kSpeedCases) {
      const int given = std::string(id) == kSpeedCases[0].first ? opt.depth_pos : opt.depth_fin;
      cases.push_back({id, given ? given : depth, given ? given : 1, bench_position(id)});
    }
  } else {
    if (opt.depth_pos || opt.depth_fin)
      throw UserError("harness bench search --position: give its depth with --depth, not --depth-pos/--depth-fin");
    if (!opt.depth && opt.min_seconds <= 0)
      throw UserError("harness bench search --position: give --depth (or --min-seconds, which deepens from 1)");
    for (const auto& id : opt.positions) {
      const std::vector<std::string> ids = id == "all" ? bench_position_ids() : std::vector<std::string>{id};
      for (const auto& one : ids)  // an unknown id is refused here, before anything is timed
        cases.push_back({one, opt.depth, opt.depth ? opt.depth : 1, bench_position(one)});
    }
  }
  return cases;
}

// One flag (driver or tt_scheme) varied over the values given, on version H with --set's flags: each value's config,
// and the reference value each is compared with.
struct Comparison {
  std::string flag;
  std::vector<std::string> values;
  std::string reference_value;
  std::vector<std::pair<buho::SearchConfig, buho::EvalConfig>> configs;
  std::vector<std::vector<Deepening>> deepenings;  // --min-seconds: each value's depth per case
  bool fair = false;
  int depth_for(std::size_t value, std::size_t c, const std::vector<BenchCase>& cases) const {
    return fair ? deepenings[value][c].depth : cases[c].depth;
  }
};

// --min-seconds: each value's own depth per case, found before the rounds (--common-depths: the reference value's,
// shared by all).
void find_fair_depths(const BenchSearchOptions& opt, const std::vector<BenchCase>& cases, Comparison& cmp) {
  cmp.deepenings.assign(cmp.configs.size(), {});
  const auto& values = cmp.values;
  const auto reference_at = std::find(values.begin(), values.end(), cmp.reference_value);
  if (opt.common_depths && reference_at == values.end())
    throw UserError(fmt::format("harness bench search --common-depths: name {} among the values (its depths are used)",
                                cmp.reference_value));
  for (std::size_t i = 0; i < cmp.configs.size(); ++i) {
    if (opt.common_depths && values[i] != cmp.reference_value) continue;
    for (const auto& c : cases)
      cmp.deepenings[i].push_back(
          deepen(cmp.configs[i].first, cmp.configs[i].second, values[i], c.id, c.board, c.start, opt.min_seconds));
  }
  if (opt.common_depths)
    for (std::size_t i = 0; i < cmp.configs.size(); ++i)
      if (values[i] != cmp.reference_value) cmp.deepenings[i] = cmp.deepenings[std::size_t(reference_at - values.begin())];
}

// What the rounds measured of each value: its rates per round (wall and CPU), each case's CPU rate per round, and
// its nodes. Each case's own rate too: the total weighs a value's cases by its own tree sizes, so two values whose
// trees split differently between the middlegame (dear nodes) and the endgame (cheap ones) differ in total rate
// by that mix alone (scout's depth-12 middlegame tree is 62 % of its nodes, alphabeta's at 13 is 32 %).
struct RoundTimes {
  std::vector<std::vector<double>> nps, cpu_nps;
  std::vector<std::vector<std::vector<double>>> case_cpu_nps;
  std::vector<std::uint64_t> nodes, qnodes;
};

// Each round searches every case under every value, in the order given, so a change of load touches all the values
// of a round alike; each one's speed is the median over the rounds.
RoundTimes time_rounds(const Comparison& cmp, const std::vector<BenchCase>& cases, int repeat) {
  const std::size_t n_values = cmp.configs.size(), n_cases = cases.size();
  RoundTimes t{std::vector<std::vector<double>>(n_values), std::vector<std::vector<double>>(n_values),
               std::vector<std::vector<std::vector<double>>>(n_values, std::vector<std::vector<double>>(n_cases)),
               std::vector<std::uint64_t>(n_values), std::vector<std::uint64_t>(n_values)};
  for (int round = 0; round < repeat; ++round)
    for (std::size_t i = 0; i < n_values; ++i) {
      std::uint64_t n = 0, q = 0;
      double seconds = 0, cpu = 0;
      for (std::size_t c = 0; c < n_cases; ++c) {
        const TimedSearch one = timed_search(cmp.configs[i].first, cmp.configs[i].second, cases[c].board,
                                             cmp.depth_for(i, c, cases));
        n += one.nodes;
        q += one.qnodes;
        seconds += one.seconds;
        cpu += one.cpu;
        t.case_cpu_nps[i][c].push_back(one.cpu > 0 ? double(one.nodes) / one.cpu : 0.0);
      }
      t.nodes[i] = n;
      t.qnodes[i] = q;
      t.nps[i].push_back(seconds > 0 ? double(n) / seconds : 0.0);
      t.cpu_nps[i].push_back(cpu > 0 ? double(n) / cpu : 0.0);
    }
  return t;
}

// The reference value's medians: its wall and CPU rates and each case's CPU rate (0 without the reference value).
struct ReferenceRates {
  double nps = 0, cpu_nps = 0;
  std::vector<double> case_cpu_nps;
};
ReferenceRates reference_rates(const Comparison& cmp, const RoundTimes& t, std::size_t n_cases) {
  ReferenceRates r{0, 0, std::vector<double>(n_cases, 0.0)};
  for (std::size_t i = 0; i < cmp.configs.size(); ++i)
    if (cmp.values[i] == cmp.reference_value) {
      r.nps = median(t.nps[i], 0.0), r.cpu_nps = median(t.cpu_nps[i], 0.0);
      for (std::size_t c = 0; c < n_cases; ++c) r.case_cpu_nps[c] = median(t.case_cpu_nps[i][c], 0.0);
    }
  return r;
}

// Value i's row of the comparison (its JSON, and its text line unless --json).
nlohmann::json value_row(const BenchSearchOptions& opt, const std::vector<BenchCase>& cases, const Comparison& cmp,
                         const RoundTimes& t, const ReferenceRates& ref, std::size_t i) {
  const std::size_t kCases = cases.size();
  const std::string ratio_key = "ratio_to_" + cmp.reference_value;
  const double m = median(t.nps[i], 0.0), cpu_m = median(t.cpu_nps[i], 0.0);
  const double ratio = ref.nps > 0 ? m / ref.nps : 0.0;
  const double cpu_ratio = ref.cpu_nps > 0 ? cpu_m / ref.cpu_nps : 0.0;
  // The share of quiescence nodes: two values that grow different trees may differ in speed by what
  // their trees are made of (a quiescence node is cheaper than a full-width one), not by their own cost.
  const double qshare = t.nodes[i] ? double(t.qnodes[i]) / double(t.nodes[i]) : 0.0;
  nlohmann::json row{{cmp.flag, cmp.values[i]}, {"nodes", t.nodes[i]}, {"qnodes", t.qnodes[i]}, {"nps", t.nps[i]},
                     {"median_nps", m}, {ratio_key, ref.nps > 0 ? nlohmann::json(ratio) : nlohmann::json(nullptr)},
                     {"cpu_nps", t.cpu_nps[i]}, {"median_cpu_nps", cpu_m},
                     {"cpu_" + ratio_key, ref.cpu_nps > 0 ? nlohmann::json(cpu_ratio) : nlohmann::json(nullptr)}};
  // Per case: the median CPU rate and its ratio to the reference's on the same case; then their geometric
  // mean, the ratio that weighs the cases alike (null without the reference value).
  nlohmann::json per_case = nlohmann::json::array();
  double log_sum = 0;
  bool all_ratios = ref.nps > 0;
  std::string case_words;
  for (std::size_t c = 0; c < kCases; ++c) {
    const double rate = median(t.case_cpu_nps[i][c], 0.0);
    const bool has = ref.case_cpu_nps[c] > 0 && rate > 0;
    const double r = has ? rate / ref.case_cpu_nps[c] : 0.0;
    all_ratios = all_ratios && has;
    if (has) log_sum += std::log(r);
    per_case.push_back({{"position", cases[c].id}, {"depth", cmp.depth_for(i, c, cases)}, {"median_cpu_nps", rate},
                        {"cpu_" + ratio_key, has ? nlohmann::json(r) : nlohmann::json(nullptr)}});
    if (has) case_words += fmt::format("{}{} {:.3f}", c ? ", " : "", cases[c].id, r);
  }
  const double geomean = all_ratios ? std::exp(log_sum / double(kCases)) : 0.0;
  row["per_position"] = per_case;
  row["cpu_" + ratio_key + "_geomean"] = all_ratios ? nlohmann::json(geomean) : nlohmann::json(nullptr);
  std::string depths;  // with --min-seconds, beside the rate
  if (cmp.fair) {
    nlohmann::json by_case = nlohmann::json::array();
    for (std::size_t c = 0; c < kCases; ++c) {
      const Deepening& d = cmp.deepenings[i][c];
      nlohmann::json steps = nlohmann::json::array();
      for (const auto& st : d.steps) steps.push_back({{"depth", st.depth}, {"nodes", st.nodes}, {"cpu_seconds", st.cpu}});
      by_case.push_back({{"position", cases[c].id}, {"depth", d.depth}, {"stop", d.stop}, {"deepening", steps}});
      depths += fmt::format("{}{} {}{}", c ? ", " : "", cases[c].id, d.depth, stop_words(d));
    }
    row["depths"] = by_case;
    depths = " depths " + depths + " ";
  }
  if (!opt.json)
    fmt::print("{} {:<12}{} nodes {:>11} (quiescence {:.3f})  median nps {:>10.0f} (per CPU second {:>10.0f}) over {} rounds{}\n",
               cmp.flag, cmp.values[i], depths, t.nodes[i], qshare, m, cpu_m, opt.repeat,
               ref.nps > 0 ? fmt::format("  ratio to {} {:.3f} (CPU {:.3f}; per position, CPU: {}; geometric mean {:.3f})",
                                         cmp.reference_value, ratio, cpu_ratio, case_words, geomean)
                           : "");
  return row;
}

// --driver or --tt-scheme: every value timed against the reference value's speed, into `out`.
void compare_values(const BenchSearchOptions& opt, const std::vector<BenchCase>& cases, Comparison cmp,
                    nlohmann::json& out) {
  cmp.fair = opt.min_seconds > 0;
  if (cmp.fair) find_fair_depths(opt, cases, cmp);
  const RoundTimes t = time_rounds(cmp, cases, opt.repeat);
  const ReferenceRates ref = reference_rates(cmp, t, cases.size());
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < cmp.configs.size(); ++i) rows.push_back(value_row(opt, cases, cmp, t, ref, i));
  if (cmp.fair) {
    out["min_seconds"] = opt.min_seconds;
    out["common_depths"] = opt.common_depths;
  } else if (opt.positions.empty() && opt.epd.empty()) {
    out["depth_pos"] = cases[0].depth;
    out["depth_fin"] = cases[1].depth;
  } else {
    out["depth"] = opt.depth;
  }
  out[cmp.flag == "driver" ? "drivers" : "tt_schemes"] = rows;
}

// Without a flag to compare: version H's speed on each case, into `out`.
void time_version_h(const BenchSearchOptions& opt, const std::vector<BenchCase>& cases, const ResolvedVersion& h,
                    nlohmann::json& out) {
  buho::Engine engine(h.search, h.eval);
  nlohmann::json rows = nlohmann::json::array();
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const auto& c : cases) {
    const int depth = c.depth;
    const auto r = engine.search(c.board, buho::Limits{depth, 0});
    nodes += r.stats.nodes;
    seconds += r.stats.seconds;
    rows.push_back({{"position", c.id}, {"depth", depth}, {"nodes", r.stats.nodes}, {"seconds", r.stats.seconds},
                    {"nps", r.stats.nps()}, {"best_move", r.best_move.uci()}, {"score", r.score}});
    if (!opt.json)
      fmt::print("{:<14} depth {:>2}  nodes {:>11}  seconds {:>7.3f}  nps {:>10.0f}  bestmove {} score {}\n", c.id,
                 depth, r.stats.nodes, r.stats.seconds, r.stats.nps(), r.best_move.uci(), r.score);
  }
  out["speed"] = rows;
  out["nodes"] = nodes;
  out["seconds"] = seconds;
  out["nps"] = seconds > 0 ? double(nodes) / seconds : 0.0;
  if (!opt.json) fmt::print("total nodes {}  seconds {:.3f}  nps {:.0f}\n", nodes, seconds, seconds > 0 ? double(nodes) / seconds : 0.0);
}

// The whole command once its options are read.
void bench_search(const BenchSearchOptions& opt, const CLI::App& cmd) {
  if (opt.versions) {
    if (!opt.drivers.empty() || !opt.schemes.empty() || !opt.positions.empty() || !opt.epd.empty() || !opt.sets.empty() ||
        opt.min_seconds > 0 || opt.depth || opt.depth_fin || opt.common_depths || opt.signature_only)
      throw UserError("harness bench search --versions: it takes --depth-pos, --repeat, --glaurung, --ethereal, "
                      "--peer-depth and --json only");
    VersionsBenchOptions v = opt.peers;
    v.rounds = cmd.count("--repeat") ? opt.repeat : 5;  // medians of at least 5 rounds unless --repeat says otherwise
    v.depth = opt.depth_pos;
    v.json = opt.json;
    nlohmann::json out = run_versions_bench(v);
    finish_with_signature(out, opt.json);
    return;
  }
  const bool peer_options = cmd.count("--glaurung") || cmd.count("--ethereal") || cmd.count("--peer-depth");
  if (peer_options) throw UserError("harness bench search --glaurung/--ethereal/--peer-depth: give --versions");
  const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
  nlohmann::json out{{"version", "H"}};
  const std::vector<BenchCase> cases = bench_cases(opt, out);

  if (!opt.drivers.empty() && !opt.schemes.empty())
    throw UserError("harness bench search: give --driver or --tt-scheme, not both (one flag varies per comparison)");
  // One flag varied over the values given, each timed against the reference value's speed.
  const bool by_driver = !opt.drivers.empty();
  Comparison cmp;
  cmp.values = by_driver ? opt.drivers : opt.schemes;
  cmp.flag = by_driver ? "driver" : "tt_scheme";
  cmp.reference_value = by_driver ? "alphabeta" : "depth_always";
  if (!opt.sets.empty() && cmp.values.empty())
    throw UserError("harness bench search --set: give --driver or --tt-scheme (it sets the flags of the compared searches)");
  if (opt.min_seconds > 0 && cmp.values.empty())
    throw UserError("harness bench search --min-seconds: give --driver or --tt-scheme (it compares their speeds)");
  if (opt.common_depths && opt.min_seconds <= 0)
    throw UserError("harness bench search --common-depths: give --min-seconds (it chooses the depths)");
  buho::SearchConfig base_search = h.search;
  buho::EvalConfig base_eval = h.eval;
  for (const auto& a : opt.sets) apply_flag_text(a, base_search, base_eval, "--set");
  if (!cmp.values.empty()) {
    for (const auto& name : cmp.values) {
      buho::SearchConfig s = base_search;
      buho::EvalConfig e = base_eval;
      apply_flag_text(cmp.flag + "=" + name, s, e, by_driver ? "--driver" : "--tt-scheme");
      cmp.configs.emplace_back(s, e);
    }
    compare_values(opt, cases, std::move(cmp), out);
  } else if (!opt.signature_only) {
    time_version_h(opt, cases, h, out);
  }
  finish_with_signature(out, opt.json);
}

}  // namespace

void register_bench_search(CLI::App& bench) {
  auto opt = std::make_shared<BenchSearchOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "search", "Version H speed on LCTII.POS.01 and LCTII.FIN.02, the node-count signature over a fixed set, and the engine identity");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->add_flag("--signature-only", opt->signature_only, "Skip the timed searches; print only the signature and the identity");
  cmd->add_option("--depth-pos", opt->depth_pos, "Override the depth of LCTII.POS.01 (0 = the built-in one)");
  cmd->add_option("--depth-fin", opt->depth_fin, "Override the depth of LCTII.FIN.02 (0 = the built-in one)");
  static const std::string driver_help = [] {
    std::vector<std::string_view> names;
    for (const auto& d : buho::kRootDrivers) names.push_back(d.name);
    return fmt::format("Root drivers to time in turn ({}; repeatable); each one's median nps and its ratio to alphabeta's",
                       fmt::join(names, ", "));
  }();
  cmd->add_option("--driver", opt->drivers, driver_help)
      ->take_all();
  cmd->add_option("--tt-scheme", opt->schemes,
                  "Replacement schemes to time in turn (depth_always, two_deep, two_big1, bucket2, ...; repeatable); each one's "
                  "median nps and its ratio to depth_always's")
      ->take_all();
  cmd->add_option("--repeat", opt->repeat, "With --driver or --tt-scheme: rounds of all of them, for the medians")->check(CLI::Range(1, 100));
  cmd->add_option("--min-seconds", opt->min_seconds,
                  "With --driver or --tt-scheme: the fair comparison. Per value and position, search depth 1, 2, ... (from "
                  "--depth-pos/--depth-fin when given) until one search takes at least this many CPU seconds (or, for sss, "
                  "until its OPEN list passes sss_open_limit: then its deepest completed depth; at most depth " +
                      std::to_string(kMaxFairDepth) +
                      "), then time the rounds at each value's own depths and compare nodes per CPU second there")
      ->check(CLI::Range(0.001, 3600.0));
  cmd->add_option("--position", opt->positions,
                  "LCT II ids to time instead of LCTII.POS.01 and LCTII.FIN.02 (repeatable; `all`: every position of "
                  "positions/lct2.epd; with --epd, ids of that file), each at --depth: a geometric mean over many positions "
                  "averages out what one tree is made of")
      ->take_all();
  cmd->add_option("--epd", opt->epd,
                  "An EPD file of any positions to time instead (a path from the working directory): every position of it, "
                  "or the ids given with --position, each at --depth");
  cmd->add_option("--depth", opt->depth, "The depth of every --position (with --min-seconds: the first depth tried)")
      ->check(CLI::Range(1, 60));
  cmd->add_flag("--common-depths", opt->common_depths,
                "With --min-seconds: deepen the reference value only (alphabeta or depth_always) and time every value at its "
                "depths, so that each position's ratio compares searches of the same depth (the fair reading for --tt-scheme)");
  cmd->add_flag("--versions", opt->versions,
                "Every version A-I on LCTII.POS.01 at a depth of its own (--depth-pos: all at one), and the peer "
                "programs Glaurung and Ethereal over UCI when installed; each one's median nodes per CPU second over "
                "--repeat rounds (default 5) and its ratio to Glaurung's");
  cmd->add_option("--glaurung", opt->peers.glaurung,
                  "With --versions: Glaurung's program, a name looked for in $PATH and /usr/games or a path ('' to skip)")
      ->capture_default_str();
  cmd->add_option("--ethereal", opt->peers.ethereal,
                  "With --versions: Ethereal's program (Debian's ethereal-chess is found by the default name too; '' to skip)")
      ->capture_default_str();
  cmd->add_option("--peer-depth", opt->peers.peer_depth, "With --versions: the depth of every peer (0 = Glaurung 15, Ethereal 20)")
      ->check(CLI::Range(0, 60));
  cmd->add_option("--set", opt->sets, "flag=value applied to version H before the flag compared (e.g. sss_open_limit=100000); repeatable")
      ->take_all();
  cmd->callback([opt, cmd] { bench_search(*opt, *cmd); });
}
}  // namespace harness
