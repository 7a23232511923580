#include "harness/match/pair_record.h"

#include <fmt/core.h>

#include <sstream>

#include "engine/board.h"
#include "harness/errors.h"

namespace harness {

using nlohmann::json;

namespace {

// Above any pair a match may have (pair_store.h's kMaxMatchPairs) and within int.
constexpr int kMaxPairIndex = 1 << 30;

json game_json(const GameRecord& g) {
  std::string moves;
  json scores = json::array(), depths = json::array(), nodes = json::array();
  for (const PlayedMove& m : g.moves) {
    if (!moves.empty()) moves += ' ';
    moves += m.move.uci();
    scores.push_back(m.score);
    depths.push_back(m.depth);
    nodes.push_back(m.nodes);
  }
  json j{{"white", g.white}, {"black", g.black}, {"result", std::string(result_text(g.result))},
         {"end", std::string(game_end_name(g.end))}, {"end_text", g.end_text}, {"moves", moves},
         {"scores", scores}, {"depths", depths}, {"nodes", nodes}};
  // A clock game's times (absent from a game at a node budget or depth, whose lines stay as they were).
  if (g.timed) {
    json used = json::array(), clocks = json::array();
    for (const PlayedMove& m : g.moves) {
      used.push_back(m.used_ms);
      clocks.push_back(m.clock_ms);
    }
    j["used_ms"] = used;
    j["clocks_ms"] = clocks;
  }
  return j;
}

GameRecord game_from(const json& j, const std::string& fen, const std::string& where) {
  GameRecord g;
  g.fen = fen;
  g.white = j.at("white").get<std::string>();
  g.black = j.at("black").get<std::string>();
  const std::string result = j.at("result").get<std::string>();
  if (result == "1-0") g.result = 1;
  else if (result == "0-1") g.result = -1;
  else if (result == "1/2-1/2") g.result = 0;
  else throw UserError(fmt::format("{}: result '{}' is not 1-0, 0-1 or 1/2-1/2", where, result));
  if (!parse_game_end(j.at("end").get<std::string>(), g.end))
    throw UserError(fmt::format("{}: unknown game end '{}'", where, j.at("end").get<std::string>()));
  g.end_text = j.at("end_text").get<std::string>();
  const auto& scores = j.at("scores");
  const auto& depths = j.at("depths");
  const auto& nodes = j.at("nodes");
  g.timed = j.contains("clocks_ms");
  const json none = json::array();
  const auto& used = g.timed ? j.at("used_ms") : none;
  const auto& clocks = g.timed ? j.at("clocks_ms") : none;
  buho::Board b = buho::Board::from_fen(fen);
  std::istringstream moves(j.at("moves").get<std::string>());
  std::size_t i = 0;
  for (std::string uci; moves >> uci; ++i) {
    PlayedMove m;
    m.move = b.parse_uci_move(uci);
    if (m.move.is_null()) throw UserError(fmt::format("{}: move {} '{}' is not legal in {}", where, i + 1, uci, b.fen()));
    if (i >= scores.size() || i >= depths.size() || i >= nodes.size())
      throw UserError(fmt::format("{}: fewer scores, depths or nodes than moves", where));
    m.score = scores[i].get<int>();
    m.depth = depths[i].get<int>();
    if (!nodes[i].is_number_unsigned())  // get<std::uint64_t>() would read -5 as 2^64 - 5 and 1.5 as 1
      throw UserError(fmt::format("{}: nodes of move {} is {}, not a count (an integer from 0)", where, i + 1, nodes[i].dump()));
    m.nodes = nodes[i].get<std::uint64_t>();
    if (g.timed) {
      if (i >= used.size() || i >= clocks.size())
        throw UserError(fmt::format("{}: fewer used_ms or clocks_ms than moves", where));
      m.used_ms = used[i].get<std::int64_t>();
      m.clock_ms = clocks[i].get<std::int64_t>();
    }
    b.make_move(m.move);
    g.moves.push_back(m);
  }
  return g;
}

}  // namespace

int PairRecord::first_player_half_points(int g) const {
  const int white_half_points = games[g].result + 1;  // 0, 1, 2 for White
  return g == 0 ? white_half_points : 2 - white_half_points;
}

json PairRecord::to_json() const {
  json j{{"pair", index}, {"fen", fen}, {"games", json::array({game_json(games[0]), game_json(games[1])})},
         {"seconds", seconds}, {"engine_seconds", engine_seconds}};
  if (!match_key.empty()) j["match"] = match_key;
  return j;
}

PairRecord PairRecord::from_json(const json& j, const std::string& where) {
  PairRecord p;
  try {
    // The index as written: an integer from 0 (get<int>() would read 1.5 as 1 and wrap 2^32).
    if (const json& index = j.at("pair"); !index.is_number_unsigned() || index.get<std::uint64_t>() >= std::uint64_t(kMaxPairIndex))
      throw UserError(fmt::format("{}: pair index {} is not an index of a pair (an integer from 0)", where, index.dump()));
    p.index = j.at("pair").get<int>();
    p.fen = j.at("fen").get<std::string>();
    const json& games = j.at("games");
    if (!games.is_array() || games.size() != 2) throw UserError(fmt::format("{}: a pair holds two games", where));
    for (int g = 0; g < 2; ++g) p.games[g] = game_from(games[std::size_t(g)], p.fen, where);
    p.seconds = j.value("seconds", 0.0);
    p.engine_seconds = j.value("engine_seconds", 0.0);
    if (j.contains("match")) p.match_key = j.at("match").get<std::string>();
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: unreadable pair ({})", where, e.what()));
  }
  return p;
}

}  // namespace harness
