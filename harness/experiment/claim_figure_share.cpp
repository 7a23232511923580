// Reading a reduction_share figure and its band (claim_figure_share.h).
#include "harness/experiment/claim_figure_share.h"

#include <fmt/core.h>

#include <cmath>

#include "harness/experiment/claim_spec.h"
#include "harness/experiment/experiment_config.h"

namespace harness {

namespace {

using nlohmann::json;
using namespace json_fields;

}  // namespace

void parse_reduction_share_figure(const Where& w, const std::string& path, const json& j, const Experiment* exp, ClaimFigure& f) {
  check_keys(w, path, j, {"metric", "to", "depths", "of"});
  f.metric = kReductionShareMetric;
  f.to = get_string(w, path + ".to", require(w, path, j, "to"));
  const json& depths = require(w, path, j, "depths");
  if (!depths.is_array() || depths.size() != 1 || !integer_within(depths[0], 1, 1000))
    w.fail(path + ".depths", fmt::format("metric '{}' reads one depth: give a list of one ([5]), got {}", kReductionShareMetric,
                                         depths.dump()));
  f.depths.list = {depths[0].get<int>()};
  f.share_of = kShareOfBest;
  if (j.contains("of")) {
    f.share_of = get_string(w, path + ".of", j["of"]);
    if (f.share_of != kShareOfBest && f.share_of != kShareOfMinimalTree)
      w.fail(path + ".of", fmt::format("unknown reference '{}' (valid: {}, {})", f.share_of, kShareOfBest, kShareOfMinimalTree));
  }
  if (!exp) return;
  if (!exp->design || exp->design->kind != Design::Kind::Factorial)
    w.fail(path, fmt::format("metric '{}' reads a factorial design's combinations: the config has no factorial design",
                             kReductionShareMetric));
  const Design& d = *exp->design;
  std::vector<std::string> names;
  for (std::uint32_t m : d.combinations()) names.push_back(d.version_name(m));
  if (std::find(names.begin(), names.end(), f.to) == names.end())
    w.fail(path + ".to", fmt::format("'{}' is not one of the design's combinations ({}, {}, ...)", f.to, names.front(),
                                     names.size() > 1 ? names[1] : names.front()));
  if (std::find(exp->depths.begin(), exp->depths.end(), f.depths.list.front()) == exp->depths.end())
    w.fail(path + ".depths[0]", fmt::format("depth {} is not one of the experiment's depths", f.depths.list.front()));
  if (f.share_of == kShareOfMinimalTree &&
      std::find(d.minimal_tree_depths.begin(), d.minimal_tree_depths.end(), f.depths.list.front()) == d.minimal_tree_depths.end())
    w.fail(path + ".of", fmt::format("the design counts no minimal tree at depth {} (its \"minimal_tree\" depths)", f.depths.list.front()));
}

void parse_share_band(const Where& w, const std::string& path, const json& b, ClaimPartSpec& p) {
  if (!b.is_object() || b.size() != 1 || !b.contains("share_pct"))
    w.fail(path, fmt::format("metric '{}' takes {{\"share_pct\": [low, high]}} (% of the reduction; null: unbounded)",
                             kReductionShareMetric));
  const json& pair = b["share_pct"];
  const std::string bp = path + ".share_pct";
  if (!pair.is_array() || pair.size() != 2) w.fail(bp, "expected [low, high] (null for an unbounded side)");
  std::optional<double>* sides[] = {&p.low, &p.high};
  for (std::size_t i = 0; i < 2; ++i) {
    if (pair[i].is_null()) continue;
    // A share may pass 100 % at a position (a combination below the best one) or fall below 0 (above the base).
    if (!pair[i].is_number() || !std::isfinite(pair[i].get<double>()) || std::abs(pair[i].get<double>()) > 1000)
      w.fail(fmt::format("{}[{}]", bp, i), fmt::format("expected a share in % within [-1000, 1000] or null, got {}", pair[i].dump()));
    *sides[i] = pair[i].get<double>() / 100;
  }
  if (!p.low && !p.high) w.fail(bp, "a band needs at least one bound");
  if (p.low && p.high && *p.low > *p.high) w.fail(bp, "low is above high");
}

}  // namespace harness
