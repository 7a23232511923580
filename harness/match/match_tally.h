// What a match's stored pairs say, counted the one way every reader counts them: pairs in index order from pair 0,
// up to the first missing one, the match's pair count, or the first pair at which the SPRT's log-likelihood ratio
// crosses a bound, whichever comes first. So a match's result does not depend on the order its threads finished
// the pairs in: pairs stored beyond a gap or beyond the SPRT's decision are kept but not counted.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/match/match_config.h"
#include "harness/match/match_stats.h"
#include "harness/match/pair_record.h"

namespace harness {

struct MatchTally {
  std::vector<const PairRecord*> counted;  // in index order, 0, 1, 2, ...
  Pentanomial pentanomial{};
  WinDrawLoss wdl;
  WinDrawLoss first_as_white, first_as_black;  // the first player's games by its colour (games 1 and 2 of each pair)
  double llr = 0;
  SprtVerdict verdict = SprtVerdict::running;
  std::size_t stored_not_counted = 0;
  std::map<std::string, int> ends;  // games by how they ended (game_end_name)
  double seconds = 0, engine_seconds = 0;  // summed over the counted pairs
  std::uint64_t nodes = 0;

  // Whether the match needs no more pairs: its pair count reached or the SPRT decided.
  bool finished(const MatchSpec& spec) const;
};

MatchTally tally_pairs(const std::map<int, PairRecord>& stored, const MatchSpec& spec);
// Counts the pairs of `stored` that now follow `t`'s counted ones (the runner's tally grows as pairs arrive: the same
// result as tally_pairs, in time linear in the pairs, not quadratic). `stored` must be the map `t` was counted from.
void extend_tally(MatchTally& t, const std::map<int, PairRecord>& stored, const MatchSpec& spec);

// "pairs 40/100  games 80  score 43.5/80 (54.4 %)  Elo +30.5 ± 60.1  nElo +40.2 ± 80.3  LLR 0.52 [-2.94, 2.94]"
std::string tally_line(const MatchTally& t, const MatchSpec& spec);

// The match in one line as fastchess prints its result (its lines "Elo: ... nElo: ...", "LOS: ..., DrawRatio: ...",
// "Games: ..., Wins: ...", "Ptnml(0-2): [...]" and "LLR: ... (lower, upper) [nElo0, nElo1]" joined):
// "Elo: +30.5 +/- 60.1, nElo: +40.2 +/- 80.3, LOS: 84.1 %, DrawRatio: 30.0 %, Games: 80, Wins: 30, Losses: 26,
// Draws: 24, Points: 42.0 (52.5 %), Ptnml(0-2): [1, 10, 15, 12, 2], LLR: 0.52 (-2.94, 2.94) [0, 10]".
// DrawRatio is drawn games over games; an undefined figure is "-".
std::string fastchess_line(const MatchTally& t, const MatchSpec& spec);

// Drawn games over games (0 without games).
double draw_ratio(const WinDrawLoss& w);

// "+30.5 ± 60.1", or "-" when undefined.
std::string elo_text(const EloInterval& e);

}  // namespace harness
