// Claims as data: a config's "claims" read and validated (claim_spec.h; the format is configs/README.md's "Claims").
#include "harness/experiment/claim_spec.h"

#include <fmt/core.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "harness/errors.h"
#include "harness/experiment/experiment_config.h"
#include "harness/experiment/json_fields.h"
#include "harness/input_file.h"
#include "harness/paths.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

const std::vector<std::string> kMetrics = {"node_ratio",    "leaves_ratio",  "minimal_tree_multiple",
                                           "pairs_finished", "passes_median", "tt_node_ratio",
                                           "tt_doubling",   "solved_change",  "best_move_disagreement",
                                           kTtLoadMetric,   kReductionShareMetric};
// The metrics that divide two versions' counts cell by cell: they take node_ratio's keys and aggregates.
bool count_ratio(const std::string& m) { return m == "node_ratio" || m == "leaves_ratio" || m == "minimal_tree_multiple"; }
const std::vector<std::string> kAggregates = {"geometric_mean", "largest_cell", "smallest_cell", "falls_with_depth"};

int get_positive(const Where& w, const std::string& path, const json& j, const char* what) {
  if (!j.is_number_integer() || j.get<long long>() < 1 || j.get<long long>() > (1LL << 30))
    w.fail(path, fmt::format("{} must be a positive integer, got {}", what, j.dump()));
  return j.get<int>();
}

void require_one_of(const Where& w, const std::string& path, const std::string& value, const std::vector<std::string>& valid,
                    const char* what) {
  if (std::find(valid.begin(), valid.end(), value) == valid.end())
    w.fail(path, fmt::format("unknown {} '{}' (valid: {})", what, value, join(valid)));
}

DepthSelection parse_depth_selection(const Where& w, const std::string& path, const json& j) {
  DepthSelection d;
  if (j.is_string() && j.get<std::string>() == "each") {
    d.each = true;
  } else if (j.is_array()) {
    if (j.empty()) w.fail(path, "needs at least one depth");
    for (std::size_t i = 0; i < j.size(); ++i) d.list.push_back(get_positive(w, fmt::format("{}[{}]", path, i), j[i], "depth"));
  } else if (j.is_object()) {
    check_keys(w, path, j, {"min", "below", "each"});
    if (j.contains("each")) {
      if (!j["each"].is_boolean()) w.fail(path + ".each", "expected true or false");
      d.each = j["each"].get<bool>();
    }
    if (j.size() - j.contains("each") != 1)
      w.fail(path, "give one of 'min' (depths from it on) or 'below' (depths below it), and 'each': true for a part per depth");
    if (j.contains("min")) d.min = get_positive(w, path + ".min", j["min"], "depth");
    if (j.contains("below")) d.below = get_positive(w, path + ".below", j["below"], "depth");
  } else {
    w.fail(path, fmt::format("expected a list of depths [4], {{\"min\": 5}} / {{\"below\": 4}} or \"each\", got {}", j.dump()));
  }
  return d;
}

SweepSize parse_size(const Where& w, const std::string& path, const json& j) {
  SweepSize s;
  if (j.is_string()) {
    s.named = j.get<std::string>();
    require_one_of(w, path, s.named, {"smallest", "largest"}, "size");
  } else {
    s.entries = get_positive(w, path, j, "size (entries)");
  }
  return s;
}

void check_version(const Where& w, const std::string& path, const std::string& name, const Experiment* exp) {
  if (!exp || exp->find_version(name)) return;
  std::vector<std::string> names;
  for (const auto& v : exp->versions) names.push_back(v.name);
  w.fail(path, fmt::format("'{}' is not one of the config's versions (valid: {})", name, join(names)));
}

