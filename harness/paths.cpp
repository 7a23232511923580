#include "harness/paths.h"

#include <cstdlib>

namespace harness {

std::filesystem::path project_root() {
  if (const char* home = std::getenv("BUHO_HOME"); home && *home) return home;
  return BUHO_SOURCE_DIR;
}

}  // namespace harness
