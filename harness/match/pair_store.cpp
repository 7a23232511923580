#include "harness/match/pair_store.h"

#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/storage/cell_store.h"

namespace harness {

std::map<int, PairRecord> read_pairs(const std::filesystem::path& file, int pair_count) {
  std::map<int, PairRecord> out;
  for_each_checked_line(file, "pair line", "restore it, or delete the line to play that pair again",
                        [&](const nlohmann::json& j, const std::string& where) {
                          PairRecord p = PairRecord::from_json(j, where);
                          if (p.index >= pair_count)
                            throw UserError(fmt::format("{}: pair index {} is beyond the match's {} pairs (0..{})", where,
                                                        p.index, pair_count, pair_count - 1));
                          if (out.count(p.index)) throw UserError(fmt::format("{}: pair {} is stored twice", where, p.index));
                          out.emplace(p.index, std::move(p));
                        });
  return out;
}

void PairStore::append(const PairRecord& pair) { lines_.append(pair.to_json().dump()); }

}  // namespace harness
