// Stockman's SSS* (1979) as the survey of game algorithms describes it (its §4.3; docs/search.md, "Root drivers"): a best-first
// search over an OPEN list of (N, s, h) triples and the six cases of the Γ operator.
#pragma once

#include <cstddef>
#include <stdexcept>

#include "engine/driver_context.h"

namespace buho {

// SSS*'s OPEN list grows with the tree (the survey: "un aumento de la complejidad espacial, que es la
// desventaja de este algoritmo"). Past SearchConfig::sss_open_limit entries the search ends with this
// error, naming the size reached, instead of exhausting memory. The harness reports it as bad input.
class OpenListLimitError : public std::runtime_error {
 public:
  OpenListLimitError(std::size_t reached, std::size_t limit, int depth);
  std::size_t reached() const { return reached_; }

 private:
  std::size_t reached_;
};

// One iteration of SSS* to `depth` from the current position of `ctx.board` (the root, a MAX node).
// Returns the minimax value from the root side to move's view and sets ctx.root_best; returns 0 when
// the search was stopped. Throws OpenListLimitError when OPEN passes the limit.
Score stockman_sss(DriverContext& ctx, int depth);

}  // namespace buho
