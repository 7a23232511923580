// §2.4 and Appendix A: the thesis's evaluation, a linear sum of terms, each switchable (EvalConfig).
#pragma once

#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/eval_config.h"

namespace buho {

// One term's contribution for each side, in centipawns (positive = good for that side).
struct TermScore {
  std::string name;  // the EvalConfig flag that switches it
  Score white = 0;
  Score black = 0;
};

struct EvalBreakdown {
  std::vector<TermScore> terms;
  Score white_total = 0;
  Score black_total = 0;
  Score total = 0;      // from the side to move's view: (white - black) or (black - white)
  bool endgame = false; // §2.4 material below the endgame threshold
};

class Evaluator {
 public:
  explicit Evaluator(const EvalConfig& cfg);
  Score evaluate(const Board& b) const;         // side to move's view
  Score material_balance(const Board& b) const; // material only, side to move's view (§5.3 futility)
  // §2.4.1 material of `c` in the configured piece values (king excluded), pawns included or not. The
  // null move's "little material" test (§5.2.2) reads the second, so it moves with eval.*_value as
  // futility does.
  int material(const Board& b, Color c) const;
  int non_pawn_material(const Board& b, Color c) const;
  // §2.4.3 the evaluation's endgame test (the one compute() uses); the null move's eval_endgame rule
  // (§5.2.2) asks this same test.
  bool is_endgame(const Board& b) const;
  EvalBreakdown breakdown(const Board& b) const;
  const EvalConfig& config() const { return cfg_; }

 private:
  struct Terms;  // per-term, per-side sums of one evaluation (defined in eval.cpp)
  // The single implementation behind evaluate() and breakdown(), so they cannot disagree. Fills
  // `t` and returns whether the position is an endgame (§2.4.3). Allocates nothing.
  bool compute(const Board& b, Terms& t) const;
  bool endgame_by_material(int white_material, int black_material) const;

  EvalConfig cfg_;
};

}  // namespace buho
