#include "harness/match/match_report.h"

#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/experiment/presets.h"
#include "harness/input_file.h"
#include "harness/match/match_claim_spec.h"
#include "harness/match/match_claims.h"
#include "harness/match/match_progress.h"
#include "harness/match/match_shards.h"
#include "harness/match/pair_store.h"
#include "harness/match/pgn_writer.h"
#include "harness/report/markdown_text.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/line_checksum.h"
#include "harness/storage/output_lock.h"

namespace harness {

using nlohmann::json;

namespace {

nlohmann::json elo_json(const EloInterval& e) {
  return e.defined ? json{{"elo", e.elo}, {"error95", e.error}} : json(nullptr);
}

nlohmann::json optional_json(const std::optional<double>& x) { return x ? json(*x) : json(nullptr); }

nlohmann::json wdl_json(const WinDrawLoss& w) { return json{{"wins", w.wins}, {"draws", w.draws}, {"losses", w.losses}}; }

// The same games from the other player's side.
WinDrawLoss mirrored(const WinDrawLoss& w) { return WinDrawLoss{w.losses, w.draws, w.wins}; }

std::string wdl_text(const WinDrawLoss& w) { return fmt::format("{} / {} / {}", w.wins, w.draws, w.losses); }

// "[0.0, 6.9]" or "-": the SPRT's bounds in logistic Elo at the pairs' variance.
std::string logistic_bounds_text(const SprtBounds& b, const Pentanomial& p) {
  const auto e0 = logistic_elo_of_nelo(b.nelo0, p), e1 = logistic_elo_of_nelo(b.nelo1, p);
  return e0 && e1 ? fmt::format("[{:.1f}, {:.1f}]", *e0, *e1) : std::string("-");
}

class MatchStudy final : public Study {
 public:
  MatchStudy(const MatchSpec& spec, const MatchTally& t) : spec_(spec), t_(t) {}
  std::string_view name() const override { return "match"; }
  bool applies() const override { return !t_.counted.empty(); }

