#include "harness/storage/cell_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/results_format.h"

namespace harness {

using nlohmann::json;

std::filesystem::path flag_sets_file(const std::filesystem::path& cells_file) {
  const std::string name = cells_file.filename().string();
  const std::string_view ext = ".jsonl";
  const bool jsonl = name.size() > ext.size() && name.compare(name.size() - ext.size(), ext.size(), ext) == 0;
  return cells_file.parent_path() / ((jsonl ? name.substr(0, name.size() - ext.size()) : name) + ".flag_sets.jsonl");
}

std::string flag_set_line(const FlagSet& set) {
  // nlohmann's canonical form by hand ("flag_set" sorts before "flags"): the set's text is canonical already.
  return "{\"flag_set\":\"" + set.hash + "\",\"flags\":" + *set.text + "}";
}

void for_each_checked_line(const std::filesystem::path& file, const std::string& what, const std::string& remedy,
                           const std::function<void(const json&, const std::string& where)>& take) {
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return;
  const std::string text = read_input_file(file, file.string(), kMaxCellsBytes);
  std::size_t pos = 0;
  for (int lineno = 1; pos < text.size(); ++lineno) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // a write cut off: the next writer sets it aside
    const std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    if (line.empty()) continue;
    const std::string where = fmt::format("{}:{}", file.string(), lineno);
    if (!check_line(line))
      throw UserError(fmt::format("{}: the {} does not match its checksum: it was edited or damaged after it was "
                                  "written; {}",
                                  where, what, remedy));
    json j;
    try {
      j = parse_json_checked(line, where);  // nesting bounded, a key given twice refused (UserError naming `where`)
    } catch (const json::exception& e) {
      throw UserError(fmt::format("{}: unreadable {} ({})", where, what, e.what()));
    }
    take(j, where);
  }
}

FlagSetTable read_flag_sets(const std::filesystem::path& file) {
  // A torn last line is no loss: no cell names a set whose line never finished (a set is written, and synced, first).
  FlagSetTable out;
  for_each_checked_line(file, "flag-set line", "restore it", [&](const json& j, const std::string& where) {
    try {
      out.add(j.at("flag_set").get<std::string>(), j.at("flags"));
    } catch (const std::exception& e) {
      throw UserError(fmt::format("{}: unreadable flag-set line ({})", where, e.what()));
    }
  });
  return out;
}

void CellStore::append(const CellRecord& rec) {
  std::lock_guard lock(mutex_);
  const std::string_view line = format_.format(rec);
  if (!sets_written_.count(rec.flag_set.hash)) {
    if (!sets_) sets_ = std::make_unique<LineStore>(flag_sets_file(file_));
    sets_->append(flag_set_line(rec.flag_set));
    sets_->sync();  // before any cell line names it: a power loss never leaves a cell without its flags
    sets_written_.insert(rec.flag_set.hash);
  }
  lines_.append(line);
}

void CellStore::close() {
  std::lock_guard lock(mutex_);
  if (sets_) sets_->close();
  lines_.close();
}

