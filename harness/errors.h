// The harness's error types and its exit codes, in one place (README "Exit codes").
//  0  success
//  1  a failure that is not the input's fault: an internal error, or the system refusing a write
//     (disk full, directory removed, permission lost). The message names the file; cells already
//     written are intact and a rerun resumes from them.
//  2  bad input of any kind: an option, a flag, a file, a config, a results directory (CLI11's own
//     parse errors included). The message names the input and the problem.
//  130 a run interrupted by ^C or SIGTERM: the cells it finished are stored, and the same command resumes.
#pragma once

#include <stdexcept>

namespace harness {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT, as a shell reports a process ended by ^C

// An error in what the user gave us (a flag, a file, a config). main() prints "error: <what>" on
// stderr and exits with kExitBadInput. Nothing already written is touched.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The system refused a write or a sync (ENOSPC, EIO, EACCES, a vanished directory). main() prints
// "error: <what>" and exits with kExitFailure; the message names the file and says what is intact.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A run ended by ^C or SIGTERM after storing what it finished. main() prints "interrupted: <what>" and exits
// with kExitInterrupted.
class Interrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace harness
