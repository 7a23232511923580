#include "harness/storage/run_log.h"

#include <fmt/core.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>
#include <thread>

#include "harness/identity/engine_signature.h"
#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/storage/durable_file.h"

namespace harness {

namespace {

// The value of the first line "key<sep>value" of a text file, quotes and spaces trimmed.
std::string field_of(const char* file, const std::string& key, char sep) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) != 0) continue;
    const auto at = line.find(sep);
    if (at == std::string::npos) continue;
    std::string v = line.substr(at + 1);
    const auto first = v.find_first_not_of(" \t\""), last = v.find_last_not_of(" \t\"");
    return first == std::string::npos ? "" : v.substr(first, last - first + 1);
  }
  return "";
}

// What the compiler was told, as far as the binary can see it (no build-system variable needed).
std::string build_description() {
  std::string b;
#if defined(__OPTIMIZE__)
  b = "optimised";
#else
  b = "not optimised";
#endif
#if defined(NDEBUG)
  b += ", NDEBUG";
#endif
#if defined(__SANITIZE_ADDRESS__)
  b += ", AddressSanitizer";
#endif
#if defined(__BMI2__) && defined(__AVX2__)
  b += ", AVX2+BMI2 (-march=native)";
#endif
  return b;
}

}  // namespace

MachineInfo this_machine() {
  MachineInfo m;
  m.cpu = field_of("/proc/cpuinfo", "model name", ':');
  m.cores = std::thread::hardware_concurrency();
  m.os = field_of("/etc/os-release", "PRETTY_NAME", '=');
#if defined(__clang__)
  m.compiler = fmt::format("clang {}", __clang_version__);
#elif defined(__GNUC__)
  m.compiler = fmt::format("gcc {}", __VERSION__);
#else
  m.compiler = "unknown";
#endif
  m.build = build_description();
  return m;
}

std::string utc_now_iso() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::json RunRecord::to_json() const {
  nlohmann::json j = {{"started_utc", started_utc},
          {"wall_seconds", wall_seconds},
          {"threads", threads},
          {"shard", shard},
          {"cells_run", cells_run},
          {"nodes", nodes},
          {"engine_seconds", engine_seconds},
          {"engine", engine},
          {"bench_signature", bench_signature},
          {"machine",
           {{"cpu", machine.cpu}, {"cores", machine.cores}, {"os", machine.os}, {"compiler", machine.compiler},
            {"build", machine.build}}}};
  if (!note.empty()) j["note"] = note;
  return j;
}

RunRecord RunRecord::from_json(const nlohmann::json& j) {
  RunRecord r;
  r.started_utc = j.value("started_utc", "");
  r.wall_seconds = j.value("wall_seconds", 0.0);
  r.threads = j.value("threads", 1);
  r.shard = j.value("shard", "1/1");
  r.cells_run = j.value("cells_run", std::uint64_t(0));
  r.nodes = j.value("nodes", std::uint64_t(0));
  r.engine_seconds = j.value("engine_seconds", 0.0);
  r.engine = j.value("engine", "");
  r.bench_signature = j.value("bench_signature", std::uint64_t(0));
  r.note = j.value("note", "");
  if (auto m = j.find("machine"); m != j.end() && m->is_object()) {
    r.machine.cpu = m->value("cpu", "");
    r.machine.cores = m->value("cores", 0u);
    r.machine.os = m->value("os", "");
    r.machine.compiler = m->value("compiler", "");
    r.machine.build = m->value("build", "");
  }
  return r;
}

RunRecord finished_run(const std::string& started_utc, double wall_seconds, int threads, std::uint64_t count,
                       std::uint64_t nodes, double engine_seconds, const std::string& engine) {
  RunRecord run;
  run.started_utc = started_utc;
  run.wall_seconds = wall_seconds;
  run.threads = threads;
  run.shard = "1/1";
  run.cells_run = count;
  run.nodes = nodes;
  run.engine_seconds = engine_seconds;
  run.engine = engine;
  run.bench_signature = engine_signature().version_h_nodes;
  run.machine = this_machine();
  return run;
}

void append_run_record(const std::filesystem::path& dir, const RunRecord& run) {
  // One write of the whole line, synced; a failure is an IoError naming the file (durable_file.h).
  // A line cut off by a crash is ended first, so it spoils only itself (the reader skips it).
  const auto file = dir / kRunsFile;
  const std::string before = read_file_bytes(file);
  append_durably(file, (before.empty() || before.back() == '\n' ? "" : "\n") + run.to_json().dump() + "\n");
}

std::vector<RunRecord> read_run_records(const std::filesystem::path& dir) {
  std::vector<RunRecord> runs;
  // Read as bytes: a FIFO or a device at the name is refused rather than waited on (read_file_bytes).
  std::istringstream in(read_file_bytes(dir / kRunsFile));
  std::string line;
  // A run log is informative, not a result: a line cut off by a crash (or nested past kMaxJsonDepth) is skipped, not
  // an error.
  while (std::getline(in, line)) {
    nlohmann::json j;
    try {
      j = parse_json_checked(line, (dir / kRunsFile).string());
    } catch (const std::exception&) {
      continue;
    }
    if (j.is_object()) runs.push_back(RunRecord::from_json(j));
  }
  return runs;
}

}  // namespace harness
