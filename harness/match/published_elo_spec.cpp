#include "harness/match/published_elo_spec.h"

#include <fmt/core.h>

#include <algorithm>

#include "harness/errors.h"
#include "harness/match/published_elo_table.h"

namespace harness {

using nlohmann::json;

PublishedEloSpec parse_published_elo(const json& j, const json_fields::Where& w, const std::string& path) {
  using namespace json_fields;
  if (!j.is_object()) w.fail(path, "expected {\"file\": ..., \"sources\": [...], \"features\": {...}}");
  check_keys(w, path, j, {"file", "sources", "features"});
  PublishedEloSpec spec;
  spec.file = get_string(w, path + ".file", require(w, path, j, "file"));
  PublishedTable rows;
  try {
    rows = read_published_table(spec.file);
  } catch (const UserError& e) {
    w.fail(path + ".file", e.what());
  }
  const json& sources = require(w, path, j, "sources");
  if (!sources.is_array() || sources.empty()) w.fail(path + ".sources", "expected a list of {label, engine, version}");
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::string at = fmt::format("{}.sources[{}]", path, i);
    if (!sources[i].is_object()) w.fail(at, "expected {\"label\": ..., \"engine\": ..., \"version\": ...}");
    check_keys(w, at, sources[i], {"label", "engine", "version"});
    PublishedSource s{get_string(w, at + ".label", require(w, at, sources[i], "label")),
                      get_string(w, at + ".engine", require(w, at, sources[i], "engine")),
                      sources[i].contains("version") ? get_string(w, at + ".version", sources[i]["version"]) : ""};
    for (const auto& other : spec.sources)
      if (other.label == s.label) w.fail(at + ".label", fmt::format("'{}' is listed twice", s.label));
    spec.sources.push_back(std::move(s));
  }
  const json& features = require(w, path, j, "features");
  if (!features.is_object() || features.empty())
    w.fail(path + ".features", "expected {SECOND_PLAYER: {SOURCE_LABEL: FEATURE, ...}, ...}");
  for (auto it = features.begin(); it != features.end(); ++it) {
    const std::string at = fmt::format("{}.features.{}", path, it.key());
    if (!it.value().is_object() || it.value().empty()) w.fail(at, "expected {SOURCE_LABEL: FEATURE, ...}");
    for (auto f = it.value().begin(); f != it.value().end(); ++f) {
      const std::string fat = fmt::format("{}.{}", at, f.key());
      const auto s = std::find_if(spec.sources.begin(), spec.sources.end(), [&](const auto& x) { return x.label == f.key(); });
      if (s == spec.sources.end()) w.fail(fat, fmt::format("'{}' is not one of the sources' labels", f.key()));
      const std::string feature = get_string(w, fat, f.value());
      if (!annotated_elo(rows, *s, feature))
        w.fail(fat, fmt::format("no row '{}' of {} {} with a number in {}", feature, s->engine, s->version, spec.file));
      spec.features[it.key()][f.key()] = feature;
    }
  }
  return spec;
}

json published_elo_json(const PublishedEloSpec& spec) {
  json sources = json::array();
  for (const auto& s : spec.sources) sources.push_back({{"label", s.label}, {"engine", s.engine}, {"version", s.version}});
  return {{"file", spec.file}, {"sources", sources}, {"features", spec.features}};
}

}  // namespace harness
