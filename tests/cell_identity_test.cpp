// A cell's identity outlives the flag table (configs/README.md "Cell identity"). Tested the way it broke: a
// committed results directory is copied and rewritten as if one flag (qsearch_checks) had not existed when
// it was made — the flag removed from every cell and from experiment.json's versions, and each line re-keyed
// from its edited inputs. The copy must still report the same tables, resume with nothing to run, merge with
// the original and re-run to the same counts. Stored inputs that this engine cannot read are refused: a flag
// it does not know (exit 2, naming the flag and the file) and a line edited after it was keyed (naming the
// file and line).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/cell_inputs.h"
#include "harness/identity/engine_identity.h"
#include "harness/experiment/result_set.h"
#include "harness/experiment/runner.h"
#include "harness/experiment/search_counters.h"
#include "harness/storage/cell_store.h"
#include "runner_test_util.h"

namespace cell_identity_test {

using namespace harness;
using nlohmann::json;
namespace fs = std::filesystem;

const fs::path kSource = fs::path(BUHO_SOURCE_DIR);
const char* kCommitted = "results/tt-deep";
const char* kConfig = "configs/tt-deep.json";
const char* kDroppedFlag = "qsearch_checks";

std::vector<json> read_lines(const fs::path& file) {
  std::vector<json> out;
  std::istringstream in(runner_test::read_text(file));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

// Writes the lines as the harness writes them, each with its checksum (the committed directories are sealed:
// results/README.md): these tests edit what a line says, and then check what the harness makes of it.
void write_lines(const fs::path& file, const std::vector<json>& lines) {
  std::string text;
  for (json j : lines) {
    j.erase("line_xxh");
    text += with_checksum(j.dump()) + "\n";
  }
  runner_test::write_text(file, text);
}

// The inputs a line's key hashes, as written in the line.
json written_inputs(const json& line) {
  json in;
  for (const char* k : {"fen", "depth", "flags", "tt_entries", "tt_scheme", "node_budget"}) in[k] = line.at(k);
  return in;
}

// Keys the line from its inputs as written, as the runner did when it created the cell.
void rekey(json& line) { line["key"] = cell_key(written_inputs(line), line.at("engine").get<std::string>()); }

// Copies the committed directory's inputs (the reports are rebuilt) to `dir`.
void copy_committed(const fs::path& dir) {
  for (const char* f : {"experiment.json", "cells.jsonl", "cells.flag_sets.jsonl", "runs.jsonl", "notes.md"})
    if (fs::exists(kSource / kCommitted / f)) fs::copy_file(kSource / kCommitted / f, dir / f);
}

// Rewrites a copy as if `flag` had not existed: gone from every flag set (each under its new hash, and every cell
// naming it re-keyed) and every version.
void drop_flag_everywhere(const fs::path& dir, const std::string& flag) {
  std::vector<json> sets = read_lines(dir / "cells.flag_sets.jsonl");
  std::map<std::string, std::string> renamed;
  for (auto& set : sets) {
    ASSERT_EQ(set["flags"].erase(flag), 1u) << "the committed flag set has no flag " << flag;
    const std::string hash = flag_set_of(set["flags"]).hash;
    renamed[set["flag_set"].get<std::string>()] = hash;
    set["flag_set"] = hash;
  }
  write_lines(dir / "cells.flag_sets.jsonl", sets);
  std::vector<json> lines = read_lines(dir / "cells.jsonl");
  for (auto& line : lines) {
    ASSERT_EQ(renamed.count(line["flags"].get<std::string>()), 1u) << "a cell names a flag set the file does not define";
    line["flags"] = renamed[line["flags"].get<std::string>()];
    rekey(line);
  }
  write_lines(dir / "cells.jsonl", lines);
  json exp = json::parse(runner_test::read_text(dir / "experiment.json"));
  for (auto& v : exp["experiment"]["versions"]) ASSERT_EQ(v["flags"].erase(flag), 1u);
  for (auto& s : exp["experiment"]["sweeps"]) ASSERT_EQ(s["version"]["flags"].erase(flag), 1u);
  runner_test::write_text(dir / "experiment.json", exp.dump(2) + "\n");
}

// Adds to the copy's flag-set file the set of line `i`'s flags changed by `change`, and names it in that line.
void give_line_changed_flags(const fs::path& dir, std::size_t i, const std::function<void(json&)>& change) {
  std::vector<json> sets = read_lines(dir / "cells.flag_sets.jsonl");
  std::vector<json> lines = read_lines(dir / "cells.jsonl");
  json flags;
  for (const auto& set : sets)
    if (set["flag_set"] == lines.at(i)["flags"]) flags = set["flags"];
  ASSERT_TRUE(flags.is_object()) << "line " << i << " names a flag set the file does not define";
  change(flags);
  const std::string hash = flag_set_of(flags).hash;
  sets.push_back({{"flag_set", hash}, {"flags", flags}});
  write_lines(dir / "cells.flag_sets.jsonl", sets);
  lines[i]["flags"] = hash;
  write_lines(dir / "cells.jsonl", lines);
}

// cells.csv without its first column (the stored key, which the re-keying changed by design).
std::string without_keys(const std::string& csv) {
  std::istringstream in(csv);
  std::string out;
  for (std::string line; std::getline(in, line);) out += line.substr(line.find(',') + 1) + "\n";
  return out;
}

// Changes one evaluation input, found through the table (whichever term comes first).
void toggle_first_eval_switch(buho::EvalConfig& e) {
  for (const auto& p : buho::eval_params())
    if (p.kind == buho::ParamKind::Bool) {
      e.*p.bool_field = !(e.*p.bool_field);
      return;
    }
}

TEST(CellIdentity, AResultsDirectoryWrittenBeforeAFlagExistedStillReports) {
  runner_test::TempDir tmp;
  copy_committed(tmp.path);
  drop_flag_everywhere(tmp.path, kDroppedFlag);
  ASSERT_EQ(runner_test::read_text(tmp / "cells.flag_sets.jsonl").find(kDroppedFlag), std::string::npos);

  const auto r = runner_test::run_harness("report " + tmp.path.string());
  ASSERT_EQ(r.code, 0) << r.output;
  for (const char* f : {"REPORT.md", "summary.json", "thesis_comparison.csv"})
    EXPECT_EQ(runner_test::read_text(tmp / f), runner_test::read_text(kSource / kCommitted / f)) << f << " differs";
  EXPECT_EQ(without_keys(runner_test::read_text(tmp / "cells.csv")),
            without_keys(runner_test::read_text(kSource / kCommitted / "cells.csv")));
  // The keys shown are the stored ones, not recomputed with today's flag table.
  const auto lines = read_lines(tmp / "cells.jsonl");
  EXPECT_NE(runner_test::read_text(tmp / "cells.csv").find(lines.front()["key"].get<std::string>()), std::string::npos);
}

TEST(CellIdentity, AResultsDirectoryWrittenBeforeAFlagExistedResumesWithNothingToRun) {
  runner_test::TempDir tmp;
  copy_committed(tmp.path);
  drop_flag_everywhere(tmp.path, kDroppedFlag);
  const std::string cells_before = runner_test::read_text(tmp / "cells.jsonl");
  const std::size_t n = read_lines(tmp / "cells.jsonl").size();

  const auto r = runner_test::run_harness(fmt::format("run {} --out {} --no-report --quiet", (kSource / kConfig).string(),
                                                      tmp.path.string()));
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find(fmt::format("{} already in", n)), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("running 0 "), std::string::npos) << r.output;
  EXPECT_EQ(runner_test::read_text(tmp / "cells.jsonl"), cells_before) << "a cell was searched again";
}

TEST(CellIdentity, AResultsDirectoryWrittenBeforeAFlagExistedMergesWithTheOriginal) {
  runner_test::TempDir tmp;
  fs::create_directories(tmp / "old");
  fs::create_directories(tmp / "now");
  copy_committed(tmp / "old");
  copy_committed(tmp / "now");
  drop_flag_everywhere(tmp / "old", kDroppedFlag);
  const std::size_t n = read_lines(tmp / "now" / "cells.jsonl").size();

  const auto r = runner_test::run_harness(
      fmt::format("merge {} {} --out {}", (tmp / "old").string(), (tmp / "now").string(), (tmp / "merged").string()));
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find(fmt::format("{} cells added, {} of {} cells measured", n, n, n)), std::string::npos) << r.output;
}

