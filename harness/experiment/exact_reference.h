// Agreement with the exact search: a cell of a version with forward pruning (null move, futility,
// LMR or one of their variants) is compared with the same position and depth searched without it. That
// reference is a cell of its own (table "reference" in cells.csv), so it is stored in cells.jsonl, searched
// once per distinct reference config however many versions share it, and a resumed run finds it done like any
// cell. The pruning parameters (inert once the three are off) are taken from the experiment's named version
// without forward pruning (`exact_reference`, usually E), so the references of E's descendants are E's own cells.
#pragma once

#include <optional>

#include "engine/search_config.h"
#include "harness/experiment/cell_inputs.h"

namespace harness {


// `s` with null move, futility, LMR and their variants off, and every parameter that only those read set as
// in `params_from`; every other flag (ordering, table, windows, extensions, readings of quiescence) kept.
buho::SearchConfig exact_config(const buho::SearchConfig& s, const buho::SearchConfig& params_from);

// The reference of a cell, or nullopt when the cell itself prunes nothing. Its version label: the reference
// version's name (it is that version's cell when nothing else differs).
std::optional<CellInputs> exact_reference_inputs(const CellInputs& cell, const buho::SearchConfig& params_from,
                                                 const std::string& reference_version);

}  // namespace harness
