// A ResultSet of an experiment given as JSON, indexed and empty, for tests that fill its rows with hand-made counts
// (the studies' arithmetic tested on known nodes, without searching).
#pragma once

#include <nlohmann/json.hpp>

#include "harness/experiment/experiment_config.h"
#include "harness/experiment/result_set.h"

namespace runner_test {

inline harness::ResultSet indexed_result_set(const nlohmann::json& config) {
  harness::ResultSet rs;
  rs.experiment = harness::parse_experiment(config, "cfg.json");
  rs.engine = "test-engine";
  rs.index();
  return rs;
}

}  // namespace runner_test
