// A cell's inputs travel between the two forms: CellSpec (what the runner is asked to search) and
// CellRecord (a line of cells.jsonl, which holds every input beside the results). The field-by-field
// copy is written here once, so a new input cannot be carried one way and forgotten the other.
#pragma once

#include <string>

#include "harness/experiment/cell_store.h"
#include "harness/experiment/experiment_config.h"

namespace harness {

// A record with the cell's inputs and key filled in, the given engine identity and no results yet.
CellRecord record_of_inputs(const CellSpec& cell, const std::string& engine_identity);
// The cell a record was measured from (its groups are not stored and are left empty).
CellSpec spec_of(const CellRecord& record);

}  // namespace harness
