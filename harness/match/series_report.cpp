#include "harness/match/series_report.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "harness/errors.h"
#include "harness/input_file.h"
#include "harness/match/ladder_fit.h"
#include "harness/match/match_claim_spec.h"
#include "harness/match/match_claims.h"
#include "harness/match/published_elo.h"
#include "harness/match/series_node_savings.h"
#include "harness/report/markdown_text.h"
#include "harness/report/report_notes.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/output_lock.h"
#include "harness/report/stable_number.h"

namespace harness {

using nlohmann::json;

namespace {

// "0.412 [0.301, 0.563]" as a change in nodes: "-58.8 % [-69.9, -43.7]".
std::string saving_text(const GeometricInterval& g) {
  if (!g.has_interval()) return fmt::format("{:+.1f} % (no interval)", 100 * (g.mean - 1));
  return fmt::format("{:+.1f} % [{:+.1f}, {:+.1f}]", 100 * (g.mean - 1), 100 * (g.low - 1), 100 * (g.high - 1));
}

// "0.412× [0.301, 0.563]": a ratio of nodes, three significant figures (a ladder's range from A to H spans 10^4).
std::string ratio_text(const GeometricInterval& g) {
  if (!g.has_interval()) return fmt::format("{:.3g}× (no interval)", g.mean);
  return fmt::format("{:.3g}× [{:.3g}, {:.3g}]", g.mean, g.low, g.high);
}

// The series' matches at one limit, fitted on one Elo scale (ladder_fit.h) when their pairings link three players or
// more.
struct LimitLadder {
  std::string limit;
  LadderFit fit;
  // Beside each rating (when the series names node_savings_from): the player's nodes ÷ the anchor's at fixed depth.
  std::vector<std::optional<NodeSaving>> nodes_vs_anchor;
};

std::vector<LimitLadder> series_ladders(const std::vector<const LoadedMatch*>& matches) {
  std::vector<std::string> limits;
  for (const LoadedMatch* m : matches)
    if (std::find(limits.begin(), limits.end(), limit_text(m->spec.limit)) == limits.end())
      limits.push_back(limit_text(m->spec.limit));
  std::vector<LimitLadder> out;
  for (const std::string& limit : limits) {
    std::vector<LadderMatch> games;
    for (const LoadedMatch* m : matches) {
      if (limit_text(m->spec.limit) != limit) continue;
      LadderMatch g{m->spec.players[0].name, m->spec.players[1].name, {}};
      for (const PairRecord* p : m->tally.counted)
        g.pair_half_points.push_back(p->first_player_half_points(0) + p->first_player_half_points(1));
      games.push_back(std::move(g));
    }
    // The anchor: the player with the most games (the best measured; a chain's baseline may have won or lost
    // everything, and a rating pinned to it would carry no interval); among equals (a round robin), the one whose
    // score is nearest 50 %, the most central rating rather than a shut-out's bound.
    struct Record {
      std::size_t pairs = 0;
      long half_points = 0;  // out of 4 a pair
      double distance_from_even() const { return pairs ? std::abs(double(half_points) / double(4 * pairs) - 0.5) : 1; }
    };
    std::map<std::string, Record> record_of;
    for (const LadderMatch& g : games) {
      record_of[g.first].pairs += g.pair_half_points.size();
      record_of[g.second].pairs += g.pair_half_points.size();
      for (int h : g.pair_half_points) {
        record_of[g.first].half_points += h;
        record_of[g.second].half_points += 4 - h;
      }
    }
    std::string anchor = games.front().second;
    for (const auto& [player, r] : record_of) {
      const Record& best = record_of[anchor];
      if (r.pairs > best.pairs || (r.pairs == best.pairs && r.distance_from_even() < best.distance_from_even()))
        anchor = player;
    }
    LadderFit fit = fit_ladder(games, anchor);
    if (fit.ratings.size() >= 3) out.push_back({limit, std::move(fit), {}});
  }
  return out;
}

class SeriesStudy final : public Study {
 public:
  SeriesStudy(std::string name, std::vector<const LoadedMatch*> matches, std::vector<std::string> node_savings_from,
              const PublishedEloSpec& published_elo)
      : name_(std::move(name)), matches_(std::move(matches)), node_savings_from_(std::move(node_savings_from)),
        published_(compare_published_elo(published_elo, matches_)) {
    if (node_savings_from_.empty()) return;
    const NodeSavingSources sources(node_savings_from_);
    for (const LoadedMatch* m : matches_) savings_.push_back(sources.find(m->spec.player_flags[0], m->spec.player_flags[1]));
    for (LimitLadder& l : ladders_)
      for (const LadderRating& r : l.fit.ratings) {
        const nlohmann::json* player = flags_of(r.player);
        const nlohmann::json* anchor = flags_of(l.fit.anchor);
        l.nodes_vs_anchor.push_back(player && anchor ? sources.find(*player, *anchor) : std::nullopt);
      }
  }
  std::string_view name() const override { return "series"; }
  bool applies() const override { return !matches_.empty(); }

