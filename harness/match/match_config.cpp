#include "harness/match/match_config.h"

#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/experiment/epd_positions.h"
#include "harness/experiment/json_fields.h"
#include "harness/experiment/presets.h"
#include "harness/input_file.h"
#include "harness/match/match_claim_spec.h"
#include "harness/match/pgn_openings.h"
#include "harness/paths.h"

namespace harness {

using nlohmann::json;
using json_fields::check_keys;
using json_fields::get_string;
using json_fields::integer_within;
using json_fields::require;
using json_fields::Where;

namespace {

std::filesystem::path path_in_project(const std::string& p) {
  const std::filesystem::path path(p);
  return path.is_absolute() ? path : project_path(p);
}

long long integer_in(const Where& w, const std::string& path, const json& j, long long lo, long long hi) {
  if (!j.is_number_integer()) w.fail(path, fmt::format("expected an integer, got {}", j.dump()));
  if (!integer_within(j, lo, hi)) w.fail(path, fmt::format("{} is out of range [{}, {}]", j.dump(), lo, hi));
  return j.get<long long>();
}

double number_in(const Where& w, const std::string& path, const json& j, double lo, double hi) {
  if (!j.is_number()) w.fail(path, fmt::format("expected a number, got {}", j.dump()));
  const double v = j.get<double>();
  if (!(v >= lo && v <= hi)) w.fail(path, fmt::format("{} is out of range [{}, {}]", v, lo, hi));
  return v;
}

void read_adjudication(const Where& w, const json& a, Adjudication& adj) {
  const std::string p = "$.match.adjudication";
  check_keys(w, p, a, {"win_score", "win_moves", "draw_score", "draw_moves", "draw_from_move"});
  if (a.contains("win_score")) adj.win_score = int(integer_in(w, p + ".win_score", a["win_score"], 0, 100000));
  if (a.contains("win_moves")) adj.win_moves = int(integer_in(w, p + ".win_moves", a["win_moves"], 1, 1000));
  if (a.contains("draw_score")) adj.draw_score = int(integer_in(w, p + ".draw_score", a["draw_score"], 0, 100000));
  if (a.contains("draw_moves")) adj.draw_moves = int(integer_in(w, p + ".draw_moves", a["draw_moves"], 1, 1000));
  if (a.contains("draw_from_move"))
    adj.draw_from_move = int(integer_in(w, p + ".draw_from_move", a["draw_from_move"], 1, kMaxGameMoves));
}

void read_clock(const Where& w, const json& c, GameClock& clock) {
  const std::string p = "$.match.clock";
  if (!c.is_object()) w.fail(p, "expected {\"base_ms\", \"increment_ms\"}");
  check_keys(w, p, c, {"base_ms", "increment_ms"});
  clock.base_ms = integer_in(w, p + ".base_ms", require(w, p, c, "base_ms"), 1, 24LL * 3600 * 1000);
  if (c.contains("increment_ms")) clock.increment_ms = integer_in(w, p + ".increment_ms", c["increment_ms"], 0, 3600LL * 1000);
}

void read_sprt(const Where& w, const json& s, SprtBounds& b) {
  const std::string p = "$.match.sprt";
  check_keys(w, p, s, {"nelo0", "nelo1", "alpha", "beta"});
  b.nelo0 = number_in(w, p + ".nelo0", require(w, p, s, "nelo0"), -1000, 1000);
  b.nelo1 = number_in(w, p + ".nelo1", require(w, p, s, "nelo1"), -1000, 1000);
  if (s.contains("alpha")) b.alpha = number_in(w, p + ".alpha", s["alpha"], 1e-6, 0.5);
  if (s.contains("beta")) b.beta = number_in(w, p + ".beta", s["beta"], 1e-6, 0.5);
  if (b.nelo0 >= b.nelo1) w.fail(p, fmt::format("nelo0 ({}) must be below nelo1 ({})", b.nelo0, b.nelo1));
}

}  // namespace

const std::string& MatchSpec::opening_of_pair(int pair) const {
  return openings[std::size_t(first_opening + pair) % openings.size()];
}

json MatchSpec::identity_json(const std::string& engine) const {
  json j{{"name", name},
         {"engine", engine},
         {"players", json::array({json{{"name", players[0].name}, {"flags", player_flags[0]}},
                                  json{{"name", players[1].name}, {"flags", player_flags[1]}}})},
         {"openings", openings_file},
         {"opening_count", openings.size()},
         {"first_opening", first_opening},
         {"max_moves", adjudication.max_moves},
         {"adjudication", json{{"win_score", adjudication.win_score}, {"win_moves", adjudication.win_moves},
                               {"draw_score", adjudication.draw_score}, {"draw_moves", adjudication.draw_moves},
                               {"draw_from_move", adjudication.draw_from_move}}}};
  if (limit.nodes > 0) j["nodes"] = limit.nodes;
  else if (limit.has_clock()) j["clock"] = json{{"base_ms", limit.clock.base_ms}, {"increment_ms", limit.clock.increment_ms}};
  else j["depth"] = limit.depth;
  if (sprt_enabled)
    j["sprt"] = json{{"nelo0", sprt.nelo0}, {"nelo1", sprt.nelo1}, {"alpha", sprt.alpha}, {"beta", sprt.beta}};
  return j;
}

MatchSpec match_spec_from_json(const json& j, const std::string& file) {
  const Where w{file};
  // "claims" is read by load_match_series (match_claim_spec.h): a config read here alone carries none.
  check_keys(w, "$", j, {"name", "description", "presets", "versions", "match"});
  MatchSpec m;
  m.name = get_string(w, "$.name", require(w, "$", j, "name"));
  if (const std::string why = directory_name_problem(m.name); !why.empty()) w.fail("$.name", why);
  if (m.name.find('\\') != std::string::npos) w.fail("$.name", fmt::format("'{}' cannot name an output directory", m.name));
  if (j.contains("description")) m.description = get_string(w, "$.description", j["description"]);
  const std::string presets = j.contains("presets") ? get_string(w, "$.presets", j["presets"]) : "configs/versions.json";
  PresetBook book = PresetBook::load(path_in_project(presets));
  if (j.contains("versions")) {
    const json& vs = j["versions"];
    if (!vs.is_array()) w.fail("$.versions", "expected a list of custom versions");
    for (std::size_t i = 0; i < vs.size(); ++i) {
      const std::string p = fmt::format("$.versions[{}]", i);
      if (!vs[i].is_object()) w.fail(p, "expected a custom version {\"name\", \"extends\", \"flags\"}");
      book.add(vs[i], w.at(p));
    }
  }
  const json& mj = require(w, "$", j, "match");
  const std::string p = "$.match";
  check_keys(w, p, mj,
             {"players", "openings", "first_opening", "pairs", "nodes", "depth", "clock", "max_moves", "adjudication",
              "sprt"});
  const json& players = require(w, p, mj, "players");
  if (!players.is_array() || players.size() != 2)
    w.fail(p + ".players", "expected two version names: [first, second] (the Elo is the first's)");
  for (int i = 0; i < 2; ++i) {
    const std::string name = get_string(w, fmt::format("{}.players[{}]", p, i), players[std::size_t(i)]);
    ResolvedVersion v;
    try {
      v = book.resolve(name);
    } catch (const UserError& e) {
      w.fail(fmt::format("{}.players[{}]", p, i), e.what());
    }
    m.players[i] = MatchPlayer{v.name, v.search, v.eval};
    m.player_flags[i] = v.flags;
  }
  if (m.players[0].name == m.players[1].name)
    w.fail(p + ".players", fmt::format("both players are '{}': name two different versions", m.players[0].name));

  m.openings_file = get_string(w, p + ".openings", require(w, p, mj, "openings"));
  const bool pgn = m.openings_file.size() > 4 && m.openings_file.compare(m.openings_file.size() - 4, 4, ".pgn") == 0;
  if (pgn) m.openings = load_pgn_openings(w.at(p + ".openings"), m.openings_file);
  else
    for (const PositionSpec& pos : load_epd(w.at(p + ".openings"), m.openings_file).records) m.openings.push_back(pos.fen);
  if (m.openings.empty()) w.fail(p + ".openings", fmt::format("{} holds no position", m.openings_file));
  if (mj.contains("first_opening"))
    m.first_opening = int(integer_in(w, p + ".first_opening", mj["first_opening"], 0, (long long)m.openings.size() - 1));
  m.pairs = int(integer_in(w, p + ".pairs", require(w, p, mj, "pairs"), 1, 10000000));
  if (int(mj.contains("nodes")) + int(mj.contains("depth")) + int(mj.contains("clock")) != 1)
    w.fail(p, "give exactly one limit per move: \"nodes\" (a node budget), \"depth\" (plies) or \"clock\" "
              "({\"base_ms\", \"increment_ms\"})");
  if (mj.contains("nodes")) m.limit.nodes = std::uint64_t(integer_in(w, p + ".nodes", mj["nodes"], 1, 1LL << 50));
  else if (mj.contains("clock")) read_clock(w, mj["clock"], m.limit.clock);
  else m.limit.depth = int(integer_in(w, p + ".depth", mj["depth"], 1, 64));
  if (mj.contains("max_moves"))
    m.adjudication.max_moves = int(integer_in(w, p + ".max_moves", mj["max_moves"], 1, kMaxGameMoves));
  if (mj.contains("adjudication")) read_adjudication(w, mj["adjudication"], m.adjudication);
  if (mj.contains("sprt")) {
    m.sprt_enabled = true;
    read_sprt(w, mj["sprt"], m.sprt);
  }
  return m;
}

namespace {

json match_config_json(const std::filesystem::path& file) {
  const std::string text = read_input_file(file, file.string(), kMaxConfigBytes);
  try {
    return parse_json_checked(text, file.string());
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
}

}  // namespace


namespace {

// The config's "claims", checked against the series' matches (their names, whether each has an SPRT).
void read_series_claims(const json& claims, const std::string& file, MatchSeries& series) {
  std::vector<MatchClaimTarget> targets;
  for (const MatchSpec& m : series.matches) targets.push_back({m.name, m.sprt_enabled});
  json resolved;
  parse_match_claims(claims, file, "$.claims", targets, resolved);
  series.claims = resolved;
  if (!series.is_series) series.matches.front().claims = resolved;
}

}  // namespace

MatchSeries load_match_series(const std::filesystem::path& file) {
  json j = match_config_json(file);
  MatchSeries series;
  json claims;
  if (j.is_object() && j.contains("claims")) {
    claims = j["claims"];
    j.erase("claims");
  }
  if (!j.is_object() || !j.contains("series")) {
    series.matches.push_back(match_spec_from_json(j, file.string()));
    series.name = series.matches[0].name;
    series.description = series.matches[0].description;
    if (!claims.is_null()) read_series_claims(claims, file.string(), series);
    return series;
  }
  const Where w{file.string()};
  series.is_series = true;
  const json& sj = j["series"];
  check_keys(w, "$.series", sj, {"pairings", "nodes", "depths", "node_savings_from", "published_elo"});
  if (sj.contains("published_elo")) series.published_elo = parse_published_elo(sj["published_elo"], w, "$.series.published_elo");
  if (sj.contains("node_savings_from")) {
    const json& from = sj["node_savings_from"];
    if (!from.is_array()) w.fail("$.series.node_savings_from", "expected a list of results directories");
    for (std::size_t i = 0; i < from.size(); ++i) {
      const std::string at = fmt::format("$.series.node_savings_from[{}]", i);
      const std::string d = get_string(w, at, from[i]);
      const std::filesystem::path dir = std::filesystem::path(d).is_absolute() ? std::filesystem::path(d) : project_path(d);
      // A directory of `harness run` (experiment.json beside cells.jsonl): checked now, before any game is played.
      if (!std::filesystem::is_regular_file(dir / "experiment.json") || !std::filesystem::is_regular_file(dir / "cells.jsonl"))
        w.fail(at, fmt::format("{}: not a results directory of harness run (no experiment.json and cells.jsonl)", d));
      series.node_savings_from.push_back(d);
    }
  }
  if (sj.contains("nodes") == sj.contains("depths"))
    w.fail("$.series", "give exactly one list of limits: \"nodes\" (node budgets) or \"depths\"");
  const char* limit_key = sj.contains("nodes") ? "nodes" : "depths";
  const json& limits = sj[limit_key];
  if (!limits.is_array() || limits.empty()) w.fail(std::string("$.series.") + limit_key, "expected a list of limits");
  const json& pairings = require(w, "$.series", sj, "pairings");
  if (!pairings.is_array() || pairings.empty()) w.fail("$.series.pairings", "expected a list of [first, second] pairs");
  const json& mj = require(w, "$", j, "match");
  for (const char* k : {"players", "nodes", "depth", "clock"})
    if (mj.is_object() && mj.contains(k))
      w.fail(fmt::format("$.match.{}", k), "a series gives the players and limits (\"series\"), not the match section");
  json base = j;
  base.erase("series");
  series.name = get_string(w, "$.name", require(w, "$", j, "name"));
  if (const std::string why = directory_name_problem(series.name); !why.empty()) w.fail("$.name", why);
  if (j.contains("description")) series.description = get_string(w, "$.description", j["description"]);
  for (std::size_t pi = 0; pi < pairings.size(); ++pi) {
    const json& pair = pairings[pi];
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string() || !pair[1].is_string())
      w.fail(fmt::format("$.series.pairings[{}]", pi), "expected two version names [first, second]");
  }
  // Every pairing at the first limit, then at the next: the cheaper matches of a series come first.
  for (std::size_t li = 0; li < limits.size(); ++li) {
    const std::string lp = fmt::format("$.series.{}[{}]", limit_key, li);
    const long long limit = integer_in(w, lp, limits[li], 1, sj.contains("nodes") ? (1LL << 50) : 64);
    const std::string label = sj.contains("nodes") ? fmt::format("{}n", limit) : fmt::format("d{}", limit);
    for (std::size_t pi = 0; pi < pairings.size(); ++pi) {
      const json& pair = pairings[pi];
      json one = base;
      one["match"]["players"] = pair;
      if (sj.contains("nodes")) one["match"]["nodes"] = limit;
      else one["match"]["depth"] = limit;
      one["name"] = fmt::format("{}-vs-{}-{}", pair[0].get<std::string>(), pair[1].get<std::string>(), label);
      series.matches.push_back(
          match_spec_from_json(one, fmt::format("{} ($.series.pairings[{}] x {})", file.string(), pi, lp)));
    }
  }
  for (std::size_t a = 0; a < series.matches.size(); ++a)
    for (std::size_t b = a + 1; b < series.matches.size(); ++b)
      if (series.matches[a].name == series.matches[b].name)
        w.fail("$.series", fmt::format("the match '{}' is listed twice", series.matches[a].name));
  if (!claims.is_null()) read_series_claims(claims, file.string(), series);
  return series;
}

}  // namespace harness
