#include "harness/input_file.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "harness/errors.h"

namespace harness {

namespace {

// nlohmann's DOM built through its public SAX interface (json::sax_parse), as json::parse builds it, with two checks
// on the way: the nesting is bounded (nlohmann's parser is iterative, but copying, comparing and dumping a value
// recurse once per level, so a value nested 100,000 deep overflows the stack there), and a key given twice in one
// object is refused (the parser would keep the last silently). About as fast as json::parse: a key's insertion is
// its duplicate check.
class CheckedDom {
 public:
  using json = nlohmann::json;
  CheckedDom(json& root, const std::string& shown) : root_(root), shown_(shown) {}
  bool null() { return put(nullptr), true; }
  bool boolean(bool v) { return put(v), true; }
  bool number_integer(json::number_integer_t v) { return put(v), true; }
  bool number_unsigned(json::number_unsigned_t v) { return put(v), true; }
  bool number_float(json::number_float_t v, const json::string_t&) { return put(v), true; }
  bool string(json::string_t& v) { return put(std::move(v)), true; }
  bool binary(json::binary_t& v) { return put(json::binary(std::move(v))), true; }
  bool start_object(std::size_t) { return open(json::object()), true; }
  bool start_array(std::size_t) { return open(json::array()), true; }
  bool end_object() { return stack_.pop_back(), true; }
  bool end_array() { return stack_.pop_back(), true; }
  bool key(json::string_t& k) {
    auto [at, inserted] = stack_.back()->get_ref<json::object_t&>().emplace(std::move(k), nullptr);
    if (!inserted)
      throw UserError(fmt::format("{}: duplicate key '{}' (a key may appear once in an object; the last would be kept)",
                                  shown_, at->first));
    member_ = &at->second;
    return true;
  }
  // nlohmann's own exception (parse_error, out_of_range for 1E999), thrown as json::parse throws it.
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    throw e;
  }

 private:
  json* put(json&& v) {
    if (stack_.empty()) return &(root_ = std::move(v));
    json& top = *stack_.back();
    if (top.is_array()) return top.push_back(std::move(v)), &top.back();
    *member_ = std::move(v);
    return member_;
  }
  void open(json&& v) {
    if (stack_.size() >= std::size_t(kMaxJsonDepth))
      throw UserError(fmt::format("{}: arrays and objects nested more than {} deep (no input of the harness nests "
                                  "near that)",
                                  shown_, kMaxJsonDepth));
    stack_.push_back(put(std::move(v)));
  }

  json& root_;
  const std::string& shown_;
  std::vector<json*> stack_;  // the open arrays and objects, innermost last
  json* member_ = nullptr;    // the member of the innermost object whose key was read last
};

}  // namespace

nlohmann::json parse_json_checked(std::string_view text, const std::string& shown) {
  nlohmann::json j;
  CheckedDom dom(j, shown);
  nlohmann::json::sax_parse(text, &dom);
  return j;
}

void read_input_file_in_blocks(const std::filesystem::path& file, const std::string& shown, std::uintmax_t max_bytes,
                               const std::function<void(std::string_view)>& take) {
  // Opened before it is looked at, and looked at through the descriptor (fstat), so what is checked is what is read;
  // O_NONBLOCK so that opening a FIFO returns at once rather than waiting for a writer (open(2)).
  int fd = -1;
  while ((fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) throw UserError(fmt::format("{}: no such file", shown));
    throw UserError(fmt::format("{}: cannot open the file: {}", shown, std::strerror(errno)));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw UserError(fmt::format("{}: cannot read its size: {}", shown, std::strerror(errno)));
  if (S_ISDIR(st.st_mode)) throw UserError(fmt::format("{}: is a directory, not a file", shown));
  if (!S_ISREG(st.st_mode))
    throw UserError(fmt::format("{}: not a regular file (a device, a FIFO or a socket is not read)", shown));
  const std::uintmax_t size = std::uintmax_t(st.st_size);
  if (size > max_bytes)
    throw UserError(fmt::format("{}: {} bytes, above the {} MiB this kind of file may have", shown, size, max_bytes >> 20));
  std::uintmax_t read = 0;
  std::vector<char> buf(std::size_t(1) << 16);
  for (;;) {
    const ssize_t n = ::read(fd, buf.data(), buf.size());
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      throw UserError(fmt::format("{}: cannot read the file: {}", shown, std::strerror(errno)));
    }
    read += std::uintmax_t(n);
    if (read > max_bytes)  // grown while read
      throw UserError(fmt::format("{}: above the {} MiB this kind of file may have", shown, max_bytes >> 20));
    take(std::string_view(buf.data(), std::size_t(n)));
  }
}

std::string read_input_file(const std::filesystem::path& file, const std::string& shown, std::uintmax_t max_bytes) {
  std::string bytes;
  std::error_code unknown;  // the reader below checks the file; its size here only saves growing the string
  if (const std::uintmax_t size = std::filesystem::file_size(file, unknown); !unknown && size <= max_bytes)
    bytes.reserve(std::size_t(size));
  read_input_file_in_blocks(file, shown, max_bytes, [&](std::string_view block) { bytes.append(block); });
  return bytes;
}

}  // namespace harness
