// One writer per output directory. `harness run`, `run --fresh` and `merge` hold DIR/.harness.lock
// with flock(2) while they read what is done and append to it; a second one refuses at once, naming
// the holder. The kernel drops the lock when its process dies (even by kill -9), so a stale lock file
// never blocks: its text (pid, command, start time) is only for the message. The lock file is opened without
// following a symbolic link (O_NOFOLLOW) and must be a regular file: a link planted at its name is refused, and its
// target is never truncated.
#pragma once

#include <filesystem>
#include <string>

namespace harness {

inline constexpr const char* kLockFile = ".harness.lock";

class OutputLock {
 public:
  // Takes the lock of `dir` (which must exist) for `command` (what the holder is doing, shown to the
  // next one). Held: UserError naming the directory and the holder's pid, command and start time.
  OutputLock(const std::filesystem::path& dir, const std::string& command);
  ~OutputLock();  // removes the lock file and releases the lock
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

 private:
  std::filesystem::path file_;
  int fd_ = -1;
};

// The report files of a directory (REPORT.md, the CSVs, summary.json) are written by `report`, by `run` at its end
// and by `merge`, possibly at once. Each writer holds this lock while it writes its set, waiting for another one to
// finish, so the four files always come from one writer. flock(2) on the directory itself: no file to leave behind.
class ReportFilesLock {
 public:
  explicit ReportFilesLock(const std::filesystem::path& dir);
  ~ReportFilesLock();
  ReportFilesLock(const ReportFilesLock&) = delete;
  ReportFilesLock& operator=(const ReportFilesLock&) = delete;

 private:
  int fd_ = -1;
};

// This process's command line, for the lock's text ("harness run configs/quick.json --out x").
std::string this_command_line();

}  // namespace harness
