#include "harness/report/claim_metric_disagreement.h"

#include <fmt/core.h>

#include <limits>
#include <map>

#include "harness/report/depth_end.h"

namespace harness {

namespace {

bool solved_at(const CellRecord* r) { return r->solve && r->solve->solved; }

}  // namespace

std::map<std::string, PhaseDisagreement> disagreement_by_phase(const ResultSet& rs) {
  std::map<std::string, PhaseDisagreement> by_phase;
  for (const auto& c : rs.cells) {
    if (!c.in_table(TableRef::versions()) || !rs.has_reference(c)) continue;
    const CellRecord* r = rs.record(c);
    const CellRecord* ref = rs.reference_of(c);
    if (!answers(r) || !exact_answer(ref)) continue;
    const PositionSpec* p = rs.experiment.find_position(c.inputs.position);
    PhaseDisagreement& ph = by_phase[p ? p->phase : "middlegame"];
    ++ph.cells;
    ph.differ += r->best_move != ref->best_move;
    ph.lost += solved_at(ref) && !solved_at(r);
    ph.gained += !solved_at(ref) && solved_at(r);
  }
  return by_phase;
}

ClaimPart best_move_disagreement_part(const ResultSet& rs, const ClaimPartSpec& spec) {
  const ClaimFigure& f = spec.figure;
  ClaimPart part;
  const std::string what = !spec.label.empty() ? spec.label
                                               : fmt::format("best move differs from the exact reference's, share in {} "
                                                             "÷ share in {} (every depth and version with a reference)",
                                                             f.phase, f.against_phase);
  const double low = spec.low.value_or(0), high = spec.high.value_or(std::numeric_limits<double>::infinity());
  part.rule = !spec.low    ? fmt::format("{}: ratio <= {:.2f}", what, high)
              : !spec.high ? fmt::format("{}: ratio >= {:.2f}", what, low)
                           : fmt::format("{}: ratio within [{:.2f}, {:.2f}]", what, low, high);
  auto by_phase = disagreement_by_phase(rs);
  const PhaseDisagreement a = by_phase[f.phase], b = by_phase[f.against_phase];
  if (a.cells == 0 || b.cells == 0) {
    part.figures = fmt::format("no cell with an exact reference in the {}", a.cells == 0 ? f.phase : f.against_phase);
    return part;
  }
  const double ra = double(a.differ) / a.cells, rb = double(b.differ) / b.cells;
  auto counts = [](const std::string& name, const PhaseDisagreement& x) {
    return fmt::format("{} {} of {} cells ({:.1f} %; solutions lost {}, gained {})", name, x.differ, x.cells,
                       100.0 * x.differ / x.cells, x.lost, x.gained);
  };
  part.figures = fmt::format("{}; {}", counts(f.phase, a), counts(f.against_phase, b));
  if (rb == 0) {
    part.figures += ": the share it is divided by is 0";
    return part;
  }
  part.figures += fmt::format(": ratio {:.2f} (counts over cells: exact, no interval)", ra / rb);
  part.state = decide(ra / rb >= low && ra / rb <= high, true);
  return part;
}

}  // namespace harness
