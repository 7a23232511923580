// Checked POSIX file operations for the files the harness promises to keep (cells.jsonl, runs.jsonl,
// experiment.json, the reports). Every write, sync, rename and close is checked; a failure throws
// IoError naming the file and the system's reason (ENOSPC, EIO, EACCES, a removed directory), so a
// run stops at once instead of believing a cell was stored.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace harness {

// "<file>: <what> failed: <strerror(errno)>" as an IoError; `what` is e.g. "write", "fdatasync".
[[noreturn]] void throw_io_error(const std::filesystem::path& file, std::string_view what);

// Writes all of `bytes` to `fd` (retrying short writes and EINTR); IoError naming `file` otherwise.
// Returns normally only when every byte was accepted by the kernel.
void write_all(int fd, std::string_view bytes, const std::filesystem::path& file);
// fdatasync(fd), checked.
void sync_data(int fd, const std::filesystem::path& file);
// close(fd), checked (NFS and some disks report a failed write only here).
void close_checked(int fd, const std::filesystem::path& file);
// fsync of a directory, so a file created or renamed in it survives a power loss.
void sync_directory(const std::filesystem::path& dir);

// Writes `text` to `file` through a temporary file of its own beside it (`<file>.tmp-XXXXXX`, mkstemp): written,
// synced, closed, renamed, directory synced.
// Readers never see half a file and a crash leaves either the old or the new file.
void write_file_atomically(const std::filesystem::path& file, const std::string& text);
// Creates `file` (or truncates it) with `text`, synced and closed, the directory synced.
void write_file_durably(const std::filesystem::path& file, std::string_view text);
// Appends `text` to `file` (created if missing) with one write, then syncs and closes it.
void append_durably(const std::filesystem::path& file, std::string_view text);
// rename(from, to), checked, then the directory of `to` synced.
void rename_durably(const std::filesystem::path& from, const std::filesystem::path& to);
// The whole content of `file` as bytes; IoError if it cannot be read, UserError if it is not a regular file (a FIFO is
// not waited on). A missing file is "".
std::string read_file_bytes(const std::filesystem::path& file);

}  // namespace harness
