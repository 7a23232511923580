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

}  // namespace harness
