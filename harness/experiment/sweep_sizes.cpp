// A sweep's size axis: table sizes given in entries, or in bytes converted to entries per scheme.
#include <fmt/core.h>

#include "engine/search.h"
#include "harness/errors.h"
#include "harness/experiment/experiment_config.h"

namespace harness {

std::uint64_t bytes_per_entry(const std::string& scheme) {
  buho::SearchConfig one;
  one.tt_entries = 1;
  if (std::string err = buho::set_param(buho::search_params(), one, "tt_scheme", scheme); !err.empty())
    throw UserError(fmt::format("tt_scheme: {}", err));
  return buho::transposition_table_bytes(one);
}

int SweepSpec::entries_at(std::size_t i, const std::string& scheme) const {
  if (!sized_in_bytes()) return tt_entries.at(i);
  // Whole entries only: a table never takes more memory than its size says. The parser checked that every
  // (size, scheme) pair holds at least one entry and stays within the tt_entries flag's limit.
  return int(tt_bytes.at(i) / bytes_per_entry(scheme));
}

}  // namespace harness
