// Reading a tt_load_ratio figure (claim_figure_tt_load.h).
#include "harness/experiment/claim_figure_tt_load.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "harness/experiment/cell_inputs.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

std::string scheme_named(const Where& w, const std::string& path, const json& j, bool or_kind) {
  const std::string name = get_string(w, path, j);
  std::vector<std::string> valid = tt_scheme_names();
  if (or_kind && (name == "reference" || name == "doubling")) return name;
  if (std::find(valid.begin(), valid.end(), name) == valid.end()) {
    if (or_kind) valid.insert(valid.begin(), {"reference", "doubling"});
    w.fail(path, fmt::format("unknown {} '{}' (valid: {})", or_kind ? "'against'" : "scheme", name, join(valid)));
  }
  return name;
}

std::optional<double> load_side(const Where& w, const std::string& path, const json& j) {
  if (j.is_null()) return std::nullopt;
  if (!j.is_number() || !std::isfinite(j.get<double>()) || j.get<double>() < 0)
    w.fail(path, fmt::format("expected a load (a number >= 0) or null (unbounded), got {}", j.dump()));
  return j.get<double>();
}

}  // namespace

TtLoadFigure parse_tt_load_figure(const Where& w, const std::string& path, const json& j) {
  check_keys(w, path, j, {"metric", "scheme", "against", "load"});
  TtLoadFigure f;
  f.scheme = scheme_named(w, path + ".scheme", require(w, path, j, "scheme"), false);
  if (j.contains("against")) f.against = scheme_named(w, path + ".against", j["against"], true);
  if (f.against == f.scheme) w.fail(path + ".against", "a scheme against itself");
  const json& load = require(w, path, j, "load");
  const std::string lp = path + ".load";
  if (load.is_array()) {
    if (load.size() != 2) w.fail(lp, "expected [low, below] (null for an open side)");
    f.load_min = load_side(w, lp + "[0]", load[0]);
    f.load_below = load_side(w, lp + "[1]", load[1]);
    if (f.load_min && f.load_below && *f.load_min >= *f.load_below) w.fail(lp, "low is not below 'below'");
  } else if (load.is_object()) {
    check_keys(w, lp, load, {"thesis_table"});
    const json& e = require(w, lp, load, "thesis_table");
    if (!integer_within(e, 1, 1LL << 30)) w.fail(lp + ".thesis_table", fmt::format("expected a table size in entries, got {}", e.dump()));
    f.thesis_table = e.get<int>();
  } else {
    w.fail(lp, fmt::format("expected [low, below] or {{\"thesis_table\": entries}}, got {}", load.type_name()));
  }
  return f;
}

}  // namespace harness
