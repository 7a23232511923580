// SSS*'s OPEN list grows with the tree, up to the flag sss_open_limit. A limit the machine could not hold would
// meet the kernel's out-of-memory killer before the search's own clear error, so a search whose limit needs more
// than the memory available is refused before it starts, naming the flag, the bytes it needs and the bytes there
// are. Measured: OPEN costs about kSssBytesPerOpenEntry bytes an entry (resident memory of `harness search` with
// driver=sss on LCTII.POS.01, version A: 30,072 KB at depth 6 with a peak of 38,551 entries, 271,804 KB at depth 7
// with 980,841: 263 bytes an entry), so the flag's maximum (2^28) needs about 70 GB.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/search_config.h"

namespace harness {

inline constexpr std::uint64_t kSssBytesPerOpenEntry = 263;

// The memory this process may still take now, 0 when it cannot be read: the machine's MemAvailable (/proc/meminfo),
// or less where a limit of the process's own is lower: its address-space limit (RLIMIT_AS, `ulimit -v`) less what it
// maps already, its cgroup's memory.max less memory.current (cgroup v2, e.g. `systemd-run -p MemoryMax=`).
std::uint64_t available_memory_bytes();

// "" when `cfg` is not SSS* or its OPEN limit fits in `available` bytes (0: unknown, nothing refused); else why not.
std::string sss_memory_problem(const buho::SearchConfig& cfg, std::uint64_t available);

// "" when `threads` searches at once fit their transposition tables in `available` bytes (0: unknown, nothing
// refused), each search taking one of `table_bytes` (a table per cell to run): the `threads` largest together, as
// when the largest cells run at once; else why not, naming the threads, the largest table and the threads that fit.
// Checked before a run: a thread count the memory cannot hold fails cell after cell for want of memory.
std::string table_memory_problem(std::vector<std::uint64_t> table_bytes, int threads, std::uint64_t available);

}  // namespace harness
