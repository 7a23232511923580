// Where the harness finds its own data (configs/, positions/, data/). The source tree the binary was
// built from is the default; the environment variable BUHO_HOME overrides it (e.g. an installed copy).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace harness {

std::filesystem::path project_root();
inline std::filesystem::path project_path(std::string_view relative) { return project_root() / relative; }

// Why `name` (a config's name, the default output directory out/NAME) cannot name a directory of its own, "" when
// it can: it must be one path component, so it is not empty, ".", "..", and holds no '/' or NUL (POSIX.1-2017
// 3.271 "Portable Filename"; "." and ".." name the directory itself and its parent, outside out/).
std::string directory_name_problem(std::string_view name);

}  // namespace harness
