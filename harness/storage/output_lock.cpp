#include "harness/storage/output_lock.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

#include "harness/errors.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/run_log.h"

namespace harness {

std::string this_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  while (!text.empty() && text.back() == '\0') text.pop_back();
  for (char& c : text)
    if (c == '\0') c = ' ';
  return text;
}

OutputLock::OutputLock(const std::filesystem::path& dir, const std::string& command) : file_(dir / kLockFile) {
  // The holder removes the file when it is done; a process that opened it just before may then lock a
  // removed file. So after locking, check that the file locked is still the one at the path, else retry.
  for (int attempt = 0;; ++attempt) {
    // O_NOFOLLOW: a symbolic link at the lock's name is refused, never followed (the truncation below would empty
    // its target); anything but a regular file there (a FIFO, a device) is refused too.
    const int fd = ::open(file_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0 && errno == ELOOP)
      throw UserError(fmt::format("{}: is a symbolic link, not a lock file; remove it (the harness creates its own)",
                                  file_.string()));
    if (fd < 0) throw_io_error(file_, "open of the lock file");
    if (struct stat st {}; ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      ::close(fd);
      throw UserError(fmt::format("{}: not a regular file, not a lock file; remove it (the harness creates its own)",
                                  file_.string()));
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      std::string holder = read_file_bytes(file_);
      ::close(fd);
      if (e != EWOULDBLOCK) {
        errno = e;
        throw_io_error(file_, "flock");
      }
      std::string who;  // "pid 12, command harness run ..., started 2024-..."
      std::istringstream lines(holder);
      for (std::string line; std::getline(lines, line);)
        if (!line.empty()) who += (who.empty() ? "" : ", ") + line;
      throw UserError(fmt::format("{}: another harness process is writing this directory ({}); wait for it to "
                                  "end, or use another --out",
                                  dir.string(), who.empty() ? "it has not said who it is yet" : who));
    }
    struct stat locked {}, at_path {};
    if (::fstat(fd, &locked) == 0 && ::stat(file_.c_str(), &at_path) == 0 && locked.st_ino == at_path.st_ino &&
        locked.st_dev == at_path.st_dev) {
      fd_ = fd;
      break;
    }
    ::close(fd);
    if (attempt > 100) throw IoError(fmt::format("{}: the lock file keeps changing under us", file_.string()));
  }
  const std::string text =
      fmt::format("pid {}\ncommand {}\nstarted {}\n", ::getpid(), command, utc_now_iso());
  try {
    if (::ftruncate(fd_, 0) != 0) throw_io_error(file_, "truncate");
    write_all(fd_, text, file_);
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

OutputLock::~OutputLock() {
  // Removed while still held, so no one can lock this file after we leave it (see the constructor).
  ::unlink(file_.c_str());
  ::close(fd_);
}

ReportFilesLock::ReportFilesLock(const std::filesystem::path& dir) {
  fd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) throw_io_error(dir, "open of the directory to lock its report files");
  while (::flock(fd_, LOCK_EX) != 0)
    if (errno != EINTR) {
      const int e = errno;
      ::close(fd_);
      errno = e;
      throw_io_error(dir, "flock of the directory");
    }
}

ReportFilesLock::~ReportFilesLock() { ::close(fd_); }

}  // namespace harness
