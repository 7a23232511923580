// Reading an input file (a config, an EPD suite) whole, bounded: what is not a regular file (a directory, a FIFO,
// /dev/zero) or is larger than its kind allows is refused by name before anything is read, so a wrong path
// never grows the process to gigabytes or fails later with a misleading message.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace harness {

// The largest file of each kind read: far above any real one (the largest shipped config is under 1 MB, an
// opening book of 242,201 positions about 20 MB).
inline constexpr std::uintmax_t kMaxConfigBytes = std::uintmax_t(16) << 20;
inline constexpr std::uintmax_t kMaxEpdBytes = std::uintmax_t(256) << 20;
// A results directory's cells.jsonl: a line is about 3.3 KB (every flag of the cell), so 4 GiB holds about 1.3
// million cells; read whole into memory, a larger one would take its size again in RAM. Split such a run in shards.
// A results directory's experiment.json: the resolved experiment lists every position (about 100 bytes each), so as
// many as the largest EPD file may hold.
inline constexpr std::uintmax_t kMaxExperimentBytes = kMaxEpdBytes;
inline constexpr std::uintmax_t kMaxCellsBytes = std::uintmax_t(4) << 30;

// The deepest nesting of arrays and objects any JSON the harness reads may have: a config nests about 5 deep, a
// stored line 3.
inline constexpr int kMaxJsonDepth = 64;

// JSON text (a config, an experiment.json, a stored line) parsed as nlohmann::json::parse does, except that a key
// given twice in one object is refused (the parser would keep the last silently): UserError "<shown>: duplicate key
// '<key>' ...", and so is nesting deeper than kMaxJsonDepth (UserError "<shown>: arrays and objects nested more than
// 64 deep ..."). Syntax errors are nlohmann's parse_error, for the caller to word.
nlohmann::json parse_json_checked(std::string_view text, const std::string& shown);

// The bytes of `file`. Throws UserError naming `shown` (the file as the user gave it, or with its context) when
// it does not exist, is not a regular file, is larger than `max_bytes`, or cannot be read.
std::string read_input_file(const std::filesystem::path& file, const std::string& shown, std::uintmax_t max_bytes);
// The same checks, the bytes handed to `take` a block at a time as they are read: a reader of a large file (a
// cells.jsonl of 10^6 lines is 1 GB) that needs each line once holds a block, not the file.
void read_input_file_in_blocks(const std::filesystem::path& file, const std::string& shown, std::uintmax_t max_bytes,
                               const std::function<void(std::string_view)>& take);

}  // namespace harness
