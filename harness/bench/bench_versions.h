// `harness bench search --versions`: the speed of every version A-H of configs/versions.json and of the
// peer programs Glaurung and Ethereal (over UCI, when installed) on LCT II's POS.01, in one run, each a median of
// nodes per CPU second over rounds. Every round searches all of them in turn, so that a change of load on a shared
// machine touches them alike, and each version's ratio to Glaurung is taken within the run.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace harness {

struct VersionsBenchOptions {
  int rounds = 5;
  int depth = 0;       // every version's depth; 0 = each one's built-in depth (a few seconds a search)
  int peer_depth = 0;  // every peer's depth; 0 = each one's built-in depth
  std::string glaurung = "glaurung";  // a name looked for in $PATH and /usr/games, a path, or '' to skip
  std::string ethereal = "ethereal";  // likewise (Debian's ethereal-chess is found under this name too)
  bool json = false;   // print nothing: the caller prints the JSON returned
};

// Runs the comparison, prints its table unless `json`, and returns {"versions_bench": {...}} for the caller's JSON.
// A peer that is not installed is reported as such ("status": "not installed"), one that fails as "failed: ...";
// neither stops the run.
nlohmann::json run_versions_bench(const VersionsBenchOptions& options);

}  // namespace harness
