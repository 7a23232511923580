// Shared by the cluster recipe tests (cluster_parallel_test, cluster_slurm_slow_test): a small experiment, a small
// match, running a shell command, and cells compared between runs.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runner_test_util.h"

namespace cluster_test {

// Two positions, depths 1-3, small tables: a few seconds. Versions as given (JSON objects or preset names).
inline std::string config(const std::string& name, const std::string& versions) {
  return R"({"name": ")" + name + R"(", "positions": [{"epd": "positions/lct2.epd", "ids": ["LCTII.POS.01", "LCTII.FIN.01"]}],
 "depths": [1, 2, 3], "versions": [)" + versions + "]}";
}

// Twelve game pairs of H against E at 300 nodes per move: a few seconds.
inline std::string match_config(const std::string& name) {
  return R"({"name": ")" + name + R"(", "match": {"players": ["H", "E"], "openings": ")" + BUHO_SOURCE_DIR +
         R"(/positions/openings_noob_3moves_sample.epd", "pairs": 12, "nodes": 300, "max_moves": 60}})";
}

// A cells.jsonl's lines, sorted, without the wall-clock fields (search_seconds, engine_seconds, iteration_seconds,
// solved_seconds): they measure
// one run's time and differ between any two runs; everything else must be equal byte for byte.
inline std::vector<std::string> cells_without_timing(const std::filesystem::path& file) {
  std::vector<std::string> out;
  std::istringstream in(runner_test::read_text(file));
  for (std::string line; std::getline(in, line);) {
    nlohmann::json j = nlohmann::json::parse(line);
    j.erase("search_seconds");
    j.erase("engine_seconds");
    j.erase("iteration_seconds");  // the wall-clock fields of the solution scoring
    j.erase("solved_seconds");
    j.erase("line_xxh");  // a checksum of the line, timings included (line_checksum.h)
    out.push_back(j.dump());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Runs `command` with /bin/sh; its exit code, or -1 when it did not exit normally.
inline int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace cluster_test
