#include "harness/storage/json_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace harness::json_text {

void put(std::string& out, std::uint64_t v) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

void put(std::string& out, int v) {
  char buf[16];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
}

void put(std::string& out, bool v) { out += v ? "true" : "false"; }

void put(std::string& out, double v) {
  if (!std::isfinite(v)) {
    out += "null";
    return;
  }
  char buf[64];
  out.append(buf, nlohmann::detail::to_chars(buf, buf + sizeof buf, v));
}

void put(std::string& out, std::string_view s) {
  const bool plain = std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
  if (!plain) {
    out += nlohmann::json(s).dump();
    return;
  }
  out += '"';
  out += s;
  out += '"';
}

}  // namespace harness::json_text
