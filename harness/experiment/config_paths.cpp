#include "harness/experiment/config_paths.h"

#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/paths.h"

namespace harness {

std::filesystem::path config_file_path(const std::string& where, const std::filesystem::path& config_file,
                                       const std::string& name, const std::string& what) {
  const std::filesystem::path given(name);
  if (given.is_absolute()) return given;
  std::error_code ec;
  const std::filesystem::path beside = std::filesystem::absolute(config_file, ec).parent_path() / given;
  if (!ec && std::filesystem::exists(beside, ec)) return beside;
  const std::filesystem::path in_root = project_path(name);
  if (std::filesystem::exists(in_root, ec)) return in_root;
  throw UserError(fmt::format("{}: {} '{}': no such file beside the config ('{}') nor in the project root ('{}')", where,
                              what, name, beside.string(), in_root.string()));
}

}  // namespace harness
