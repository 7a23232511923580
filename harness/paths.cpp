#include "harness/paths.h"

#include <fmt/core.h>

#include <cstdlib>

namespace harness {

std::filesystem::path project_root() {
  if (const char* home = std::getenv("BUHO_HOME"); home && *home) return home;
  return BUHO_SOURCE_DIR;
}

std::string directory_name_problem(std::string_view name) {
  if (name.empty()) return "an empty name cannot name an output directory";
  if (name == "." || name == "..")
    return fmt::format("'{}' names a directory that exists already (this one or its parent), not one of its own", name);
  if (name.find('/') != std::string_view::npos) return fmt::format("'{}' holds a '/': a name is one path component", name);
  if (name.find('\0') != std::string_view::npos) return "the name holds a NUL character: a name is one path component";
  return "";
}

}  // namespace harness
