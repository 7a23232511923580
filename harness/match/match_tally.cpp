#include "harness/match/match_tally.h"

#include <fmt/core.h>

namespace harness {

bool MatchTally::finished(const MatchSpec& spec) const {
  return verdict != SprtVerdict::running || int(counted.size()) >= spec.pairs;
}

void extend_tally(MatchTally& t, const std::map<int, PairRecord>& stored, const MatchSpec& spec) {
  for (int i = int(t.counted.size()); i < spec.pairs && t.verdict == SprtVerdict::running; ++i) {
    const auto it = stored.find(i);
    if (it == stored.end()) break;
    const PairRecord& p = it->second;
    t.counted.push_back(&p);
    const int a = p.first_player_half_points(0), b = p.first_player_half_points(1);
    ++t.pentanomial[std::size_t(pentanomial_index(a, b))];
    for (int h : {a, b}) {
      if (h == 2) ++t.wdl.wins;
      else if (h == 1) ++t.wdl.draws;
      else ++t.wdl.losses;
    }
    for (const GameRecord& g : p.games) {
      ++t.ends[std::string(game_end_name(g.end))];
      for (const PlayedMove& m : g.moves) t.nodes += m.nodes;
    }
    t.seconds += p.seconds;
    t.engine_seconds += p.engine_seconds;
    if (spec.sprt_enabled) {
      t.llr = sprt_llr(t.pentanomial, spec.sprt);
      t.verdict = sprt_verdict(t.llr, spec.sprt);
    }
  }
  t.stored_not_counted = stored.size() - t.counted.size();
}

MatchTally tally_pairs(const std::map<int, PairRecord>& stored, const MatchSpec& spec) {
  MatchTally t;
  extend_tally(t, stored, spec);
  return t;
}

std::string elo_text(const EloInterval& e) {
  return e.defined ? fmt::format("{:+.1f} ± {:.1f}", e.elo, e.error) : "-";
}

std::string tally_line(const MatchTally& t, const MatchSpec& spec) {
  const std::uint64_t games = t.wdl.games();
  std::string line = fmt::format("pairs {}/{}  games {}  W/D/L {}/{}/{}  score {:.1f}/{} ({:.1f} %)  Elo {}  nElo {}",
                                 t.counted.size(), spec.pairs, games, t.wdl.wins, t.wdl.draws, t.wdl.losses,
                                 t.wdl.points(), games, games ? 100.0 * t.wdl.points() / double(games) : 0.0,
                                 elo_text(logistic_elo(t.pentanomial)), elo_text(normalized_elo(t.pentanomial)));
  if (spec.sprt_enabled)
    line += fmt::format("  LLR {:.2f} [{:.2f}, {:.2f}]", t.llr, spec.sprt.lower(), spec.sprt.upper());
  return line;
}

}  // namespace harness