TEST(CellIdentity, ACellWrittenBeforeAFlagExistedReRunsToTheSameCounts) {
  runner_test::TempDir tmp;
  copy_committed(tmp.path);
  drop_flag_everywhere(tmp.path, kDroppedFlag);
  std::vector<CellRecord> rows = read_cells(tmp / "cells.jsonl").rows;
  ASSERT_FALSE(rows.empty());
  std::sort(rows.begin(), rows.end(), [](const CellRecord& a, const CellRecord& b) { return a.nodes() < b.nodes(); });
  // The cheapest cell of each scheme: a few thousand nodes in all.
  std::vector<std::string> schemes_done;
  for (const CellRecord& stored : rows) {
    if (std::find(schemes_done.begin(), schemes_done.end(), stored.inputs.tt_scheme()) != schemes_done.end()) continue;
    schemes_done.push_back(stored.inputs.tt_scheme());
    SCOPED_TRACE(stored.inputs.position + " d" + std::to_string(stored.inputs.depth) + " " + stored.inputs.tt_scheme());
    EXPECT_FALSE(stored.stored_flags().contains(kDroppedFlag));
    EXPECT_EQ(stored.inputs.search.qsearch_checks, buho::SearchConfig{}.qsearch_checks) << "the absent flag takes its default";
    const CellRecord again = run_cell(make_cell(stored.inputs, engine_identity()), engine_identity());
    EXPECT_EQ(again.counters, stored.counters);
    EXPECT_EQ(again.iteration_nodes, stored.iteration_nodes);
    EXPECT_EQ(again.best_move, stored.best_move);
    EXPECT_EQ(again.score, stored.score);
    EXPECT_EQ(again.pv, stored.pv);
    // The same cell: same identity, although the new record's key hashes today's complete flags.
    EXPECT_EQ(again.identity(), stored.identity());
    EXPECT_NE(again.key, stored.key);
  }
  EXPECT_EQ(schemes_done.size(), 4u);
}