ClaimFigure parse_figure(const Where& w, const std::string& path, const json& j, const Experiment* exp) {
  if (j.is_object() && j.contains("metric") && j["metric"] == kTtLoadMetric) {
    ClaimFigure tt;
    tt.metric = kTtLoadMetric;
    tt.tt_load = parse_tt_load_figure(w, path, j);
    return tt;
  }
  if (j.is_object() && j.contains("metric") && j["metric"] == kReductionShareMetric) {
    ClaimFigure share;
    parse_reduction_share_figure(w, path, j, exp, share);
    return share;
  }
  check_keys(w, path, j,
             {"metric", "to", "from", "depths", "positions", "phase", "thesis_position", "aggregate", "beside", "sweep",
              "position", "to_scheme", "from_scheme", "to_size", "from_size", "scheme", "sizes_from", "sizes_min", "summed",
              "version", "against_phase"});
  ClaimFigure f;
  f.metric = get_string(w, path + ".metric", require(w, path, j, "metric"));
  require_one_of(w, path + ".metric", f.metric, kMetrics, "metric");
  if (f.metric == "passes_median") {
    // One version's passes at one depth: `version` is stored as `to`.
    check_keys(w, path, j, {"metric", "version", "depths"});
    f.to = get_string(w, path + ".version", require(w, path, j, "version"));
    check_version(w, path + ".version", f.to, exp);
    f.depths = parse_depth_selection(w, path + ".depths", require(w, path, j, "depths"));
    if (f.depths.list.size() != 1) w.fail(path + ".depths", "metric 'passes_median' reads one depth: give a list of one ([7])");
    return f;
  }
  if (j.contains("version")) w.fail(path + ".version", fmt::format("not a key of metric '{}' (it names 'to' and 'from')", f.metric));
  const bool versions = count_ratio(f.metric) || f.metric == "pairs_finished" || f.metric == "solved_change";
  auto refuse = [&](const std::vector<const char*>& keys) {
    for (const char* k : keys)
      if (j.contains(k)) w.fail(path + "." + k, fmt::format("not a key of metric '{}'", f.metric));
  };
  if (f.metric == "best_move_disagreement") {
    for (auto it = j.begin(); it != j.end(); ++it)
      if (it.key() != "metric" && it.key() != "phase" && it.key() != "against_phase")
        w.fail(path + "." + it.key(), fmt::format("not a key of metric '{}'", f.metric));
    f.phase = get_string(w, path + ".phase", require(w, path, j, "phase"));
    f.against_phase = get_string(w, path + ".against_phase", require(w, path, j, "against_phase"));
    require_one_of(w, path + ".phase", f.phase, {"middlegame", "endgame"}, "phase");
    require_one_of(w, path + ".against_phase", f.against_phase, {"middlegame", "endgame"}, "phase");
    if (f.phase == f.against_phase) w.fail(path + ".against_phase", "must name the other phase");
    return f;
  }
  refuse({"against_phase"});
  if (versions) {
    refuse({"sweep", "position", "to_scheme", "from_scheme", "to_size", "from_size", "scheme", "sizes_from", "sizes_min", "summed"});
    f.to = get_string(w, path + ".to", require(w, path, j, "to"));
    f.from = get_string(w, path + ".from", require(w, path, j, "from"));
    check_version(w, path + ".to", f.to, exp);
    check_version(w, path + ".from", f.from, exp);
    if (j.contains("depths")) f.depths = parse_depth_selection(w, path + ".depths", j["depths"]);
    int selections = 0;
    if (j.contains("positions")) {
      ++selections;
      const json& ps = j["positions"];
      if (ps.is_string() && ps.get<std::string>() == "each") {
        f.each_position = true;
      } else if (ps.is_array() && !ps.empty()) {
        for (std::size_t i = 0; i < ps.size(); ++i) {
          const std::string id = get_string(w, fmt::format("{}.positions[{}]", path, i), ps[i]);
          if (exp && !exp->find_position(id))
            w.fail(fmt::format("{}.positions[{}]", path, i), fmt::format("'{}' is not one of the config's positions", id));
          f.positions.push_back(id);
        }
      } else {
        w.fail(path + ".positions", "expected a non-empty list of position ids or \"each\"");
      }
    }
    if (j.contains("phase")) {
      ++selections;
      f.phase = get_string(w, path + ".phase", j["phase"]);
      require_one_of(w, path + ".phase", f.phase, {"middlegame", "endgame"}, "phase");
    }
    if (j.contains("thesis_position")) {
      ++selections;
      f.thesis_position = get_positive(w, path + ".thesis_position", j["thesis_position"], "thesis_position");
    }
    if (selections > 1) w.fail(path, "name the positions one way: 'positions', 'phase' or 'thesis_position'");
    if (j.contains("aggregate")) {
      if (!count_ratio(f.metric)) w.fail(path + ".aggregate", "only a ratio metric (node_ratio, leaves_ratio, minimal_tree_multiple) has an aggregate");
      f.aggregate = get_string(w, path + ".aggregate", j["aggregate"]);
      require_one_of(w, path + ".aggregate", f.aggregate, kAggregates, "aggregate");
    }
    if (f.metric == "solved_change") {
      refuse({"beside"});
      if (!f.depths.each && f.depths.list.size() != 1)
        w.fail(path + ".depths", "solved_change reads one depth: give [depth] or \"each\" (one part per depth)");
    }
    if (j.contains("beside")) {
      const std::string b = get_string(w, path + ".beside", j["beside"]);
      require_one_of(w, path + ".beside", b, {"all positions"}, "'beside'");
      f.beside_all_positions = true;
    }
    return f;
  }
  refuse({"to", "from", "depths", "positions", "phase", "thesis_position", "aggregate", "beside"});
  if (j.contains("sweep")) f.sweep = get_string(w, path + ".sweep", j["sweep"]);
  if (j.contains("position")) f.position = get_string(w, path + ".position", j["position"]);
  if (f.metric == "tt_node_ratio") {
    refuse({"scheme", "sizes_from", "sizes_min", "summed"});
    f.to_scheme = get_string(w, path + ".to_scheme", require(w, path, j, "to_scheme"));
    f.from_scheme = get_string(w, path + ".from_scheme", require(w, path, j, "from_scheme"));
    f.to_size = parse_size(w, path + ".to_size", require(w, path, j, "to_size"));
    f.from_size = parse_size(w, path + ".from_size", require(w, path, j, "from_size"));
  } else {
    refuse({"to_scheme", "from_scheme", "to_size", "from_size"});
    f.scheme = get_string(w, path + ".scheme", require(w, path, j, "scheme"));
    if (j.contains("sizes_from")) {
      const json& s = j["sizes_from"];
      if (!s.is_array() || s.empty()) w.fail(path + ".sizes_from", "expected a non-empty list of sizes (entries)");
      for (std::size_t i = 0; i < s.size(); ++i) f.sizes_from.push_back(get_positive(w, fmt::format("{}.sizes_from[{}]", path, i), s[i], "size (entries)"));
    }
    if (j.contains("sizes_min")) f.sizes_min = get_positive(w, path + ".sizes_min", j["sizes_min"], "size (entries)");
    if (!f.sizes_from.empty() && f.sizes_min) w.fail(path, "give one of 'sizes_from' and 'sizes_min'");
    if (j.contains("summed")) {
      if (!j["summed"].is_boolean()) w.fail(path + ".summed", "expected true or false");
      f.summed = j["summed"].get<bool>();
    }
  }
  return f;
}