  std::string markdown() const override {
    std::string md = "## Matches\n\nEach row is one match's counted pairs (its own REPORT.md has the rest); Elo is the "
                     "first player's, from the pentanomial, with 95 % intervals.\n\n";
    md += "| match | first | second | limit | pairs | W / D / L | Elo | nElo | LLR | verdict |\n";
    md += "| --- | --- | --- | --- | ---: | --- | --- | --- | ---: | --- |\n";
    for (const LoadedMatch* m : matches_) {
      const MatchTally& t = m->tally;
      md += fmt::format("| {} | {} | {} | {} | {} of {} | {} / {} / {} | {} | {} | {} | {} |\n", table_cell(m->spec.name),
                        table_cell(m->spec.players[0].name), table_cell(m->spec.players[1].name), limit_text(m->spec.limit), t.counted.size(),
                        m->spec.pairs, t.wdl.wins, t.wdl.draws, t.wdl.losses, elo_text(logistic_elo(t.pentanomial)),
                        elo_text(normalized_elo(t.pentanomial)),
                        m->spec.sprt_enabled ? fmt::format("{:.2f}", t.llr) : "-",
                        m->spec.sprt_enabled ? verdict_text(t.verdict, m->spec.sprt) : "-");
    }
    if (!node_savings_from_.empty()) md += join_markdown();
    md += published_elo_markdown(published_);
    md += ladder_markdown();
    return md;
  }

  // One Elo scale per limit for every player the pairings link (ladder_fit.h).
  std::string ladder_markdown() const {
    std::string md;
    for (const LimitLadder& l : ladders_) {
      md += fmt::format(
          "\n## Ladder at {}\n\nEvery player the matches at this limit link, on one Elo scale: a Bradley–Terry model "
          "fitted jointly by maximum likelihood to all their games (a draw is half a win; Hunter's MM algorithm), "
          "anchored at 0 on {}, with one virtual draw per pairing as the prior; 95 % intervals from {} bootstrap "
          "resamples of each match's pairs. Players only linked through a chain of matches carry every link's "
          "uncertainty.",
          l.limit, table_cell(l.fit.anchor), l.fit.resamples);
      const bool with_nodes = !l.nodes_vs_anchor.empty();
      if (with_nodes)
        md += fmt::format(
            " Beside each player, its nodes at fixed depth against {}'s, from the cells of the runs node_savings_from "
            "names (players found by their resolved flags): the geometric mean over the positions both searched "
            "completely at the deepest such depth, with its 95 % interval, as a ratio.",
            table_cell(l.fit.anchor));
      md += with_nodes ? "\n\n| player | Elo | 95 % interval | games | nodes ÷ anchor's | run, depth, positions |\n"
                         "| --- | ---: | --- | ---: | --- | --- |\n"
                       : "\n\n| player | Elo | 95 % interval | games |\n| --- | ---: | --- | ---: |\n";
      for (std::size_t i = 0; i < l.fit.ratings.size(); ++i) {
        const LadderRating& r = l.fit.ratings[i];
        md += fmt::format("| {} | {:+.1f} | [{:+.1f}, {:+.1f}] | {} |", table_cell(r.player), r.elo, r.low, r.high, r.games);
        if (with_nodes) {
          const auto& s = l.nodes_vs_anchor[i];
          md += s ? fmt::format(" {} | {}, {}, {} |", ratio_text(s->ratio), table_cell(s->source), s->depth, s->ratio.n)
                  : std::string(" — | no run holds both players' flags |");
        }
        md += "\n";
      }
      if (!l.fit.shutouts.empty()) {
        md += "\nA pairing one side won whole has no finite maximum; there the prior sets the rating, which is a bound "
              "(the winner at least that much stronger):";
        for (const auto& s : l.fit.shutouts) md += " " + s + ";";
        md.back() = '.';
        md += "\n";
      }
    }
    return md;
  }