TEST(CellIdentity, AStoredFlagTheEngineDoesNotKnowIsRefused) {
  {  // in a cell
    runner_test::TempDir tmp;
    copy_committed(tmp.path);
    give_line_changed_flags(tmp.path, 3, [](json& flags) { flags["no_such_flag"] = true; });
    std::vector<json> lines = read_lines(tmp / "cells.jsonl");
    rekey(lines[3]);
    write_lines(tmp / "cells.jsonl", lines);
    const auto r = runner_test::run_harness("report " + tmp.path.string());
    EXPECT_EQ(r.code, 2) << r.output;
    EXPECT_NE(r.output.find("no_such_flag"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find((tmp / "cells.jsonl").string() + ":4"), std::string::npos) << r.output;
  }
  {  // in experiment.json's versions
    runner_test::TempDir tmp;
    copy_committed(tmp.path);
    json exp = json::parse(runner_test::read_text(tmp / "experiment.json"));
    exp["experiment"]["sweeps"][0]["version"]["flags"]["no_such_flag"] = true;
    runner_test::write_text(tmp / "experiment.json", exp.dump(2) + "\n");
    for (const std::string& command :
         {"report " + tmp.path.string(), fmt::format("run {} --out {} --no-report --quiet", (kSource / kConfig).string(),
                                                     tmp.path.string())}) {
      const auto r = runner_test::run_harness(command);
      EXPECT_EQ(r.code, 2) << command << "\n" << r.output;
      EXPECT_NE(r.output.find("no_such_flag"), std::string::npos) << r.output;
      EXPECT_NE(r.output.find((tmp / "experiment.json").string()), std::string::npos) << r.output;
    }
  }
}

TEST(CellIdentity, ALineEditedAfterItWasKeyedIsRefused) {
  runner_test::TempDir tmp;
  copy_committed(tmp.path);
  // An input changed (the line names another flag set), the key left alone.
  give_line_changed_flags(tmp.path, 1, [](json& flags) { flags["lmr"] = !flags["lmr"].get<bool>(); });
  const auto r = runner_test::run_harness("report " + tmp.path.string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find((tmp / "cells.jsonl").string() + ":2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("edited"), std::string::npos) << r.output;
  // Counters are results, not inputs: they are not keyed (the committed-results test re-runs them instead).
}

// A line that carries its flags in full (the results format before flag sets) is refused, naming the line and where
// the code that reads it is kept; its key still hashes its inputs, so only the format is wrong.
TEST(CellIdentity, ALineWithItsFlagsInFullIsRefused) {
  runner_test::TempDir tmp;
  copy_committed(tmp.path);
  std::vector<json> lines = read_lines(tmp / "cells.jsonl");
  for (const auto& set : read_lines(tmp / "cells.flag_sets.jsonl"))
    if (set["flag_set"] == lines[2]["flags"]) lines[2]["flags"] = set["flags"];
  ASSERT_TRUE(lines[2]["flags"].is_object());
  rekey(lines[2]);
  write_lines(tmp / "cells.jsonl", lines);
  for (const std::string& command :
       {"report " + tmp.path.string(),
        fmt::format("run {} --out {} --no-report --quiet", (kSource / kConfig).string(), tmp.path.string())}) {
    const auto r = runner_test::run_harness(command);
    EXPECT_EQ(r.code, 2) << command << "\n" << r.output;
    EXPECT_NE(r.output.find((tmp / "cells.jsonl").string() + ":3: the cell line carries its flags in full"),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("older results format"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("git checkout results-history"), std::string::npos) << r.output;
  }
}

TEST(CellIdentity, IdentityIsTheTypedInputsNotTheWrittenFlags) {
  CellInputs a{"P", "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 3, "H", {}, {}, 0};
  CellInputs b = a;
  b.version = "another name";
  EXPECT_EQ(a.identity(), b.identity()) << "the version name is a label";
  for (auto change : std::vector<void (*)(CellInputs&)>{
           [](CellInputs& c) { c.position.assign(1, 'Q'); }  /* not = "Q": GCC 12 false -Wstringop-overflow */, [](CellInputs& c) { c.depth = 4; },
           [](CellInputs& c) { c.node_budget = 1000; }, [](CellInputs& c) { c.search.lmr = false; },
           [](CellInputs& c) { toggle_first_eval_switch(c.eval); }, [](CellInputs& c) { c.fen = "8/8/8/4k3/8/8/3P4/4K3 w - - 0 1"; }}) {
    CellInputs c = a;
    change(c);
    EXPECT_NE(c.identity(), a.identity());
  }
  // A record read from a line that omits a flag at its default is the same cell as one that names it.
  CellRecord full = record_of_inputs(make_cell(a, "e"), "e");
  full.counters = counter_values(buho::SearchStats{});
  json flags = full.stored_flags();  // a flag set written before the flag existed
  flags.erase(kDroppedFlag);
  FlagSetTable sets;
  sets.add(flag_set_of(flags).hash, flags);
  json line = full.to_json();
  line["flags"] = flag_set_of(flags).hash;
  rekey(line);
  const CellRecord partial = CellRecord::from_json(line, &sets);
  EXPECT_EQ(partial.identity(), full.identity());
  EXPECT_NE(partial.key, full.key);
  // ... and not when the omitted flag was not at its default.
  a.search.qsearch_checks = !buho::SearchConfig{}.qsearch_checks;
  EXPECT_NE(CellRecord::from_json(line, &sets).identity(), record_of_inputs(make_cell(a, "e"), "e").identity());
}

}  // namespace cell_identity_test

namespace cell_identity_test {

// make_cell writes the identity's and the key's texts without a json: they must equal the dumps of the json objects
// that define them (the identity's members, key_json() with "engine"), for inputs whose strings need escaping too,
// with and without a time limit.
TEST(CellIdentity, MakeCellAgreesWithTheJsonDefinitions) {
  CellInputs in;
  in.position = "id with \"quotes\", a \\ and é";
  in.fen = "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1";
  in.depth = 11;
  in.node_budget = 123456789;
  in.search.tt_entries = 4096;
  in.search.tt_scheme = buho::ReplacementScheme::Always;
  for (const std::uint64_t time_limit_ms : {0, 250}) {
    in.time_limit_ms = time_limit_ms;
    json identity = {{"depth", in.depth}, {"fen", in.fen}, {"flags", in.flag_set().hash},
                     {"node_budget", in.node_budget}, {"position", in.position}};
    if (time_limit_ms) identity["time_limit_ms"] = time_limit_ms;
    EXPECT_EQ(in.identity(), identity.dump());
    for (const std::string engine : {"buho-2+sig:0123456789abcdef", "thesis", "an \"engine\"\n"}) {
      const CellSpec c = make_cell(in, engine);
      EXPECT_EQ(c.identity, identity.dump());
      json written = in.key_json();
      written["engine"] = engine;
      EXPECT_EQ(c.key, fnv1a_hex(written.dump()));
      EXPECT_EQ(c.key, cell_key(in.key_json(), engine));
      EXPECT_EQ(c.key_engine, engine);
      EXPECT_EQ(record_of_inputs(c, engine).key, c.key);
      EXPECT_EQ(record_of_inputs(c, "another").key, cell_key(in.key_json(), "another"));
    }
  }
}

}  // namespace cell_identity_test
