#include "harness/match/match_shards.h"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <set>

#include "harness/errors.h"
#include "harness/experiment/presets.h"
#include "harness/input_file.h"
#include "harness/match/match_report.h"
#include "harness/match/pair_store.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/results_kind.h"
#include "harness/storage/run_log.h"

namespace harness {

using nlohmann::json;
namespace fs = std::filesystem;

std::optional<Shard> match_file_shard(const json& match_file, const std::string& where) {
  if (!match_file.is_object() || !match_file.contains(kMatchShardKey)) return std::nullopt;
  const json& s = match_file[kMatchShardKey];
  if (!s.is_string()) throw UserError(fmt::format("{}: 'shard' is {}, not \"i/n\"", where, s.dump()));
  try {
    return parse_shard(s.get<std::string>());
  } catch (const UserError& e) {
    throw UserError(fmt::format("{}: {}", where, e.what()));
  }
}

int shard_pair_count(const Shard& s, int pairs) {
  // Pairs i - 1, i - 1 + n, ... below `pairs`.
  return pairs >= s.index ? (pairs - s.index) / s.count + 1 : 0;
}

namespace {

json read_match_file(const fs::path& dir) {
  const fs::path file = dir / kMatchFile;
  try {
    return parse_json_checked(read_input_file(file, file.string(), kMaxConfigBytes), file.string());
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
}

// A match.json without what differs between the shards of one match: the shard and the date its first pair was
// played on.
json without_shard(json j) {
  j.erase(kMatchShardKey);
  j.erase("date");
  return j;
}

struct ShardInput {
  std::string dir;
  json file;
  Shard shard;
};

}  // namespace

std::string first_differing_key(const json& a, const json& b) {
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key()) || b[it.key()] != it.value()) return it.key();
  for (auto it = b.begin(); it != b.end(); ++it)
    if (!a.contains(it.key())) return it.key();
  return "";
}

