// `harness match CONFIG [--threads N] [--out DIR] [--pairs N] [--shard i/n] [--fresh]`: plays a match between two
// flag sets (game pairs from the config's openings, colours swapped, a node budget, a depth or a clock per move),
// storing each pair in DIR/pairs.jsonl as it ends and resuming what is there; stops when the SPRT decides; then writes
// REPORT.md, summary.json and games.pgn (harness/match/). With --shard, only that shard's pairs, all of them
// (harness/match/match_shards.h; `harness merge` joins the shards).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <ctime>
#include <thread>

#include "harness/cli/commands.h"
#include "harness/identity/engine_identity.h"
#include "harness/experiment/interrupt_watch.h"
#include "harness/experiment/presets.h"
#include "harness/input_file.h"
#include "harness/match/match_config.h"
#include "harness/match/match_report.h"
#include "harness/match/match_run.h"
#include "harness/match/match_shards.h"
#include "harness/match/pair_store.h"
#include "harness/match/series_report.h"
#include "harness/paths.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/results_kind.h"
#include "harness/storage/run_log.h"

namespace harness {

namespace {

std::string utc_date_for_pgn() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

struct MatchOptions {
  std::string config;
  int threads = int(std::max(1u, std::thread::hardware_concurrency()));
  std::string out;
  int pairs = 0;
  bool fresh = false;
  bool quiet = false;
  std::string shard_text;
  Shard shard;
};

// Takes `dir` for one match: created and locked, its match.json checked against `spec` (or set aside with --fresh)
// and written; then plays the missing pairs and writes the match's reports. The lock is held throughout.
MatchRunTotals play_match_in(const MatchSpec& spec, const std::filesystem::path& dir, const MatchOptions& opt,
                             const std::atomic<bool>& interrupt) {
  const std::string engine = engine_identity();
  if (std::filesystem::exists(dir) && !std::filesystem::is_directory(dir))
    throw UserError(fmt::format("--out {}: exists and is not a directory", dir.string()));
  if (std::filesystem::create_directories(dir)) sync_directory(std::filesystem::absolute(dir).parent_path());
  const OutputLock lock(dir, this_command_line());
  const auto match_file = dir / kMatchFile, pairs_file = dir / kPairsFile;

  // A directory holds the pairs of one match: the same identity, or --fresh.
  std::string date = utc_date_for_pgn();
  if (opt.fresh) {
    const std::string stamp = timestamp_for_filename();
    for (const auto& f : {match_file, pairs_file})
      if (std::filesystem::exists(f)) {
        auto aside = f;
        aside += ".bak-" + stamp;
        rename_durably(f, aside);
        fmt::print(stderr, "--fresh: moved {} to {}\n", f.string(), aside.string());
      }
  } else if (std::filesystem::exists(match_file)) {
    nlohmann::json old;
    try {
      old = parse_json_checked(read_input_file(match_file, match_file.string(), kMaxConfigBytes), match_file.string());
    } catch (const nlohmann::json::exception& e) {
      throw UserError(fmt::format("{}: not valid JSON: {}", match_file.string(), e.what()));
    }
    // A shard's directory resumes only as that shard: its pairs are that shard's (match_shards.h).
    const std::optional<Shard> old_shard = match_file_shard(old, match_file.string());
    const std::string old_shard_text = old_shard ? old_shard->text() : "", new_shard_text = opt.shard.all() ? "" : opt.shard.text();
    if (old_shard_text != new_shard_text)
      throw UserError(fmt::format("--out {}: holds {} of this match, not {}; give {} to resume it, another --out, or "
                                  "--fresh to set its pairs aside",
                                  dir.string(), old_shard ? "shard " + old_shard_text : "a whole run",
                                  new_shard_text.empty() ? "a whole run" : "shard " + new_shard_text,
                                  old_shard ? "--shard " + old_shard_text : "no --shard"));
    nlohmann::json old_identity = old;
    for (const char* k : {"pairs", "description", "date", kMatchShardKey, "claims"}) old_identity.erase(k);
    // The stored players' flags over the current defaults, as the match report reads them: a flag added since
    // the pairs were played takes its default (configs/README.md: that default grows the tree they were played on).
    if (old_identity.contains("players") && old_identity["players"].is_array())
      for (std::size_t i = 0; i < old_identity["players"].size(); ++i) {
        nlohmann::json& player = old_identity["players"][i];
        if (!player.is_object() || !player.contains("flags")) continue;
        buho::SearchConfig search;
        buho::EvalConfig eval;
        apply_flags(player["flags"], search, eval, fmt::format("{}: $.players[{}].flags", match_file.string(), i));
        player["flags"] = flags_to_json(search, eval);
      }
    const nlohmann::json identity = spec.identity_json(engine);
    if (old_identity != identity)
      throw UserError(fmt::format("--out {}: holds the pairs of another match (its '{}' differs from {}'s); give "
                                  "another --out, or --fresh to set them aside",
                                  dir.string(), first_differing_key(old_identity, identity), opt.config));
    date = old.value("date", date);
  } else if (std::filesystem::exists(pairs_file)) {
    throw UserError(fmt::format("--out {}: holds {} without {}; give another --out, or --fresh", dir.string(),
                                kPairsFile, kMatchFile));
  }
  // Pairs stored beyond this run's pair count (an earlier, longer --pairs) would lie outside what match.json says.
  const std::map<int, PairRecord> stored_pairs = read_pairs(pairs_file);
  if (!stored_pairs.empty() && stored_pairs.rbegin()->first >= spec.pairs)
    throw UserError(fmt::format("{}: holds pair {}, beyond this match's {} pairs (the config's 'pairs', or --pairs): "
                                "give at least {} pairs, or --fresh",
                                pairs_file.string(), stored_pairs.rbegin()->first, spec.pairs,
                                stored_pairs.rbegin()->first + 1));
  nlohmann::json file_json = match_file_json(spec, engine, date);
  if (!opt.shard.all()) file_json[kMatchShardKey] = opt.shard.text();
  write_file_atomically(match_file, file_json.dump(2) + "\n");

  const std::size_t stored = stored_pairs.size();
  fmt::print(stderr, "{}: {} against {}, {}, up to {} pairs{}; {} stored in {}; {} thread(s)\n", spec.name,
             spec.players[0].name, spec.players[1].name,
             move_limit_text(spec.limit), spec.pairs,
             opt.shard.all() ? "" : fmt::format(", shard {} playing {} of them", opt.shard.text(),
                                               shard_pair_count(opt.shard, spec.pairs)),
             stored, pairs_file.string(), opt.threads);
  if (!opt.shard.all() && spec.sprt_enabled)
    fmt::print(stderr, "--shard: the SPRT cannot stop a shard (it counts the pairs from pair 0 on, spread over every "
                       "shard): this shard plays all its pairs, and the merged match counts them up to the decision\n");
  MatchRunOptions options;
  options.threads = opt.threads;
  options.progress = !opt.quiet;
  options.interrupt = &interrupt;
  options.match_key = match_key(file_json);
  options.shard = opt.shard;
  const std::string started_utc = utc_now_iso();
  const MatchRunTotals totals = run_match(spec, dir, options);
  if (totals.pairs_played > 0) {
    // Where, when and with what build these pairs were played (run_log.h), as `harness run` records its cells.
    RunRecord run = finished_run(started_utc, totals.wall_seconds, opt.threads, std::uint64_t(totals.pairs_played),
                                 totals.nodes, totals.engine_seconds, engine);
    run.shard = opt.shard.text();
    run.note = fmt::format("harness match: {} pairs ({} games)", totals.pairs_played, 2 * totals.pairs_played);
    append_run_record(dir, run);
  }
  if (totals.pairs_played > 0 && totals.wall_seconds > 0)
    fmt::print(stderr, "played {} pairs ({} games) in {:.1f} s wall: {:.1f} games per minute; engine time {:.1f} s = "
                       "{:.1f} % of wall x threads\n",
               totals.pairs_played, 2 * totals.pairs_played, totals.wall_seconds,
               120.0 * totals.pairs_played / totals.wall_seconds, totals.engine_seconds,
               100.0 * totals.engine_seconds / (totals.wall_seconds * std::max(1, opt.threads)));
  if (!totals.interrupted) {
    const MatchReport report = write_match_reports(dir);
    for (const auto& line : report.summary_lines) fmt::print("{}\n", line);
    for (const auto& f : report.files) fmt::print(stderr, "wrote {}\n", f.string());
  }
  return totals;
}

}  // namespace

void register_match(CLI::App& app) {
  auto opt = std::make_shared<MatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "match", "Play game pairs between two flag sets at a fixed node budget, depth or clock per move; Elo, SPRT, PGN");
  cmd->add_option("config", opt->config,
                  "Match config (JSON with a \"match\" section, and a \"series\" for several matches; see "
                  "configs/README.md)")
      ->required();
  cmd->add_option("--threads,-j", opt->threads, "Pairs played at once (each pair two engines in this process)")
      ->capture_default_str()->check(CLI::Range(1, 256));
  cmd->add_option("--out,-o", opt->out, "Output directory (default out/<name>, out/<name>-shard-i-of-n with --shard; a series puts each match in a directory of its own inside it)");
  cmd->add_option("--pairs", opt->pairs, "Play this many pairs instead of the config's pair count")->check(CLI::Range(1, 10000000));
  cmd->add_option("--shard", opt->shard_text,
                  "Play only shard i of n (i/n): the pairs k (from 0) with k mod n = i - 1, all of them, into a "
                  "directory marked as that shard; `harness merge` joins the n shards into the match");
  cmd->add_flag("--fresh", opt->fresh, "Start over: move the old pairs.jsonl and match.json aside (.bak-<time>) first");
  cmd->add_flag("--quiet,-q", opt->quiet, "No progress line");
  cmd->callback([opt] {
    // The input, checked whole before any output directory is touched.
    if (!opt->shard_text.empty()) opt->shard = parse_shard(opt->shard_text);
    MatchSeries series = load_match_series(opt->config);
    if (series.is_series && !opt->shard.all())
      throw UserError(fmt::format("--shard {}: {} is a series; a series is not sharded: shard each of its matches as a "
                                  "config of its own",
                                  opt->shard.text(), opt->config));
    if (opt->pairs > 0)
      for (auto& m : series.matches) m.pairs = opt->pairs;
    const std::string default_name =
        opt->shard.all() ? series.name : fmt::format("{}-shard-{}-of-{}", series.name, opt->shard.index, opt->shard.count);
    const std::filesystem::path dir = opt->out.empty() ? project_path("out") / default_name : std::filesystem::path(opt->out);
    // Each directory this writes holds its own kind of results or none yet (results_kind.h), all checked first.
    if (series.is_series) {
      require_results_kind(dir, ResultsKind::series, "harness match");
      for (const MatchSpec& spec : series.matches) require_results_kind(dir / spec.name, ResultsKind::match, "harness match");
    } else {
      require_results_kind(dir, ResultsKind::match, "harness match");
    }
    if (series.is_series) {
      if (std::filesystem::exists(dir) && !std::filesystem::is_directory(dir))
        throw UserError(fmt::format("--out {}: exists and is not a directory", dir.string()));
      std::filesystem::create_directories(dir);
      write_file_atomically(dir / kSeriesFile, series_file_json(series).dump(2) + "\n");
    }
    const InterruptWatch watch;
    int played = 0;
    for (const MatchSpec& spec : series.matches) {
      const MatchRunTotals totals = play_match_in(spec, series.is_series ? dir / spec.name : dir, *opt, watch.interrupted());
      played += totals.pairs_played;
      if (totals.interrupted)
        throw Interrupted(fmt::format("{} pairs of this run are stored{}; the pairs in flight were dropped. The same "
                                      "command resumes; `harness report {}` reports what is stored",
                                      played, series.is_series ? fmt::format(" (the last in {})", (dir / spec.name).string()) : "",
                                      dir.string()));
    }
    if (series.is_series) {
      const MatchReport report = write_series_reports(dir);
      fmt::print(stderr, "wrote {} and {}\n", (dir / "REPORT.md").string(), (dir / "summary.json").string());
      (void)report;
    }
  });
}

}  // namespace harness
