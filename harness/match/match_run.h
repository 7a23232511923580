// Plays a match's missing pairs into DIR/pairs.jsonl on a pool of threads, each thread a whole pair at a time (its two
// games one after the other, two engines each, their tables kept per thread: game.h GameMemory). Pairs are handed out
// in index order; after each stored pair the counted prefix (match_tally.h) is tallied again, and once the SPRT decides
// or the pair count is reached no pair is started. A pair stopped by an interrupt is dropped whole, never stored.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>

#include "harness/experiment/shard.h"
#include "harness/match/match_config.h"
#include "harness/match/pair_record.h"

namespace harness {

struct MatchRunOptions {
  int threads = 1;
  bool progress = true;                          // a line on stderr at most every second, and the last one
  const std::atomic<bool>* interrupt = nullptr;  // set by ^C or SIGTERM: the pairs in flight are dropped
  std::string match_key;                         // stored with each pair (match_report.h match_key)
  // Only this shard's pairs (match_shards.h), all of them: a shard's pairs alone never reach an SPRT decision.
  Shard shard;
};

struct MatchRunTotals {
  int pairs_played = 0;  // by this run, stored
  double wall_seconds = 0;
  double engine_seconds = 0;  // the engines' search time over the pairs played
  std::uint64_t nodes = 0;    // the engines' nodes over the pairs played
  bool interrupted = false;
};

// Plays every pair of `spec` (of options.shard) not in `dir`/pairs.jsonl that the tally still needs.
MatchRunTotals run_match(const MatchSpec& spec, const std::filesystem::path& dir, const MatchRunOptions& options);

// Plays one pair (exposed for the tests); false when `stop` interrupted it.
bool play_pair(const MatchSpec& spec, int index, GameMemory& memory, PairRecord& out,
               const std::atomic<bool>* stop = nullptr);

}  // namespace harness
