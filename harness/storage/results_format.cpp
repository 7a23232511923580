#include "harness/storage/results_format.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "harness/errors.h"
#include "harness/experiment/result_set.h"  // kExperimentFile, kCellsFile
#include "harness/input_file.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/line_checksum.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/results_kind.h"

namespace harness {

namespace {

struct Rewritten {
  std::string text;
  std::size_t from_fnv = 0;
  bool changed() const { return from_fnv > 0; }
};

// `text` (a whole file of lines) with every line given a line_xxh checksum over the text it had before its
// checksum: a line_xxh line is kept as it is, a line_fnv line has its checksum member replaced. A line that fails or
// lacks its checksum is a UserError naming `file` and the line.
Rewritten rewrite_lines(const std::filesystem::path& file, const std::string& text) {
  Rewritten out;
  out.text.reserve(text.size() + text.size() / 32);
  std::size_t pos = 0;
  for (int lineno = 1; pos < text.size(); ++lineno) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos)  // its torn tail was set aside: only a writer meanwhile leaves one
      throw UserError(fmt::format("{}: its last line is incomplete (is a run writing to it?); nothing was changed",
                                  file.string()));
    const std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    const std::string where = fmt::format("{}:{}", file.string(), lineno);
    if (line.empty()) continue;
    if (!check_line(line))
      throw UserError(fmt::format("{}: the line does not match its checksum: it was edited or damaged after it was "
                                  "written (or {}); restore it (or delete it) before migrating; nothing was changed",
                                  where, kOlderFormatRemedy));
    if (line.find(",\"line_xxh\":\"", line.size() - kChecksumTailSize) != std::string_view::npos) {
      out.text.append(line).push_back('\n');
      continue;
    }
    append_checked_line(out.text, std::string(line.substr(0, line.size() - kChecksumTailSize)) + "}");
    ++out.from_fnv;
  }
  return out;
}

std::string describe(const std::filesystem::path& file, const Rewritten& r) {
  return fmt::format("{}: {} line(s) with an FNV-1a checksum now carry XXH3-64 (line_xxh)", file.filename().string(),
                     r.from_fnv);
}

// The store's lines (cells.jsonl and its flag-set file) rewritten into line_xxh lines, each file beside itself, read
// back as a store with every line checked, then renamed over the old one: the sets first.
void migrate_lines(const std::filesystem::path& dir, Migration& out) {
  std::error_code ec;
  const std::filesystem::path cells = dir / kCellsFile;
  if (ends_in_torn_line(cells)) {
    set_torn_tail_aside(cells);
    out.changes.push_back(fmt::format("{}: an incomplete last line set aside (see the note above)", kCellsFile));
  }
  const std::filesystem::path sets = flag_sets_file(cells);
  set_torn_tail_aside(sets);
  const Rewritten new_sets = rewrite_lines(sets, read_file_bytes(sets));
  const Rewritten new_cells = rewrite_lines(cells, read_input_file(cells, cells.string(), kMaxCellsBytes));
  if (new_sets.changed() || new_cells.changed()) {
    // Under names of their own (the cells' naming the sets' file as cells.jsonl names its own).
    const std::filesystem::path tmp_cells = dir / "cells.migrating.jsonl", tmp_sets = flag_sets_file(tmp_cells);
    try {
      write_file_durably(tmp_sets, new_sets.text);
      write_file_durably(tmp_cells, new_cells.text);
      read_cells(tmp_cells);
    } catch (...) {
      std::filesystem::remove(tmp_cells, ec);
      std::filesystem::remove(tmp_sets, ec);
      throw;
    }
    if (new_sets.changed()) {
      rename_durably(tmp_sets, sets);
      out.changes.push_back(describe(sets, new_sets));
    } else {
      std::filesystem::remove(tmp_sets, ec);
    }
    if (new_cells.changed()) {
      rename_durably(tmp_cells, cells);
      out.changes.push_back(describe(cells, new_cells));
    } else {
      std::filesystem::remove(tmp_cells, ec);
    }
  }
}

