// Helpers for the runner's tests: temporary directories, writing files, and running the harness
// binary (BUHO_HARNESS_BIN) with its exit code and output.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace runner_test {

namespace fs = std::filesystem;

// Whether this build runs under AddressSanitizer, whose shadow memory an address-space limit (`ulimit -v`) refuses:
// GCC defines __SANITIZE_ADDRESS__, clang says it through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("buho-runner-test-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  fs::path operator/(const std::string& name) const { return path / name; }
};

inline void write_text(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

// A test with a temporary directory and an experiment config in it (tmp/`name`, written by the test's SetUp with
// write_config), which the tests run.
struct ConfigInTempDir : ::testing::Test {
  TempDir tmp;
  fs::path config;
  void write_config(const std::string& name, const std::string& text) {
    config = tmp / name;
    write_text(config, text);
  }
};

inline std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Result {
  int code = -1;
  std::string output;  // stdout and stderr
};

// Runs a shell command line, output captured.
inline Result run_shell(const std::string& command) {
  Result r;
  const fs::path out = fs::temp_directory_path() / ("buho-runner-out-" + std::to_string(::getpid()));
  const std::string cmd = "{ " + command + " ; } > " + out.string() + " 2>&1";
  const int status = std::system(cmd.c_str());
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.output = read_text(out);
  fs::remove(out);
  return r;
}

// Runs `harness <args>` through the shell, output captured.
// Appended rather than `std::string(BUHO_HARNESS_BIN) + " " + args`: GCC 12 warns falsely (-Warray-bounds inside
// std::string's move) where that expression is inlined into some callers.
inline Result run_harness(const std::string& args) {
  std::string command = BUHO_HARNESS_BIN;
  command.append(" ").append(args);
  return run_shell(command);
}

// Starts `harness <argv...>` without waiting; stdout/stderr to /dev/null.
inline pid_t spawn_harness(const std::vector<std::string>& args) {
  std::vector<std::string> all = {BUHO_HARNESS_BIN};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  posix_spawn(&pid, all[0].c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

inline std::size_t count_lines(const fs::path& file) {
  std::string t = read_text(file);
  std::size_t n = 0;
  for (char c : t) n += c == '\n';
  return n;
}

}  // namespace runner_test
