#include "harness/thesis/calibration_run.h"

#include "harness/storage/results_format.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>

#include "engine/board.h"
#include "engine/perft.h"
#include "harness/thesis/calibration_report.h"
#include "harness/thesis/mapping_assignment.h"
#include "harness/thesis/search_cache.h"
#include "harness/thesis/thesis_table.h"
#include "harness/thesis/tree_lower_bound.h"
#include "harness/errors.h"
#include "harness/identity/engine_identity.h"
#include "harness/thesis/thesis_credibility.h"
#include "harness/storage/durable_file.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/run_log.h"

namespace harness {

namespace {

// kCellsFile ("cells.jsonl") is result_set.h's: the search cache is a cells file like a run's.
constexpr const char* kConfigCopy = kCalibrationConfigCopy;  // results_format.h

// What one search asks: a position under a version with readings applied, at a depth, with a budget.
CellInputs cell_inputs(const CalibrationConfig& cfg, const PositionSpec& pos, const std::string& version,
                       const std::vector<Reading>& readings, int depth, std::uint64_t budget, const std::string& label) {
  const VersionSpec v = version_with_readings(cfg, version, readings);
  CellInputs in;
  in.position = pos.id;
  in.fen = pos.fen;
  in.depth = depth;
  in.version = label;
  in.search = v.search;
  in.eval = v.eval;
  in.node_budget = budget;
  return in;
}

std::vector<Reading> joined(std::vector<Reading> a, const std::vector<Reading>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

int legal_moves(const PositionSpec& pos) {
  buho::Board b = buho::Board::from_fen(pos.fen);
  return int(buho::perft(b, 1));
}

// A NaN median ranks after every number.
bool less_median(double a, double b) {
  if (std::isnan(a)) return false;
  if (std::isnan(b)) return true;
  return a < b;
}

// -1: `a` is better on `c`, +1: `b` is, 0: a tie.
int compare_on(Criterion c, const CandidateScore& a, const CandidateScore& b) {
  switch (c) {
    case Criterion::Equalities:
      return a.equalities.agree() > b.equalities.agree() ? -1 : a.equalities.agree() < b.equalities.agree() ? 1 : 0;
    case Criterion::Step:
      return less_median(a.step.median_abs_log, b.step.median_abs_log)   ? -1
             : less_median(b.step.median_abs_log, a.step.median_abs_log) ? 1
                                                                         : 0;
    case Criterion::Absolute:
      return less_median(a.fit.median_abs_log, b.fit.median_abs_log)   ? -1
             : less_median(b.fit.median_abs_log, a.fit.median_abs_log) ? 1
                                                                       : 0;
    case Criterion::Shape: break;  // a rule of its own (decide_readings), never compared pairwise
  }
  return 0;
}

class Calibration {
 public:
  Calibration(const CalibrationConfig& cfg, const ThesisTable& thesis, SearchCache& cache)
      : cfg_(cfg), thesis_(thesis), cache_(cache), credibility_(thesis_credibility(as_thesis_data(thesis, cfg.versions))) {}

  // Under the base and `readings` (the config's mapping readings, or a later round's chosen ones).
  std::vector<PositionMapping> map_positions(const std::vector<Reading>& readings);
  void decide_readings(CalibrationResult& result);

 private:
  std::vector<PositionSpec> mapped_positions(const std::map<int, std::string>& mapped) const;
  std::vector<CellPair> pairs(int thesis_position, const PositionSpec& pos, const std::vector<std::string>& versions,
                              const std::vector<Reading>& readings, const std::vector<int>& depths,
                              std::uint64_t budget) const;
  std::vector<StepPair> steps(const std::map<int, std::string>& mapped, const std::string& lower,
                              const std::string& upper, const std::vector<Reading>& readings) const;
  CellPair pair(const PositionSpec& pos, const std::string& v, const std::vector<Reading>& readings, int d,
                std::uint64_t budget, std::uint64_t thesis_nodes) const;

  // The held-out rule's cells (docs/readings.md §13): the steps from version index `lo` up to index `hi`, at `depths`.
  std::vector<ShapeCell> shape_cells(const std::map<int, std::string>& mapped, int lo, int hi,
                                     const std::vector<Reading>& readings, const std::vector<int>& depths,
                                     std::uint64_t budget) const;

  const CalibrationConfig& cfg_;
  const ThesisTable& thesis_;
  SearchCache& cache_;
  ThesisCredibility credibility_;  // the thesis cells that weigh nothing in the held-out rule
};

std::vector<ShapeCell> Calibration::shape_cells(const std::map<int, std::string>& mapped, int lo, int hi,
                                                const std::vector<Reading>& readings, const std::vector<int>& depths,
                                                std::uint64_t budget) const {
  std::vector<ShapeCell> out;
  for (const auto& [p, id] : mapped) {
    const PositionSpec& pos = *cfg_.find_position(id);
    for (std::size_t k = std::size_t(lo) + 1; k <= std::size_t(hi); ++k) {
      const std::string& lower = cfg_.versions[k - 1];
      const std::string& upper = cfg_.versions[k];
      for (int d : depths) {
        const auto tl = thesis_.nodes(p, lower, d), tu = thesis_.nodes(p, upper, d);
        if (!tl || !tu || !*tl || !*tu || credibility_.is_flagged(p, lower, d) || credibility_.is_flagged(p, upper, d)) continue;
        const CellPair a = pair(pos, lower, readings, d, budget, *tl), b = pair(pos, upper, readings, d, budget, *tu);
        if (!a.ours.completed || !b.ours.completed || !a.ours.nodes || !b.ours.nodes) continue;
        out.push_back({id, upper, d, std::log(double(b.ours.nodes) / double(a.ours.nodes)), std::log(double(*tu) / double(*tl))});
      }
    }
  }
  return out;
}

CellPair Calibration::pair(const PositionSpec& pos, const std::string& v, const std::vector<Reading>& readings,
                           int d, std::uint64_t budget, std::uint64_t thesis_nodes) const {
  const auto found = cache_.find(cell_inputs(cfg_, pos, v, readings, d, budget, v));
  if (!found) throw std::logic_error(fmt::format("calibrate: {} d{} {} was not searched", pos.id, d, v));
  return {thesis_nodes, *found};
}

std::vector<CellPair> Calibration::pairs(int p, const PositionSpec& pos, const std::vector<std::string>& versions,
                                         const std::vector<Reading>& readings, const std::vector<int>& depths,
                                         std::uint64_t budget) const {
  std::vector<CellPair> out;
  for (const auto& v : versions)
    for (int d : depths)
      if (const auto t = thesis_.nodes(p, v, d)) out.push_back(pair(pos, v, readings, d, budget, *t));
  return out;
}

std::vector<PositionMapping> Calibration::map_positions(const std::vector<Reading>& mapping_readings) {
  std::vector<PositionMapping> out;
  const std::vector<int> wanted = thesis_.positions();
  const std::vector<Reading> readings = joined(cfg_.base, mapping_readings);
  // Which pool each thesis position is drawn from (pinned ones need none).
  std::map<int, const PositionPool*> pool_of;
  for (const auto& pool : cfg_.pools)
    for (int p : pool.thesis_positions) pool_of[p] = &pool;
  for (int p : wanted)
    if (!cfg_.pinned.count(p) && !pool_of.count(p))
      throw UserError(fmt::format("{}: $.mapping_stage.pools: thesis position {} is in {} but in no pool, and $.mapping "
                                  "does not pin it",
                                  cfg_.file.string(), p, cfg_.thesis_table.string()));

  // Every candidate of every pool in use, searched once (a candidate shared by three thesis positions is one series).
  std::vector<CellInputs> requests;
  std::set<const PositionPool*> used;
  for (int p : wanted)
    if (!cfg_.pinned.count(p)) used.insert(pool_of[p]);
  for (const PositionPool* pool : used)
    for (const auto& c : pool->candidates)
      for (const auto& v : cfg_.versions)
        for (int d : cfg_.mapping_depths)
          requests.push_back(cell_inputs(cfg_, c, v, readings, d, cfg_.mapping_budget, v));
  if (!requests.empty()) fmt::print(stderr, "calibrate: mapping stage, {} cells\n", requests.size());
  cache_.ensure(requests);

  for (int p : wanted) {
    PositionMapping m;
    m.thesis_position = p;
    if (const auto it = cfg_.pinned.find(p); it != cfg_.pinned.end()) {
      m.pinned = true;
      m.chosen = it->second;
      m.confidence_gap = std::numeric_limits<double>::quiet_NaN();
      out.push_back(m);
      continue;
    }
    const PositionPool& pool = *pool_of[p];
    m.pool = pool.name;
    for (const auto& c : pool.candidates) {
      MappingCandidate mc;
      mc.id = c.id;
      mc.legal_moves = legal_moves(c);
      // Versions A and B have no forward pruning at depth 1: they enter the root and each root move's child.
      // At depth 3 each root move's child needs one reply that fails low and enters all its moves (the minimal
      // tree): the exact bound that rules LCTII.FIN.05 out for thesis position 6 (readings.md §9).
      mc.lower_bound_depth3 = alpha_beta_lower_bound_depth3(c.fen);
      for (const char* v : {"A", "B"}) {
        if (const auto t = thesis_.nodes(p, v, 1); t && *t < std::uint64_t(1 + mc.legal_moves)) mc.possible = false;
        if (const auto t = thesis_.nodes(p, v, 3); t && *t < mc.lower_bound_depth3) mc.possible = false;
      }
      mc.fit = absolute_fit(pairs(p, c, cfg_.versions, readings, cfg_.mapping_depths, cfg_.mapping_budget));
      m.ranked.push_back(mc);
    }
    std::stable_sort(m.ranked.begin(), m.ranked.end(), [](const MappingCandidate& a, const MappingCandidate& b) {
      if (a.possible != b.possible) return a.possible;
      if (less_median(a.fit.median_abs_log, b.fit.median_abs_log)) return true;
      if (less_median(b.fit.median_abs_log, a.fit.median_abs_log)) return false;
      return a.fit.share_within_2x > b.fit.share_within_2x;
    });
    m.confidence_gap = std::numeric_limits<double>::quiet_NaN();
    if (!m.ranked.empty() && m.ranked[0].possible) {
      m.chosen = m.ranked[0].id;
      if (m.ranked.size() > 1 && m.ranked[1].possible)
        m.confidence_gap = m.ranked[1].fit.median_abs_log - m.ranked[0].fit.median_abs_log;
    }
    out.push_back(m);
  }

  // The thesis positions drawn from one pool are six different positions (docs/readings.md, p1-p6): assign distinct
  // candidates, least total distance first (mapping_assignment.h). A candidate pinned to another thesis position
  // is not free.
  std::set<std::string> pinned_ids;
  for (const auto& [p, id] : cfg_.pinned) pinned_ids.insert(id);
  for (const PositionPool* pool : used) {
    std::vector<PositionMapping*> rows;
    for (auto& m : out)
      if (!m.pinned && m.pool == pool->name) rows.push_back(&m);
    std::vector<std::vector<std::optional<double>>> cost;
    for (const PositionMapping* m : rows) {
      auto& row = cost.emplace_back();
      for (const auto& c : pool->candidates) {
        const auto it = std::find_if(m->ranked.begin(), m->ranked.end(), [&](const MappingCandidate& mc) { return mc.id == c.id; });
        const bool usable = it != m->ranked.end() && it->possible && !std::isnan(it->fit.median_abs_log) && !pinned_ids.count(c.id);
        row.push_back(usable ? std::optional<double>(it->fit.median_abs_log) : std::nullopt);
      }
    }
    const std::vector<int> assigned = assign_distinct(cost);
    for (std::size_t i = 0; i < rows.size(); ++i)
      rows[i]->chosen = assigned.empty() ? std::string() : pool->candidates[std::size_t(assigned[i])].id;
  }
  return out;
}

std::vector<PositionSpec> Calibration::mapped_positions(const std::map<int, std::string>& mapped) const {
  std::vector<PositionSpec> out;
  for (const auto& [p, id] : mapped) out.push_back(*cfg_.find_position(id));
  return out;
}

std::vector<StepPair> Calibration::steps(const std::map<int, std::string>& mapped, const std::string& lower,
                                         const std::string& upper, const std::vector<Reading>& readings) const {
  std::vector<StepPair> out;
  for (const auto& [p, id] : mapped) {
    const PositionSpec& pos = *cfg_.find_position(id);
    for (int d : cfg_.reading_depths) {
      const auto lo = thesis_.nodes(p, lower, d), hi = thesis_.nodes(p, upper, d);
      if (!lo || !hi) continue;
      out.push_back({pair(pos, lower, readings, d, cfg_.reading_budget, *lo),
                     pair(pos, upper, readings, d, cfg_.reading_budget, *hi)});
    }
  }
  return out;
}

void Calibration::decide_readings(CalibrationResult& result) {
  const auto& mapped = result.mapped;
  const auto positions = mapped_positions(mapped);
  std::vector<Reading> chosen = cfg_.base;
  const auto versions_from = [&](int from) {
    return std::vector<std::string>(cfg_.versions.begin() + from, cfg_.versions.end());
  };
  const auto request_at = [&](std::vector<CellInputs>& requests, const std::vector<std::string>& versions,
                              const std::vector<Reading>& readings, const std::string& tag, const std::vector<int>& depths,
                              std::uint64_t budget) {
    for (const auto& pos : positions)
      for (const auto& v : versions)
        for (int d : depths) requests.push_back(cell_inputs(cfg_, pos, v, readings, d, budget, v + tag));
  };
  const auto request_all = [&](std::vector<CellInputs>& requests, const std::vector<std::string>& versions,
                               const std::vector<Reading>& readings, const std::string& tag) {
    request_at(requests, versions, readings, tag, cfg_.reading_depths, cfg_.reading_budget);
  };

  for (const auto& g : cfg_.groups) {
    const int x = cfg_.version_index(g.version);
    const int lo = g.step_lower.empty() ? x : std::min(x, cfg_.version_index(g.step_lower));
    const bool shape = g.rule.size() == 1 && g.rule.front() == Criterion::Shape;
    std::vector<CellInputs> requests;
    for (const auto& c : g.candidates) {
      request_all(requests, versions_from(lo), joined(chosen, {c}), " " + c.name);
      if (shape)
        request_at(requests, versions_from(lo), joined(chosen, {c}), " " + c.name, cfg_.held_out_depths_of(g), cfg_.held_out_budget);
    }
    fmt::print(stderr, "calibrate: group '{}', {} candidates, {} cells\n", g.name, g.candidates.size(), requests.size());
    cache_.ensure(requests);

    GroupDecision decision;
    decision.group = g;
    for (const auto& r : chosen) decision.readings_before.push_back(r.name);
    for (const auto& c : g.candidates) {
      const auto readings = joined(chosen, {c});
      CandidateScore s;
      s.reading = c;
      std::vector<CellPair> cells;
      for (const auto& [p, id] : mapped) {
        const auto more = pairs(p, *cfg_.find_position(id), versions_from(x), readings, cfg_.reading_depths, cfg_.reading_budget);
        cells.insert(cells.end(), more.begin(), more.end());
      }
      s.fit = absolute_fit(cells);
      if (!g.step_lower.empty()) {
        const auto st = steps(mapped, g.step_lower, g.step_upper, readings);
        s.step = step_fit(st);
        s.equalities = equality_facts(st);
      } else {
        s.step.median_abs_log = std::numeric_limits<double>::quiet_NaN();
      }
      if (shape) {
        // The group's own step (X-1 -> X, or the config's "step"): the later versions' steps belong to the groups
        // decided after this one.
        const int hi = cfg_.version_index(g.step_upper);
        s.fitted_cells = shape_cells(mapped, lo, hi, readings, cfg_.reading_depths, cfg_.reading_budget);
        s.shape_fitted = shape_fit(s.fitted_cells);
        s.shape_held_out = shape_fit(shape_cells(mapped, lo, hi, readings, cfg_.held_out_depths_of(g), cfg_.held_out_budget));
        std::vector<CellPair> held;
        for (const auto& [p, id] : mapped) {
          const auto more = pairs(p, *cfg_.find_position(id), versions_from(x), readings, cfg_.held_out_depths_of(g), cfg_.held_out_budget);
          held.insert(held.end(), more.begin(), more.end());
        }
        s.fit_held_out = absolute_fit(held);
      }
      decision.scores.push_back(s);
    }
    if (shape) {
      // The printed reading (listed first) stays unless another is closer to the thesis's steps than it in more
      // fitted cells than not (a one-sided sign test at kOverruleAlpha: several cells, never one) and at two
      // positions or more; among those that may, the closest in median decides, and on a tie (exact steps make
      // many medians 0) the one with the larger margin of cells closer over cells further, then the one listed
      // first. The held-out depths are reported, never used (docs/readings.md §13).
      const CandidateScore& printed = decision.scores.front();
      const auto margin = [](const CandidateScore& c) { return c.against_printed.closer - c.against_printed.further; };
      for (std::size_t i = 1; i < decision.scores.size(); ++i) {
        CandidateScore& c = decision.scores[i];
        c.against_printed = paired_shape(c.fitted_cells, printed.fitted_cells);
        c.overrules = c.against_printed.p_value < kOverruleAlpha && c.against_printed.positions_closer() >= 2;
        if (!c.overrules) continue;
        const CandidateScore& best = decision.scores[decision.chosen];
        const double m = c.shape_fitted.median_abs_log, b = best.shape_fitted.median_abs_log;
        if (decision.chosen == 0 || less_median(m, b) || (m == b && margin(c) > margin(best))) decision.chosen = i;
      }
    } else {
      for (std::size_t i = 1; i < decision.scores.size(); ++i) {
        int verdict = 0;
        for (Criterion c : g.rule)
          if ((verdict = compare_on(c, decision.scores[i], decision.scores[decision.chosen])) != 0) break;
        if (verdict < 0) decision.chosen = i;  // strictly better; a tie keeps the earlier candidate
      }
    }
    chosen.push_back(decision.scores[decision.chosen].reading);
    result.groups.push_back(std::move(decision));
  }

  // The chosen readings against the whole table.
  std::vector<CellInputs> requests;
  request_all(requests, cfg_.versions, chosen, " chosen");
  fmt::print(stderr, "calibrate: the chosen readings on every version, {} cells\n", requests.size());
  cache_.ensure(requests);
  ChosenFit fit;
  std::vector<CellPair> all;
  for (const auto& v : cfg_.versions) {
    std::vector<CellPair> cells;
    for (const auto& [p, id] : mapped) {
      const auto more = pairs(p, *cfg_.find_position(id), {v}, chosen, cfg_.reading_depths, cfg_.reading_budget);
      cells.insert(cells.end(), more.begin(), more.end());
    }
    fit.by_version[v] = absolute_fit(cells);
    all.insert(all.end(), cells.begin(), cells.end());
  }
  fit.all = absolute_fit(all);
  fit.cells_total = all.size();
  result.summary = fit;
  result.chosen = chosen;
}

}  // namespace

CalibrationStage parse_stage(const std::string& text) {
  if (text == "mapping") return CalibrationStage::Mapping;
  if (text == "readings") return CalibrationStage::Readings;
  if (text == "all") return CalibrationStage::All;
  throw UserError(fmt::format("--stage {}: unknown stage (valid: mapping, readings, all)", text));
}

const char* stage_name(CalibrationStage s) {
  switch (s) {
    case CalibrationStage::Mapping: return "mapping";
    case CalibrationStage::Readings: return "readings";
    case CalibrationStage::All: return "all";
  }
  return "?";
}

CalibrationResult run_calibration(const CalibrationConfig& cfg, const CalibrationOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string started_utc = utc_now_iso();
  // 1. Input checks, before the output directory is touched.
  const ThesisTable thesis = ThesisTable::load(cfg.thesis_table);
  const std::vector<int> wanted = thesis.positions();
  if (wanted.empty()) throw UserError(fmt::format("{}: the thesis table has no row", cfg.thesis_table.string()));
  const bool run_mapping = options.stage != CalibrationStage::Readings;
  const bool run_readings = options.stage != CalibrationStage::Mapping;
  if (run_mapping && !cfg.all_pinned(wanted) && cfg.pools.empty())
    throw UserError(fmt::format("{}: $.mapping_stage: missing, and $.mapping leaves some thesis position to \"auto\"",
                                cfg.file.string()));
  if (options.stage == CalibrationStage::Readings && cfg.reading_depths.empty())
    throw UserError(fmt::format("{}: $.readings_stage: missing (needed by --stage readings)", cfg.file.string()));
  if (options.stage == CalibrationStage::Readings && !cfg.all_pinned(wanted))
    throw UserError(fmt::format("{}: $.mapping: --stage readings needs every thesis position of {} pinned; "
                                "run --stage all (or mapping) to fit the mapping",
                                cfg.file.string(), cfg.thesis_table.string()));
  const std::string engine = engine_identity();

  // 2. The directory: locked, the config stored as given.
  const auto& dir = options.out;
  if (std::filesystem::exists(dir) && !std::filesystem::is_directory(dir))
    throw UserError(fmt::format("--out {}: exists and is not a directory", dir.string()));
  if (std::filesystem::create_directories(dir)) sync_directory(std::filesystem::absolute(dir).parent_path());
  const OutputLock lock(dir, this_command_line());
  write_file_atomically(dir / kConfigCopy, cfg.source_text.empty() ? "{}\n" : cfg.source_text);

  // 3. The stages.
  SearchCache cache(dir / kCellsFile, engine, options.jobs, options.progress);
  Calibration cal(cfg, thesis, cache);
  CalibrationResult result;
  result.stage = options.stage;
  auto names_of = [](const std::vector<Reading>& rs) {
    std::string out;
    for (const auto& r : rs) out += (out.empty() ? "" : ", ") + r.name;
    return out.empty() ? std::string("(base only)") : out;
  };
  auto mapped_text = [](const std::map<int, std::string>& mapped) {
    std::string out;
    for (const auto& [p, id] : mapped) out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", p, id);
    return out;
  };
  auto map_under = [&](const std::vector<Reading>& readings) {
    result.mapping = cal.map_positions(readings);
    result.mapped.clear();
    for (const auto& m : result.mapping)
      if (!m.chosen.empty()) result.mapped[m.thesis_position] = m.chosen;
  };
  auto decide = [&] {
    for (int p : wanted)
      if (!result.mapped.count(p))
        throw UserError(fmt::format("{}: thesis position {}: no candidate position is possible, so the readings "
                                    "cannot be fitted; pin it in $.mapping",
                                    cfg.file.string(), p));
    result.groups.clear();
    result.summary.reset();
    result.chosen.clear();
    cal.decide_readings(result);
  };
  if (run_mapping) map_under(cfg.mapping_readings);
  else result.mapped = cfg.pinned;
  if (run_readings && !cfg.reading_depths.empty()) {
    decide();
    if (run_mapping)
      result.rounds.push_back(fmt::format("round 1: mapped under {}: {}; readings chosen: {}", names_of(cfg.mapping_readings),
                                          mapped_text(result.mapped), names_of(result.chosen)));
    // Later rounds: map under the readings just chosen (base excluded: map_positions adds it), then decide again.
    for (int round = 2; run_mapping && round <= cfg.mapping_rounds; ++round) {
      std::vector<Reading> under(result.chosen.begin() + std::ptrdiff_t(cfg.base.size()), result.chosen.end());
      const auto before = result.mapped;
      map_under(under);
      if (result.mapped == before) {
        result.rounds.push_back(fmt::format("round {}: mapped under {}: the same mapping; stop", round, names_of(under)));
        break;
      }
      decide();
      result.rounds.push_back(fmt::format("round {}: mapped under {}: {}; readings chosen: {}", round, names_of(under),
                                          mapped_text(result.mapped), names_of(result.chosen)));
    }
  }
  result.searched = cache.searched();
  result.nodes_searched = cache.nodes_searched();
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // 4. The run log and the report.
  if (result.searched > 0) {
    RunRecord run = finished_run(started_utc, result.wall_seconds, options.jobs, result.searched, result.nodes_searched,
                                 cache.engine_seconds(), engine);
    run.note = fmt::format("harness calibrate --stage {}", stage_name(options.stage));
    append_run_record(dir, run);
  }
  write_calibration_report(cfg, result, dir);
  return result;
}

}  // namespace harness
