// The cells of a results directory, for tests that compare runs: by key, without the wall-clock fields
// (search_seconds, engine_seconds, iteration_seconds, solved_seconds: the only fields two runs of one cell may
// differ in). A key stored twice fails
// the calling test.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/storage/cell_store.h"

namespace runner_test {

inline std::map<std::string, nlohmann::json> cells_by_key(const std::filesystem::path& dir) {
  std::map<std::string, nlohmann::json> out;
  for (const auto& r : harness::read_cells(dir / "cells.jsonl").rows) {
    nlohmann::json j = r.to_json();
    j.erase("search_seconds");
    j.erase("engine_seconds");
    j.erase("iteration_seconds");  // the solution scoring's wall-clock fields: each iteration's and the solution's seconds
    j.erase("solved_seconds");
    EXPECT_TRUE(out.emplace(r.key, j).second) << "cell stored twice: " << r.key;
  }
  return out;
}

}  // namespace runner_test