// A band side: a number, or null for unbounded; `percent` reads a change in % (-20 = a ratio of 0.8).
std::optional<double> band_side(const Where& w, const std::string& path, const json& j, bool percent) {
  if (j.is_null()) return std::nullopt;
  if (!j.is_number()) w.fail(path, fmt::format("expected a number or null (unbounded), got {}", j.dump()));
  const double v = j.get<double>();
  const double ratio = percent ? 1 + v / 100 : v;
  if (!std::isfinite(ratio) || ratio < 0) w.fail(path, fmt::format("{} is not a ratio of node counts", j.dump()));
  return ratio;
}

// solved_change's band: {"difference_pct": [low, high]}, a difference of solved proportions in % of the positions
// (-1.8 = 1.8 % of the positions fewer solved); stored as fractions.
ClaimPartSpec parse_difference_band(const Where& w, const std::string& path, const json& b, ClaimPartSpec p) {
  if (b.size() != 1 || !b.contains("difference_pct"))
    w.fail(path, "metric 'solved_change' takes {\"difference_pct\": [low, high]} (% of the positions; null: unbounded)");
  const json& pair = b["difference_pct"];
  const std::string bp = path + ".difference_pct";
  if (!pair.is_array() || pair.size() != 2) w.fail(bp, "expected [low, high] (null for an unbounded side)");
  p.difference = true;
  std::optional<double>* sides[] = {&p.low, &p.high};
  for (std::size_t i = 0; i < 2; ++i) {
    if (pair[i].is_null()) continue;
    if (!pair[i].is_number() || !(std::abs(pair[i].get<double>()) <= 100))
      w.fail(fmt::format("{}[{}]", bp, i), fmt::format("expected a difference in % within [-100, 100] or null, got {}", pair[i].dump()));
    *sides[i] = pair[i].get<double>() / 100;
  }
  if (!p.low && !p.high) w.fail(bp, "a band needs at least one bound");
  if (p.low && p.high && *p.low > *p.high) w.fail(bp, "low is above high");
  return p;
}

