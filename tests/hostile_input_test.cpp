// Hostile input to the command line: every case answered with one `error:` line naming the input, exit 2, at
// once — a directory, a device or an oversized file is refused before it is read (harness/input_file.h), a
// negative node budget before it wraps, CLI11's own parse errors with the same prefix — and `--version` answers.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "harness/bench/engine_signature.h"
#include "harness/errors.h"
#include "harness/experiment/epd_positions.h"
#include "harness/experiment/memory_ceiling.h"
#include "harness/input_file.h"
#include "runner_test_util.h"

namespace hostile_input_test {

using runner_test::run_harness;
using runner_test::TempDir;

// The message starts "error: " once, and the problem is named.
void expect_refused(const std::string& args, const std::string& message) {
  const auto r = run_harness(args);
  EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
  EXPECT_EQ(r.output.rfind("error: ", 0), 0u) << args << "\n" << r.output;
  EXPECT_EQ(r.output.find("error: ", 1), std::string::npos) << "one prefix only: " << args << "\n" << r.output;
  EXPECT_NE(r.output.find(message), std::string::npos) << args << "\n" << r.output;
}

TEST(HostileInput, DirectoriesDevicesAndOversizedFilesAreRefusedBeforeReading) {
  TempDir dir;
  const std::string d = dir.path.string();
  expect_refused("search --fen startpos --depth 2 --config " + d, "--config " + d + ": is a directory, not a file");
  expect_refused("run " + d + " --out " + d + "/out", d + ": is a directory, not a file");
  expect_refused("run /dev/zero --out " + d + "/out", "/dev/zero: not a regular file");
  expect_refused("calibrate " + d + " --out " + d + "/cal", d + ": is a directory, not a file");
  expect_refused("run " + d + "/missing.json --out " + d + "/out", "missing.json: no such file");
  // A config just above the limit: refused by its size, not parsed.
  const auto big = dir / "big.json";
  {
    std::ofstream out(big);
    const std::string line(1023, ' ');
    for (std::uintmax_t i = 0; i <= harness::kMaxConfigBytes / 1024; ++i) out << line << '\n';
  }
  ASSERT_GT(std::filesystem::file_size(big), harness::kMaxConfigBytes);
  expect_refused("run " + big.string() + " --out " + d + "/out", "above the 16 MiB");
  // An EPD path inside a config gets the same treatment, named with its JSON path.
  const auto cfg = dir / "epd-dir.json";
  std::ofstream(cfg) << R"({"name": "x", "positions": [{"epd": ")" << d << R"("}], "depths": [1], "versions": ["H"]})";
  expect_refused("run " + cfg.string() + " --out " + d + "/out", "is a directory, not a file");
  EXPECT_FALSE(std::filesystem::exists(dir / "out"));
}

// A key given twice in one object is refused (nlohmann's parser keeps the last silently); the same key in two
// sibling objects is not a duplicate.
TEST(HostileInput, DuplicateJsonKeysAreRefused) {
  TempDir dir;
  const auto dup = dir / "dup.json";
  std::ofstream(dup) << R"({"name": "a", "depths": [1], "name": "b", "positions": [{"fen": "startpos", "id": "s"}], "versions": ["H"]})";
  expect_refused("run " + dup.string() + " --out " + (dir / "out").string(), "dup.json: duplicate key 'name'");
  const auto versions = dir / "versions.json";
  std::ofstream(versions) << R"({"name": "X", "flags": {"lmr": false, "lmr": true}})";
  expect_refused("search --fen startpos --depth 1 --config " + versions.string(), "duplicate key 'lmr'");
  EXPECT_EQ(harness::parse_json_refusing_duplicates(R"([{"k": 1}, {"k": 2}, {"o": {"k": 3}, "k": 4}])", "x").size(), 3u);
  EXPECT_THROW(harness::parse_json_refusing_duplicates(R"({"o": {"k": 3, "k": 4}})", "x"), harness::UserError);
}

// A position id that would cut REPORT.md's tables (a '|', a line break) is refused, from a config or an EPD file.
TEST(HostileInput, IdsThatWouldBreakTheReportsTablesAreRefused) {
  TempDir dir;
  const auto cfg = dir / "ids.json";
  std::ofstream(cfg) << R"({"name": "x", "positions": [{"fen": "startpos", "id": "a|b"}], "depths": [1], "versions": ["H"]})";
  expect_refused("run " + cfg.string() + " --out " + (dir / "out").string(), "$.positions[0].id: position id 'a|b' holds '|'");
  const auto newline = dir / "nl.json";
  std::ofstream(newline) << R"({"name": "x", "positions": [{"fen": "startpos", "id": "a
b"}], "depths": [1], "versions": ["H"]})";
  expect_refused("run " + newline.string() + " --out " + (dir / "out").string(), "control character");
  const auto epd = dir / "bar.epd";
  std::ofstream(epd) << "4k3/8/8/8/8/8/8/4K2R w K - id \"x|y\";\n";
  const auto from_epd = dir / "epd.json";
  std::ofstream(from_epd) << R"({"name": "x", "positions": [{"epd": ")" << epd.string() << R"("}], "depths": [1], "versions": ["H"]})";
  expect_refused("run " + from_epd.string() + " --out " + (dir / "out").string(), "line 1: position id 'x|y' holds '|'");
  EXPECT_EQ(harness::position_id_problem("LCTII.POS.01"), "");
}

TEST(HostileInput, NegativeBudgetsAndParseErrorsArePrefixed) {
  expect_refused("search --fen startpos --depth 2 --version H --node-budget -5", "--node-budget: must not be negative");
  expect_refused("search --fen startpos --depth x --version H", "--depth");
  expect_refused("search --fen startpos --depth 2 --version H --no-such-option", "--no-such-option");
}

TEST(HostileInput, VersionPrintsTheEngineIdentity) {
  const auto r = run_harness("--version");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(r.output.rfind(std::string("harness ") + harness::kEngineVersion + " (engine " + harness::kEngineVersion + "+sig:", 0), 0u)
      << r.output;
}

// An SSS* OPEN limit the machine's memory could not hold is refused before the search (the kernel's killer would
// come first), naming the flag and the largest limit that fits; a limit that fits, or another driver, is not.
TEST(HostileInput, AnSssLimitTheMemoryCannotHoldIsRefused) {
  buho::SearchConfig cfg;
  cfg.root_driver = buho::RootDriver::Sss;
  cfg.sss_open_limit = 1 << 20;
  const std::uint64_t gib = std::uint64_t(1) << 30;
  EXPECT_EQ(harness::sss_memory_problem(cfg, gib), "");  // 263 MiB in 1 GiB
  const std::string why = harness::sss_memory_problem(cfg, gib / 8);
  EXPECT_NE(why.find("sss_open_limit 1048576"), std::string::npos) << why;
  EXPECT_NE(why.find(fmt::format("at most {}", gib / 8 / harness::kSssBytesPerOpenEntry)), std::string::npos) << why;
  EXPECT_EQ(harness::sss_memory_problem(cfg, 0), "");  // memory unknown: nothing refused
  cfg.root_driver = buho::RootDriver::AlphaBeta;
  EXPECT_EQ(harness::sss_memory_problem(cfg, gib / 8), "");
  // The flag's maximum needs about 66 GiB: refused on any machine with less available.
  if (harness::available_memory_bytes() < (std::uint64_t(1) << 28) * harness::kSssBytesPerOpenEntry) {
    expect_refused("search --version A --depth 2 --set driver=sss --set sss_open_limit=268435456",
                   "lower sss_open_limit to at most");
    const auto uci = runner_test::run_shell(
        std::string("printf 'setoption name driver value sss\\nsetoption name sss_open_limit value 268435456\\n"
                    "position startpos\\ngo depth 2\\nquit\\n' | ") + BUHO_HARNESS_BIN + " uci");
    EXPECT_NE(uci.output.find("info string error: sss_open_limit 268435456"), std::string::npos) << uci.output;
    EXPECT_NE(uci.output.find("bestmove "), std::string::npos) << uci.output;
  }
}

// A message names its place once: a bad FEN in a config and a cycle of 'extends' used to repeat their prefix
// ("bad FEN '…': bad FEN '…'", "cycle.json: $.versions[0]: cycle.json: $.versions[0]: …").
TEST(HostileInput, MessagesNameTheirPlaceOnce) {
  TempDir dir;
  const auto fen = dir / "fen.json";
  std::ofstream(fen) << R"({"name": "x", "positions": [{"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "id": "p"}], "depths": [1], "versions": ["H"]})";
  const auto r = run_harness("run " + fen.string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("$.positions[0].fen: bad FEN '8/8/8/8/8/8/8/8 w - - 0 1': White has no king"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("bad FEN", r.output.find("bad FEN") + 1), std::string::npos) << r.output;
  const auto cycle = dir / "cycle.json";
  std::ofstream(cycle) << R"({"name": "c", "positions": [{"fen": "startpos", "id": "s"}], "depths": [1],
    "versions": [{"name": "X", "extends": "Y"}, {"name": "Y", "extends": "X"}]})";
  const auto c = run_harness("run " + cycle.string() + " --out " + (dir / "out2").string());
  EXPECT_EQ(c.code, 2) << c.output;
  EXPECT_NE(c.output.find("'extends' forms a cycle"), std::string::npos) << c.output;
  EXPECT_EQ(c.output.find("$.versions[0]", c.output.find("$.versions[0]") + 1), std::string::npos) << c.output;
}

}  // namespace hostile_input_test
