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

// Claim C9 (§6.3, Figure 6.3): "doubling the size saves ~15 % at 128K, 5-7 % above 512K" (K = 1024 entries).
inline constexpr int kC9SmallTable = 128 * 1024;
inline constexpr int kC9LargeTablesFrom = 512 * 1024;

}  // namespace harness::thesis
