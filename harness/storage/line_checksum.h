// The checksum every stored line carries (cells.jsonl, its flag-set file, a match's pairs.jsonl): the line's last
// member, over the line's own text as written, so a reader checks it without re-serialising the line, and a line
// edited or damaged after it was written is named and refused.
//
// Two kinds, told apart by the member's name; a line keeps the kind it was written with:
//  - `"line_xxh"` (written since 2026-11-27): XXH3-64 (xxHash, Debian libxxhash-dev) of the text before the
//    member. About 0.05 us for a cell's ~1 KB line where FNV-1a took about 1.3 us (a multiply per byte, each
//    waiting for the one before): on a run of depth-1 cells that was 3 % of the engine's time on its own.
//  - `"line_fnv"` (2026-11-26 to 2026-11-27): FNV-1a 64 (fnv1a_64) of the text before the member followed by `}`.
//    Read and checked as before; never written any more.
// A line without either member is refused like one whose checksum does not match: lines written before checksums
// existed were retired with the runs that held them (git tag results-history).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace harness {

// The line_xxh checksum of `text`: XXH3-64 with the default seed. Built to notice edits and damage, not to resist a
// forger (a forger recomputes any checksum the file itself describes).
std::uint64_t line_hash64(std::string_view text);

// The line `line_json` (a JSON object) with its checksum member (line_xxh) added before its closing brace.
std::string with_checksum(std::string_view line_json);
// The same appended to `out`, with the newline that ends a stored line: no string of its own per line.
void append_checked_line(std::string& out, std::string_view line_json);
// The member a checked line ends with, `,"line_xxh":"<16 hex digits>"}`: its size, and the member itself written
// into `tail` (kChecksumTailSize bytes) for the line whose text before the member is `body`.
inline constexpr std::size_t kChecksumTailSize = 13 + 16 + 2;
void write_checksum_tail(std::string_view body, char* tail);

// Whether a stored line's text matches its checksum, of either kind: false for a line without one.
bool check_line(std::string_view line);

}  // namespace harness
