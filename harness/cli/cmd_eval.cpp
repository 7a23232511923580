// `harness eval`: the static evaluation of one position, total and every term for each side (§2.4).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "harness/cli/commands.h"
#include "harness/cli/position_input.h"
#include "harness/experiment/presets.h"

namespace harness {

namespace {

// Is the term named `name` (an EvalConfig switch) on in `cfg`?
bool term_on(const buho::EvalConfig& cfg, const std::string& name) {
  const auto* p = buho::find_param(buho::eval_params(), name);
  return p && p->kind == buho::ParamKind::Bool && cfg.*(p->bool_field);
}

}  // namespace

void register_eval(CLI::App& app) {
  struct Options {
    std::string fen = "startpos";
    std::vector<std::string> sets;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("eval", "Static evaluation of a position: total and every term per side (§2.4)");
  cmd->add_option("--fen", opt->fen, "Position as FEN, or 'startpos'")->capture_default_str();
  cmd->add_option("--set", opt->sets, "Evaluation flag as name=value or eval.name=value (repeatable), e.g. --set pawn_shield=false")
      ->allow_extra_args(false);
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text");
  cmd->callback([opt] {
    buho::EvalConfig cfg;
    buho::SearchConfig unused;  // `harness eval --set` names terms; a bare name means eval.<name>
    for (const auto& s : opt->sets) apply_flag_text(s, unused, cfg, "--set", BareFlagNames::Eval);
    const buho::Board board = board_from_user_fen(opt->fen, "--fen");
    const buho::Evaluator evaluator(cfg);
    const buho::EvalBreakdown br = evaluator.breakdown(board);
    const char* stm = board.side_to_move() == buho::White ? "white" : "black";

    if (opt->json) {
      nlohmann::json terms = nlohmann::json::array();
      for (const auto& t : br.terms)
        terms.push_back({{"name", t.name}, {"on", term_on(cfg, t.name)}, {"white", t.white}, {"black", t.black},
                         {"white_minus_black", t.white - t.black}});
      nlohmann::json j{{"fen", board.fen()},
                       {"side_to_move", stm},
                       {"endgame", br.endgame},
                       {"total", br.total},
                       {"white_total", br.white_total},
                       {"black_total", br.black_total},
                       {"material_balance", evaluator.material_balance(board)},
                       {"set", opt->sets},
                       {"terms", terms}};
      fmt::print("{}\n", j.dump());
      return;
    }
    fmt::print("fen {}\n", board.fen());
    fmt::print("phase {}\n", br.endgame ? "endgame" : "middlegame");
    fmt::print("{:<22} {:>7} {:>7} {:>7}\n", "term", "white", "black", "w-b");
    for (const auto& t : br.terms) {
      if (term_on(cfg, t.name))
        fmt::print("{:<22} {:>7} {:>7} {:>7}\n", t.name, t.white, t.black, t.white - t.black);
      else
        fmt::print("{:<22} {:>7} {:>7} {:>7}\n", t.name, "off", "off", "");
    }
    fmt::print("{:<22} {:>7} {:>7} {:>7}\n", "sum", br.white_total, br.black_total, br.white_total - br.black_total);
    fmt::print("total {} cp ({} to move's view)\n", br.total, stm);
  });
}

}  // namespace harness
