#include "harness/match/match_claim_spec.h"

#include <fmt/core.h>

#include <cmath>

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

ClaimPartSpec read_match_part(const Where& w, const std::string& path, const json& j, const std::vector<MatchClaimTarget>& matches) {
  check_keys(w, path, j, {"figure", "band", "label"});
  ClaimPartSpec p;
  const std::string fp = path + ".figure";
  const json& f = require(w, path, j, "figure");
  check_keys(w, fp, f, {"metric", "match"});
  p.figure.metric = get_string(w, fp + ".metric", require(w, fp, f, "metric"));
  const std::vector<std::string> metrics = {kMatchEloMetric, kMatchNeloMetric, kMatchLlrMetric};
  if (std::find(metrics.begin(), metrics.end(), p.figure.metric) == metrics.end())
    w.fail(fp + ".metric", fmt::format("unknown metric '{}' for a match (valid: {})", p.figure.metric, join(metrics)));
  std::vector<std::string> names;
  for (const auto& m : matches) names.push_back(m.name);
  const MatchClaimTarget* target = nullptr;
  if (f.contains("match")) {
    p.figure.match = get_string(w, fp + ".match", f["match"]);
    for (const auto& m : matches)
      if (m.name == p.figure.match) target = &m;
    if (!target) w.fail(fp + ".match", fmt::format("unknown match '{}' (valid: {})", p.figure.match, join(names)));
  } else if (matches.size() == 1) {
    target = &matches.front();
    p.figure.match = target->name;
  } else {
    w.fail(fp, fmt::format("a series' figure names its match: \"match\": one of {}", join(names)));
  }
  if (p.figure.metric == kMatchLlrMetric && target->sprt && !*target->sprt)
    w.fail(fp + ".metric", fmt::format("metric 'llr' needs an SPRT: match '{}' has no \"sprt\"", target->name));
  if (j.contains("label")) p.label = get_string(w, path + ".label", j["label"]);
  const std::string bp = path + ".band";
  const json& b = require(w, path, j, "band");
  check_keys(w, bp, b, {p.figure.metric});
  const std::string kp = bp + "." + p.figure.metric;
  const json& pair = require(w, bp, b, p.figure.metric.c_str());
  if (!pair.is_array() || pair.size() != 2) w.fail(kp, "expected [low, high] (null for an unbounded side)");
  std::optional<double>* sides[] = {&p.low, &p.high};
  for (std::size_t i = 0; i < 2; ++i) {
    if (pair[i].is_null()) continue;
    if (!pair[i].is_number() || !std::isfinite(pair[i].get<double>()))
      w.fail(fmt::format("{}[{}]", kp, i), fmt::format("expected a number or null (unbounded), got {}", pair[i].dump()));
    *sides[i] = pair[i].get<double>();
  }
  if (!p.low && !p.high) w.fail(kp, "a band needs at least one bound");
  if (p.low && p.high && *p.low > *p.high) w.fail(kp, "low is above high");
  return p;
}

}  // namespace

std::vector<ClaimSpec> parse_match_claims(const json& j, const std::string& file, const std::string& path,
                                          const std::vector<MatchClaimTarget>& matches, json& resolved) {
  return parse_claims_with(j, file, path, resolved, [&matches](const Where& w, const std::string& p, const json& part) {
    return read_match_part(w, p, part, matches);
  });
}

}  // namespace harness
