// Values appended to a text exactly as nlohmann::json's dump() writes them, without building a json: integers by
// std::to_chars, doubles by nlohmann's own formatter (non-finite as null), strings of printable ASCII without a quote
// or backslash as they are, any other string by nlohmann's dump (its escapes, and its error on invalid UTF-8). The
// texts a run makes per cell (its line, its key's and identity's canonical JSON) are written with these: a json
// object's nodes and its dump's escaping cost more than the rest of making the text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace harness::json_text {

void put(std::string& out, std::uint64_t v);
void put(std::string& out, int v);
void put(std::string& out, bool v);
void put(std::string& out, double v);
void put(std::string& out, std::string_view s);
// A std::string or a literal as a string (a const char* would otherwise convert to bool).
inline void put(std::string& out, const std::string& s) { put(out, std::string_view(s)); }
inline void put(std::string& out, const char* s) { put(out, std::string_view(s)); }
inline void put(std::string& out, const nlohmann::json& v) { out += v.dump(); }
template <typename T>
void put(std::string& out, const std::vector<T>& list) {
  out += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += ',';
    put(out, list[i]);
  }
  out += ']';
}

}  // namespace harness::json_text
