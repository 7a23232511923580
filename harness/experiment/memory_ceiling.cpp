#include "harness/experiment/memory_ceiling.h"

#include <fmt/core.h>

#include <fstream>
#include <sstream>

namespace harness {

std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string name;
    std::uint64_t kb = 0;
    if (fields >> name >> kb && name == "MemAvailable:") return kb * 1024;
  }
  return 0;
}

std::string sss_memory_problem(const buho::SearchConfig& cfg, std::uint64_t available) {
  if (cfg.root_driver != buho::RootDriver::Sss || available == 0) return {};
  const std::uint64_t needed = std::uint64_t(cfg.sss_open_limit) * kSssBytesPerOpenEntry;
  if (needed <= available) return {};
  return fmt::format("sss_open_limit {} would let SSS*'s OPEN list take about {} MiB ({} bytes an entry), and this "
                     "machine has {} MiB available: the kernel would end the search before its own limit did; lower "
                     "sss_open_limit to at most {}",
                     cfg.sss_open_limit, needed >> 20, kSssBytesPerOpenEntry, available >> 20,
                     available / kSssBytesPerOpenEntry);
}

}  // namespace harness