// A calibration's directory (`harness calibrate`): its copy of the config and its store, no experiment.json.
bool is_calibration_dir(const std::filesystem::path& dir) {
  return std::filesystem::exists(dir / kCalibrationConfigCopy) && std::filesystem::exists(dir / kCellsFile) &&
         !std::filesystem::exists(dir / kExperimentFile);
}

}  // namespace

Migration migrate_results(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw UserError(fmt::format("{}: not a directory; harness migrate rewrites a run's results directory "
                                "(experiment.json and cells.jsonl)",
                                dir.string()));
  const std::filesystem::path exp_file = dir / kExperimentFile, cells = dir / kCellsFile;
  if (results_kind(dir) == ResultsKind::match) {  // its pairs only: match.json carries no format number
    const OutputLock lock(dir, this_command_line());
    const std::filesystem::path pairs = dir / "pairs.jsonl";
    Migration out;
    if (!std::filesystem::exists(pairs)) return out;
    const Rewritten r = rewrite_lines(pairs, read_file_bytes(pairs));
    if (r.changed()) {
      write_file_atomically(pairs, r.text);
      out.changes.push_back(describe(pairs, r));
    }
    return out;
  }
  if (is_calibration_dir(dir)) {  // its lines only: a calibration keeps no experiment.json to number
    const OutputLock lock(dir, this_command_line());
    Migration out;
    migrate_lines(dir, out);
    return out;
  }
  if (results_kind(dir) != ResultsKind::run || !std::filesystem::exists(exp_file) || !std::filesystem::exists(cells))
    throw UserError(fmt::format("{}: not a run's or a calibration's results directory (it holds {}; a run's has "
                                "experiment.json and cells.jsonl, a calibration's calibration-config.json and "
                                "cells.jsonl); harness migrate changed nothing",
                                dir.string(), results_kind_name(results_kind(dir))));
  const OutputLock lock(dir, this_command_line());
  nlohmann::json exp =
      parse_json_checked(read_input_file(exp_file, exp_file.string(), kMaxExperimentBytes), exp_file.string());
  if (!exp.is_object()) throw UserError(fmt::format("{}: not a JSON object; nothing was changed", exp_file.string()));
  const auto it = exp.find(kResultsFormatKey);
  if (it != exp.end() && !it->is_number_unsigned())
    throw UserError(fmt::format("{}: results_format is {}, not a format number; nothing was changed",
                                exp_file.string(), it->dump()));
  const int format = it == exp.end() ? 0 : int(std::min<std::uint64_t>(it->get<std::uint64_t>(), 1000));
  if (format > kResultsFormat)
    throw UserError(fmt::format("{}: results_format {} is newer than this harness's ({}); use a newer build",
                                exp_file.string(), format, kResultsFormat));
  Migration out;
  migrate_lines(dir, out);
  if (format != kResultsFormat || !exp.value("line_checksums", false)) {
    // The members added at the top of the text as it stands (its other lines kept as they are: older files are not
    // all in dump()'s order), unless the text cannot take them so: then the whole file as dump() writes it.
    const std::string text = read_input_file(exp_file, exp_file.string(), kMaxExperimentBytes);
    const auto checksums = exp.find("line_checksums");
    const bool insert = text.rfind("{\n", 0) == 0 && !exp.empty() && !exp.contains(kResultsFormatKey) &&
                        (checksums == exp.end() || *checksums == true);
    std::string added = checksums == exp.end() ? "  \"line_checksums\": true,\n" : "";
    added += fmt::format("  \"{}\": {},\n", kResultsFormatKey, kResultsFormat);
    exp["line_checksums"] = true;
    exp[kResultsFormatKey] = kResultsFormat;
    write_file_atomically(exp_file, insert ? "{\n" + added + text.substr(2) : exp.dump(2) + "\n");
    out.changes.push_back(fmt::format("{}: results_format {} (was {})", kExperimentFile, kResultsFormat,
                                      format == 0 ? "none" : std::to_string(format)));
  }
  return out;
}

}  // namespace harness
