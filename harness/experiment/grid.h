// An experiment's grid: a base version and axes (flag -> values) that the config expands into what runs, so that a
// sweep over any flags is data and not a list of hand-written versions (configs/README.md "Grids").
//   "grid": {"base": "H", "axes": {"lmr_reduction": [1, 2, 3], "lmr_min_moves": [3, 6, 9]}, "design": "full"}
// Any flag is an axis: a search flag, an evaluation term ("eval.<term>"), or "tt_bytes" (table memory: each point's
// tt_entries is the whole entries of its scheme that fit, as a sweep sized in bytes gives them). Designs:
//  - "full" (the default): every combination of the axes' values, each version named by the base and every axis's
//    value in flag-name order, "H[lmr_min_moves=3,lmr_reduction=2]";
//  - "one_at_a_time": the base under its own name, then the base with each axis's value alone, "H[lmr_reduction=1]"
//    (a value equal to the base's own is the base and runs once, as it);
//  - "factorial": each axis a binary factor (the base's value and one other), read as the `factorial` design of
//    design.h with one factor per axis, named by its flag ("eval.<term>" as "eval_<term>"), so the same versions,
//    cells and effects study; it takes that design's "minimal_tree" (its claims are the config's top-level "claims").
// A full grid whose axes are the table's alone (tt_entries or tt_bytes, tt_scheme) is a TT sweep (SweepSpec): its
// cells stand in the TT study as a `sweeps` entry's do. Such a grid may name its table ("name"), mark it the
// study's unlimited table ("reference"), and run on some positions ("positions") or at its own depths ("depths": a
// list, or {"D": [position ids]} for each position's own depths, one sweep "<name>-d<D>" per depth).
// A config gives one grid or a list of them, and no `versions` list, `factorial` or `leave_one_out` beside them.
// The grid expands into the existing forms (versions, a design, sweeps): cells are enumerated as theirs, one path.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/design.h"
#include "harness/experiment/json_fields.h"

namespace harness {

class PresetBook;

// What a config's grids expand into, each with the JSON path of the grid it came from (for later errors).
struct GridExpansion {
  struct Item {
    std::string path;     // "$.grid" or "$.grid[2]"
    nlohmann::json json;  // a PresetBook version object, or a `sweeps` entry
  };
  // In order: PresetBook version objects {"name", "extends", "description", "flags"}, or {"name": base} alone for a
  // base that runs under its own name.
  std::vector<Item> versions;
  std::optional<Design> design;  // a factorial grid's (at most one)
  std::vector<Item> sweeps;      // table grids' sweeps, as `sweeps` entries, read by the sweep parser

  static constexpr std::size_t kMaxVersions = 4096;  // a grid's versions at most (a typo of a range would be 10^6)
};

// The "grid" of `config` (an object or a list of objects), checked against `book` (the base must resolve, every axis
// be a flag, every value one the flag takes, listed once); empty when the config has none. Mistakes fail through `w`
// naming the JSON path ("$.grid.axes.lmr_reduction[1]"). `depths` are the experiment's.
GridExpansion parse_grids(const nlohmann::json& config, const json_fields::Where& w, const PresetBook& book,
                          const std::vector<int>& depths);

// A grid point's version name: the base and each flag=value in the order given, "H[lmr_min_moves=3,lmr_reduction=2]".
std::string grid_version_name(const std::string& base, const std::vector<std::pair<std::string, nlohmann::json>>& values);

}  // namespace harness
