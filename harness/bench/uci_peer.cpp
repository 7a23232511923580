#include "harness/bench/uci_peer.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/core.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace harness {

namespace {

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// The word after `key` in a UCI line ("info depth 12 ... nodes 3552575 ... time 6735"), if it is there.
std::optional<std::uint64_t> uci_number_after(const std::string& line, const std::string& key) {
  std::istringstream in(line);
  std::string word;
  while (in >> word)
    if (word == key) {
      std::uint64_t v = 0;
      if (in >> v) return v;
      return std::nullopt;
    }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> find_peer_program(const std::string& name_or_path) {
  if (name_or_path.empty()) return std::nullopt;
  if (name_or_path.find('/') != std::string::npos)
    return is_executable_file(name_or_path) ? std::optional<std::string>(name_or_path) : std::nullopt;
  std::vector<std::string> dirs;
  if (const char* path = std::getenv("PATH")) {
    std::istringstream in(path);
    for (std::string dir; std::getline(in, dir, ':');)
      if (!dir.empty()) dirs.push_back(dir);
  }
  dirs.push_back("/usr/games");
  dirs.push_back("/usr/local/games");
  for (const auto& dir : dirs)
    if (const std::string candidate = dir + "/" + name_or_path; is_executable_file(candidate)) return candidate;
  return std::nullopt;
}

UciPeer::UciPeer(const std::string& program, int hash_mb, const std::vector<std::string>& args)
    : program_(program), id_name_(program) {
  // The child's argv, built before fork: between fork and exec only async-signal-safe calls are allowed.
  std::vector<std::string> words = {program};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  // Sockets rather than pipes: send() with MSG_NOSIGNAL reports a peer that died as an error, where a write to a
  // pipe would raise SIGPIPE and end the harness.
  int in_pair[2], out_pair[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in_pair) != 0)
    throw std::runtime_error(fmt::format("{}: socketpair failed", program));
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out_pair) != 0) {
    ::close(in_pair[0]), ::close(in_pair[1]);
    throw std::runtime_error(fmt::format("{}: socketpair failed", program));
  }
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error(fmt::format("{}: fork failed", program));
  if (pid_ == 0) {
    // The child: its stdin and stdout are our sockets, its stderr goes nowhere (engines chat there).
    ::dup2(in_pair[1], STDIN_FILENO);
    ::dup2(out_pair[1], STDOUT_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) ::dup2(null, STDERR_FILENO);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(in_pair[1]);
  ::close(out_pair[1]);
  to_child_ = in_pair[0];
  from_child_ = out_pair[0];
  send("uci");
  bool has_threads = false, has_hash = false;
  for (;;) {
    const std::string line = read_line(10);
    if (line.rfind("id name ", 0) == 0) id_name_ = line.substr(8);
    // UCI: "option name <id> type <t> ..."; the names are not case-sensitive.
    if (line.rfind("option name ", 0) == 0) {
      std::istringstream in(line.substr(12));
      std::string name;
      in >> name;
      for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
      std::string type_word;
      in >> type_word;
      if (type_word == "type") {
        has_threads = has_threads || name == "threads";
        has_hash = has_hash || name == "hash";
      }
    }
    if (line == "uciok") break;
  }
  if (has_threads) send("setoption name Threads value 1");
  if (has_hash && hash_mb > 0) send(fmt::format("setoption name Hash value {}", hash_mb));
  send("isready");
  wait_for("readyok", 30);
}

UciPeer::~UciPeer() {
  if (pid_ > 0) {
    try {
      send("quit");
    } catch (const std::exception&) {
    }
    // A second to leave on its own, then it is stopped.
    int status = 0;
    for (int i = 0; i < 100 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i) ::usleep(10000);
    if (::waitpid(pid_, &status, WNOHANG) == 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status, 0);
    }
  }
  if (to_child_ >= 0) ::close(to_child_);
  if (from_child_ >= 0) ::close(from_child_);
}

void UciPeer::send(const std::string& line) {
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::send(to_child_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n <= 0) throw std::runtime_error(fmt::format("{}: the program stopped reading its input", program_));
    done += std::size_t(n);
  }
}

std::string UciPeer::read_line(double timeout_seconds) {
  using namespace std::chrono;
  const auto deadline = steady_clock::now() + duration_cast<steady_clock::duration>(duration<double>(timeout_seconds));
  if (auto line = read_line_until(deadline)) return *line;
  throw std::runtime_error(fmt::format("{}: no answer within {} s", program_, timeout_seconds));
}

std::optional<std::string> UciPeer::read_line_until(std::chrono::steady_clock::time_point deadline) {
  for (;;) {
    if (const auto eol = buffer_.find('\n'); eol != std::string::npos) {
      std::string line = buffer_.substr(0, eol);
      buffer_.erase(0, eol + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    // Rounded up to whole milliseconds (poll's unit), so that a wait shorter than one still waits.
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{from_child_, POLLIN, 0};
    if (::poll(&p, 1, int(left.count())) <= 0) continue;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n <= 0) throw std::runtime_error(fmt::format("{}: the program ended", program_));
    buffer_.append(chunk, std::size_t(n));
  }
}

void UciPeer::wait_for(const std::string& word, double timeout_seconds) {
  while (read_line(timeout_seconds) != word) {
  }
}

double UciPeer::process_cpu_seconds() const {
  // /proc/<pid>/stat: the command name may hold spaces, so the fields are counted from its closing parenthesis;
  // utime and stime are fields 14 and 15, in clock ticks, and cover every thread of the process, the ones that
  // have ended too (Ethereal searches in a thread of its own).
  std::ifstream in(fmt::format("/proc/{}/stat", pid_));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos) throw std::runtime_error(fmt::format("{}: cannot read /proc/{}/stat", program_, pid_));
  std::istringstream fields(text.substr(close + 2));
  std::string field;
  unsigned long long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {  // field 3 is the state, after the name
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

PeerSearch UciPeer::search(const std::string& fen, int depth) {
  send("ucinewgame");
  send("position fen " + fen);
  send("isready");
  wait_for("readyok", 60);
  PeerSearch r;
  const double cpu_before = process_cpu_seconds();
  const auto t0 = std::chrono::steady_clock::now();
  send(fmt::format("go depth {}", depth));
  constexpr double kSilence = 600;  // a search prints at least its iterations; longer silence means it hangs
  for (;;) {
    const std::string line = read_line(kSilence);
    if (line.rfind("bestmove", 0) == 0) {
      std::istringstream in(line);
      std::string word;
      in >> word >> r.best_move;
      break;
    }
    if (line.rfind("info", 0) != 0) continue;
    if (const auto n = uci_number_after(line, "nodes")) r.nodes = *n;
    if (const auto t = uci_number_after(line, "time")) r.reported_seconds = double(*t) / 1000.0;
  }
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.cpu_seconds = process_cpu_seconds() - cpu_before;
  if (r.nodes == 0) throw std::runtime_error(fmt::format("{}: no `info ... nodes N` before bestmove", program_));
  return r;
}

}  // namespace harness