  std::string markdown() const override {
    const auto& p = t_.pentanomial;
    const std::uint64_t games = t_.wdl.games();
    std::string md = fmt::format("## Match: {} against {}\n\n", spec_.players[0].name, spec_.players[1].name);
    md += fmt::format("Each opening played twice, colours swapped; {}; Elo is {}'s, from the pentanomial of the "
                      "pairs (95 % intervals). Computed from pairs.jsonl by the harness (`harness report DIR` rebuilds it).\n\n",
                      move_limit_text(spec_.limit), spec_.players[0].name);
    if (spec_.limit.has_clock())
      md += "**A clock match is not reproducible**: each engine's time manager (engine/time_manager.h) reads the wall "
            "clock, so how deep each search gets, and so the games, depend on the machine and its load; another run "
            "plays other games. A match at a node budget replays byte for byte. Each side's clock counts its searches' "
            "time (the increment added after each move); a search that outlasts its clock loses on time (`time_forfeit` "
            "below).\n\n";
    const Adjudication& a = spec_.adjudication;
    md += fmt::format("Openings: `{}`, from its position {} on. Games end by the rules, at {} moves (a draw){}{}.\n\n",
                      spec_.openings_file, spec_.first_opening + 1, a.max_moves,
                      a.win_score > 0 ? fmt::format(", by a win adjudicated when both engines score beyond {} cp for {} "
                                                    "moves each", a.win_score, a.win_moves)
                                      : "",
                      a.draw_score > 0 ? fmt::format(", by a draw adjudicated when both score within {} cp for {} moves "
                                                     "each from move {}", a.draw_score, a.draw_moves, a.draw_from_move)
                                       : "");
    md += "| figure | value |\n| --- | --- |\n";
    md += fmt::format("| pairs counted | {} of {}{} |\n", t_.counted.size(), spec_.pairs,
                      t_.stored_not_counted ? fmt::format(" ({} more stored, not counted)", t_.stored_not_counted) : "");
    md += fmt::format("| W / D / L ({}) | {} / {} / {} |\n", table_cell(spec_.players[0].name), t_.wdl.wins, t_.wdl.draws, t_.wdl.losses);
    md += fmt::format("| score | {:.1f} / {} ({:.1f} %) |\n", t_.wdl.points(), games,
                      games ? 100.0 * t_.wdl.points() / double(games) : 0.0);
    md += fmt::format("| pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2) | {}, {}, {}, {}, {} |\n", p[0], p[1], p[2], p[3], p[4]);
    md += fmt::format("| Elo (logistic) | {} |\n", elo_text(logistic_elo(p)));
    md += fmt::format("| normalised Elo | {} |\n", elo_text(normalized_elo(p)));
    const auto los = likelihood_of_superiority(p);
    md += fmt::format("| LOS ({} stronger) | {} |\n", table_cell(spec_.players[0].name),
                      los ? fmt::format("{:.1f} %", 100.0 * *los) : "-");
    md += fmt::format("| draw ratio (drawn games) | {:.1f} % |\n", 100.0 * draw_ratio(t_.wdl));
    if (spec_.sprt_enabled) {
      md += fmt::format("| SPRT | nElo0 {:g}, nElo1 {:g}, alpha {:g}, beta {:g}: LLR {:.3f} in [{:.3f}, {:.3f}]{} |\n",
                        spec_.sprt.nelo0, spec_.sprt.nelo1, spec_.sprt.alpha, spec_.sprt.beta, t_.llr,
                        spec_.sprt.lower(), spec_.sprt.upper(),
                        sprt_can_decide(p) ? "" : " (no LLR yet: every pair in one pentanomial category)");
      md += fmt::format("| SPRT bounds | nElo [{:g}, {:g}]; logistic Elo {} at these pairs' variance |\n",
                        spec_.sprt.nelo0, spec_.sprt.nelo1, logistic_bounds_text(spec_.sprt, p));
      md += fmt::format("| verdict | {} |\n", verdict_text(t_.verdict, spec_.sprt));
    }
    md += fmt::format("\nIn one line, as fastchess prints a match:\n\n```\n{}\n```\n", fastchess_line(t_, spec_));
    md += "\nBy colour (each player's wins, draws and losses):\n\n| player | as White | as Black |\n| --- | --- | --- |\n";
    md += fmt::format("| {} | {} | {} |\n", table_cell(spec_.players[0].name), wdl_text(t_.first_as_white),
                      wdl_text(t_.first_as_black));
    md += fmt::format("| {} | {} | {} |\n", table_cell(spec_.players[1].name), wdl_text(mirrored(t_.first_as_black)),
                      wdl_text(mirrored(t_.first_as_white)));
    md += "\nsummary.json's `progress` holds the LLR and the Elo with its interval after each pair; `scripts/plot.py "
          "DIR` draws them (match-progress.png).\n";
    md += "\nHow the games ended:\n\n| end | games |\n| --- | ---: |\n";
    for (const auto& [end, n] : t_.ends) md += fmt::format("| {} | {} |\n", end, n);
    if (t_.seconds > 0)
      md += fmt::format("\n{} nodes; the pairs took {:.1f} s of thread time, {:.1f} % of it in the engines' searches.\n",
                        t_.nodes, t_.seconds, 100.0 * t_.engine_seconds / t_.seconds);
    return md;
  }

  nlohmann::json json() const override {
    nlohmann::json j{{"first", spec_.players[0].name},
                     {"second", spec_.players[1].name},
                     {"pairs", t_.counted.size()},
                     {"pairs_planned", spec_.pairs},
                     {"stored_not_counted", t_.stored_not_counted},
                     {"wins", t_.wdl.wins},
                     {"draws", t_.wdl.draws},
                     {"losses", t_.wdl.losses},
                     {"pentanomial", t_.pentanomial},
                     {"elo", elo_json(logistic_elo(t_.pentanomial))},
                     {"nelo", elo_json(normalized_elo(t_.pentanomial))},
                     {"ends", t_.ends},
                     {"nodes", t_.nodes},
                     {"los", optional_json(likelihood_of_superiority(t_.pentanomial))},
                     {"draw_ratio", draw_ratio(t_.wdl)},
                     {"by_colour", nlohmann::json{{"first_as_white", wdl_json(t_.first_as_white)},
                                        {"first_as_black", wdl_json(t_.first_as_black)},
                                        {"second_as_white", wdl_json(mirrored(t_.first_as_black))},
                                        {"second_as_black", wdl_json(mirrored(t_.first_as_white))}}},
                     {"summary_line", fastchess_line(t_, spec_)},
                     {"progress", match_progress_json(match_progress(t_, spec_))}};
    if (spec_.limit.nodes > 0) j["nodes_per_move"] = spec_.limit.nodes;
    else if (spec_.limit.has_clock())
      j["clock"] = nlohmann::json{{"base_ms", spec_.limit.clock.base_ms}, {"increment_ms", spec_.limit.clock.increment_ms},
                                  {"reproducible", false}};
    else j["depth_per_move"] = spec_.limit.depth;
    if (spec_.sprt_enabled)
      j["sprt"] = nlohmann::json{{"nelo0", spec_.sprt.nelo0}, {"nelo1", spec_.sprt.nelo1}, {"alpha", spec_.sprt.alpha},
                                 {"beta", spec_.sprt.beta}, {"llr", t_.llr}, {"lower", spec_.sprt.lower()},
                                 {"upper", spec_.sprt.upper()}, {"verdict", verdict_text(t_.verdict, spec_.sprt)},
                                 {"logistic_elo0", optional_json(logistic_elo_of_nelo(spec_.sprt.nelo0, t_.pentanomial))},
                                 {"logistic_elo1", optional_json(logistic_elo_of_nelo(spec_.sprt.nelo1, t_.pentanomial))},
                                 {"can_decide", sprt_can_decide(t_.pentanomial)}};
    return j;
  }

