// Engines driven over UCI: for `harness bench search --versions`, a peer program such as Glaurung or Ethereal is
// started once, set to one thread, and asked `go depth N` on a FEN; the nodes it reports and the CPU time its
// process spent on the search give its nodes per CPU second, measured as this harness measures its own searches,
// so that the two compare within one run on a shared machine. `harness bench uci-stop` drives the harness's own
// `uci` front end through the same connection, line by line (send, read_line_until).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace harness {

// The program a peer name or path stands for: a text with a '/' is a path, taken as it is when it is an
// executable file; a bare name is looked for in $PATH, then in /usr/games and /usr/local/games (where Debian
// puts chess engines, outside root's PATH). nullopt when there is none: the peer is "not installed".
std::optional<std::string> find_peer_program(const std::string& name_or_path);

struct PeerSearch {
  std::uint64_t nodes = 0;       // the last `nodes N` of the search's `info` lines
  double cpu_seconds = 0;        // the process's user + system time during the search (all its threads)
  double wall_seconds = 0;       // from `go` to `bestmove`
  double reported_seconds = 0;   // the last `time T` of its `info` lines, in seconds (0 when none)
  std::string best_move;
};

// One running peer. Every call throws std::runtime_error naming the program when it dies, times out or says
// something unexpected; the caller reports the peer as failed and goes on with the others.
class UciPeer {
 public:
  // Starts the program with the arguments `args`, waits for `uciok`, sets Threads=1 and Hash=`hash_mb` (each
  // only when the program lists it among its options; hash_mb 0 keeps the program's own default), then waits for
  // `readyok`.
  UciPeer(const std::string& program, int hash_mb, const std::vector<std::string>& args = {});
  ~UciPeer();
  UciPeer(const UciPeer&) = delete;
  UciPeer& operator=(const UciPeer&) = delete;

  const std::string& id_name() const { return id_name_; }  // its `id name`, or the program's path
  // `ucinewgame` (a cleared table, as each of our searches starts with one), the position, then `go depth`.
  PeerSearch search(const std::string& fen, int depth);

  // One line to the program (the line break is added).
  void send(const std::string& line);
  // The next line it prints, without the line break; throws after `timeout_seconds` of silence or at its end.
  std::string read_line(double timeout_seconds);
  // The next line it prints, or nullopt once `deadline` has passed without one; throws at its end.
  std::optional<std::string> read_line_until(std::chrono::steady_clock::time_point deadline);

 private:
  void wait_for(const std::string& word, double timeout_seconds);
  double process_cpu_seconds() const;  // from /proc/<pid>/stat

  std::string program_;
  std::string id_name_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;  // read but not yet returned
};

}  // namespace harness
