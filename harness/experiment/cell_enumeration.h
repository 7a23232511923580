// An experiment's cells: every position × depth × version of the versions table, then every point of
// each TT sweep (for_each_sweep_point), each cell keyed once, at its creation.
#pragma once

#include <string>
#include <vector>

#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/experiment_config.h"

namespace harness {

// Every cell of the experiment in a fixed order (versions table first, then each sweep; within a table
// position, version/scheme, entries, depth). A cell with the same identity as an earlier one (e.g. version
// D at its own TT size and the same point of a TT sweep) is enumerated once, standing in both tables.
std::vector<CellSpec> enumerate_cells(const Experiment& exp, const std::string& engine_identity);

}  // namespace harness
