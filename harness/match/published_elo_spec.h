// Our Elo per heuristic beside the Elo the engines' own sources annotate (data/feature_elo.csv: Stockfish's and
// Ethereal's comments, with file and line). A series config names, under "series", which match measures which
// heuristic and which annotated step it is in each source:
//
//   "published_elo": {"file": "data/feature_elo.csv",
//                     "sources": [{"label": "Stockfish 15.1", "engine": "Stockfish", "version": "15.1"}, ...],
//                     "features": {"I-singular_ext": {"Stockfish 15.1": "singular extension"}, ...}}
//
// A key of "features" is the second player of the series' matches (the version without the heuristic); our Elo is
// the first player's against it, from the match's pentanomial. Per limit and source, the heuristics both give are
// listed side by side and ranked: Spearman's rho with its 95 % interval (rank_correlation.h). Only steps that are
// the same thing in both are mapped; a source step that is a whole family (Stockfish's "Step 14 as a whole") or a
// different change (LMR against none, where our factor swaps one reduction for another) is left out by the config.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/json_fields.h"

namespace harness {

struct PublishedSource {
  std::string label;    // as the report names it ("Stockfish 15.1")
  std::string engine;   // the file's engine column
  std::string version;  // the file's version column, or its first word(s) before " ("; empty: any
};

struct PublishedEloSpec {
  std::string file;  // as the config writes it: relative to the project root, or absolute
  std::vector<PublishedSource> sources;
  std::map<std::string, std::map<std::string, std::string>> features;  // second player -> source label -> feature
  bool empty() const { return sources.empty(); }
};

// Checks the section (every source label unique, every feature present in the file for its source) and loads the
// sources' figures; a mistake is a UserError naming the config file and the JSON path.
PublishedEloSpec parse_published_elo(const nlohmann::json& j, const json_fields::Where& w, const std::string& path);
nlohmann::json published_elo_json(const PublishedEloSpec& spec);

}  // namespace harness
