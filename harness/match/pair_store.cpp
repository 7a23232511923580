#include "harness/match/pair_store.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <mutex>

#include "harness/errors.h"
#include "harness/experiment/cell_store.h"
#include "harness/experiment/durable_file.h"
#include "harness/input_file.h"

namespace harness {

std::map<int, PairRecord> read_pairs(const std::filesystem::path& file) {
  std::map<int, PairRecord> out;
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return out;
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
      throw UserError(fmt::format("{}: the pair line does not match its checksum: it was edited or damaged after it "
                                  "was written; restore it, or delete the line to play that pair again", where));
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw UserError(fmt::format("{}: unreadable pair line ({})", where, e.what()));
    }
    PairRecord p = PairRecord::from_json(j, where);
    if (out.count(p.index)) throw UserError(fmt::format("{}: pair {} is stored twice", where, p.index));
    out.emplace(p.index, std::move(p));
  }
  return out;
}

struct PairStore::Impl {
  std::filesystem::path file;
  int fd = -1;
  std::mutex mutex;
  bool unsynced = false;
  std::chrono::steady_clock::time_point synced_at = std::chrono::steady_clock::now();
  void sync_locked() {
    if (!unsynced) return;
    sync_data(fd, file);
    unsynced = false;
    synced_at = std::chrono::steady_clock::now();
  }
};

PairStore::PairStore(const std::filesystem::path& file) : impl_(new Impl) {
  impl_->file = file;
  try {
    impl_->fd = open_for_appending(file);
  } catch (...) {
    delete impl_;
    throw;
  }
}

PairStore::~PairStore() {
  if (impl_->fd >= 0) {
    if (impl_->unsynced) ::fdatasync(impl_->fd);  // best effort: the run calls sync() at its end
    ::close(impl_->fd);
  }
  delete impl_;
}

void PairStore::sync() {
  std::lock_guard lock(impl_->mutex);
  impl_->sync_locked();
}

void PairStore::append(const PairRecord& pair) {
  const std::string line = with_checksum(pair.to_json().dump()) + "\n";
  std::lock_guard lock(impl_->mutex);
  write_all(impl_->fd, line, impl_->file);
  impl_->unsynced = true;
  if (std::chrono::duration<double>(std::chrono::steady_clock::now() - impl_->synced_at).count() >= 1.0)
    impl_->sync_locked();
}

}  // namespace harness
