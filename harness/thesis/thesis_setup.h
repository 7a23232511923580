// What the thesis's experiments were (ch. 6, Appendix B), written once: which version and position each table
// of Appendix B uses and the replacement schemes of its TT tables. The thesis comparison (thesis_compare.cpp) reads
// these (the thesis's claims are data: configs/claims/); general code (the runner, the writers) knows nothing of them, so another paper's reproduction can sit beside this one as its own section.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace harness::thesis {

// Tables B.1-B.6: versions A-H (each adds to the previous one) on the thesis's positions 1-6, depths 1-9. A
// config names which of its positions stands for which thesis position (`thesis_position`).
inline constexpr int kFirstPosition = 1;
inline constexpr int kLastPosition = 6;
// The versions of Tables B.1-B.6, in order: each adds one technique to the one before (§6.2).
inline constexpr std::string_view kVersions = "ABCDEFGH";

// How the readings are judged against Tables B.1-B.6 (docs/readings.md, "calibration"): fitted on depths 1-6,
// judged on the held-out depths 7-9; the shape (each version's count over its predecessor's) from depth 4, where
// the trees are large enough for a step to mean something.
inline constexpr int kLastFittedDepth = 6;
inline constexpr int kFirstStepDepth = 4;

// Tables B.7-B.9: one position, every scheme and size. Their depth-1..9 rows equal version D of Table B.5 within
// a few nodes (THESIS.md §4), so the sweep ran with version D's settings on position 5.
inline constexpr std::string_view kTtTableVersion = "D";
inline constexpr int kTtTablePosition = 5;

// §4.6.3's four replacement schemes, by the names data/thesis/thesis_tt_nodes.csv and the engine's `tt_scheme`
// flag both use. The thesis has no other scheme: any other name is not the thesis's and is never read as one.
enum class Scheme { Always, Never, Depth, DepthAlways };
inline constexpr std::array<std::pair<Scheme, std::string_view>, 4> kSchemes = {{
    {Scheme::Always, "always"},
    {Scheme::Never, "never"},
    {Scheme::Depth, "depth"},
    {Scheme::DepthAlways, "depth_always"},
}};
inline std::optional<Scheme> scheme_of(std::string_view name) {
  for (const auto& [scheme, n] : kSchemes)
    if (n == name) return scheme;
  return std::nullopt;
}
inline std::string_view scheme_name(Scheme s) {
  for (const auto& [scheme, n] : kSchemes)
    if (scheme == s) return n;
  return {};
}

}  // namespace harness::thesis
