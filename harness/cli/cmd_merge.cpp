// `harness merge DIR... --out OUT`: joins the outputs of shards (or of any runs of one experiment)
// into OUT. Refuses directories whose experiment or engine differ, and a cell measured twice with
// different results (a nondeterministic engine). Directories of a match's shards (`harness match --shard i/n`) are
// joined into a new match directory instead (harness/match/match_shards.h).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <map>
#include <set>

#include "harness/cli/commands.h"
#include "harness/experiment/result_set.h"
#include "harness/match/match_shards.h"
#include "harness/paths.h"
#include "harness/report/writers.h"
#include "harness/storage/cell_store.h"
#include "harness/storage/output_lock.h"
#include "harness/storage/results_kind.h"
#include "harness/storage/run_log.h"

namespace harness {

void register_merge(CLI::App& app) {
  auto dirs = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Join shard outputs of one experiment, or the n shards of one match, into one results directory");
  cmd->add_option("dirs", *dirs, "Results directories to join (of `harness run`, or every shard of `harness match --shard`)")->required();
  cmd->add_option("--out,-o", *out, "Directory to write (may be one of the inputs or hold earlier results; a match's shards: a new directory, or "
                  "the one the same merge wrote before)")->required();
  cmd->callback([dirs, out] {
    if (results_kind(dirs->front()) == ResultsKind::match) {
      const MatchMergeResult merged = merge_match_shards(*dirs, *out);
      for (const auto& line : merged.summary_lines) fmt::print("{}\n", line);
      fmt::print("merged {} shards: {} pairs in {}\n", merged.shards, merged.pairs, *out);
      for (const auto& f : merged.files) fmt::print("wrote {}\n", f.string());
      return;
    }
    // Check everything first; write nothing until all inputs agree. Experiments compare as typed inputs
    // and cells by identity (configs/README.md), so inputs written before a flag existed still merge.
    const StoredExperiment first = read_experiment_file(dirs->front());
    std::map<std::string, CellRecord> rows, failed;  // by identity
    for (const auto& d : *dirs) {
      const StoredExperiment stored = read_experiment_file(d);
      if (!same_experiment(stored.experiment, first.experiment) || stored.engine != first.engine)
        throw UserError(fmt::format("{} and {} hold different experiments or engines; only shards of one config "
                                    "run by one engine can be merged",
                                    dirs->front(), d));
      const ResultSet rs = load_results(d);
      for (const auto& c : rs.cells) {
        const CellRecord* r = rs.record(c);
        if (!r) continue;
        auto [it, inserted] = rows.emplace(c.identity, *r);
        if (!inserted)
          if (const std::string conflict = conflict_between(it->second, *r, d); !conflict.empty()) throw UserError(conflict);
      }
      for (const auto& r : rs.failed) failed.emplace(r.identity(), r);  // travels unless a shard measured it
    }
    const std::filesystem::path dest(*out);
    require_results_kind(dest, ResultsKind::run, "harness merge");
    std::map<std::string, bool> present;
    if (std::filesystem::exists(dest / kExperimentFile)) {
      const StoredExperiment stored = read_experiment_file(dest);
      if (!same_experiment(stored.experiment, first.experiment) || stored.engine != first.engine)
        throw UserError(fmt::format("--out {} holds a different experiment or engine; choose another directory", *out));
      const ResultSet in_dest = load_results(dest);
      for (const auto& c : in_dest.cells)
        if (in_dest.record(c)) present[c.identity] = true;
      for (const auto& r : in_dest.failed) present[r.identity()] = true;
    } else if (std::filesystem::exists(dest / kCellsFile)) {
      throw UserError(fmt::format("--out {}: has cells.jsonl but no experiment.json; choose another directory", *out));
    }
    std::filesystem::create_directories(dest);
    const OutputLock lock(dest, this_command_line());  // no run or merge writes DEST meanwhile (output_lock.h)
    if (!std::filesystem::exists(dest / kExperimentFile))
      write_file_atomically(dest / kExperimentFile, first.file.dump(2) + "\n");
    std::size_t added = 0;
    {
      CellStore store(dest / kCellsFile);
      for (const auto& [identity, r] : rows)
        if (!present.count(identity)) {
          store.append(r);
          ++added;
        }
      for (const auto& [identity, r] : failed)
        if (!present.count(identity) && !rows.count(identity)) {
          store.append(r);
          ++added;
        }
      store.close();  // synced, and the file cut to its lines (cell_store.h)
    }
    // The run logs travel with the cells: each input's runs, once each, so the merged report still says
    // where and how every shard was measured.
    std::set<std::string> logged;
    for (const auto& r : read_run_records(dest)) logged.insert(r.to_json().dump());
    for (const auto& d : *dirs)
      for (const auto& r : read_run_records(d))
        if (logged.insert(r.to_json().dump()).second) append_run_record(dest, r);
    const ResultSet rs = load_results(dest);
    const auto files = write_reports(rs, dest, load_thesis_data(project_path("data/thesis")));
    fmt::print("merged {} dirs: {} cells added, {} of {} cells measured in {}\n", dirs->size(), added, rs.measured(),
               rs.cells.size(), *out);
    for (const auto& f : files) fmt::print("wrote {}\n", f.string());
  });
}

}  // namespace harness
