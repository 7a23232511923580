// Hostile input to the command line: every case answered with one `error:` line naming the input, exit 2, at
// once — a directory, a device or an oversized file is refused before it is read (harness/input_file.h), a
// negative node budget before it wraps, CLI11's own parse errors with the same prefix — and `--version` answers.
#include <fmt/core.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "harness/identity/engine_signature.h"
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
  EXPECT_EQ(harness::parse_json_checked(R"([{"k": 1}, {"k": 2}, {"o": {"k": 3}, "k": 4}])", "x").size(), 3u);
  EXPECT_THROW(harness::parse_json_checked(R"({"o": {"k": 3, "k": 4}})", "x"), harness::UserError);
}

// A line break in a position id or a version name would cut REPORT.md's tables: refused, from a config or an EPD file.
TEST(HostileInput, IdsHoldingALineBreakAreRefused) {
  TempDir dir;
  const auto newline = dir / "nl.json";
  std::ofstream(newline) << R"({"name": "x", "positions": [{"fen": "startpos", "id": "a
b"}], "depths": [1], "versions": ["H"]})";
  expect_refused("run " + newline.string() + " --out " + (dir / "out").string(), "control character");
  const auto epd = dir / "tab.epd";
  std::ofstream(epd) << "4k3/8/8/8/8/8/8/4K2R w K - id \"x\ty\";\n";
  const auto from_epd = dir / "epd.json";
  std::ofstream(from_epd) << R"({"name": "x", "positions": [{"epd": ")" << epd.string() << R"("}], "depths": [1], "versions": ["H"]})";
  expect_refused("run " + from_epd.string() + " --out " + (dir / "out").string(), "line 1: a position id may not hold a control character");
  const auto version = dir / "version.json";
  std::ofstream(version) << R"({"name": "x", "positions": [{"fen": "startpos", "id": "s"}], "depths": [1],
                               "versions": [{"name": "H\nI", "extends": "H"}]})";
  expect_refused("run " + version.string() + " --out " + (dir / "out").string(), "a version name may not hold a control character");
  EXPECT_EQ(harness::position_id_problem("LCTII.POS.01"), "");
  EXPECT_EQ(harness::position_id_problem("a|b"), "");
}

// The cells of one table row, split at the bars that are not escaped (`\|` is a '|' inside a cell).
std::size_t table_columns(const std::string& row) {
  std::size_t bars = 0;
  for (std::size_t i = 0; i < row.size(); ++i)
    if (row[i] == '|' && (i == 0 || row[i - 1] != '\\')) ++bars;
  return bars - 1;
}

// A '|' in a position id (from a config or an EPD file) or a version name is written `\|` in every table of
// REPORT.md: each table's rows have as many columns as its header.
TEST(HostileInput, IdsHoldingABarAreEscapedInTheReportsTables) {
  TempDir dir;
  const auto epd = dir / "bar.epd";
  std::ofstream(epd) << "4k3/8/8/8/8/8/8/4K2R w K - id \"x|y\";\n";
  const auto cfg = dir / "ids.json";
  std::ofstream(cfg) << R"({"name": "bars", "positions": [{"fen": "startpos", "id": "a|b"}, {"epd": ")" << epd.string()
                     << R"("}], "depths": [1, 2], "versions": ["H", {"name": "H|w40", "extends": "H", "flags": {"aspiration_window": 40}}]})";
  const auto r = run_harness("run " + cfg.string() + " --out " + (dir / "out").string() + " -j1 --quiet");
  ASSERT_EQ(r.code, 0) << r.output;
  std::ifstream in(dir / "out" / "REPORT.md");
  std::string md((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(md.find("| a\\|b |"), std::string::npos) << md;
  EXPECT_NE(md.find("| x\\|y |"), std::string::npos) << md;
  EXPECT_NE(md.find("| H\\|w40 |"), std::string::npos) << md;
  std::istringstream lines(md);
  int tables = 0, rows = 0;
  std::size_t header = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] != '|') {
      header = 0;
      continue;
    }
    if (header == 0) {
      header = table_columns(line);
      ++tables;
      continue;
    }
    ++rows;
    EXPECT_EQ(table_columns(line), header) << line;
  }
  EXPECT_GE(tables, 4);
  EXPECT_GE(rows, 10);
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
