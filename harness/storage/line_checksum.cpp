#include "harness/storage/line_checksum.h"

#include <cstring>

#include <xxhash.h>  // xxHash (Debian libxxhash-dev): XXH3-64

#include "harness/experiment/cell_inputs.h"  // hex16, write_hex16

namespace harness {

namespace {

constexpr std::string_view kXxhKey = ",\"line_xxh\":\"";
static_assert(kChecksumTailSize == kXxhKey.size() + 16 + 2);  // key, digits, `"}`

}  // namespace

std::uint64_t line_hash64(std::string_view text) { return XXH3_64bits(text.data(), text.size()); }

void write_checksum_tail(std::string_view body, char* tail) {
  std::memcpy(tail, kXxhKey.data(), kXxhKey.size());
  write_hex16(line_hash64(body), tail + kXxhKey.size());
  tail[kChecksumTailSize - 2] = '"';
  tail[kChecksumTailSize - 1] = '}';
}

void append_checked_line(std::string& out, std::string_view line_json) {
  const std::string_view body = line_json.substr(0, line_json.size() - 1);  // the object without its closing `}`
  const std::size_t at = out.size();
  out.resize(at + body.size() + kChecksumTailSize + 1);
  std::memcpy(out.data() + at, body.data(), body.size());
  write_checksum_tail(body, out.data() + at + body.size());
  out.back() = '\n';
}

std::string with_checksum(std::string_view line_json) {
  std::string out;
  append_checked_line(out, line_json);
  out.pop_back();
  return out;
}

bool check_line(std::string_view line) {
  const bool shaped = line.size() >= kChecksumTailSize + 2 && line.substr(line.size() - 2) == "\"}";
  const std::string_view key = shaped ? line.substr(line.size() - kChecksumTailSize, kXxhKey.size()) : std::string_view();
  // No member at the end: none at all, or one elsewhere (the line parsed and written again, its members re-sorted).
  if (key != kXxhKey) return false;
  return hex16(line_hash64(line.substr(0, line.size() - kChecksumTailSize))) == line.substr(line.size() - 18, 16);
}

}  // namespace harness
