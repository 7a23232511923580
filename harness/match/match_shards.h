// Sharded matches: `harness match CONFIG --shard i/n` plays only the pairs k with k mod n = i - 1 (the same opening
// and the same games as in a single run: a pair depends on its index alone, match_run.h), into a match directory
// whose match.json carries "shard": "i/n"; `harness merge` joins the n shard directories into one match directory
// equal to a single run's (match.json, pairs.jsonl in index order, REPORT.md, summary.json, games.pgn), refusing
// shards of different matches or engines, of different n, given twice or missing.
//
// A shard cannot stop at an SPRT's decision: the decision needs the pairs in index order from pair 0, which are
// spread over every shard. Each shard plays all its pairs; the merged directory counts them as a single run does
// (match_tally.h), up to the decision, and the pairs beyond it are stored, not counted.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/shard.h"
#include "harness/match/pair_record.h"

namespace harness {

// The member of match.json marking a shard's directory: "shard": "i/n".
inline constexpr const char* kMatchShardKey = "shard";

// The shard a match.json marks, or none for a whole match. UserError naming `where` when the member is not "i/n".
std::optional<Shard> match_file_shard(const nlohmann::json& match_file, const std::string& where);

// How many of a match's `pairs` pairs shard `s` holds (pair k when k mod n = i - 1).
int shard_pair_count(const Shard& s, int pairs);

// The first key at which two match identities (match.json members) differ ("engine", "players", "nodes", ...), ""
// when they agree: what a refusal to resume or to merge names.
std::string first_differing_key(const nlohmann::json& a, const nlohmann::json& b);

struct MatchMergeResult {
  int shards = 0;
  int pairs = 0;
  std::vector<std::filesystem::path> files;  // the reports written
  std::vector<std::string> summary_lines;    // as `harness match` prints them
};

// Joins the shard directories `dirs` (every shard of one match, each once and complete) into `out`, a new match
// directory. Checks every input before writing anything; UserError naming the directory and the problem.
MatchMergeResult merge_match_shards(const std::vector<std::string>& dirs, const std::filesystem::path& out);

}  // namespace harness
