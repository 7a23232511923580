// Resuming into an output directory: does DIR hold this experiment, and which of its cells are done.
// Cells are matched by identity (CellInputs::identity) and experiments by their typed inputs
// (same_experiment), so a directory written before a flag existed resumes (configs/README.md).
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "harness/experiment/cell_inputs.h"
#include "harness/experiment/experiment_config.h"

namespace harness {

// The identities of the cells of `cells` that DIR/cells.jsonl already holds. Nothing stored: empty.
// Throws UserError (naming DIR and what differs) when DIR/experiment.json holds another experiment or an
// engine same_engine() refuses, when DIR/cells.jsonl exists without it, or when a stored cell is not one of
// `cells` or was made by another engine.
std::set<std::string> cells_already_done(const std::filesystem::path& dir, const Experiment& exp,
                                         const std::string& engine, const std::vector<CellSpec>& cells);

}  // namespace harness
