// What the thesis's experiments were (ch. 6, Appendix B), written once: which version and position each table
// of Appendix B uses, the replacement schemes of its TT tables, and the table sizes claim C9 compares. The
// thesis comparison (thesis_compare.cpp) and the claims (claims.cpp) read these; general code (the runner, the
// writers) knows nothing of them, so another paper's reproduction can sit beside this one as its own section.
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

// Figure 6.1, which the prose of claim C1 describes, shows position 2 (§6.2: «Gráfica de los resultados obtenidos
// de la posición 2»).
inline constexpr int kFigure61Position = 2;

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

// Claim C9 (§6.3, Figure 6.3): "doubling the size saves ~15 % at 128K, 5-7 % above 512K" (K = 1024 entries), and
// "always" gains ~35 %: figures of the `always` scheme's own curve (on Tables B.7-B.9, nodes summed over depths,
// its doublings save 14.8, 9.2, 5.0 and 2.9 %; from 128K to 2048K at depth 11 it saves 36.2 %).
inline constexpr int kC9SmallTable = 128 * 1024;
inline constexpr int kC9LargeTablesFrom = 512 * 1024;

}  // namespace harness::thesis
