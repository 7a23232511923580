// The engine identity stored with every cell, every experiment.json and every run log, and folded into each
// new cell's key. It is computed from bench searches in one place (harness/identity/engine_signature.h): a change
// to the engine that alters the tree of any version A-H, or of the heuristics-off configuration, changes it,
// so cells of two different engines are never mixed silently.
#pragma once

#include <string>

namespace harness {

// "buho-2+sig:<16 hex>".
const std::string& engine_identity();

// Whether cells made by the engine `identity` (as stored in a cell, an experiment.json or a run log) may be
// read, reported, resumed and re-run with this engine: its own identity only. Cells of an earlier identity are
// re-made by this engine (committed runs of earlier identities are kept at git tag results-history, with the code
// that read them as this engine's). Every comparison of identities goes through here.
bool same_engine(const std::string& identity);

}  // namespace harness
