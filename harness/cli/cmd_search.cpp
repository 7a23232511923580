// `harness search`: one search of one position with a version (or a custom config) and --set overrides,
// printing every counter of SearchStats.
#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/root_driver.h"
#include "engine/search.h"
#include "harness/input_file.h"
#include "harness/mate_score.h"
#include "harness/cli/commands.h"
#include "harness/experiment/memory_ceiling.h"
#include "harness/paths.h"
#include "harness/cli/position_input.h"
#include "harness/experiment/presets.h"
#include "harness/experiment/search_counters.h"

namespace harness {

namespace {

using nlohmann::json;

// A custom config file: either one version object {"name"?, "extends"?, "description"?, "flags"} (its
// "extends" may name a preset of configs/versions.json) or a whole versions file, then --version picks.
ResolvedVersion version_from_file(const std::string& file, const std::string& version) {
  const std::string text = read_input_file(file, "--config " + file, kMaxConfigBytes);
  json j;
  try {
    j = parse_json_checked(text, "--config " + file);
  } catch (const json::exception& e) {  // parse_error, and out_of_range for a number too large (1E999)
    throw UserError(fmt::format("--config {}: not valid JSON: {}", file, e.what()));
  }
  if (j.is_object() && j.contains("versions")) {
    PresetBook book = PresetBook::load(file);
    const auto names = book.names();
    if (names.empty()) throw UserError(fmt::format("--config {}: $.versions is empty", file));
    return book.resolve(version.empty() ? names.back() : version);
  }
  if (!version.empty()) throw UserError("--version and --config name a version each: give one of them");
  PresetBook book = PresetBook::load(project_path("configs/versions.json"));
  if (j.is_object() && !j.contains("name")) j["name"] = "custom";
  book.add(j, fmt::format("--config {}: $", file));
  return book.resolve(j["name"].get<std::string>());
}

json moves_json(const std::vector<buho::Move>& pv) {
  json a = json::array();
  for (auto m : pv) a.push_back(m.uci());
  return a;
}

json search_stats_json(const buho::SearchStats& s, const buho::SearchConfig& c) {
  json j{{"last_iteration_nodes", s.last_iteration_nodes()},
         {"iteration_nodes", s.iteration_nodes},
         {"depth_reached", s.depth_reached},
         {"seldepth", s.seldepth},
         {"seconds", s.seconds},
         {"nps", s.nps()}};
  for (const auto& c : search_counters()) j[std::string(c.name)] = c.value(s);
  for (const auto& [name, value] : flag_counter_values(s, c)) j[name] = value;  // etc's, only with etc on
  j["iteration_passes"] = s.iteration_passes;
  return j;
}

// Every counter line of the table, with what this command adds to two of them: the last
// iteration's nodes (then the iterations and timing lines) and the share of first-move cut-offs.
void print_search_stats(const buho::SearchStats& s, const buho::SearchConfig& c) {
  for (const CounterLine line : counter_lines()) {
    if (line == CounterLine::drivers) continue;  // printed after the iterations, below
    std::string text = counter_line_text(s, line);
    if (line == CounterLine::nodes) text += fmt::format("  last iteration {}", s.last_iteration_nodes());
    if (line == CounterLine::cutoffs) {
      const double first_move_share =
          s.beta_cutoffs ? 100.0 * double(s.first_move_cutoffs) / double(s.beta_cutoffs) : 0.0;
      text += fmt::format(" ({:.1f}%)", first_move_share);
    }
    fmt::print("{}\n", text);
    // The table line, then etc's counters on a line of their own, only with etc on (every other output unchanged).
    if (const std::string flag_text = flag_counter_line_text(s, c); line == CounterLine::table && !flag_text.empty())
      fmt::print("{}\n", flag_text);
    if (line == CounterLine::nodes) {
      fmt::print("iterations {}\n", fmt::join(s.iteration_nodes, " "));
      fmt::print("{}  per iteration {}\n", counter_line_text(s, CounterLine::drivers), fmt::join(s.iteration_passes, " "));
      fmt::print("seconds {:.3f}  nps {:.0f}  seldepth {}\n", s.seconds, s.nps(), s.seldepth);
    }
  }
}

std::vector<std::string> ignored_names(const buho::SearchConfig& c) {
  std::vector<std::string> names;
  for (const auto n : buho::ignored_flags(c)) names.emplace_back(n);
  return names;
}

}  // namespace

void register_search(CLI::App& app) {
  struct Options {
    std::string fen = "startpos";
    int depth = 1;
    std::string version;
    std::string config;
    std::vector<std::string> sets;
    std::uint64_t node_budget = 0;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("search", "Search one position to a fixed depth and print every search counter");
  cmd->add_option("--fen", opt->fen, "Position as FEN, or 'startpos'")->capture_default_str();
  cmd->add_option("--depth", opt->depth, "Nominal depth in plies")->required()->check(CLI::Range(1, 100));
  cmd->add_option("--version", opt->version, "A preset of configs/versions.json (A..H)");
  cmd->add_option("--config", opt->config,
                  "JSON file: one version {\"name\", \"extends\", \"flags\"} or a versions file (then --version picks)");
  cmd->add_option("--set", opt->sets, "flag=value (search flag or eval.<term>), applied last; repeatable")->take_all();
  // A negative count would wrap to a huge budget: refused by the check, which reads the text.
  cmd->add_option("--node-budget", opt->node_budget, "Stop after this many nodes (0 = no budget)")
      ->check([](const std::string& v) { return v.find('-') != std::string::npos ? std::string("must not be negative") : std::string(); },
              "NONNEGATIVE");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->callback([opt] {
    if (opt->version.empty() && opt->config.empty()) throw UserError("give --version A..H or --config FILE");
    const buho::Board board = board_from_user_fen(opt->fen, "--fen");
    ResolvedVersion v = !opt->config.empty()
                            ? version_from_file(opt->config, opt->version)
                            : PresetBook::load(project_path("configs/versions.json")).resolve(opt->version);
    for (const auto& s : opt->sets) apply_flag_text(s, v.search, v.eval, "--set");
    v.flags = flags_to_json(v.search, v.eval);
    if (const std::string why = sss_memory_problem(v.search, available_memory_bytes()); !why.empty()) throw UserError(why);

    buho::Engine engine(v.search, v.eval);
    const buho::SearchResult r = engine.search(board, buho::Limits{opt->depth, opt->node_budget});
    const auto& s = r.stats;
    // A mate is printed as UCI prints it (moves to mate, signed), not as the raw score ScoreMate - plies.
    const std::optional<int> mate_in = mate_in_moves(r.score);
    if (opt->json) {
      json j{{"fen", board.fen()},
             {"depth", opt->depth},
             {"version", v.name},
             {"flags", v.flags},
             {"best_move", r.best_move.uci()},
             {"score", r.score},
             {"mate_in", mate_in ? json(*mate_in) : json(nullptr)},
             {"pv", moves_json(r.pv)},
             {"completed", r.completed},
             {"ignored_flags", ignored_names(v.search)},
             {"stats", search_stats_json(s, v.search)}};
      fmt::print("{}\n", j.dump());
      return;
    }
    std::vector<std::string> pv;
    for (auto m : r.pv) pv.push_back(m.uci());
    fmt::print("version {}  depth {}  fen {}\n", v.name, opt->depth, board.fen());
    if (!opt->sets.empty()) fmt::print("set {}\n", fmt::join(opt->sets, " "));
    if (const auto ignored = buho::ignored_flags(v.search); !ignored.empty())
      fmt::print("ignored under driver={}: {}\n", buho::driver_name(v.search.root_driver), fmt::join(ignored, " "));
    const std::string score = mate_in ? fmt::format("mate {}", *mate_in) : std::to_string(r.score);
    fmt::print("bestmove {}  score {}  pv {}\n", r.best_move.uci(), score, fmt::join(pv, " "));
    if (!r.completed) fmt::print("stopped by the node budget; result of depth {}\n", s.depth_reached);
    print_search_stats(s, v.search);
  });
}

}  // namespace harness
