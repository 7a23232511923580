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
    for (int g = 0; g < 2; ++g) {
      const int h = g == 0 ? a : b;
      for (WinDrawLoss* w : {&t.wdl, g == 0 ? &t.first_as_white : &t.first_as_black}) {
        if (h == 2) ++w->wins;
        else if (h == 1) ++w->draws;
        else ++w->losses;
      }
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

double draw_ratio(const WinDrawLoss& w) { return w.games() ? double(w.draws) / double(w.games()) : 0.0; }

std::string fastchess_line(const MatchTally& t, const MatchSpec& spec) {
  const auto pm = [](const EloInterval& e) {
    return e.defined ? fmt::format("{:+.1f} +/- {:.1f}", e.elo, e.error) : std::string("-");
  };
  const auto los = likelihood_of_superiority(t.pentanomial);
  const std::uint64_t games = t.wdl.games();
  const Pentanomial& p = t.pentanomial;
  std::string line = fmt::format(
      "Elo: {}, nElo: {}, LOS: {}, DrawRatio: {:.1f} %, Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1f} "
      "({:.1f} %), Ptnml(0-2): [{}, {}, {}, {}, {}]",
      pm(logistic_elo(p)), pm(normalized_elo(p)), los ? fmt::format("{:.1f} %", 100.0 * *los) : "-",
      100.0 * draw_ratio(t.wdl), games, t.wdl.wins, t.wdl.losses, t.wdl.draws, t.wdl.points(),
      games ? 100.0 * t.wdl.points() / double(games) : 0.0, p[0], p[1], p[2], p[3], p[4]);
  if (spec.sprt_enabled)
    line += fmt::format(", LLR: {:.2f} ({:.2f}, {:.2f}) [{:g}, {:g}]", t.llr, spec.sprt.lower(), spec.sprt.upper(),
                        spec.sprt.nelo0, spec.sprt.nelo1);
  return line;
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
