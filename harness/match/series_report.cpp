#include "harness/match/series_report.h"

#include <fmt/core.h>

#include "harness/errors.h"
#include "harness/experiment/durable_file.h"
#include "harness/experiment/output_lock.h"
#include "harness/input_file.h"

namespace harness {

using nlohmann::json;

namespace {

std::string series_limit_text(const MatchSpec& s) {
  return s.limit.nodes > 0 ? fmt::format("{} nodes", s.limit.nodes) : fmt::format("depth {}", s.limit.depth);
}

class SeriesStudy final : public Study {
 public:
  SeriesStudy(std::string name, std::vector<const LoadedMatch*> matches) : name_(std::move(name)), matches_(std::move(matches)) {}
  std::string_view name() const override { return "series"; }
  bool applies() const override { return !matches_.empty(); }

  std::string markdown() const override {
    std::string md = "## Matches\n\nEach row is one match's counted pairs (its own REPORT.md has the rest); Elo is the "
                     "first player's, from the pentanomial, with 95 % intervals.\n\n";
    md += "| match | first | second | limit | pairs | W / D / L | Elo | nElo | LLR | verdict |\n";
    md += "| --- | --- | --- | --- | ---: | --- | --- | --- | ---: | --- |\n";
    for (const LoadedMatch* m : matches_) {
      const MatchTally& t = m->tally;
      md += fmt::format("| {} | {} | {} | {} | {} of {} | {} / {} / {} | {} | {} | {} | {} |\n", m->spec.name,
                        m->spec.players[0].name, m->spec.players[1].name, series_limit_text(m->spec), t.counted.size(),
                        m->spec.pairs, t.wdl.wins, t.wdl.draws, t.wdl.losses, elo_text(logistic_elo(t.pentanomial)),
                        elo_text(normalized_elo(t.pentanomial)),
                        m->spec.sprt_enabled ? fmt::format("{:.2f}", t.llr) : "-",
                        m->spec.sprt_enabled ? verdict_text(t.verdict, m->spec.sprt) : "-");
    }
    return md;
  }

  nlohmann::json json() const override {
    nlohmann::json rows = nlohmann::json::array();
    for (const LoadedMatch* m : matches_) {
      nlohmann::json row = make_match_study(m->spec, m->tally)->json();
      row["name"] = m->spec.name;
      rows.push_back(row);
    }
    return rows;
  }

 private:
  std::string name_;
  std::vector<const LoadedMatch*> matches_;
};

}  // namespace

json series_file_json(const MatchSeries& series) {
  json names = json::array();
  for (const MatchSpec& m : series.matches) names.push_back(m.name);
  return json{{"name", series.name}, {"description", series.description}, {"matches", names}};
}

std::unique_ptr<Study> make_series_study(const std::string& name, const std::vector<const LoadedMatch*>& matches) {
  return std::make_unique<SeriesStudy>(name, matches);
}

MatchReport write_series_reports(const std::filesystem::path& dir) {
  const auto file = dir / kSeriesFile;
  json j;
  try {
    j = json::parse(read_input_file(file, file.string(), kMaxConfigBytes));
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
  MatchReport r;
  std::vector<std::unique_ptr<LoadedMatch>> loaded;
  std::vector<const LoadedMatch*> rows;
  std::string name, description;
  try {
    name = j.at("name").get<std::string>();
    description = j.value("description", "");
    for (const auto& m : j.at("matches")) {
      const auto sub = dir / m.get<std::string>();
      if (!std::filesystem::exists(sub / kMatchFile)) continue;  // not started yet
      const MatchReport one = write_match_reports(sub);
      r.files.insert(r.files.end(), one.files.begin(), one.files.end());
      loaded.push_back(load_match_dir(sub));
      rows.push_back(loaded.back().get());
      r.summary_lines.insert(r.summary_lines.end(), one.summary_lines.begin(), one.summary_lines.end());
    }
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not a series file ({})", file.string(), e.what()));
  }
  const auto study = make_series_study(name, rows);
  std::string md = fmt::format("# Match series {}\n\n", name);
  if (!description.empty()) md += description + "\n\n";
  json summary{{"name", name}};
  if (study->applies()) {
    md += study->markdown();
    study->add_to_summary(summary);
  } else {
    md += "No match has been started yet.\n";
  }
  const ReportFilesLock lock(dir);
  write_file_atomically(dir / "REPORT.md", md);
  write_file_atomically(dir / "summary.json", summary.dump(2) + "\n");
  r.files.push_back(dir / "REPORT.md");
  r.files.push_back(dir / "summary.json");
  return r;
}

}  // namespace harness