  // The rows under "series", the comparisons with the sources (when any) under "published_elo", the ladders (when
  // any) under "ladder".
  void add_to_summary(nlohmann::json& summary) const override {
    summary[std::string(name())] = json();
    if (!published_.empty()) summary["published_elo"] = published_elo_summary(published_);
    if (ladders_.empty()) return;
    nlohmann::json out = nlohmann::json::array();
    for (const LimitLadder& l : ladders_) {
      nlohmann::json ratings = nlohmann::json::array();
      for (std::size_t i = 0; i < l.fit.ratings.size(); ++i) {
        const LadderRating& r = l.fit.ratings[i];
        nlohmann::json row{{"player", r.player}, {"elo", stable_number(r.elo)}, {"low", stable_number(r.low)},
                           {"high", stable_number(r.high)}, {"games", r.games}};
        if (!l.nodes_vs_anchor.empty()) {
          const auto& s = l.nodes_vs_anchor[i];
          row["nodes_vs_anchor"] =
              s ? nlohmann::json{{"run", s->source}, {"depth", s->depth}, {"positions", s->ratio.n},
                                 {"ratio", stable_number(s->ratio.mean)}, {"low", stable_number(s->ratio.low)},
                                 {"high", stable_number(s->ratio.high)}}
                : nlohmann::json();
        }
        ratings.push_back(row);
      }
      out.push_back({{"limit", l.limit}, {"anchor", l.fit.anchor}, {"method", "bradley_terry_mm"},
                     {"prior_virtual_draws_per_pairing", 1}, {"bootstrap_resamples", l.fit.resamples},
                     {"shutouts", l.fit.shutouts}, {"ratings", ratings}});
    }
    summary["ladder"] = out;
  }

  // Each match beside its first player's node saving at fixed depth, and the reading of both intervals.
  std::string join_markdown() const {
    std::string from;
    for (const auto& d : node_savings_from_) from += (from.empty() ? "" : ", ") + d;
    std::string md = fmt::format(
        "\n## Node saving at fixed depth beside Elo at fixed nodes\n\n"
        "The first player's node saving, from the cells of {}: each player is found among a run's versions by its "
        "resolved flags (not its name; the first run holding both is used), and the saving is nodes(first) ÷ "
        "nodes(second), the geometric mean over the positions both searched completely at the deepest such depth, "
        "with its 95 % Student t interval, written as a change in %. The reading takes both 95 % intervals: *saves "
        "nodes, loses Elo* (fewer nodes, Elo below 0), *loses nodes, gains Elo* (more nodes, Elo above 0), *agree* "
        "(fewer nodes and Elo above 0, or more nodes and Elo below 0), otherwise *undecided* (an interval meets 1 or "
        "0: n is given).\n\n",
        from);
    md += "| match | run | versions there | depth | positions | nodes, first vs second | Elo | reading |\n";
    md += "| --- | --- | --- | ---: | ---: | --- | --- | --- |\n";
    for (std::size_t i = 0; i < matches_.size(); ++i) {
      const LoadedMatch* m = matches_[i];
      const auto& s = savings_[i];
      const EloInterval elo = logistic_elo(m->tally.pentanomial);
      std::string reading = node_elo_reading(s, elo);
      if (reading == verdict_text(Verdict::undecided))
        reading = fmt::format("{} (n = {} positions, {} pairs)", verdict_text(Verdict::undecided), s ? s->ratio.n : 0, m->tally.counted.size());
      else
        reading = "**" + reading + "**";
      if (!s) {
        md += fmt::format("| {} | — | no run holds both players' flags | | | | {} | {} |\n", table_cell(m->spec.name), elo_text(elo), reading);
        continue;
      }
      md += fmt::format("| {} | {} | {} vs {} | {} | {} | {} | {} | {} |\n", table_cell(m->spec.name), table_cell(s->source),
                        table_cell(s->first), table_cell(s->second),
                        s->depth, s->ratio.n, saving_text(s->ratio), elo_text(elo), reading);
    }
    return md;
  }

  // A player's resolved flags, from the first match it plays in (null when none: never, for a ladder's players).
  const nlohmann::json* flags_of(const std::string& player) const {
    for (const LoadedMatch* m : matches_)
      for (int k = 0; k < 2; ++k)
        if (m->spec.players[k].name == player) return &m->spec.player_flags[k];
    return nullptr;
  }

  nlohmann::json json() const override {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < matches_.size(); ++i) {
      const LoadedMatch* m = matches_[i];
      nlohmann::json row = make_match_study(m->spec, m->tally)->json();
      row.erase("progress");  // pair by pair: in the match's own summary.json
      row["name"] = m->spec.name;
      if (!node_savings_from_.empty()) {
        const auto& s = savings_[i];
        row["reading"] = node_elo_reading(s, logistic_elo(m->tally.pentanomial));
        if (s)
          row["node_saving"] = {{"run", s->source}, {"first", s->first}, {"second", s->second}, {"depth", s->depth},
                                {"positions", s->ratio.n}, {"ratio", stable_number(s->ratio.mean)},
                                {"low", stable_number(s->ratio.low)}, {"high", stable_number(s->ratio.high)}};
        else
          row["node_saving"] = nullptr;
      }
      rows.push_back(row);
    }
    return rows;
  }

