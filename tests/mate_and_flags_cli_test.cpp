// `harness search` reports a mate as UCI does (moves to mate, signed), and `harness flags --version V` prints
// version V's values of configs/versions.json beside the engine's defaults.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/types.h"
#include "harness/experiment/presets.h"
#include "harness/mate_score.h"
#include "harness/paths.h"
#include "runner_test_util.h"

namespace mate_and_flags_cli_test {

using nlohmann::json;

TEST(MateScore, ScoresBeyondTheMateBoundReadAsMovesSignedByTheSideThatMates) {
  EXPECT_EQ(harness::mate_in_moves(buho::ScoreMate - 1), 1);       // mates with its next move
  EXPECT_EQ(harness::mate_in_moves(buho::ScoreMate - 3), 2);       // 3 plies: its second move mates
  EXPECT_EQ(harness::mate_in_moves(-(buho::ScoreMate - 2)), -1);   // mated after one move of its own
  EXPECT_EQ(harness::mate_in_moves(-(buho::ScoreMate - 4)), -2);
  EXPECT_FALSE(harness::mate_in_moves(buho::ScoreMateBound - 1).has_value());
  EXPECT_FALSE(harness::mate_in_moves(0).has_value());
}

// Fool's mate, Black to move: Qh4 mates at once.
constexpr const char* kMateInOne = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";

TEST(SearchCli, AMateIsPrintedAsMateNotAsTheRawScore) {
  const auto text = runner_test::run_harness(std::string("search --version H --depth 3 --fen '") + kMateInOne + "'");
  ASSERT_EQ(text.code, 0) << text.output;
  EXPECT_NE(text.output.find("bestmove d8h4  score mate 1  pv d8h4"), std::string::npos) << text.output;
  EXPECT_EQ(text.output.find("score 29999"), std::string::npos) << text.output;
  const auto j = runner_test::run_harness(std::string("search --json --version H --depth 3 --fen '") + kMateInOne + "'");
  ASSERT_EQ(j.code, 0) << j.output;
  const json out = json::parse(j.output);
  EXPECT_EQ(out.at("score"), buho::ScoreMate - 1);
  EXPECT_EQ(out.at("mate_in"), 1);
  const auto quiet = runner_test::run_harness("search --json --version H --depth 2 --fen startpos");
  ASSERT_EQ(quiet.code, 0) << quiet.output;
  EXPECT_TRUE(json::parse(quiet.output).at("mate_in").is_null());
}

TEST(FlagsCli, PrintsTheNamedVersionsValuesBesideTheDefaults) {
  const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions.json"));
  const json a = book.resolve("A").flags, h = book.resolve("H").flags;
  const auto r = runner_test::run_harness("flags --json --version A");
  ASSERT_EQ(r.code, 0) << r.output;
  int differs_from_h = 0;
  for (const auto& row : json::parse(r.output)) {
    const std::string name = row.at("name");
    const json& want = a.at(name);
    EXPECT_EQ(row.at("version"), want.is_string() ? want.get<std::string>() : want.dump()) << name;
    differs_from_h += a.at(name) != h.at(name);
  }
  EXPECT_GT(differs_from_h, 0);  // A is not H: the option chose the version
  const auto text = runner_test::run_harness("flags --version A");
  ASSERT_EQ(text.code, 0);
  EXPECT_NE(text.output.find("version A"), std::string::npos);
  const auto bad = runner_test::run_harness("flags --version Z");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.output.find("'Z'"), std::string::npos) << bad.output;
}

}  // namespace mate_and_flags_cli_test
