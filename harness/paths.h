// Where the harness finds its own data (configs/, positions/, data/). The source tree the binary was
// built from is the default; the environment variable BUHO_HOME overrides it (e.g. an installed copy).
#pragma once

#include <filesystem>
#include <string_view>

namespace harness {

std::filesystem::path project_root();
inline std::filesystem::path project_path(std::string_view relative) { return project_root() / relative; }

}  // namespace harness
