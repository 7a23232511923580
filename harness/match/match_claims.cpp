#include "harness/match/match_claims.h"

#include <fmt/core.h>

#include <cmath>
#include <limits>

#include "harness/match/match_claim_spec.h"
#include "harness/report/claims_section.h"
#include "harness/report/geometric_interval.h"
#include "harness/report/report_notes.h"

namespace harness {

namespace {

constexpr double kMatchZ95 = 1.959964;  // the normal quantile of 97.5 %, as match_stats.cpp's intervals use

std::string elo_number(double x) {
  if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.1f}", x + 0.0);  // + 0.0: an even score's Elo is -400 log10(1) = -0, printed "+0.0"
}

std::string match_band_rule(const std::string& what, const ClaimPartSpec& spec, const char* number_format) {
  auto num = [&](double x) { return fmt::format(fmt::runtime(number_format), x); };
  if (!spec.low) return fmt::format("{} <= {}", what, num(*spec.high));
  if (!spec.high) return fmt::format("{} >= {}", what, num(*spec.low));
  return fmt::format("{} within [{}, {}]", what, num(*spec.low), num(*spec.high));
}

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// elo / nelo: the interval of the mean pair score mu +/- z sqrt(var / N), mapped to Elo by the metric's monotone map;
// the band's bounds mapped back to scores give the one-sided tests Holm's correction reads (normal, on mu).
ClaimPart elo_part(const std::string& what, const LoadedMatch& m, const ClaimPartSpec& spec) {
  const bool logistic = spec.figure.metric == kMatchEloMetric;
  ClaimPart part;
  part.rule = match_band_rule(fmt::format("{}: {}: interval", what, logistic ? "Elo (logistic)" : "normalised Elo"),
                              spec, "{:+.1f}");
  const PairScore s = pair_score(m.tally.pentanomial);
  const std::size_t n = m.tally.counted.size();
  if (n == 0) {
    part.figures = "no pairs counted";
    return part;
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double low = spec.low.value_or(-inf), high = spec.high.value_or(inf);
  if (s.variance <= 0 || n < 2) {
    // Every pair in one category: no variance, no interval (and at 0 % or 100 %, no finite Elo).
    part.figures = fmt::format("no interval: every one of the {} pair(s) scored the same — undecided (n = {})", n, n);
    part.state = Verdict::undecided;
    return part;
  }
  const double se = std::sqrt(s.variance / s.pairs);
  const auto to_elo = [&](double score) {
    if (!logistic) return nelo_of_score(score, s.variance);
    return score <= 0 ? -inf : score >= 1 ? inf : elo_of_score(score);
  };
  const auto to_score = [&](double elo) { return logistic ? score_of_elo(elo) : score_of_nelo(elo, s.variance); };
  const double centre = to_elo(s.mean), lo = to_elo(s.mean - kMatchZ95 * se), hi = to_elo(s.mean + kMatchZ95 * se);
  part.figures = fmt::format("{} [{}, {}] over {} pair(s) (95 % interval from the pentanomial)", elo_number(centre),
                             elo_number(lo), elo_number(hi), n);
  part.state = interval_verdict(true, lo, hi, low, high);
  part.tested = true;
  part.p = band_decision_p(
      part.state, spec.low, spec.high, [&](double b) { return normal_cdf((to_score(b) - s.mean) / se); },
      [&](double b) { return normal_cdf((s.mean - to_score(b)) / se); });
  if (part.state == Verdict::undecided) part.figures += fmt::format(" — undecided (n = {})", n);
  return part;
}

// llr: the SPRT's log-likelihood ratio of the counted pairs, an exact figure: inside its band or not.
ClaimPart llr_part(const std::string& what, const LoadedMatch& m, const ClaimPartSpec& spec) {
  ClaimPart part;
  part.rule = match_band_rule(fmt::format("{}: LLR of the SPRT", what), spec, "{:.3f}");
  if (!m.spec.sprt_enabled) {
    part.figures = "the match has no SPRT";
    return part;
  }
  if (m.tally.counted.empty() || !sprt_can_decide(m.tally.pentanomial)) {
    part.figures = fmt::format("no LLR yet ({} pair(s), every one in one pentanomial category)", m.tally.counted.size());
    return part;
  }
  const double llr = m.tally.llr;
  part.figures = fmt::format("LLR {:.3f} over {} pair(s), bounds [{:.3f}, {:.3f}] (exact: no interval)", llr,
                             m.tally.counted.size(), m.spec.sprt.lower(), m.spec.sprt.upper());
  const bool inside = (!spec.low || llr >= *spec.low) && (!spec.high || llr <= *spec.high);
  part.state = inside ? Verdict::holds : Verdict::does_not_hold;
  return part;
}

ClaimPart match_part(const ClaimPartSpec& spec, const std::vector<const LoadedMatch*>& matches) {
  const LoadedMatch* m = nullptr;
  for (const LoadedMatch* x : matches)
    if (x->spec.name == spec.figure.match) m = x;
  const std::string what =
      !spec.label.empty() ? spec.label
      : m ? fmt::format("{} ({} against {})", spec.figure.match, m->spec.players[0].name, m->spec.players[1].name)
          : spec.figure.match;
  if (!m) {
    ClaimPart part;
    part.rule = fmt::format("{}: {}", what, spec.figure.metric);
    part.figures = "match not started";
    return part;
  }
  return spec.figure.metric == kMatchLlrMetric ? llr_part(what, *m, spec) : elo_part(what, *m, spec);
}

}  // namespace

std::vector<Claim> evaluate_match_claims(const std::vector<ClaimSpec>& claims, const std::vector<const LoadedMatch*>& matches) {
  std::vector<Claim> out;
  for (const auto& spec : claims) {
    Claim c{spec.id, spec.source, spec.statement, spec.published, {}};
    for (std::size_t k = 0; k < spec.parts.size(); ++k) {
      c.parts.push_back(match_part(spec.parts[k], matches));
      c.parts.back().spec_part = k;
    }
    out.push_back(std::move(c));
  }
  apply_holm(out);
  return out;
}

std::string match_claims_markdown(const std::vector<Claim>& claims, const std::filesystem::path& dir) {
  if (!any_claim_measured(claims)) return "";
  const std::string intro = fmt::format(
      "The claims of this config (its `claims`: configs/README.md), each split into parts, each part a figure of one "
      "match from its counted pairs: `elo`, the first player's logistic Elo, or `nelo`, its normalised Elo, each with "
      "its 95 % interval (the mean pair score's normal interval from the pentanomial, mapped to Elo: the interval the "
      "match table prints as a half width); `llr`, the "
      "SPRT's log-likelihood ratio, exact. A part holds only when its whole interval lies inside its band, does not "
      "hold when the interval lies wholly outside, and is undecided otherwise (its interval meets the band's edge, or "
      "no interval: n is printed); an LLR decides by itself, inside its band or not. A claim does not hold when a "
      "part does not, is undecided when a part is, holds when every measured part holds; a part of a match without "
      "pairs is not measured. Beside each raw verdict, **Holm**: the verdict under Holm's correction across the {} "
      "interval-tested part(s) of this report (each side of a 95 % interval is a one-sided test at 0.025 on the mean "
      "pair score; a part whose test Holm does not reject is undecided). Every verdict below is computed by `harness "
      "report` from pairs.jsonl. A \"likely reason\" beside a verdict is written by hand (notes.md in this "
      "directory).\n\n",
      holm_family_size(claims));
  return claims_section_markdown(intro, claims, read_report_notes(dir));
}

nlohmann::json match_claims_json(const std::vector<Claim>& claims) {
  return any_claim_measured(claims) ? claims_summary_json(claims) : nlohmann::json();
}

}  // namespace harness
