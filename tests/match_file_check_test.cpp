// `harness report` checks a match directory's match.json against the pairs it was played with before printing any
// of it (match_report.cpp): a hand-edited node budget or player name, a match.json whose match key is not its pairs',
// and a pair index outside the match's pairs are refused with exit 2, naming the file; descriptions may change.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "harness/storage/line_checksum.h"
#include "match_test_util.h"
#include "runner_test_util.h"

namespace match_file_check_test {

using nlohmann::json;
using runner_test::read_text;
using runner_test::run_harness;
using runner_test::TempDir;
using runner_test::write_text;
namespace fs = std::filesystem;

json read_json(const fs::path& f) { return json::parse(read_text(f)); }
void write_json(const fs::path& f, const json& j) { write_text(f, j.dump(2) + "\n"); }

// pairs.jsonl's first line with `edit` applied to its JSON and its checksum made again (an edit the checksum alone
// does not catch).
void edit_first_pair(const fs::path& dir, const std::function<void(json&)>& edit) {
  const std::string text = read_text(dir / "pairs.jsonl");
  const auto end = text.find('\n');
  json j = json::parse(text.substr(0, end));
  j.erase("line_xxh");
  edit(j);
  write_text(dir / "pairs.jsonl", harness::with_checksum(j.dump()) + text.substr(end));
}

TEST(MatchFileCheck, EditedCommittedMatchFileIsRefused) {
  TempDir tmp;
  const fs::path original = fs::path(BUHO_SOURCE_DIR) / "results/elo-ablation/B-vs-A-10000n";
  const auto fresh_copy = [&](const std::string& name) {
    const fs::path dir = tmp / name;
    fs::copy(original, dir, fs::copy_options::recursive);
    return dir;
  };
  const fs::path ok = fresh_copy("ok");
  const auto good = run_harness("report " + ok.string());
  ASSERT_EQ(good.code, 0) << good.output;

  const fs::path nodes = fresh_copy("nodes");
  json m = read_json(nodes / "match.json");
  m["nodes"] = 999;
  write_json(nodes / "match.json", m);
  const std::string report_before = read_text(nodes / "REPORT.md");
  const auto r = run_harness("report " + nodes.string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("error: " + (nodes / "match.json").string() + ": its 'nodes' 999 is below the"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(read_text(nodes / "REPORT.md"), report_before);

  const fs::path names = fresh_copy("names");
  m = read_json(names / "match.json");
  m["players"][0]["name"] = "Z";
  write_json(names / "match.json", m);
  const auto n = run_harness("report " + names.string());
  EXPECT_EQ(n.code, 2) << n.output;
  EXPECT_NE(n.output.find("it names the players Z and A"), std::string::npos) << n.output;

  for (int index : {-1, 300, 5000}) {
    const fs::path dir = fresh_copy("index" + std::to_string(index + 1));
    edit_first_pair(dir, [&](json& j) { j["pair"] = index; });
    const auto bad = run_harness("report " + dir.string());
    EXPECT_EQ(bad.code, 2) << bad.output;
    // pair_store.cpp refuses the index as it reads the line (an index from 0, below the match's 300 pairs).
    EXPECT_NE(bad.output.find("pairs.jsonl:1: pair index " + std::to_string(index) + " is "), std::string::npos)
        << bad.output;
  }
}

// A match played now stores its match key with each pair: an edit to any part of match.json a report reads is
// refused (here the adjudication, which no move records), while its description may change.
TEST(MatchFileCheck, PairsCarryTheKeyOfTheirMatchFile) {
  TempDir tmp;
  const json cfg{{"name", "keyed"},
                 {"match", {{"players", {"H", "G"}}, {"openings", match_test::openings()}, {"pairs", 2},
                            {"nodes", 150}, {"max_moves", 20}}}};
  write_text(tmp / "keyed.json", cfg.dump());
  const fs::path dir = tmp / "m";
  const auto played = run_harness("match " + (tmp / "keyed.json").string() + " --out " + dir.string() + " -q -j 1");
  ASSERT_EQ(played.code, 0) << played.output;
  const json match_file = read_json(dir / "match.json");
  for (const auto& p : match_test::stored_pairs(dir)) ASSERT_TRUE(p.contains("match")) << p.dump().substr(0, 200);

  json m = match_file;
  m["description"] = "described later";
  write_json(dir / "match.json", m);
  const auto described = run_harness("report " + dir.string());
  EXPECT_EQ(described.code, 0) << described.output;

  m = match_file;
  m["adjudication"]["win_score"] = 1;
  write_json(dir / "match.json", m);
  const auto edited = run_harness("report " + dir.string());
  EXPECT_EQ(edited.code, 2) << edited.output;
  EXPECT_NE(edited.output.find((dir / "match.json").string() + ": its match key"), std::string::npos) << edited.output;
  write_json(dir / "match.json", match_file);
  EXPECT_EQ(run_harness("report " + dir.string()).code, 0);

  // A shorter run over the stored pairs is refused rather than leaving pairs beyond match.json's count.
  const auto shorter = run_harness("match " + (tmp / "keyed.json").string() + " --out " + dir.string() + " -q --pairs 1");
  EXPECT_EQ(shorter.code, 2) << shorter.output;
  EXPECT_NE(shorter.output.find("holds pair 1, beyond this match's 1 pairs"), std::string::npos) << shorter.output;
  EXPECT_EQ(read_json(dir / "match.json"), match_file);
}

}  // namespace match_file_check_test
