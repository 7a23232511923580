#include "harness/storage/cell_store.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
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
#include "harness/storage/cell_line.h"
#include "harness/storage/durable_file.h"

namespace harness {

using nlohmann::json;

namespace {

// The end of `text` without the zero bytes after its last line (a mapped store's reserve left by a killed run).
std::size_t content_end(std::string_view text) {
  const std::size_t last = text.find_last_not_of('\0');
  return last == std::string_view::npos ? 0 : last + 1;
}

}  // namespace

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
    if (check_line(line) != LineCheck::ok)
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
  CellLineWriter writer;
  append(rec, writer);
}

void CellStore::append(const CellRecord& rec, CellLineWriter& writer) {
  const std::string_view line = writer.write(rec);
  std::lock_guard lock(mutex_);
  const bool names_set =
      rec.flag_set.text && (rec.written_inputs.is_null() || rec.written_inputs.at("flags").is_string());
  if (names_set && !sets_written_.count(rec.flag_set.hash)) {
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

StoreContents read_cells(const std::filesystem::path& file, bool every_line_checked) {
  StoreContents out;
  std::optional<FlagSetTable> flag_sets;  // read at the first line that names a set
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return out;
  const std::string file_text = read_input_file(file, file.string(), kMaxCellsBytes);
  // Zero bytes after the last line are space a mapped store reserved, left by a run that was killed: no line.
  const std::string_view text = std::string_view(file_text).substr(0, content_end(file_text));
  out.zero_tail_bytes = file_text.size() - text.size();
  std::size_t pos = 0;
  int lineno = 0;
  bool seen_checked = false;
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
    const LineCheck check = check_line(line);
    if (check == LineCheck::mismatch)
      throw UserError(fmt::format("{}:{}: the cell line does not match its checksum: it was edited or damaged after it "
                                  "was written; restore it, or delete the line to run that cell again",
                                  file.string(), lineno));
    if (check == LineCheck::ok) seen_checked = true;
    if (check == LineCheck::none) {
      // Lines before the first checksummed one are of older runs; one after it lost its checksum by an edit, and so
      // did any line of a directory whose every line was written with one.
      if (seen_checked || every_line_checked)
        throw UserError(fmt::format("{}:{}: the cell line has no checksum although {}: it was edited after it was "
                                    "written; restore it, or delete the line to run that cell again",
                                    file.string(), lineno,
                                    seen_checked ? "lines before it have one" : "every line of this directory was written with one"));
      ++out.unchecked;
    }
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
    if (!flag_sets && j.contains("flags") && j["flags"].is_string()) flag_sets = read_flag_sets(flag_sets_file(file));
    try {
      out.rows.push_back(CellRecord::from_json(j, flag_sets ? &*flag_sets : nullptr));
    } catch (const std::exception& e) {
      throw UserError(fmt::format("{}:{}: unreadable cell line ({}); the file was edited or corrupted", file.string(),
                                  lineno, e.what()));
    }
  }
  out.flag_sets = flag_sets ? flag_sets->size() : 0;
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
  std::string failure;  // set by the first failed append: the store takes no more lines
  bool unsynced = false;
  std::chrono::steady_clock::time_point synced_at = std::chrono::steady_clock::now();
  std::string buffer;  // write(2) mode: the line being written, reused
  // Mapped mode (reserve > 0): the file's bytes [map_from, map_from + map_len) are mapped, reserved up to
  // reserved_end (the file's length while the store is open), zeros past `size`.
  std::size_t reserve = 0;
  char* map = nullptr;
  off_t map_from = 0;
  std::size_t map_len = 0;
  off_t reserved_end = 0;
  void sync_locked();
  void check_still_at_path();
  bool map_window(std::size_t line_bytes);  // false: the file cannot be mapped
  void write_zeros(off_t begin, off_t end);
  void unmap();
  void append_mapped(std::string_view body);
  void append_written(std::string_view json_text);
};

void LineStore::Impl::sync_locked() {
  // A mapped store checks its path here rather than at each line (cell_store.h): at most kSyncSeconds apart.
  if (reserve > 0) check_still_at_path();
  if (!unsynced) return;
  // fdatasync writes back the pages written through the mapping too (they are the file's page cache).
  sync_data(fd, file);
  unsynced = false;
  synced_at = std::chrono::steady_clock::now();
}

void LineStore::Impl::check_still_at_path() {
  struct stat at_path {};
  if (::stat(file.c_str(), &at_path) != 0 || at_path.st_ino != ino || at_path.st_dev != dev)
    throw IoError(fmt::format("{}: the file this run opened is no longer at that path (its directory was removed, "
                              "moved or replaced during the run); stopping so that no further line is lost",
                              file.string()));
}

void LineStore::Impl::unmap() {
  if (map) ::munmap(map, map_len);
  map = nullptr;
  map_len = 0;
}

// A new window from the page that holds the end of the lines, `reserve` bytes past it (more for a longer line). Its
// blocks are allocated first (posix_fallocate): a write through a mapping into a block the disk has no room for
// kills the process (SIGBUS), where the allocation fails with ENOSPC. false when the window cannot be had for want
// of room (a disk or quota nearly full, a file-size limit) or because the file system maps no files (ENODEV): the
// store then writes with write(2) from the end of its lines, so a nearly full disk still takes every line that fits
// and the first that does not fails as a write does.
// The reserve's bytes [begin, end), zeros already, written as zeros with write(2) before the window is mapped: its
// pages then enter the page cache through the write path (in large folios) rather than one page fault each through
// the mapping. A standalone program storing 10^5 lines of 1 KB this way took 0.2-0.6 us a line against 1.0 us
// (fallocate and MADV_POPULATE_WRITE alone; Linux 6.18, ext4). Only a warm-up: the bytes are zeros whether or not
// it is done, so a failed or short write changes nothing (the mapping then faults the pages in itself) and is not an
// error; the lines before `begin` are never written here.
void LineStore::Impl::write_zeros(off_t begin, off_t end) {
  static const char kZeros[1 << 16] = {};
  while (begin < end) {
    const ssize_t n = ::pwrite(fd, kZeros, std::size_t(std::min<off_t>(end - begin, off_t(sizeof kZeros))), begin);
    if (n <= 0) return;
    begin += n;
  }
}

bool LineStore::Impl::map_window(std::size_t line_bytes) {
  check_still_at_path();
  const off_t page = ::sysconf(_SC_PAGESIZE);
  const off_t from = size / page * page;
  const off_t want = ((size - from) + off_t(std::max(line_bytes, reserve)) + page - 1) / page * page;
  unmap();
  auto give_up = [&](int e, const char* what) {
    // Whatever part of the reserve was added is cut: the file ends with its last line.
    if (::ftruncate(fd, size) != 0) throw_io_error(file, "ftruncate to its last line");
    reserved_end = size;
    if (e == ENOSPC || e == EFBIG || e == EDQUOT || e == ENODEV) {
      if (::lseek(fd, size, SEEK_SET) != size) throw_io_error(file, "lseek to its last line");
      return false;
    }
    errno = e;
    throw_io_error(file, what);
  };
  if (const int e = ::posix_fallocate(fd, from, want); e != 0)
    return give_up(e, "reserving space for the next lines (posix_fallocate)");
  write_zeros(size, from + want);
  void* m = ::mmap(nullptr, std::size_t(want), PROT_READ | PROT_WRITE, MAP_SHARED, fd, from);
  if (m == MAP_FAILED) return give_up(errno, "mmap of the next lines");
  // The window's pages made present and writable at once (one call rather than a page fault every four lines);
  // a kernel without MADV_POPULATE_WRITE (before Linux 5.14) faults them in one at a time instead.
#ifdef MADV_POPULATE_WRITE
  (void)::madvise(m, std::size_t(want), MADV_POPULATE_WRITE);
#endif
  map = static_cast<char*>(m);
  map_from = from;
  map_len = std::size_t(want);
  reserved_end = from + want;
  return true;
}

void LineStore::Impl::append_mapped(std::string_view body) {
  const std::size_t bytes = body.size() + kChecksumTailSize + 1;
  char* at = map + (size - map_from);
  std::memcpy(at, body.data(), body.size());
  write_checksum_tail(body, at + body.size());
  // The newline last: a process killed inside the copy leaves a line without one (torn, set aside), never a
  // line that ends whole around bytes still zero.
  std::atomic_thread_fence(std::memory_order_release);
  at[bytes - 1] = '\n';
  size += off_t(bytes);
}

void LineStore::Impl::append_written(std::string_view json_text) {
  buffer.clear();
  append_checked_line(buffer, json_text);
  check_still_at_path();
  const off_t before = size;
  try {
    write_all(fd, buffer, file);
    size += off_t(buffer.size());
  } catch (const IoError& e) {
    // Cut the part of the line that did get written, so the file ends with a whole line; if even that
    // fails, the next run sets the fragment aside (set_torn_tail_aside).
    const bool cut = ::ftruncate(fd, before) == 0 && ::fdatasync(fd) == 0;
    throw IoError(fmt::format("{}; the lines stored before it are intact{}, and a rerun resumes from them", e.what(),
                              cut ? "" : " (the partial line is set aside by the rerun)"));
  }
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
// fragment is never lost and new lines never glue onto it. Zero bytes at the end (a mapped store's reserve that a
// killed run left: cell_store.h) are no line: they are cut, with no copy.
void set_torn_tail_aside(const std::filesystem::path& file) {
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return;
  const std::string text = read_input_file(file, file.string(), kMaxCellsBytes);
  if (text.empty() || text.back() == '\n') return;
  const std::size_t content = content_end(text);
  const std::size_t nl = content == 0 ? std::string::npos : text.rfind('\n', content - 1);
  const std::size_t keep = nl == std::string::npos ? 0 : nl + 1;
  const std::string_view tail = std::string_view(text).substr(keep, content - keep);
  const auto aside = aside_name(file);
  if (!tail.empty()) try {
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
  if (!tail.empty())
    fmt::print(stderr, "note: {}: an incomplete last line ({} bytes, a cell cut off by a crash or a full disk) was moved to {}\n",
               file.string(), tail.size(), aside.string());
  if (content < text.size())
    fmt::print(stderr, "note: {}: {} zero bytes after its last line (space reserved by a run that was killed) were cut off\n",
               file.string(), text.size() - content);
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

int open_for_appending(const std::filesystem::path& file, bool for_mapping) {
  set_torn_tail_aside(file);
  const bool existed = std::filesystem::exists(file);
  // A shared writable mapping needs the file open for reading and writing; its writes go where the store puts them.
  const int fd = ::open(file.c_str(), (for_mapping ? O_RDWR : O_WRONLY | O_APPEND) | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw_io_error(file, "open for appending");
  try {
    if (!existed) sync_directory(file.parent_path().empty() ? std::filesystem::path(".") : file.parent_path());
  } catch (...) {
    ::close(fd);
    throw;
  }
  return fd;
}

LineStore::LineStore(const std::filesystem::path& file, std::size_t reserve_bytes) : impl_(new Impl) {
  impl_->file = file;
  impl_->reserve = reserve_bytes;
  try {
    impl_->fd = open_for_appending(file, reserve_bytes > 0);
    struct stat opened {};
    if (::fstat(impl_->fd, &opened) != 0) {
      ::close(impl_->fd);
      impl_->fd = -1;
      throw_io_error(file, "fstat");
    }
    impl_->dev = opened.st_dev;
    impl_->ino = opened.st_ino;
    impl_->size = opened.st_size;
    impl_->reserved_end = opened.st_size;
  } catch (...) {
    delete impl_;
    throw;
  }
}

LineStore::~LineStore() {
  // The writer has called close(); this one is for a store left by an exception, best effort (a reserve left
  // behind is read as no line, and cut by the next writer).
  if (impl_->fd >= 0) {
    impl_->unmap();
    if (impl_->reserved_end > impl_->size) (void)!::ftruncate(impl_->fd, impl_->size);
    if (impl_->unsynced || impl_->reserved_end > impl_->size) ::fdatasync(impl_->fd);
    ::close(impl_->fd);
  }
  delete impl_;
}

void LineStore::sync() {
  Impl& s = *impl_;
  int fd = -1;
  {
    std::lock_guard lock(s.mutex);
    if (!s.failure.empty() || s.fd < 0) return;  // append() has thrown already, or the store is closed
    try {
      if (s.reserve > 0) s.check_still_at_path();
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
  if (impl_->fd < 0) return;
  Impl& s = *impl_;
  s.unmap();
  const bool cut = s.reserved_end > s.size;
  if (cut && ::ftruncate(s.fd, s.size) != 0) throw_io_error(s.file, "ftruncate to its last line");
  s.reserved_end = s.size;
  if (s.failure.empty() && (s.unsynced || cut)) sync_data(s.fd, s.file);
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
  try {
    const std::size_t bytes = json_text.size() + kChecksumTailSize;  // with the newline, less the closing `}`
    if (s.reserve > 0 && (!s.map || s.size + off_t(bytes) > s.reserved_end) && !s.map_window(bytes))
      s.reserve = 0;  // no room for a reserve, or no mapping: write(2) from here on
    if (s.reserve > 0) s.append_mapped(json_text.substr(0, json_text.size() - 1));  // without its closing `}`
    else s.append_written(json_text);
    s.unsynced = true;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - s.synced_at).count() >= kSyncSeconds)
      s.sync_locked();
  } catch (const IoError& e) {
    s.failure = e.what();
    throw;
  }
}

}  // namespace harness
