// The engine's signature: node counts of fixed bench searches, computed in this one place and used twice.
//  - `version_h_nodes`: the sum of nodes of version H (configs/versions.json) over a fixed set of positions and
//    depths. `harness bench search` prints it ("signature 430473"); a commit that changes the search tree cites
//    the new value, and every run log records it.
//  - `identity`: what every stored cell carries and what decides whether cells may be mixed
//    (identity/engine_identity.h). It hashes the nodes, score and best move of the heuristic ladder of the
//    thesis (A: plain alpha-beta with quiescence, then each of B-H's heuristics added in the thesis's order,
//    then the §3.6 extensions) and of the heuristics-off configuration (no quiescence either), on three LCT II
//    positions. The ladder is written here in code, not read from configs/versions.json: the identity names the
//    engine's code, and editing a preset must not orphan results whose cells store their own flags.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace harness {

// Bump by hand only for a change the signature searches cannot see (e.g. a new counter's meaning).
inline constexpr const char* kEngineVersion = "buho-2";

struct EngineSignature {
  std::uint64_t version_h_nodes = 0;
  nlohmann::json version_h_cases = nlohmann::json::array();  // [{position, depth, nodes}], in order
  std::string identity;                                       // "buho-2+sig:<16 hex>"
  nlohmann::json identity_cases = nlohmann::json::array();    // [{config, position, depth, nodes, score, move}]
};

// Computed once per process (0.6 s in a Release build), then shared read-only; across processes it is read from
// a cache keyed on the program's and its data files' bytes (signature_cache.h).
const EngineSignature& engine_signature();
// The same, searched now, without the cache (the tests compare the two).
EngineSignature compute_engine_signature();
// The identity the identity ladder's cases give (kEngineVersion + "+sig:" + a hash of their counts, scores and
// moves): what compute_engine_signature() sets, and what a cached signature is checked against.
std::string identity_of_cases(const nlohmann::json& identity_cases);

}  // namespace harness