 private:
  std::string name_;
  std::vector<const LoadedMatch*> matches_;
  std::vector<std::string> node_savings_from_;
  std::vector<std::optional<NodeSaving>> savings_;  // one per match, when node_savings_from_ names runs
  std::vector<PublishedComparison> published_;
  std::vector<LimitLadder> ladders_ = series_ladders(matches_);
};

}  // namespace

json series_file_json(const MatchSeries& series) {
  json names = json::array();
  for (const MatchSpec& m : series.matches) names.push_back(m.name);
  json j{{"name", series.name}, {"description", series.description}, {"matches", names}};
  if (!series.node_savings_from.empty()) j["node_savings_from"] = series.node_savings_from;
  if (!series.published_elo.empty()) j["published_elo"] = published_elo_json(series.published_elo);
  if (!series.claims.is_null() && !series.claims.empty()) j["claims"] = series.claims;
  return j;
}

std::unique_ptr<Study> make_series_study(const std::string& name, const std::vector<const LoadedMatch*>& matches,
                                         const std::vector<std::string>& node_savings_from,
                                         const PublishedEloSpec& published_elo) {
  return std::make_unique<SeriesStudy>(name, matches, node_savings_from, published_elo);
}

MatchReport write_series_reports(const std::filesystem::path& dir) {
  const auto file = dir / kSeriesFile;
  json j;
  try {
    j = parse_json_checked(read_input_file(file, file.string(), kMaxConfigBytes), file.string());
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not valid JSON: {}", file.string(), e.what()));
  }
  MatchReport r;
  std::vector<std::unique_ptr<LoadedMatch>> loaded;
  std::vector<const LoadedMatch*> rows;
  std::string name, description;
  std::vector<std::string> node_savings_from;
  PublishedEloSpec published_elo;
  std::vector<ClaimSpec> claims;
  try {
    name = j.at("name").get<std::string>();
    if (j.contains("published_elo")) published_elo = parse_published_elo(j["published_elo"], json_fields::Where{file.string()}, "$.published_elo");
    description = j.value("description", "");
    if (j.contains("node_savings_from")) node_savings_from = j.at("node_savings_from").get<std::vector<std::string>>();
    for (const auto& m : j.at("matches")) {
      const auto sub = dir / m.get<std::string>();
      if (!std::filesystem::exists(sub / kMatchFile)) continue;  // not started yet
      const MatchReport one = write_match_reports(sub);
      r.files.insert(r.files.end(), one.files.begin(), one.files.end());
      loaded.push_back(load_match_dir(sub));
      rows.push_back(loaded.back().get());
      r.summary_lines.insert(r.summary_lines.end(), one.summary_lines.begin(), one.summary_lines.end());
    }
    // The stored claims, against every match the series names (an SPRT known only of the matches started).
    if (j.contains("claims")) {
      std::vector<MatchClaimTarget> targets;
      for (const auto& m : j.at("matches")) {
        targets.push_back({m.get<std::string>(), std::nullopt});
        for (const LoadedMatch* x : rows)
          if (x->spec.name == targets.back().name) targets.back().sprt = x->spec.sprt_enabled;
      }
      json resolved;
      claims = parse_match_claims(j["claims"], file.string(), "$.claims", targets, resolved);
    }
  } catch (const json::exception& e) {
    throw UserError(fmt::format("{}: not a series file ({})", file.string(), e.what()));
  }
  const auto study = make_series_study(name, rows, node_savings_from, published_elo);
  std::string md = fmt::format("# Match series {}\n\n", name);
  if (!description.empty()) md += description + "\n\n";
  json summary{{"name", name}};
  if (study->applies()) {
    md += study->markdown();
    study->add_to_summary(summary);
  } else {
    md += "No match has been started yet.\n";
  }
  const std::vector<Claim> judged = evaluate_match_claims(claims, rows);
  if (const std::string section = match_claims_markdown(judged, dir); !section.empty()) {
    md += "\n" + section;
    summary["claims"] = match_claims_json(judged);
  }
  // Prose beside the computed tables (why ours and a source's figure differ), marked as written by hand.
  const std::string notes = notes_markdown(read_report_notes(dir));
  if (!notes.empty()) md += "\n" + notes;
  const ReportFilesLock lock(dir);
  write_file_atomically(dir / "REPORT.md", md);
  write_file_atomically(dir / "summary.json", summary.dump(2) + "\n");
  r.files.push_back(dir / "REPORT.md");
  r.files.push_back(dir / "summary.json");
  return r;
}

}  // namespace harness