ClaimPartSpec parse_part(const Where& w, const std::string& path, const json& j, const Experiment* exp) {
  check_keys(w, path, j, {"figure", "band", "label"});
  ClaimPartSpec p;
  p.figure = parse_figure(w, path + ".figure", require(w, path, j, "figure"), exp);
  const bool banded = p.figure.metric != "pairs_finished" && p.figure.aggregate != "falls_with_depth";
  if (j.contains("label")) p.label = get_string(w, path + ".label", j["label"]);
  if (!banded) {
    if (j.contains("band")) w.fail(path + ".band", "this figure has no band (it holds or not by itself)");
    return p;
  }
  const json& b = require(w, path, j, "band");
  if (p.figure.metric == kReductionShareMetric) {
    parse_share_band(w, path + ".band", b, p);
    return p;
  }
  // A count (passes_median) is banded by its own values, a solved share by a difference in %, a ratio by a ratio or a
  // change in %.
  const bool count = p.figure.metric == "passes_median";
  check_keys(w, path + ".band", b,
             count ? std::vector<std::string>{"value"} : std::vector<std::string>{"change_pct", "ratio", "difference_pct"});
  if (p.figure.metric == "solved_change") return parse_difference_band(w, path + ".band", b, std::move(p));
  if (b.contains("difference_pct")) w.fail(path + ".band.difference_pct", "only metric 'solved_change' has a difference band");
  if (b.size() != 1)
    w.fail(path + ".band", count ? "give 'value' ([3, 6])" : "give one of 'change_pct' ([-90, -70]: a change in %) or 'ratio' ([0.1, 0.3])");
  const bool percent = b.contains("change_pct");
  const char* key = count ? "value" : percent ? "change_pct" : "ratio";
  const std::string bp = path + ".band." + key;
  const json& pair = b[key];
  if (!pair.is_array() || pair.size() != 2) w.fail(bp, "expected [low, high] (null for an unbounded side)");
  p.low = band_side(w, bp + "[0]", pair[0], percent);
  p.high = band_side(w, bp + "[1]", pair[1], percent);
  if (!p.low && !p.high) w.fail(bp, "a band needs at least one bound");
  if (p.low && p.high && *p.low > *p.high) w.fail(bp, "low is above high");
  return p;
}

