// Where a file that a config names (an EPD file, a presets file) is looked for.
#pragma once

#include <filesystem>
#include <string>

namespace harness {

// The file `name`, as the config `config_file` writes it: an absolute path as given; a relative one in the
// config's own folder when a file is there, else in the project root (the shipped configs in configs/ name
// positions/... and configs/... from there). Neither there: UserError `<where>: <what> '<name>': no such file`,
// naming both places it looked.
std::filesystem::path config_file_path(const std::string& where, const std::filesystem::path& config_file,
                                       const std::string& name, const std::string& what);

}  // namespace harness
