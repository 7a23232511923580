// Reading a JSON config field by field with errors that name the file and the JSON path of the offending value
// ("configs/x.json: $.depths[0]: ..."), exit 2 (UserError). Shared by the experiment config
// (experiment_config.cpp) and the calibration config (calibration/calibration_config.cpp).
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/errors.h"

namespace harness::json_fields {

struct Where {
  std::string file;
  [[noreturn]] void fail(const std::string& path, const std::string& msg) const {
    throw UserError(fmt::format("{}: {}: {}", file, path, msg));
  }
  std::string at(const std::string& path) const { return fmt::format("{}: {}", file, path); }
};

inline std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// An object whose keys are all in `allowed`: a misspelt key is an error, never silently ignored.
inline void check_keys(const Where& w, const std::string& path, const nlohmann::json& obj,
                       const std::vector<std::string>& allowed) {
  if (!obj.is_object()) w.fail(path, fmt::format("expected an object, got {}", obj.type_name()));
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
      w.fail(path, fmt::format("unknown key '{}' (valid: {})", it.key(), join(allowed)));
}

inline const nlohmann::json& require(const Where& w, const std::string& path, const nlohmann::json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end()) w.fail(path, fmt::format("missing required key '{}'", key));
  return *it;
}

inline std::string get_string(const Where& w, const std::string& path, const nlohmann::json& j) {
  if (!j.is_string()) w.fail(path, fmt::format("expected a string, got {}", j.type_name()));
  return j.get<std::string>();
}

// Whether the JSON integer `j` lies in [lo, hi], compared as the number written: an unsigned one above
// LLONG_MAX is neither clamped nor wrapped to a negative before the comparison. A range error prints j.dump().
inline bool integer_within(const nlohmann::json& j, long long lo, long long hi) {
  if (j.is_number_unsigned()) {
    const std::uint64_t u = j.get<std::uint64_t>();
    return hi >= 0 && u <= std::uint64_t(hi) && (lo <= 0 || u >= std::uint64_t(lo));
  }
  return j.is_number_integer() && j.get<long long>() >= lo && j.get<long long>() <= hi;
}

}  // namespace harness::json_fields
