// `harness uci` as a child process driven through pipes, as a GUI drives it: lines written when the test chooses,
// the input closed (end of input) or `quit` sent at any point, the time to exit measured, every output line kept.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace uci_process {

// How many of `text`'s lines start with `prefix` ("bestmove ", "go").
inline int count_prefix(const std::string& text, const std::string& prefix) {
  int n = 0;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) n += l.rfind(prefix, 0) == 0;
  return n;
}

class UciProcess {
 public:
  UciProcess() {
    ::signal(SIGPIPE, SIG_IGN);  // a write after the process ended fails instead of ending the test
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    std::string program = BUHO_HARNESS_BIN, command = "uci";
    char* argv[] = {program.data(), command.data(), nullptr};
    if (posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv, environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    input_ = in[1];
    reader_ = std::thread([this, fd = out[0]] {
      char buf[4096];
      for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) {
        std::lock_guard lock(mutex_);
        text_.append(buf, std::size_t(n));
      }
      ::close(fd);
    });
  }
  ~UciProcess() {
    close_input();
    if (pid_ > 0 && !exited_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (reader_.joinable()) reader_.join();
  }
  UciProcess(const UciProcess&) = delete;
  UciProcess& operator=(const UciProcess&) = delete;

  bool started() const { return pid_ > 0; }
  // Writes `text` (lines ending in \n); false when the pipe is closed (the process ended).
  bool send(const std::string& text) {
    return input_ >= 0 && ::write(input_, text.data(), text.size()) == ssize_t(text.size());
  }
  void close_input() {
    if (input_ >= 0) ::close(input_);
    input_ = -1;
  }
  // Waits up to `limit` for the process to exit; its exit code, or -1 when it did not exit in time (it is then
  // killed) or died by a signal.
  int wait_exit(std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
      int status = 0;
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        exited_ = true;
        if (reader_.joinable()) reader_.join();
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      if (std::chrono::steady_clock::now() >= end) return -1;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  std::string output() {
    std::lock_guard lock(mutex_);
    return text_;
  }
  // Waits up to `limit` for a line starting with `prefix`; whether it came.
  bool wait_for_line(const std::string& prefix, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
      if (count_lines(prefix) > 0) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
  }
  // Lines of the output so far that start with `prefix`.
  int count_lines(const std::string& prefix) {
    const std::string text = output();
    int n = 0;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = std::min(text.find('\n', at), text.size());
      if (text.compare(at, prefix.size(), prefix) == 0 && end - at >= prefix.size()) ++n;
      at = end + 1;
    }
    return n;
  }

 private:
  pid_t pid_ = -1;
  int input_ = -1;
  bool exited_ = false;
  std::thread reader_;
  std::mutex mutex_;
  std::string text_;
};

}  // namespace uci_process
