#include "harness/match/pair_store.h"

#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/experiment/cell_store.h"
#include "harness/input_file.h"

namespace harness {

std::map<int, PairRecord> read_pairs(const std::filesystem::path& file) {
  std::map<int, PairRecord> out;
  std::error_code missing;
  if (!std::filesystem::exists(file, missing)) return out;
  const std::string text = read_input_file(file, file.string(), kMaxCellsBytes);
  std::size_t pos = 0;
  for (int lineno = 1; pos < text.size(); ++lineno) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // a write cut off: the next writer sets it aside
    const std::string_view line(text.data() + pos, nl - pos);
    pos = nl + 1;
    if (line.empty()) continue;
    const std::string where = fmt::format("{}:{}", file.string(), lineno);
    if (check_line(line) != LineCheck::ok)
      throw UserError(fmt::format("{}: the pair line does not match its checksum: it was edited or damaged after it "
                                  "was written; restore it, or delete the line to play that pair again", where));
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      throw UserError(fmt::format("{}: unreadable pair line ({})", where, e.what()));
    }
    PairRecord p = PairRecord::from_json(j, where);
    if (out.count(p.index)) throw UserError(fmt::format("{}: pair {} is stored twice", where, p.index));
    out.emplace(p.index, std::move(p));
  }
  return out;
}

void PairStore::append(const PairRecord& pair) { lines_.append(pair.to_json().dump()); }

}  // namespace harness
