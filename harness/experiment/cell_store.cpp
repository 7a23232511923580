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
};

CellStore::CellStore(const std::filesystem::path& file) : impl_(new Impl) {
  impl_->file = file;
  // Set a torn tail aside before appending after it.
  if (std::filesystem::exists(file)) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    if (!text.empty() && text.back() != '\n') {
      const std::size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
      auto aside = file;
      aside += ".torn-" + timestamp_for_filename();
      std::ofstream(aside, std::ios::binary) << text.substr(keep);
      std::filesystem::resize_file(file, keep);
      fmt::print(stderr, "note: {}: an incomplete last line ({} bytes, a cell cut off by a crash) was moved to {}\n",
                 file.string(), text.size() - keep, aside.string());
    }
  }
  impl_->fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (impl_->fd < 0) {
    std::string err = std::strerror(errno);
    delete impl_;
    throw UserError(fmt::format("{}: cannot open for appending: {}", file.string(), err));
  }
}

CellStore::~CellStore() {
  if (impl_->fd >= 0) ::close(impl_->fd);
  delete impl_;
}

void CellStore::append(const CellRecord& rec) {
  const std::string line = rec.to_json().dump() + "\n";
  std::lock_guard lock(impl_->mutex);
  std::size_t done = 0;
  while (done < line.size()) {
    ssize_t n = ::write(impl_->fd, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(fmt::format("{}: write failed: {}", impl_->file.string(), std::strerror(errno)));
    }
    done += std::size_t(n);
  }
  ::fdatasync(impl_->fd);
}

}  // namespace harness
