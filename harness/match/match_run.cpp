#include "harness/match/match_run.h"

#include <fmt/core.h>

#include <chrono>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "harness/errors.h"
#include "harness/match/match_tally.h"
#include "harness/match/pair_store.h"

namespace harness {

namespace {

using MatchClock = std::chrono::steady_clock;

double match_seconds_since(MatchClock::time_point t) {
  return std::chrono::duration<double>(MatchClock::now() - t).count();
}

std::string match_clock_text(double seconds) {
  const long s = long(seconds + 0.5);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60) : fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

bool play_pair(const MatchSpec& spec, int index, GameMemory& memory, PairRecord& out, const std::atomic<bool>* stop) {
  const auto t0 = MatchClock::now();
  out = PairRecord{};
  out.index = index;
  out.fen = spec.opening_of_pair(index);
  for (int g = 0; g < 2; ++g) {
    const MatchPlayer& white = spec.players[g == 0 ? 0 : 1];
    const MatchPlayer& black = spec.players[g == 0 ? 1 : 0];
    if (!play_game(white, black, out.fen, spec.limit, spec.adjudication, memory, out.games[g], stop)) return false;
    out.engine_seconds += out.games[g].engine_seconds;
  }
  out.seconds = match_seconds_since(t0);
  return true;
}

MatchRunTotals run_match(const MatchSpec& spec, const std::filesystem::path& dir, const MatchRunOptions& options) {
  const auto file = dir / kPairsFile;
  std::map<int, PairRecord> stored = read_pairs(file, spec.pairs);
  // The identity (match.json) names the openings file and its size, not its content: each stored pair's opening is
  // checked against what the file gives now.
  for (const auto& [index, pair] : stored)
    if (pair.fen != spec.opening_of_pair(index))
      throw UserError(fmt::format("{}: pair {} was played from {}, but {} now gives {} for it: the openings changed "
                                  "since; restore them, or start again with --fresh",
                                  file.string(), index + 1, pair.fen, spec.openings_file, spec.opening_of_pair(index)));
  PairStore store(file);
  MatchRunTotals totals;
  const auto t0 = MatchClock::now();

  MatchTally tally = tally_pairs(stored, spec);  // grown as pairs arrive (extend_tally)
  const Shard& shard = options.shard;
  std::vector<int> todo;
  if (!shard.all() || !tally.finished(spec))
    for (int i = 0; i < spec.pairs; ++i)
      if (shard.holds(std::size_t(i)) && !stored.count(i)) todo.push_back(i);
  const std::size_t stored_at_start = stored.size();

  std::mutex mutex;  // guards stored, totals, next, decided, failure, the progress line
  std::size_t next = 0;
  bool decided = false;
  std::exception_ptr failure;
  auto last_line = MatchClock::now() - std::chrono::seconds(10);
  std::string last_text;
  const auto progress = [&](const MatchTally& t, bool last) {
    if (!options.progress || (!last && match_seconds_since(last_line) < 1.0)) return;
    // A shard's tally stops at its first gap (another shard's pair): its progress is its pairs stored.
    const std::string text = shard.all() ? tally_line(t, spec)
                                         : fmt::format("shard {}: pairs {}/{}", shard.text(), stored.size(),
                                                       todo.size() + stored_at_start);
    if (last && text == last_text) return;  // the line already shown
    last_text = text;
    last_line = MatchClock::now();
    const std::size_t played = stored.size() - stored_at_start;
    const std::size_t left = shard.all()
                                 ? std::max<std::size_t>(std::size_t(spec.pairs), t.counted.size()) - t.counted.size()
                                 : todo.size() + stored_at_start - stored.size();
    const std::string eta = played == 0 ? "?" : match_clock_text(match_seconds_since(t0) / double(played) * double(left));
    fmt::print(stderr, "{}: {}  ETA {}\n", spec.name, text, left == 0 || (shard.all() && t.finished(spec)) ? "0:00" : eta);
  };

  const auto worker = [&] {
    GameMemory memory;
    for (;;) {
      int index;
      {
        std::lock_guard lock(mutex);
        if (decided || failure || next >= todo.size()) return;
        index = todo[next++];
      }
      if (options.interrupt && options.interrupt->load()) return;
      PairRecord pair;
      try {
        if (!play_pair(spec, index, memory, pair, options.interrupt)) return;
        pair.match_key = options.match_key;
        std::lock_guard lock(mutex);
        store.append(pair);
        totals.engine_seconds += pair.engine_seconds;
        for (const auto& game : pair.games)
          for (const auto& m : game.moves) totals.nodes += m.nodes;
        ++totals.pairs_played;
        stored.emplace(index, std::move(pair));
        extend_tally(tally, stored, spec);
        if (shard.all() && tally.finished(spec)) decided = true;
        progress(tally, false);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        return;
      }
    }
  };
  const int threads = std::max(1, std::min<int>(options.threads, int(todo.size())));
  std::vector<std::thread> pool;
  for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  store.sync();
  if (failure) std::rethrow_exception(failure);
  totals.wall_seconds = match_seconds_since(t0);
  totals.interrupted = options.interrupt && options.interrupt->load();
  progress(tally, true);
  return totals;
}

}  // namespace harness
