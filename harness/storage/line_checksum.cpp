#include "harness/storage/line_checksum.h"

#include <bit>
#include <cstring>

#include "harness/experiment/cell_inputs.h"  // fnv1a_64, hex16

namespace harness {

namespace {

constexpr std::string_view kH64Key = ",\"line_h64\":\"";
constexpr std::string_view kFnvKey = ",\"line_fnv\":\"";
static_assert(kH64Key.size() == kFnvKey.size());
static_assert(kChecksumTailSize == kH64Key.size() + 16 + 2);  // key, digits, `"}`

// Odd 64-bit constants with well-spread bits (the golden ratio's and two large primes): multipliers of the mix.
constexpr std::uint64_t kMul1 = 0x9e3779b97f4a7c15ULL;
constexpr std::uint64_t kMul2 = 0xc2b2ae3d27d4eb4fULL;
constexpr std::uint64_t kMul3 = 0x165667b19e3779f9ULL;

std::uint64_t load_le64(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap64(v);
  return v;
}

std::uint64_t lane_step(std::uint64_t lane, std::uint64_t word) { return std::rotl(lane + word * kMul2, 31) * kMul1; }

void write_hex16(std::uint64_t v, char* out) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (int i = 15; i >= 0; --i, v >>= 4) out[i] = kDigits[v & 15];
}

}  // namespace

std::uint64_t line_hash64(std::string_view text) {
  const char* p = text.data();
  const std::size_t n = text.size();
  std::uint64_t lane[4] = {kMul1, kMul2, kMul3, kMul1 ^ kMul2};
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32)
    for (int k = 0; k < 4; ++k) lane[k] = lane_step(lane[k], load_le64(p + i + 8 * std::size_t(k)));
  std::uint64_t h = std::rotl(lane[0], 1) + std::rotl(lane[1], 7) + std::rotl(lane[2], 12) + std::rotl(lane[3], 18);
  h ^= std::uint64_t(n) * kMul3;
  for (; i + 8 <= n; i += 8) h = std::rotl(h ^ lane_step(0, load_le64(p + i)), 27) * kMul1 + kMul3;
  for (; i < n; ++i) h = std::rotl(h ^ (std::uint64_t(static_cast<unsigned char>(p[i])) * kMul3), 11) * kMul1;
  // The avalanche: every input bit reaches every output bit.
  h ^= h >> 33;
  h *= kMul2;
  h ^= h >> 29;
  h *= kMul3;
  h ^= h >> 32;
  return h;
}

void write_checksum_tail(std::string_view body, char* tail) {
  std::memcpy(tail, kH64Key.data(), kH64Key.size());
  write_hex16(line_hash64(body), tail + kH64Key.size());
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

LineCheck check_line(std::string_view line) {
  const bool shaped = line.size() >= kChecksumTailSize + 2 && line.substr(line.size() - 2) == "\"}";
  const std::string_view key = shaped ? line.substr(line.size() - kChecksumTailSize, kH64Key.size()) : std::string_view();
  if (key != kH64Key && key != kFnvKey)
    // A member anywhere else: the line was parsed and written again (its members re-sorted), so edited.
    return line.find(kH64Key.substr(1)) == std::string_view::npos && line.find(kFnvKey.substr(1)) == std::string_view::npos
               ? LineCheck::none
               : LineCheck::mismatch;
  const std::string_view body = line.substr(0, line.size() - kChecksumTailSize);
  // line_fnv's body is the text up to the member, then `}`: hashed in two pieces rather than copied.
  const std::uint64_t sum = key == kH64Key ? line_hash64(body) : fnv1a_64("}", fnv1a_64(body));
  return hex16(sum) == line.substr(line.size() - 18, 16) ? LineCheck::ok : LineCheck::mismatch;
}

}  // namespace harness
