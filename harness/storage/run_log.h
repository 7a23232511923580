// DIR/runs.jsonl: one line per `harness run` that searched cells — when, on what machine and build,
// with which engine and bench signature, how many cells and how long. The report's header is built
// from it, so a committed results directory says where and how its numbers were measured.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace harness {

inline constexpr const char* kRunsFile = "runs.jsonl";

struct MachineInfo {
  std::string cpu;       // /proc/cpuinfo "model name"
  unsigned cores = 0;    // hardware threads
  std::string os;        // /etc/os-release PRETTY_NAME
  std::string compiler;  // the compiler that built this binary
  std::string build;     // build type and options (Release, native, sanitizers)
};

MachineInfo this_machine();

struct RunRecord {
  std::string started_utc;  // ISO 8601
  double wall_seconds = 0;  // from the first cell to the last
  int threads = 1;
  std::string shard;        // "1/1" for a whole run
  std::uint64_t cells_run = 0;
  std::uint64_t nodes = 0;
  double engine_seconds = 0;  // summed over cells
  std::string engine;         // engine identity
  std::uint64_t bench_signature = 0;
  MachineInfo machine;
  std::string note;  // empty when `harness run` wrote the record; otherwise how it was made (shown in the report)

  nlohmann::json to_json() const;
  static RunRecord from_json(const nlohmann::json& j);
};

// The record of a run that just finished on this machine with this build (`harness run`, `calibrate`, `match`): the
// machine and the bench signature are filled in here, shard "1/1", no note; `count` is its cells, searches or pairs.
RunRecord finished_run(const std::string& started_utc, double wall_seconds, int threads, std::uint64_t count,
                       std::uint64_t nodes, double engine_seconds, const std::string& engine);

// Appends one line and syncs it (like cells.jsonl); IoError naming the file if the system refuses.
void append_run_record(const std::filesystem::path& dir, const RunRecord& run);
// Every readable line of DIR/runs.jsonl, oldest first; no file gives an empty list.
std::vector<RunRecord> read_run_records(const std::filesystem::path& dir);

std::string utc_now_iso();

}  // namespace harness
