// The engine identity stored with every cell and folded into its key: a version string the search
// work bumps by hand, plus a node-count signature over a few fixed searches (computed once per
// process, ~0.1 s). A change to the engine that alters any of those trees changes the identity,
// so old cells are never mixed with new ones silently.
#pragma once

#include <string>

namespace harness {

// Bump when the search or evaluation changes in a way the signature searches might not reach.
inline constexpr const char* kEngineVersion = "buho-1";

// "buho-1+sig:<16 hex>".
const std::string& engine_identity();

// Whether cells made by the engine `identity` (as stored in a cell, an experiment.json or a run log) may be
// read, reported, resumed and re-run with this engine: its own identity, or an earlier identity whose trees
// this engine is known to grow unchanged (listed in engine_identity.cpp, each with the evidence). Every
// comparison of identities goes through here.
bool same_engine(const std::string& identity);

}  // namespace harness