MatchMergeResult merge_match_shards(const std::vector<std::string>& dirs, const fs::path& out) {
  // Every input checked first: the same match in the same n shards, each shard once, none missing, each complete.
  std::map<int, ShardInput> by_index;
  std::optional<ShardInput> first;
  for (const std::string& d : dirs) {
    if (results_kind(d) != ResultsKind::match)
      throw UserError(fmt::format("{}: holds {}, not a shard of a match (match.json and pairs.jsonl); a match's shards "
                                  "merge only with each other",
                                  d, results_kind_name(results_kind(d))));
    ShardInput in{d, read_match_file(d), Shard{}};
    const std::string where = (fs::path(d) / kMatchFile).string();
    const std::optional<Shard> shard = match_file_shard(in.file, where);
    if (!shard)
      throw UserError(fmt::format("{}: a whole match, not a shard of one (no \"shard\" in its match.json); `harness "
                                  "merge` joins the directories of `harness match CONFIG --shard i/n`",
                                  d));
    in.shard = *shard;
    if (!first) {
      first = in;
    } else {
      const json a = without_shard(first->file), b = without_shard(in.file);
      if (a != b)
        throw UserError(fmt::format("{} and {} hold shards of different matches (match.json's '{}' differs): only the "
                                    "shards of one config played by one engine merge",
                                    first->dir, d, first_differing_key(a, b)));
      if (in.shard.count != first->shard.count)
        throw UserError(fmt::format("{} is shard {} but {} is shard {}: a match's shards merge only with the other "
                                    "shards of the same split (the same n)",
                                    d, in.shard.text(), first->dir, first->shard.text()));
    }
    if (const auto it = by_index.find(in.shard.index); it != by_index.end())
      throw UserError(fmt::format("{} and {} both hold shard {} (overlapping shards): give each shard once",
                                  it->second.dir, d, in.shard.text()));
    by_index.emplace(in.shard.index, in);
  }
  const int n = first->shard.count;
  std::vector<std::string> missing;
  for (int i = 1; i <= n; ++i)
    if (!by_index.count(i)) missing.push_back(fmt::format("{}/{}", i, n));
  if (!missing.empty()) {
    std::string list, given;
    for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
    for (const auto& [index, in] : by_index) given += fmt::format("{}{} ({})", given.empty() ? "" : ", ", in.shard.text(), in.dir);
    throw UserError(fmt::format("shard{} {} of match {} missing (given: {}): give the directory of every shard",
                                missing.size() > 1 ? "s" : "", list, first->file.value("name", "?"), given));
  }
  std::map<int, PairRecord> pairs;
  for (const auto& [index, in] : by_index) {
    const auto loaded = load_match_dir(in.dir);  // every pair checked against its match.json and its shard
    const int expected = shard_pair_count(in.shard, loaded->spec.pairs);
    if (int(loaded->stored.size()) != expected) {
      int gap = in.shard.index - 1;
      while (loaded->stored.count(gap)) gap += n;
      throw UserError(fmt::format("{}: shard {} holds {} of its {} pairs (pair {}, counting from 0, is missing): finish it first (the "
                                  "same `harness match CONFIG --shard {} --out {}` resumes it)",
                                  in.dir, in.shard.text(), loaded->stored.size(), expected, gap, in.shard.text(),
                                  in.dir));
    }
    for (auto& [k, p] : loaded->stored) pairs.emplace(k, std::move(p));
  }

  // OUT is new, or holds this very merge from before (a recipe run again): then only the reports are written again.
  // The merged match is never mixed with other pairs.
  require_results_kind(out, ResultsKind::match, "harness merge --out");
  if (fs::exists(out) && !fs::is_directory(out))
    throw UserError(fmt::format("--out {}: exists and is not a directory", out.string()));
  bool merged_before = false;
  if (fs::exists(out / kMatchFile) || fs::exists(out / kPairsFile)) {
    const auto refuse = [&](const std::string& why) {
      return UserError(fmt::format("--out {}: {}, not these shards merged; merge into a new directory", out.string(), why));
    };
    if (!fs::exists(out / kMatchFile)) throw refuse(fmt::format("holds {} without {}", kPairsFile, kMatchFile));
    const json old = read_match_file(out);
    if (match_file_shard(old, (out / kMatchFile).string()) || without_shard(old) != without_shard(first->file))
      throw refuse("holds another match or a shard");
    const std::map<int, PairRecord> old_pairs = read_pairs(out / kPairsFile);
    if (old_pairs.size() != pairs.size()) throw refuse(fmt::format("holds {} pairs", old_pairs.size()));
    for (const auto& [k, p] : old_pairs)
      if (!pairs.count(k) || pairs.at(k).to_json() != p.to_json()) throw refuse(fmt::format("holds pairs of this match played or merged apart from these shards (pair {} is "
                                 "not their line)", k));
    merged_before = true;
  }
  fs::create_directories(out);
  const OutputLock lock(out, this_command_line());

  if (!merged_before) {
    // match.json as a single run writes it: no shard, and the date of the match's first games (the earliest shard's).
    json merged = first->file;
    merged.erase(kMatchShardKey);
    std::string date = merged.value("date", "");
    for (const auto& [index, in] : by_index) date = std::min(date, in.file.value("date", date));
    if (!date.empty()) merged["date"] = date;
    write_file_atomically(out / kMatchFile, merged.dump(2) + "\n");
    PairStore store(out / kPairsFile);
    for (const auto& [k, p] : pairs) store.append(p);  // in index order
    store.sync();
  }
  // The shards' run logs travel with their pairs (each once), so the merged directory says where and how each was
  // played.
  std::set<std::string> logged;
  for (const auto& r : read_run_records(out)) logged.insert(r.to_json().dump());
  for (const auto& [index, in] : by_index)
    for (const auto& r : read_run_records(in.dir))
      if (logged.insert(r.to_json().dump()).second) append_run_record(out, r);

  const MatchReport report = write_match_reports(out);
  MatchMergeResult r;
  r.shards = n;
  r.pairs = int(pairs.size());
  r.files = report.files;
  r.summary_lines = report.summary_lines;
  return r;
}

}  // namespace harness