StoreContents for_each_cell(const std::filesystem::path& file, const std::function<void(CellRecord&&)>& take) {
  StoreContents out;
  std::optional<FlagSetTable> flag_sets;  // read at the first line that names a set
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return out;
  int lineno = 0;
  const auto take_line = [&](std::string_view line) {
    ++lineno;
    if (line.empty()) return;
    // A line without its checksum is refused as one whose checksum fails: an edit, damage, or a line of the format
    // before checksums (kOlderFormatRemedy).
    if (!check_line(line))
      throw UserError(fmt::format("{}:{}: the cell line does not match its checksum: it was edited or damaged after it "
                                  "was written (or {}); restore it, or delete the line to run that cell again",
                                  file.string(), lineno, kOlderFormatRemedy));
    json j;
    try {
      // Nesting bounded and a key given twice refused: a line with a recomputed checksum is still read with care.
      j = parse_json_checked(line, fmt::format("{}:{}", file.string(), lineno));
    } catch (const UserError&) {
      throw;
    } catch (const std::exception& e) {
      throw UserError(fmt::format("{}:{}: unreadable cell line ({}); the file was edited or corrupted", file.string(),
                                  lineno, e.what()));
    }
    if (const auto flags = j.find("flags"); flags != j.end() && flags->is_object())
      throw UserError(fmt::format("{}:{}: the cell line carries its flags in full, not a flag set's hash: {}",
                                  file.string(), lineno, kOlderFormatRemedy));
    if (!flag_sets && j.contains("flags") && j["flags"].is_string()) flag_sets = read_flag_sets(flag_sets_file(file));
    CellRecord r;
    try {
      r = CellRecord::from_json(j, flag_sets ? &*flag_sets : nullptr);
    } catch (const std::exception& e) {
      throw UserError(fmt::format("{}:{}: unreadable cell line ({}); the file was edited or corrupted", file.string(),
                                  lineno, e.what()));
    }
    take(std::move(r));
  };
  // The file is read a block at a time (a cells.jsonl of 10^6 lines is 1 GB); `partial` holds the start of a line
  // that a block ended inside, and at the end the bytes after the last newline.
  std::string partial;
  read_input_file_in_blocks(file, file.string(), kMaxCellsBytes, [&](std::string_view block) {
    std::size_t pos = 0;
    if (!partial.empty()) {
      const std::size_t nl = block.find('\n');
      partial.append(block.substr(0, nl));
      if (nl == std::string_view::npos) return;
      take_line(partial);
      partial.clear();
      pos = nl + 1;
    }
    for (std::size_t nl; (nl = block.find('\n', pos)) != std::string_view::npos; pos = nl + 1)
      take_line(block.substr(pos, nl - pos));
    partial.assign(block.substr(pos));
  });
  // After the last newline: a write that never finished (or zero bytes a crash left), set aside by the next writer.
  out.torn_tail = !partial.empty();
  out.torn_bytes = partial.size();
  out.flag_sets = flag_sets ? flag_sets->size() : 0;
  return out;
}

