#include "harness/experiment/shard.h"

#include <fmt/core.h>

#include <charconv>

#include "harness/errors.h"

namespace harness {

std::string Shard::text() const { return fmt::format("{}/{}", index, count); }

Shard parse_shard(const std::string& text) {
  auto bad = [&](const char* why) {
    return UserError(fmt::format("--shard '{}': {} (expected i/n with 1 <= i <= n, e.g. 1/4; "
                                 "with a Slurm array use --shard $((SLURM_ARRAY_TASK_ID+1))/N for 0-based ids)",
                                 text, why));
  };
  const auto slash = text.find('/');
  if (slash == std::string::npos) throw bad("no '/'");
  Shard s;
  auto parse = [&](std::string_view part, int& out) {
    auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc() && p == part.data() + part.size() && !part.empty();
  };
  const std::string_view all(text);
  if (!parse(all.substr(0, slash), s.index) || !parse(all.substr(slash + 1), s.count)) throw bad("not two integers");
  if (s.count < 1) throw bad("n must be at least 1");
  if (s.index < 1 || s.index > s.count) throw bad("i must be between 1 and n");
  return s;
}

}  // namespace harness
