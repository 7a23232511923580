// --shard i/n: run every n-th cell of the experiment's fixed cell order, so one sweep can be spread
// over n machines (GNU parallel, a Slurm job array) and joined with `harness merge`.
#pragma once

#include <cstddef>
#include <string>

namespace harness {

struct Shard {
  int index = 1;  // 1-based: 1..count
  int count = 1;
  bool all() const { return count == 1; }
  // Whether cell number k (0-based, in enumerate_cells order) is this shard's: k % n == i - 1.
  bool holds(std::size_t k) const { return int(k % std::size_t(count)) == index - 1; }
  std::string text() const;  // "i/n"
};

// Parses "i/n" with 1 <= i <= n. Throws UserError saying what is accepted.
Shard parse_shard(const std::string& text);

}  // namespace harness