ClaimSpec parse_claim(const Where& w, const std::string& path, const json& j, const ClaimPartReader& read_part) {
  check_keys(w, path, j, {"id", "source", "statement", "published", "parts", "figure", "band", "label"});
  ClaimSpec c;
  c.id = get_string(w, path + ".id", require(w, path, j, "id"));
  if (c.id.empty()) w.fail(path + ".id", "a claim needs an id");
  c.statement = get_string(w, path + ".statement", require(w, path, j, "statement"));
  if (j.contains("source")) c.source = get_string(w, path + ".source", j["source"]);
  if (j.contains("published")) c.published = get_string(w, path + ".published", j["published"]);
  if (j.contains("parts")) {
    for (const char* k : {"figure", "band", "label"})
      if (j.contains(k)) w.fail(path + "." + k, "a claim with 'parts' gives its figures there");
    const json& ps = j["parts"];
    if (!ps.is_array() || ps.empty()) w.fail(path + ".parts", "expected a non-empty list of parts");
    for (std::size_t i = 0; i < ps.size(); ++i) c.parts.push_back(read_part(w, fmt::format("{}.parts[{}]", path, i), ps[i]));
  } else {
    json part = json::object();
    for (const char* k : {"figure", "band", "label"})
      if (j.contains(k)) part[k] = j[k];
    c.parts.push_back(read_part(w, path, part));
  }
  return c;
}

// The claim objects of `j` with every file path replaced by the list it holds.
void resolve(const Where& w, const std::string& path, const json& j, json& out, int nesting) {
  if (!j.is_array()) w.fail(path, fmt::format("expected a list of claims (objects, or files holding lists), got {}", j.type_name()));
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string ip = fmt::format("{}[{}]", path, i);
    if (j[i].is_object()) {
      out.push_back(j[i]);
      continue;
    }
    if (!j[i].is_string()) w.fail(ip, fmt::format("expected a claim object or a file path, got {}", j[i].type_name()));
    if (nesting > 0) w.fail(ip, "a claims file holds claim objects, not further files");
    const std::string name = j[i].get<std::string>();
    const std::filesystem::path file = std::filesystem::path(name).is_absolute() ? std::filesystem::path(name) : project_path(name);
    const std::string text = read_input_file(file, name, kMaxConfigBytes);
    json list;
    try {
      list = parse_json_checked(text, name);
    } catch (const json::exception& e) {
      w.fail(ip, fmt::format("'{}' is not valid JSON: {}", name, e.what()));
    }
    resolve(Where{name}, "$", list, out, nesting + 1);
  }
}

}  // namespace

bool DepthSelection::accepts(int depth) const {
  if (!list.empty()) return std::find(list.begin(), list.end(), depth) != list.end();
  if (min) return depth >= *min;
  if (below) return depth < *below;
  return true;
}

std::string DepthSelection::text() const {
  if (list.size() == 1) return fmt::format(" at depth {}", list.front());
  if (!list.empty()) {
    std::string s;
    for (int d : list) s += (s.empty() ? "" : ", ") + std::to_string(d);
    return " at depths " + s;
  }
  if (min) return fmt::format(" at depths >= {}", *min);
  if (below) return fmt::format(" at depths < {}", *below);
  return "";
}

std::string SweepSize::text() const {
  if (!named.empty()) return named;
  return entries % 1024 == 0 ? fmt::format("{}K", entries / 1024) : std::to_string(entries);
}

std::vector<ClaimSpec> parse_claims(const json& j, const std::string& file, const std::string& path, const Experiment* exp,
                                    json& resolved) {
  return parse_claims_with(j, file, path, resolved, [exp](const Where& w, const std::string& p, const json& part) {
    return parse_part(w, p, part, exp);
  });
}

std::vector<ClaimSpec> parse_claims_with(const json& j, const std::string& file, const std::string& path, json& resolved,
                                         const ClaimPartReader& read_part) {
  const Where w{file};
  resolved = json::array();
  resolve(w, path, j, resolved, 0);
  std::vector<ClaimSpec> out;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < resolved.size(); ++i) {
    // A claim read from a file is named by its place in the resolved list: the file's own path is in the message above.
    out.push_back(parse_claim(w, fmt::format("{}(resolved)[{}]", path, i), resolved[i], read_part));
    if (!ids.insert(out.back().id).second)
      w.fail(fmt::format("{}(resolved)[{}].id", path, i), fmt::format("claim id '{}' is used twice", out.back().id));
  }
  return out;
}

std::vector<ClaimSpec> claims_from_json(const json& resolved, const std::string& where) {
  json again;
  return parse_claims(resolved, where, "$.claims", nullptr, again);
}

}  // namespace harness