 private:
  const MatchSpec& spec_;
  const MatchTally& t_;
};

int int_member(const json& j, const char* key, const std::string& where) {
  if (!j.contains(key) || !j[key].is_number_integer()) throw UserError(fmt::format("{}: no integer '{}'", where, key));
  return j[key].get<int>();
}

// A match.json is checked against the pairs it describes before a report trusts it: each pair's index within its pair
// count; the match key the pair was played under (lines that carry one); the players the games name; at a node
// budget, no move searching more nodes than it. A hand-edited file ('nodes' 999 where the moves searched 10,000) is
// refused, naming it, rather than printed as the match's.
void check_match_file_against_pairs(const json& file_json, const MatchSpec& spec, const std::map<int, PairRecord>& stored,
                                    const std::filesystem::path& match_file, const std::filesystem::path& pairs_file) {
  const std::string key = match_key(file_json);
  const auto edited = [&](const std::string& what) {
    return UserError(fmt::format("{}: {}: not the file its pairs ({}) were played under, edited since? Restore it",
                                 match_file.string(), what, pairs_file.string()));
  };
  for (const auto& [index, pair] : stored) {
    if (index < 0 || index >= spec.pairs)
      throw UserError(fmt::format("{}: pair {} is outside the match's pairs 0 to {} ({} 'pairs' {}): restore the "
                                  "line, or delete it",
                                  pairs_file.string(), index, spec.pairs - 1, match_file.string(), spec.pairs));
    if (!pair.match_key.empty() && pair.match_key != key)
      throw edited(fmt::format("its match key {} is not pair {}'s {}", key, index, pair.match_key));
    for (int g = 0; g < 2; ++g) {
      const GameRecord& game = pair.games[g];
      const std::string& white = spec.players[g == 0 ? 0 : 1].name;
      const std::string& black = spec.players[g == 0 ? 1 : 0].name;
      if (game.white != white || game.black != black)
        throw edited(fmt::format("it names the players {} and {}, pair {}'s game {} {} (White) and {} (Black)",
                                 spec.players[0].name, spec.players[1].name, index, g + 1, game.white, game.black));
      if (spec.limit.nodes > 0)
        for (std::size_t i = 0; i < game.moves.size(); ++i)
          if (game.moves[i].nodes > spec.limit.nodes)
            throw edited(fmt::format("its 'nodes' {} is below the {} nodes move {} of pair {}'s game {} searched",
                                     spec.limit.nodes, game.moves[i].nodes, i + 1, index, g + 1));
    }
  }
}

}  // namespace

std::string match_key(const json& match_file) {
  json identity = match_file;
  if (identity.is_object()) {
    // The shard too: a shard's pairs are the single run's, and merged they carry its key.
    // The claims too: analysis of the pairs, not what decides them (a config may gain a claim after its games).
    for (const char* k : {"pairs", "description", "date", kMatchShardKey, "claims"}) identity.erase(k);
    if (identity.contains("players") && identity["players"].is_array())
      for (json& player : identity["players"])
        if (player.is_object()) player.erase("flags");
  }
  return fmt::format("{:016x}", line_hash64(identity.dump()));
}

json match_file_json(const MatchSpec& spec, const std::string& engine, const std::string& date) {
  json j = spec.identity_json(engine);
  j["pairs"] = spec.pairs;
  j["description"] = spec.description;
  j["date"] = date;
  if (!spec.claims.is_null() && !spec.claims.empty()) j["claims"] = spec.claims;
  return j;
}

MatchSpec match_spec_from_file_json(const json& j, const std::string& where) {
  MatchSpec s;
  try {
    s.name = j.at("name").get<std::string>();
    s.description = j.value("description", "");
    for (int i = 0; i < 2; ++i) {
      const json& player = j.at("players").at(std::size_t(i));
      s.players[i].name = player.at("name").get<std::string>();
      // The resolved flags, read over the current defaults (a flag added since takes its default), as
      // experiment.json's versions are: what a series joins with a run's versions (series_node_savings.h).
      buho::SearchConfig search;
      buho::EvalConfig eval;
      apply_flags(player.at("flags"), search, eval, fmt::format("{}: $.players[{}].flags", where, i));
      s.player_flags[i] = flags_to_json(search, eval);
    }
    s.pairs = int_member(j, "pairs", where);
    if (j.contains("nodes")) s.limit.nodes = j["nodes"].get<std::uint64_t>();
    else if (j.contains("clock"))
      s.limit.clock = GameClock{j["clock"].at("base_ms").get<std::int64_t>(), j["clock"].at("increment_ms").get<std::int64_t>()};
    else s.limit.depth = int_member(j, "depth", where);
    s.openings_file = j.at("openings").get<std::string>();
    s.first_opening = int_member(j, "first_opening", where);
    s.adjudication.max_moves = int_member(j, "max_moves", where);
    const json& a = j.at("adjudication");
    s.adjudication.win_score = int_member(a, "win_score", where);
    s.adjudication.win_moves = int_member(a, "win_moves", where);
    s.adjudication.draw_score = int_member(a, "draw_score", where);
    s.adjudication.draw_moves = int_member(a, "draw_moves", where);
    s.adjudication.draw_from_move = int_member(a, "draw_from_move", where);
    if (j.contains("claims")) s.claims = j["claims"];
    if (j.contains("sprt")) {
      s.sprt_enabled = true;
      const json& b = j["sprt"];
      s.sprt = SprtBounds{b.at("nelo0").get<double>(), b.at("nelo1").get<double>(), b.at("alpha").get<double>(),
                          b.at("beta").get<double>()};
    }
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not a match file ({})", where, e.what()));
  }
  return s;
}

std::unique_ptr<Study> make_match_study(const MatchSpec& spec, const MatchTally& tally) {
  return std::make_unique<MatchStudy>(spec, tally);
}

std::string match_pgn(const MatchSpec& spec, const std::vector<const PairRecord*>& pairs, const std::string& date) {
  std::string out;
  for (const PairRecord* p : pairs)
    for (int g = 0; g < 2; ++g) {
      PgnTags tags;
      tags.event = spec.name;
      tags.site = "BuhoChess harness";
      tags.date = date;
      tags.round = fmt::format("{}.{}", p->index + 1, g + 1);
      if (spec.limit.has_clock()) tags.time_control = pgn_time_control(spec.limit.clock);
      out += game_pgn(p->games[g], tags);
      out += "\n";
    }
  return out;
}

std::unique_ptr<LoadedMatch> load_match_dir(const std::filesystem::path& dir) {
  const auto match_file = dir / kMatchFile;
  const std::string text = read_input_file(match_file, match_file.string(), kMaxConfigBytes);
  json j;
  try {
    j = parse_json_checked(text, match_file.string());
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", match_file.string(), e.what()));
  }
  auto m = std::make_unique<LoadedMatch>();
  m->spec = match_spec_from_file_json(j, match_file.string());
  m->date = j.value("date", "????.??.??");
  m->shard = match_file_shard(j, match_file.string());
  m->stored = read_pairs(dir / kPairsFile, m->spec.pairs);
  check_match_file_against_pairs(j, m->spec, m->stored, match_file, dir / kPairsFile);
  if (m->shard)
    for (const auto& [index, pair] : m->stored)
      if (!m->shard->holds(std::size_t(index)))
        throw UserError(fmt::format("{}: pair {} is not a pair of shard {} ({}'s 'shard'), which holds the pairs k with "
                                    "k mod {} = {}: restore the line, or delete it",
                                    (dir / kPairsFile).string(), index, m->shard->text(), match_file.string(),
                                    m->shard->count, m->shard->index - 1));
  m->tally = tally_pairs(m->stored, m->spec);
  if (!m->spec.claims.is_null()) {
    json resolved;
    m->claims = parse_match_claims(m->spec.claims, match_file.string(), "$.claims", {{m->spec.name, m->spec.sprt_enabled}},
                                   resolved);
  }
  return m;
}

namespace {

// A shard's directory: what it holds, its games in index order, and how its figures are had (merged with the others).
MatchReport write_shard_reports(const std::filesystem::path& dir, const LoadedMatch& m) {
  const Shard& shard = *m.shard;
  const int planned = shard_pair_count(shard, m.spec.pairs);
  std::vector<const PairRecord*> pairs;
  for (const auto& [index, pair] : m.stored) pairs.push_back(&pair);
  std::string md = fmt::format("# Match {}, shard {}\n\n", m.spec.name, shard.text());
  if (!m.spec.description.empty()) md += m.spec.description + "\n\n";
  md += fmt::format("This directory holds shard {} of the match {} against {} ({}): the pairs k (from 0) with k mod {} "
                    "= {}, {} of its {} stored. A match's figures (Elo, LLR, the SPRT's verdict) count its pairs from "
                    "pair 0 on, spread over every shard, so none is given here: `harness merge` joins the {} shards' "
                    "directories into the match's.\n",
                    shard.text(), m.spec.players[0].name, m.spec.players[1].name, move_limit_text(m.spec.limit),
                    shard.count, shard.index - 1, m.stored.size(), planned, shard.count);
  const json summary{{"name", m.spec.name},
                     {"shard", shard.text()},
                     {"pairs_stored", m.stored.size()},
                     {"pairs_in_shard", planned},
                     {"pairs_planned", m.spec.pairs}};
  MatchReport r;
  const ReportFilesLock lock(dir);
  const std::pair<const char*, std::string> files[] = {
      {"REPORT.md", md}, {"summary.json", summary.dump(2) + "\n"}, {kMatchPgnFile, match_pgn(m.spec, pairs, m.date)}};
  for (const auto& [name, content] : files) {
    write_file_atomically(dir / name, content);
    r.files.push_back(dir / name);
  }
  r.summary_lines.push_back(fmt::format("{}: shard {}: {} of its {} pairs stored; `harness merge` the {} shards for "
                                        "the match's figures",
                                        m.spec.name, shard.text(), m.stored.size(), planned, shard.count));
  return r;
}

}  // namespace

MatchReport write_match_reports(const std::filesystem::path& dir) {
  const auto loaded = load_match_dir(dir);
  if (loaded->shard) return write_shard_reports(dir, *loaded);
  const MatchSpec& spec = loaded->spec;
  const MatchTally& tally = loaded->tally;
  const std::string& date = loaded->date;
  const auto study = make_match_study(spec, tally);

  std::string md = fmt::format("# Match {}\n\n", spec.name);
  if (!spec.description.empty()) md += spec.description + "\n\n";
  json summary{{"name", spec.name}};
  if (study->applies()) {
    md += study->markdown();
    study->add_to_summary(summary);
  } else {
    md += "No pair has been played yet.\n";
  }
  const std::vector<Claim> claims = evaluate_match_claims(loaded->claims, {loaded.get()});
  if (const std::string section = match_claims_markdown(claims, dir); !section.empty()) {
    md += "\n" + section;
    summary["claims"] = match_claims_json(claims);
  }
  MatchReport r;
  const ReportFilesLock lock(dir);
  const std::pair<const char*, std::string> files[] = {
      {"REPORT.md", md}, {"summary.json", summary.dump(2) + "\n"}, {kMatchPgnFile, match_pgn(spec, tally.counted, date)}};
  for (const auto& [name, content] : files) {
    write_file_atomically(dir / name, content);
    r.files.push_back(dir / name);
  }
  r.summary_lines.push_back(fmt::format("{}: {}", spec.name, tally_line(tally, spec)));
  r.summary_lines.push_back(fastchess_line(tally, spec));
  const Pentanomial& p = tally.pentanomial;
  r.summary_lines.push_back(
      fmt::format("pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2): {}, {}, {}, {}, {}", p[0], p[1], p[2], p[3], p[4]));
  if (spec.sprt_enabled) r.summary_lines.push_back(fmt::format("verdict: {}", verdict_text(tally.verdict, spec.sprt)));
  return r;
}

}  // namespace harness
