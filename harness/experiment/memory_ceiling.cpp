#include "harness/experiment/memory_ceiling.h"

#include <fmt/core.h>
#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

namespace harness {

namespace {

// The number after `name` on a line of `file` ("MemAvailable: 123 kB"), times `unit`; nullopt when absent.
std::optional<std::uint64_t> field_of(const char* file, const std::string& name, std::uint64_t unit) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string key;
    std::uint64_t value = 0;
    if (fields >> key >> value && key == name) return value * unit;
  }
  return std::nullopt;
}

// The first line of `file` as a number; nullopt when absent or not a number ("max").
std::optional<std::uint64_t> number_in(const std::string& file) {
  std::ifstream in(file);
  std::uint64_t value = 0;
  if (in >> value) return value;
  return std::nullopt;
}

// What this process's cgroup (v2: /proc/self/cgroup's "0::<path>") may still take; nullopt without a limit.
std::optional<std::uint64_t> cgroup_headroom() {
  std::ifstream in("/proc/self/cgroup");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("0::", 0) != 0) continue;
    const std::string dir = "/sys/fs/cgroup" + line.substr(3);
    const auto max = number_in(dir + "/memory.max"), current = number_in(dir + "/memory.current");
    if (!max || !current) return std::nullopt;
    // memory.current counts the page cache, which the kernel reclaims before it refuses: its inactive part is
    // counted as free, as MemAvailable counts it (Documentation/admin-guide/cgroup-v2.rst, memory.stat).
    const std::uint64_t reclaimable = field_of((dir + "/memory.stat").c_str(), "inactive_file", 1).value_or(0);
    const std::uint64_t used = *current > reclaimable ? *current - reclaimable : 0;
    return *max > used ? *max - used : 0;
  }
  return std::nullopt;
}

}  // namespace

std::uint64_t available_memory_bytes() {
  std::uint64_t available = field_of("/proc/meminfo", "MemAvailable:", 1024).value_or(0);
  const auto lower_to = [&available](std::uint64_t limit) { available = available ? std::min(available, limit) : limit; };
  if (rlimit as{}; ::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t mapped = field_of("/proc/self/status", "VmSize:", 1024).value_or(0);
    lower_to(as.rlim_cur > mapped ? as.rlim_cur - mapped : 1);
  }
  if (const auto headroom = cgroup_headroom()) lower_to(std::max<std::uint64_t>(*headroom, 1));
  return available;
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

std::string table_memory_problem(std::vector<std::uint64_t> table_bytes, int threads, std::uint64_t available) {
  if (available == 0 || table_bytes.empty() || threads < 1) return {};
  const std::size_t at_once = std::min(table_bytes.size(), std::size_t(threads));
  std::partial_sort(table_bytes.begin(), table_bytes.begin() + std::ptrdiff_t(at_once), table_bytes.end(),
                    std::greater<>());
  std::uint64_t needed = 0;
  std::size_t fit = 0;  // how many of the largest tables fit together
  for (std::size_t i = 0; i < at_once; ++i) {
    needed += table_bytes[i];
    if (needed <= available) fit = i + 1;
  }
  if (needed <= available) return {};
  const auto mib = [](std::uint64_t bytes) { return (bytes + (std::uint64_t(1) << 20) - 1) >> 20; };
  return fmt::format("--threads {} would search {} cells at once with transposition tables of up to {} MiB each "
                     "(tt_entries times the scheme's bytes an entry), about {} MiB in all, and this process has {} MiB "
                     "available: {}",
                     threads, at_once, mib(table_bytes[0]), mib(needed), mib(available),
                     fit == 0 ? "even one table of that size does not fit; lower tt_entries"
                              : fmt::format("give --threads {} or fewer, or lower tt_entries", fit));
}

}  // namespace harness
