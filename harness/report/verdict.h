// The verdict every study gives a claim, and the one place its words are spelled. A claim holds only when its
// evidence lies inside the claimed band, does not hold when it lies wholly outside, and is undecided otherwise (an
// interval that meets the band's edge, or fewer than two units); a claim of several parts combines them by one of
// the rules below.
#pragma once

#include <string_view>
#include <vector>

namespace harness {

enum class Verdict {
  holds,
  holds_partly_measured,  // every measured part holds, but some part has no cells
  holds_in_part,          // holds at some of the depths or rows it is about, not at all of them
  does_not_hold,
  undecided,
  not_measured,
};

// The words REPORT.md and summary.json print for a verdict.
constexpr std::string_view verdict_text(Verdict v) {
  switch (v) {
    case Verdict::holds: return "holds";
    case Verdict::holds_partly_measured: return "holds (partly measured)";
    case Verdict::holds_in_part: return "holds only in part";
    case Verdict::does_not_hold: return "does not hold";
    case Verdict::undecided: return "undecided";
    case Verdict::not_measured: break;
  }
  return "not measured";
}

// A claim over several rows or depths that holds when `holds` (every one decides for it), does not hold when
// `fails` (one decides against it), and is undecided otherwise.
constexpr Verdict decide(bool holds, bool fails) {
  return holds ? Verdict::holds : fails ? Verdict::does_not_hold : Verdict::undecided;
}

// The combining rule for a claim of parts, each decided alone: does not hold when a part does not; else undecided
// when a part is; else holds — "holds (partly measured)" when some parts were not measured; "not measured" when
// none was.
inline Verdict combine_parts(const std::vector<Verdict>& parts) {
  bool any_measured = false, any_missing = false, any_fail = false, any_undecided = false;
  for (Verdict p : parts) {
    any_measured |= p != Verdict::not_measured;
    any_missing |= p == Verdict::not_measured;
    any_fail |= p == Verdict::does_not_hold;
    any_undecided |= p == Verdict::undecided;
  }
  if (!any_measured) return Verdict::not_measured;
  if (any_fail) return Verdict::does_not_hold;
  if (any_undecided) return Verdict::undecided;
  return any_missing ? Verdict::holds_partly_measured : Verdict::holds;
}

}  // namespace harness