StoreContents read_cells(const std::filesystem::path& file) {
  std::vector<CellRecord> rows;
  StoreContents out = for_each_cell(file, [&](CellRecord&& r) { rows.push_back(std::move(r)); });
  out.rows = std::move(rows);
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

struct LineStore::Impl {
  int fd = -1;
  std::filesystem::path file;
  // The opened file's device and inode (what the path must still name) and its size: this store is the file's
  // only writer (the directory's lock), so the size is kept here rather than asked of the kernel at each line.
  dev_t dev = 0;
  ino_t ino = 0;
  off_t size = 0;  // the bytes of whole lines
  std::mutex mutex;
  std::string failure;  // set by the first failed append or sync: the store takes no more lines
  bool unsynced = false;
  std::chrono::steady_clock::time_point synced_at = std::chrono::steady_clock::now();
  std::string buffer;  // the line being written, reused
  void check_still_at_path();
};

void LineStore::Impl::check_still_at_path() {
  struct stat at_path {};
  if (::stat(file.c_str(), &at_path) != 0 || at_path.st_ino != ino || at_path.st_dev != dev)
    throw IoError(fmt::format("{}: the file this run opened is no longer at that path (its directory was removed, "
                              "moved or replaced during the run); stopping so that no further line is lost",
                              file.string()));
}

namespace {

// `<file>.torn-<time>`, with a counter if two tails are set aside within one second.
std::filesystem::path aside_name(const std::filesystem::path& file) {
  auto base = file;
  base += ".torn-" + timestamp_for_filename();
  auto name = base;
  for (int n = 2; std::filesystem::exists(name); ++n) name = base.string() + "-" + std::to_string(n);
  return name;
}

}  // namespace

// A torn tail (a last line without its newline: a crash or a full disk mid-write) is copied aside, the
// copy synced and read back, and only when it equals the cut bytes is the original truncated, so a
// fragment is never lost and new lines never glue onto it. Zero bytes a crash left after the last line (a file
// system may show blocks never written as zeros) are such a tail too.
void set_torn_tail_aside(const std::filesystem::path& file) {
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return;
  const std::string text = read_input_file(file, file.string(), kMaxCellsBytes);
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

bool ends_in_torn_line(const std::filesystem::path& file) {
  // O_NONBLOCK: a FIFO at the name is not waited on; it is no store (read_cells refuses it by name).
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return false;
  if (struct stat st {}; ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return false;
  }
  char last = '\n';
  const off_t size = ::lseek(fd, 0, SEEK_END);
  const bool torn = size > 0 && ::pread(fd, &last, 1, size - 1) == 1 && last != '\n';
  ::close(fd);
  return torn;
}

int open_for_appending(const std::filesystem::path& file) {
  set_torn_tail_aside(file);
  const bool existed = std::filesystem::exists(file);
  const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw_io_error(file, "open for appending");
  try {
    if (!existed) sync_directory(file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path());
  } catch (...) {
    ::close(fd);
    throw;
  }
  return fd;
}

LineStore::LineStore(const std::filesystem::path& file) : impl_(std::make_unique<Impl>()) {
  impl_->file = file;
  impl_->fd = open_for_appending(file);
  struct stat opened {};
  if (::fstat(impl_->fd, &opened) != 0) {
    const int e = errno;
    ::close(impl_->fd);
    errno = e;
    throw_io_error(file, "fstat");
  }
  impl_->dev = opened.st_dev;
  impl_->ino = opened.st_ino;
  impl_->size = opened.st_size;
}

LineStore::~LineStore() {
  // The writer has called close(); this one is for a store left by an exception, best effort.
  if (impl_->fd >= 0) {
    if (impl_->unsynced) ::fdatasync(impl_->fd);
    ::close(impl_->fd);
  }
}

void LineStore::sync() {
  Impl& s = *impl_;
  int fd = -1;
  {
    std::lock_guard lock(s.mutex);
    if (!s.failure.empty() || s.fd < 0) return;  // append() has thrown already, or the store is closed
    try {
      s.check_still_at_path();
    } catch (const IoError& e) {
      s.failure = e.what();
      throw;
    }
    if (!s.unsynced) return;
    s.unsynced = false;
    s.synced_at = std::chrono::steady_clock::now();
    fd = s.fd;
  }
  // Outside the lock: the workers go on appending (to the page cache) while the disk catches up; a sync of a
  // second's lines took tens of milliseconds, which every worker waited for at its next line. Lines appended
  // meanwhile are marked unsynced again, for the next sync.
  try {
    sync_data(fd, s.file);
  } catch (const IoError& e) {
    std::lock_guard lock(s.mutex);
    s.failure = e.what();
    throw;
  }
}

void LineStore::close() {
  std::lock_guard lock(impl_->mutex);
  Impl& s = *impl_;
  if (s.fd < 0) return;
  if (s.failure.empty() && s.unsynced) sync_data(s.fd, s.file);
  s.unsynced = false;
  const int fd = s.fd;
  s.fd = -1;
  close_checked(fd, s.file);
}

void LineStore::append(std::string_view json_text) {
  std::lock_guard lock(impl_->mutex);
  Impl& s = *impl_;
  if (!s.failure.empty())
    throw IoError(fmt::format("{}: not appending after an earlier failure ({})", s.file.string(), s.failure));
  if (s.fd < 0) throw IoError(fmt::format("{}: not appending to a closed store", s.file.string()));
  s.buffer.clear();
  append_checked_line(s.buffer, json_text);
  try {
    try {
      write_all(s.fd, s.buffer, s.file);
    } catch (const IoError& e) {
      // Cut the part of the line that did get written, so the file ends with a whole line; if even that fails,
      // the next run sets the fragment aside (set_torn_tail_aside).
      const bool cut = ::ftruncate(s.fd, s.size) == 0 && ::fdatasync(s.fd) == 0;
      throw IoError(fmt::format("{}; the lines stored before it are intact{}, and a rerun resumes from them",
                                e.what(), cut ? "" : " (the partial line is set aside by the rerun)"));
    }
    s.size += off_t(s.buffer.size());
    s.unsynced = true;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - s.synced_at).count() >= kSyncSeconds) {
      s.check_still_at_path();
      sync_data(s.fd, s.file);
      s.unsynced = false;
      s.synced_at = std::chrono::steady_clock::now();
    }
  } catch (const IoError& e) {
    s.failure = e.what();
    throw;
  }
}

}  // namespace harness
