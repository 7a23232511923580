// The old form of a design's claims converted into claims as data (design_claims.h).
#include "harness/experiment/design_claims.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

double old_claim_number(const Where& w, const std::string& path, const json& j) {
  if (!j.is_number()) w.fail(path, fmt::format("expected a number, got {}", j.dump()));
  return j.get<double>();
}

// A band [low, high] of numbers that holds the published `figure` (`what`), times `scale` (100 for a band in %),
// rounded so that 0.95 reads 95.
json old_claim_band(const Where& w, const std::string& path, const json& j, double scale, double figure, const std::string& what) {
  if (!j.is_array() || j.size() != 2) w.fail(path, "expected [low, high]");
  const double low = old_claim_number(w, path + "[0]", j[0]), high = old_claim_number(w, path + "[1]", j[1]);
  if (!(low <= figure && figure <= high))
    w.fail(path, fmt::format("the band [{:g}, {:g}] must hold the published {}", low, high, what));
  json out = json::array();
  for (std::size_t i = 0; i < 2; ++i)
    out.push_back(std::round(old_claim_number(w, fmt::format("{}[{}]", path, i), j[i]) * scale * 1e6) / 1e6);
  return out;
}

std::uint32_t old_claim_mask(const Where& w, const std::string& path, const json& fs, const Design& d, bool empty_ok) {
  if (!fs.is_array() || (fs.empty() && !empty_ok)) w.fail(path, "expected a list of the design's factor names");
  std::vector<std::string> names;
  for (const auto& f : d.factors) names.push_back(f.name);
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < fs.size(); ++i) {
    const std::string fp = fmt::format("{}[{}]", path, i);
    const std::string name = get_string(w, fp, fs[i]);
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) w.fail(fp, fmt::format("'{}' is not one of the design's factors (valid: {})", name, join(names)));
    mask |= std::uint32_t(1) << (it - names.begin());
  }
  return mask;
}

json old_claim(const Where& w, const std::string& p, const json& c, const Design& d, int depth) {
  if (!c.is_object()) w.fail(p, "expected a claim object");
  const std::string kind = c.contains("kind") ? get_string(w, p + ".kind", c["kind"]) : "share";
  if (kind != "share" && kind != "node_ratio") w.fail(p + ".kind", fmt::format("unknown claim kind '{}' (valid: share, node_ratio)", kind));
  const bool share = kind == "share";
  check_keys(w, p, c, share ? std::vector<std::string>{"id", "source", "statement", "kind", "factors", "share", "band"}
                            : std::vector<std::string>{"id", "source", "statement", "kind", "factors", "against", "ratio", "band", "solved"});
  json out = {{"id", get_string(w, p + ".id", require(w, p, c, "id"))},
              {"source", get_string(w, p + ".source", require(w, p, c, "source"))},
              {"statement", get_string(w, p + ".statement", require(w, p, c, "statement"))}};
  const std::uint32_t factors = old_claim_mask(w, p + ".factors", require(w, p, c, "factors"), d, false);
  if (share) {
    const double figure = old_claim_number(w, p + ".share", require(w, p, c, "share"));
    if (figure < 0 || figure > 1) w.fail(p + ".share", fmt::format("a share is in 0..1, got {:g}", figure));
    out["published"] = fmt::format("share {:g} % of the reduction to the best combination", std::round(figure * 1e6) / 1e4);
    out["figure"] = {{"metric", "reduction_share"}, {"to", d.version_name(factors)}, {"depths", json::array({depth})}};
    out["band"] = {{"share_pct", old_claim_band(w, p + ".band", require(w, p, c, "band"), 100, figure,
                                                fmt::format("share {:g}", figure))}};
    return out;
  }
  const std::uint32_t against = c.contains("against") ? old_claim_mask(w, p + ".against", c["against"], d, true) : 0;
  if (against & factors)
    w.fail(p + ".against", fmt::format("factor '{}' is in both 'factors' and 'against': the ratio adds 'factors' to 'against'",
                                       d.factors_text(against & factors)));
  const double ratio = old_claim_number(w, p + ".ratio", require(w, p, c, "ratio"));
  if (!(ratio > 0)) w.fail(p + ".ratio", fmt::format("a node ratio is above 0, got {:g}", ratio));
  std::string published = fmt::format("node ratio {:g} ({:g} % {} nodes)", ratio, std::round(100 * std::abs(1 - ratio) * 100) / 100,
                                      ratio <= 1 ? "fewer" : "more");
  const json to = d.version_name(against | factors), from = d.version_name(against);
  json parts = json::array({{{"figure", {{"metric", "node_ratio"}, {"to", to}, {"from", from}, {"depths", json::array({depth})}}},
                             {"band", {{"ratio", old_claim_band(w, p + ".band", require(w, p, c, "band"), 1, ratio,
                                                                fmt::format("ratio {:g}", ratio))}}}}});
  if (c.contains("solved")) {
    const std::string sp = p + ".solved";
    const json& s = c["solved"];
    if (!s.is_object()) w.fail(sp, "expected {\"change\", \"of\", \"band\"}");
    check_keys(w, sp, s, {"change", "of", "band"});
    const json& change = require(w, sp, s, "change");
    const json& of = require(w, sp, s, "of");
    if (!integer_within(of, 1, 1000000000)) w.fail(sp + ".of", fmt::format("positions must be an integer >= 1, got {}", of.dump()));
    if (!integer_within(change, -of.get<long long>(), of.get<long long>()))
      w.fail(sp + ".change", fmt::format("the change in positions solved must be an integer in -{0}..{0}, got {1}", of.get<long long>(), change.dump()));
    const double difference = change.get<double>() / of.get<double>();
    const json& sb = require(w, sp, s, "band");
    if (sb.is_array() && sb.size() == 2 && sb[0].is_number() && sb[1].is_number() && !(-1 <= sb[0].get<double>() && sb[1].get<double>() <= 1))
      w.fail(sp + ".band", fmt::format("a difference of proportions lies in [-1, 1], got {}", sb.dump()));
    published += fmt::format("; {:+d} of {} positions solved", change.get<int>(), of.get<int>());
    parts.push_back({{"figure", {{"metric", "solved_change"}, {"to", to}, {"from", from}, {"depths", json::array({depth})}}},
                     {"band", {{"difference_pct", old_claim_band(w, sp + ".band", require(w, sp, s, "band"), 100, difference,
                                                                 fmt::format("difference {} / {}", change.dump(), of.dump()))}}}});
  }
  out["published"] = published;
  if (parts.size() == 1) {
    out["figure"] = parts[0]["figure"];
    out["band"] = parts[0]["band"];
  } else {
    out["parts"] = parts;
  }
  return out;
}

}  // namespace

json design_claims_as_claims(const json& old, const Design& d, const std::vector<int>& depths, const Where& w, const std::string& path) {
  if (!old.is_array()) w.fail(path, "expected a list of claims");
  const int deepest = depths.empty() ? 0 : *std::max_element(depths.begin(), depths.end());
  json out = json::array();
  for (std::size_t i = 0; i < old.size(); ++i) out.push_back(old_claim(w, fmt::format("{}[{}]", path, i), old[i], d, deepest));
  return out;
}

}  // namespace harness
