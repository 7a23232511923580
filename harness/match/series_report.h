// A series of matches (match_config.h MatchSeries) in one directory: DIR/series.json names them, each match has its
// own directory DIR/<match>/ (match.json, pairs.jsonl, its REPORT.md, summary.json and games.pgn), and DIR/REPORT.md
// and DIR/summary.json hold the series study: one row per match (its players, limit, pairs, W/D/L, Elo and nElo with
// 95 % intervals, LLR and verdict), computed from each match's pairs, and where series.json names node_savings_from,
// each match beside its first player's node saving at fixed depth with the reading of both intervals.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/match/match_config.h"
#include "harness/match/match_report.h"
#include "harness/report/study.h"

namespace harness {

inline constexpr const char* kSeriesFile = "series.json";

nlohmann::json series_file_json(const MatchSeries& series);

// The series study of the loaded matches (in series order; a match not yet started is left out); with runs named in
// node_savings_from, each match beside its first player's node saving at fixed depth (series_node_savings.h).
std::unique_ptr<Study> make_series_study(const std::string& name, const std::vector<const LoadedMatch*>& matches,
                                         const std::vector<std::string>& node_savings_from = {},
                                         const PublishedEloSpec& published_elo = {});

// Writes every match's reports, then DIR/REPORT.md and DIR/summary.json of the series.
MatchReport write_series_reports(const std::filesystem::path& dir);

}  // namespace harness
