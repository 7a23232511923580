#include "harness/storage/durable_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "harness/errors.h"

namespace harness {

namespace {

std::filesystem::path directory_of(const std::filesystem::path& file) {
  const auto parent = file.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

int open_checked(const std::filesystem::path& file, int flags) {
  for (;;) {
    const int fd = ::open(file.c_str(), flags | O_CLOEXEC, 0644);
    if (fd >= 0) return fd;
    if (errno != EINTR) throw_io_error(file, "open");
  }
}

// Writes, syncs and closes `fd`; on any failure the descriptor is still closed before the throw.
void finish_file(int fd, std::string_view text, const std::filesystem::path& file) {
  try {
    write_all(fd, text, file);
    sync_data(fd, file);
  } catch (...) {
    ::close(fd);
    throw;
  }
  close_checked(fd, file);
}

}  // namespace

void throw_io_error(const std::filesystem::path& file, std::string_view what) {
  const int e = errno;
  throw IoError(fmt::format("{}: {} failed: {}", file.string(), what, std::strerror(e)));
}

void write_all(int fd, std::string_view bytes, const std::filesystem::path& file) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_io_error(file, "write");
    }
    done += std::size_t(n);
  }
}

void sync_data(int fd, const std::filesystem::path& file) {
  while (::fdatasync(fd) != 0)
    if (errno != EINTR) throw_io_error(file, "fdatasync");
}

void close_checked(int fd, const std::filesystem::path& file) {
  // POSIX leaves the descriptor's state unspecified after EINTR; Linux has closed it, so no retry.
  if (::close(fd) != 0 && errno != EINTR) throw_io_error(file, "close");
}

void sync_directory(const std::filesystem::path& dir) {
  const int fd = open_checked(dir, O_RDONLY | O_DIRECTORY);
  while (::fsync(fd) != 0)
    if (errno != EINTR) {
      const int e = errno;
      ::close(fd);
      errno = e;
      throw_io_error(dir, "fsync of the directory");
    }
  close_checked(fd, dir);
}

void write_file_durably(const std::filesystem::path& file, std::string_view text) {
  finish_file(open_checked(file, O_WRONLY | O_CREAT | O_TRUNC), text, file);
  sync_directory(directory_of(file));
}

void write_file_atomically(const std::filesystem::path& file, const std::string& text) {
  // A temporary name of its own (mkstemp): two writers of one file (two `harness report` of one directory) each
  // rename their own whole file, the last one wins, and neither finds its temporary file gone.
  std::string pattern = file.string() + ".tmp-XXXXXX";
  int fd = -1;
  while ((fd = ::mkostemp(pattern.data(), O_CLOEXEC)) < 0)
    if (errno != EINTR) throw_io_error(pattern, "create a temporary file beside it");
  const std::filesystem::path tmp = pattern;
  try {
    if (::fchmod(fd, 0644) != 0) throw_io_error(tmp, "fchmod");  // mkstemp makes it 0600; results are for reading
    const int owned = fd;
    fd = -1;  // finish_file closes it, failing or not
    finish_file(owned, text, tmp);
    rename_durably(tmp, file);
  } catch (...) {
    if (fd >= 0) ::close(fd);
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw;
  }
}

void append_durably(const std::filesystem::path& file, std::string_view text) {
  const bool existed = std::filesystem::exists(file);
  finish_file(open_checked(file, O_WRONLY | O_CREAT | O_APPEND), text, file);
  if (!existed) sync_directory(directory_of(file));
}

void rename_durably(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) throw_io_error(to, fmt::format("rename from {}", from.string()));
  sync_directory(directory_of(to));
}

std::string read_file_bytes(const std::filesystem::path& file) {
  int fd = -1;
  for (;;) {
    fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);  // a FIFO is not waited on (refused below)
    if (fd >= 0) break;
    if (errno == ENOENT) return {};
    if (errno != EINTR) throw_io_error(file, "open for reading");
  }
  if (struct stat st {}; ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw UserError(fmt::format("{}: not a regular file (a device, a FIFO or a socket is not read)", file.string()));
  }
  std::string out;
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      ::close(fd);
      errno = e;
      throw_io_error(file, "read");
    }
    out.append(buf, std::size_t(n));
  }
  ::close(fd);
  return out;
}

}  // namespace harness
