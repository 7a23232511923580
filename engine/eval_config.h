// §2.4 / Appendix A: one switch per evaluation term, its values as parameters (thesis defaults).
// (Being filled in by the evaluation work, issue 3.)
#pragma once

#include "engine/param_table.h"

namespace buho {

struct EvalConfig {
  bool material = true;
  int pawn_value = 100;
  int knight_value = 300;
  int bishop_value = 310;
  int rook_value = 500;
  int queen_value = 900;
};

const ParamTable<EvalConfig>& eval_params();

}  // namespace buho
