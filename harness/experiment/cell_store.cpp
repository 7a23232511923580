#include "harness/experiment/cell_store.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "harness/errors.h"
#include "harness/experiment/durable_file.h"

namespace harness {

using nlohmann::json;

StoreContents read_cells(const std::filesystem::path& file) {
  StoreContents out;
  std::ifstream in(file, std::ios::binary);
  if (!in) return out;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  std::size_t pos = 0;
  int lineno = 0;
  while (pos < text.size()) {
    ++lineno;
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) {  // no newline: a write that never finished
      out.torn_tail = true;
      out.torn_bytes = text.size() - pos;
      break;
    }
    std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    if (line.empty()) continue;
    try {
      out.rows.push_back(CellRecord::from_json(json::parse(line)));
    } catch (const std::exception& e) {
      throw UserError(fmt::format("{}:{}: unreadable cell line ({}); the file was edited or corrupted", file.string(),
                                  lineno, e.what()));
    }
  }
  return out;
}

std::string timestamp_for_filename() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

struct CellStore::Impl {
  int fd = -1;
  std::filesystem::path file;
  std::mutex mutex;
  std::string failure;  // set by the first failed append: the store takes no more lines
};

namespace {

// `<file>.torn-<time>`, with a counter if two tails are set aside within one second.
std::filesystem::path aside_name(const std::filesystem::path& file) {
  auto base = file;
  base += ".torn-" + timestamp_for_filename();
  auto name = base;
  for (int n = 2; std::filesystem::exists(name); ++n) name = base.string() + "-" + std::to_string(n);
  return name;
}

// A torn tail (a last line without its newline: a crash or a full disk mid-write) is copied aside, the
// copy synced and read back, and only when it equals the cut bytes is the original truncated, so a
// fragment is never lost and new lines never glue onto it.
void set_torn_tail_aside(const std::filesystem::path& file) {
  const std::string text = read_file_bytes(file);
  if (text.empty() || text.back() == '\n') return;
  const std::size_t nl = text.rfind('\n');
  const std::size_t keep = nl == std::string::npos ? 0 : nl + 1;
  const std::string_view tail = std::string_view(text).substr(keep);
  const auto aside = aside_name(file);
  try {
    write_file_durably(aside, tail);
    if (read_file_bytes(aside) != tail)
      throw IoError(fmt::format("{}: the copy of the incomplete last line of {} does not read back equal to it",
                                aside.string(), file.string()));
  } catch (const IoError& e) {
    std::error_code ignored;  // a partial copy is no copy; the original still holds the bytes
    std::filesystem::remove(aside, ignored);
    throw IoError(fmt::format("{}; {} was left untouched", e.what(), file.string()));
  }
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw_io_error(file, "open to truncate the incomplete last line");
  if (::ftruncate(fd, off_t(keep)) != 0 || ::fdatasync(fd) != 0) {
    const int e = errno;
    ::close(fd);
    errno = e;
    throw_io_error(file, "truncating the incomplete last line");
  }
  close_checked(fd, file);
  fmt::print(stderr, "note: {}: an incomplete last line ({} bytes, a cell cut off by a crash or a full disk) was moved to {}\n",
             file.string(), tail.size(), aside.string());
}

}  // namespace

CellStore::CellStore(const std::filesystem::path& file) : impl_(new Impl) {
  impl_->file = file;
  try {
    set_torn_tail_aside(file);
    const bool existed = std::filesystem::exists(file);
    impl_->fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (impl_->fd < 0) throw_io_error(file, "open for appending");
    if (!existed) sync_directory(file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path());
  } catch (...) {
    if (impl_->fd >= 0) ::close(impl_->fd);
    delete impl_;
    throw;
  }
}

CellStore::~CellStore() {
  // Every line was synced by append(); a failure of close here has nothing left to lose.
  if (impl_->fd >= 0) ::close(impl_->fd);
  delete impl_;
}

void CellStore::append(const CellRecord& rec) {
  const std::string line = rec.to_json().dump() + "\n";
  std::lock_guard lock(impl_->mutex);
  if (!impl_->failure.empty())
    throw IoError(fmt::format("{}: not appending after an earlier failure ({})", impl_->file.string(), impl_->failure));
  const off_t before = ::lseek(impl_->fd, 0, SEEK_END);
  try {
    write_all(impl_->fd, line, impl_->file);
    sync_data(impl_->fd, impl_->file);
  } catch (const IoError& e) {
    impl_->failure = e.what();
    // Cut the part of the line that did get written, so the file ends with a whole line; if even that
    // fails, the next run sets the fragment aside (set_torn_tail_aside).
    const bool cut = before >= 0 && ::ftruncate(impl_->fd, before) == 0 && ::fdatasync(impl_->fd) == 0;
    throw IoError(fmt::format("{}; the cells stored before it are intact{}, and a rerun resumes from them", e.what(),
                              cut ? "" : " (the partial line is set aside by the rerun)"));
  }
}

}  // namespace harness
