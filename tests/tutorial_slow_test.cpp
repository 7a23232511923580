// docs/tutorial.md runs as written: every ```sh block is run by bash, in order, in a sandbox laid out like the
// project (its docs/, positions/, configs/, scripts/ and data/, and build/bin/harness this build's program; out/ the
// sandbox's own, BUHO_HOME pointing there), and must exit 0; where a ```text block follows a ```sh block (blank lines
// between them only), the block's standard output must equal it line for line (trailing spaces aside). So a tutorial
// that quotes an output the program no longer prints fails here.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/paths.h"  // a harness test: BUHO_HARNESS_BIN
#include "runner_test_util.h"

namespace tutorial_slow_test {

namespace fs = std::filesystem;
using runner_test::TempDir;

struct Step {
  std::string commands;
  bool quoted = false;
  std::string output;  // the ```text block after it, when quoted
  int line = 0;        // of the ```sh fence in docs/tutorial.md
};

std::string rstrip_lines(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
    out += line + "\n";
  }
  while (out.size() >= 2 && out.substr(out.size() - 2) == "\n\n") out.pop_back();
  return out;
}

std::vector<Step> steps_of(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<Step> steps;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] != "```sh") continue;
    Step s;
    s.line = int(i + 1);
    for (++i; i < lines.size() && lines[i] != "```"; ++i) s.commands += lines[i] + "\n";
    std::size_t j = i + 1;
    while (j < lines.size() && lines[j].empty()) ++j;
    if (j < lines.size() && lines[j] == "```text") {
      s.quoted = true;
      for (++j; j < lines.size() && lines[j] != "```"; ++j) s.output += lines[j] + "\n";
      i = j;
    }
    steps.push_back(s);
  }
  return steps;
}

TEST(Tutorial, EveryCommandRunsAndPrintsWhatTheTutorialQuotes) {
  const fs::path source = BUHO_SOURCE_DIR;
  const std::vector<Step> steps = steps_of(source / "docs/tutorial.md");
  ASSERT_GE(steps.size(), 5u) << "docs/tutorial.md: too few ```sh blocks";
  std::size_t quoted = 0;
  for (const auto& s : steps) quoted += s.quoted;
  EXPECT_GE(quoted, 4u) << "docs/tutorial.md quotes too few outputs";

  TempDir box;
  for (const char* d : {"docs", "positions", "configs", "scripts", "data"}) fs::create_directory_symlink(source / d, box / d);
  fs::create_directories(box / "build/bin");
  fs::create_symlink(BUHO_HARNESS_BIN, box / "build/bin/harness");
  const std::string env = "cd '" + box.path.string() + "' && export BUHO_HOME='" + box.path.string() +
                          "' MPLBACKEND=Agg PATH=/usr/bin:/bin && set -e\n";
  for (const auto& s : steps) {
    const fs::path script = box / "step.sh", out = box / "step.out", err = box / "step.err";
    runner_test::write_text(script, env + s.commands);
    const int status = std::system(("bash '" + script.string() + "' > '" + out.string() + "' 2> '" + err.string() + "'").c_str());
    const std::string stdout_text = runner_test::read_text(out);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "docs/tutorial.md:" << s.line << ": failed\n" << s.commands << "stdout:\n" << stdout_text << "stderr:\n"
        << runner_test::read_text(err);
    if (s.quoted) {
      EXPECT_EQ(rstrip_lines(stdout_text), rstrip_lines(s.output))
          << "docs/tutorial.md:" << s.line << ": the output differs from the one quoted\n" << s.commands;
    }
  }
}

}  // namespace tutorial_slow_test
