#include "harness/experiment/exact_reference.h"

namespace harness {

buho::SearchConfig exact_config(const buho::SearchConfig& s, const buho::SearchConfig& p) {
  buho::SearchConfig e = s;
  for (const auto flag : buho::kForwardPruningFlags) e.*flag = false;
  // §5.2 null move's parameters and readings.
  e.null_move_r = p.null_move_r;
  e.null_move_min_material = p.null_move_min_material;
  e.null_move_min_depth = p.null_move_min_depth;
  e.null_move_at_root = p.null_move_at_root;
  e.null_move_material_rule = p.null_move_material_rule;
  e.null_move_adaptive_depth = p.null_move_adaptive_depth;
  e.null_move_adaptive_depth_few = p.null_move_adaptive_depth_few;
  // §5.3 futility's.
  e.futility_margin_1 = p.futility_margin_1;
  e.futility_margin_2 = p.futility_margin_2;
  e.futility_at_root = p.futility_at_root;
  e.futility_alpha = p.futility_alpha;
  e.futility_material = p.futility_material;
  e.futility_mate_guard = p.futility_mate_guard;
  e.futility_positional = p.futility_positional;
  e.razoring_margin_3 = p.razoring_margin_3;
  // §5.4 LMR's.
  e.lmr_min_moves = p.lmr_min_moves;
  e.lmr_min_depth = p.lmr_min_depth;
  e.lmr_reduction = p.lmr_reduction;
  e.lmr_scope = p.lmr_scope;
  return e;
}

std::optional<CellInputs> exact_reference_inputs(const CellInputs& cell, const buho::SearchConfig& params_from,
                                                 const std::string& reference_version) {
  if (!buho::prunes_forward(cell.search)) return std::nullopt;
  CellInputs ref = cell;
  ref.search = exact_config(cell.search, params_from);
  ref.version = reference_version;
  return ref;
}

}  // namespace harness
