// The checksum every stored line carries (cells.jsonl, its flag-set file, a match's pairs.jsonl): the line's last
// member, over the line's own text as written, so a reader checks it without re-serialising the line, and a line
// edited or damaged after it was written is named and refused.
//
// The checksum is XXH3-64 (xxHash, Debian libxxhash-dev) of the text before the member, `"line_xxh"`: about 0.05 us
// for a cell's ~1 KB line where FNV-1a took about 1.3 us (a multiply per byte, each waiting for the one before). A
// line without it is refused like one whose checksum does not match: lines of the older formats (an FNV-1a checksum,
// or none) were retired with the runs that held them and the code that read them (git tag results-history).
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

// Whether a stored line's text matches its checksum: false for a line without one.
bool check_line(std::string_view line);

}  // namespace harness
