// What a match directory's reader writes from its stored pairs (match_tally.h counts them), never by hand:
// the match study (a Study, harness/report/study.h: its REPORT.md section and its summary.json member, together),
// REPORT.md, summary.json and games.pgn (every counted game, pair by pair, in index order, so the same pairs give the
// same file byte for byte whatever the threads). `harness match` writes them at its end and `harness report DIR`
// on a match directory (one holding match.json).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/shard.h"
#include "harness/match/match_config.h"
#include "harness/match/match_tally.h"
#include "harness/report/study.h"

namespace harness {

inline constexpr const char* kMatchFile = "match.json";
inline constexpr const char* kMatchPgnFile = "games.pgn";

// DIR/match.json: the match's identity (MatchSpec::identity_json) with its pair count, description and the date its
// games carry in PGN ("2026.11.26", the directory's first run).
nlohmann::json match_file_json(const MatchSpec& spec, const std::string& engine, const std::string& date);
// The key binding a match's pairs to its match.json: XXH3-64 (line_checksum.h line_hash64), as 16 hex digits, of the
// file's JSON without "pairs", "description", "date" and "claims" (which a resume may change) and with each player by name only
// (a resume re-reads the stored flags over the current defaults and writes them back: configs/README.md). `harness
// match` stores it in every pair line; a reader refuses a match.json whose key is not its pairs' (edited since).
std::string match_key(const nlohmann::json& match_file);

// The parts of a MatchSpec a report needs (names, limit, pair count, adjudication, SPRT), read back from match.json.
MatchSpec match_spec_from_file_json(const nlohmann::json& j, const std::string& where);

std::unique_ptr<Study> make_match_study(const MatchSpec& spec, const MatchTally& tally);

// The games of `pairs` (in the order given) as PGN: a match's counted pairs, or a shard's stored ones.
std::string match_pgn(const MatchSpec& spec, const std::vector<const PairRecord*>& pairs, const std::string& date);

// A match directory read back: its spec (match_spec_from_file_json), PGN date, the shard it holds (match_shards.h;
// none for a whole match), stored pairs (each a pair of its shard) and their tally (which points into `stored`, hence
// held by pointer).
struct LoadedMatch {
  MatchSpec spec;
  std::string date;
  std::optional<Shard> shard;
  std::map<int, PairRecord> stored;
  MatchTally tally;
  std::vector<ClaimSpec> claims;  // match.json's "claims" (match_claim_spec.h)
};
std::unique_ptr<LoadedMatch> load_match_dir(const std::filesystem::path& dir);

struct MatchReport {
  std::vector<std::filesystem::path> files;  // REPORT.md, summary.json, games.pgn
  std::vector<std::string> summary_lines;    // what `harness report` and `harness match` print at the end
};
// Reads DIR/match.json and DIR/pairs.jsonl and writes REPORT.md, summary.json and games.pgn into DIR. A shard's
// directory gets a shard's report: the pairs it holds and their games, no figure (a match's figures count its pairs
// from pair 0 on, spread over every shard: `harness merge` joins them).
MatchReport write_match_reports(const std::filesystem::path& dir);

}  // namespace harness
