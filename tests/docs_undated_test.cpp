// The docs are reference, not a notebook: a dated measurement ("2.6 s, 2026-11-27") or a work session named as a
// source ("the readings of sessions 1–4") belongs in docs/benchmarks.md or docs/findings.md (measurements, with
// their run named) or in docs/history.md and results/*/notes.md (history), nowhere else. A run's own date is in
// its results directory (experiment.json, runs.jsonl).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace docs_undated_test {

namespace fs = std::filesystem;

// An ISO date of this century, or "session"/"sessions" followed by a number: the two shapes a lab notebook leaves.
// A UCI "session" is never followed by a number, and the thesis's year (2010) stands alone.
const std::regex& notebook_mark() {
  static const std::regex mark(R"((20\d\d-[01]\d-[0-3]\d)|([Ss]essions? \d))");
  return mark;
}

// The lines of `text` that carry a notebook mark, as "line: text".
std::vector<std::string> marked_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (int line = 1; start <= text.size(); ++line) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string row = text.substr(start, end - start);
    if (std::regex_search(row, notebook_mark())) out.push_back(std::to_string(line) + ": " + row.substr(0, 160));
    start = end + 1;
  }
  return out;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> reference_docs() {
  const fs::path root = BUHO_SOURCE_DIR;
  std::vector<fs::path> docs = {root / "README.md", root / "configs/README.md", root / "results/README.md"};
  for (const auto& e : fs::directory_iterator(root / "docs")) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".md" && name != "history.md" && name != "benchmarks.md" && name != "findings.md")
      docs.push_back(e.path());
  }
  return docs;
}

TEST(DocsUndated, TheScanFindsDatesAndSessionsAndNothingElse) {
  const auto marks = marked_lines(
      "measured in 2.6 s (2026-11-27)\n"
      "the thesis of 2010, a UCI session that ends\n"
      "the readings of sessions 1–4\n"
      "in session 12 the extensions\n"
      "depths 1-9, 10-14 and 2026 nodes\n");
  ASSERT_EQ(marks.size(), 3u);
  EXPECT_EQ(marks[0].substr(0, 2), "1:");
  EXPECT_EQ(marks[1].substr(0, 2), "3:");
  EXPECT_EQ(marks[2].substr(0, 2), "4:");
}

TEST(DocsUndated, NoReferenceDocCarriesADatedMeasurementOrASessionAsSource) {
  int scanned = 0;
  for (const fs::path& doc : reference_docs()) {
    ASSERT_TRUE(fs::exists(doc)) << doc;
    ++scanned;
    const std::string name = fs::relative(doc, BUHO_SOURCE_DIR).string();
    for (const std::string& mark : marked_lines(read_text(doc)))
      ADD_FAILURE() << name << ":" << mark
                    << "\n  a dated measurement belongs in docs/benchmarks.md or docs/findings.md with its run named;"
                       " history in docs/history.md";
  }
  EXPECT_GE(scanned, 8) << "the docs folder was not found";
}

}  // namespace docs_undated_test
