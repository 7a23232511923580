// The node-count signature of `harness bench search`: the sum of nodes (engine/search_stats.h) of
// version H over a fixed set of positions and depths. It changes exactly when the search tree
// changes; a commit that changes the search cites the new value, and every run log records it.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

namespace harness {

struct BenchSignature {
  std::uint64_t value = 0;
  nlohmann::json cases = nlohmann::json::array();  // [{position, depth, nodes}], in order
};

// About half a second in a Release build.
BenchSignature bench_signature();

}  // namespace harness
