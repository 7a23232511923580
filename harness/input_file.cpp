#include "harness/input_file.h"

#include <fmt/core.h>

#include <fstream>
#include <set>
#include <sstream>
#include <system_error>
#include <vector>

#include "harness/errors.h"

namespace harness {

nlohmann::json parse_json_refusing_duplicates(const std::string& text, const std::string& shown) {
  using nlohmann::json;
  std::vector<std::set<std::string>> keys;  // one set per object being read, innermost last
  std::string duplicate;
  const json::parser_callback_t check = [&](int, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) keys.emplace_back();
    else if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
    else if (event == json::parse_event_t::key && !keys.empty() && !keys.back().insert(parsed.get<std::string>()).second &&
             duplicate.empty())
      duplicate = parsed.get<std::string>();
    return true;
  };
  json j = json::parse(text, check);
  if (!duplicate.empty())
    throw UserError(fmt::format("{}: duplicate key '{}' (a key may appear once in an object; the last would be kept)",
                                shown, duplicate));
  return j;
}

std::string read_input_file(const std::filesystem::path& file, const std::string& shown, std::uintmax_t max_bytes) {
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(status)) throw UserError(fmt::format("{}: no such file", shown));
  if (std::filesystem::is_directory(status)) throw UserError(fmt::format("{}: is a directory, not a file", shown));
  if (!std::filesystem::is_regular_file(status))
    throw UserError(fmt::format("{}: not a regular file (a device, a FIFO or a socket is not read)", shown));
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec) throw UserError(fmt::format("{}: cannot read its size: {}", shown, ec.message()));
  if (size > max_bytes)
    throw UserError(fmt::format("{}: {} bytes, above the {} MiB this kind of file may have", shown, size, max_bytes >> 20));
  std::ifstream in(file, std::ios::binary);
  if (!in) throw UserError(fmt::format("{}: cannot open the file", shown));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) throw UserError(fmt::format("{}: cannot read the file", shown));
  return bytes.str();
}

}  // namespace harness
