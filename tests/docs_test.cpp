// The README quotes the node-count and leaf-count definitions; engine/search_stats.h holds the one written copy.
// This keeps the two word for word the same, and docs/search.md's flag table in step with the flag table
// (engine/search_config.cpp: names and defaults).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/search_config.h"
#include "engine/search_stats.h"

#include <map>
#include <vector>

namespace docs_test {

// README.md's block quotes ("> ..." lines), each joined into one paragraph (one space between lines), one a line.
std::string readme_quotes() {
  std::ifstream in(std::string(BUHO_SOURCE_DIR) + "/README.md");
  EXPECT_TRUE(in) << "README.md not found";
  std::string line, quote, quotes;
  while (std::getline(in, line)) {
    if (line.rfind("> ", 0) == 0) {
      if (!quote.empty()) quote += ' ';
      quote += line.substr(2);
    } else if (!quote.empty()) {
      quotes += quote + "\n";
      quote.clear();
    }
  }
  return quotes + quote;
}

TEST(Docs, ReadmeQuotesTheNodeDefinitionWordForWord) {
  const std::string quotes = readme_quotes();
  EXPECT_NE(quotes.find(buho::kNodeCountDefinition), std::string::npos)
      << "README.md's quoted definition differs from engine/search_stats.h:\n" << buho::kNodeCountDefinition;
}

TEST(Docs, ReadmeQuotesTheLeafDefinitionWordForWord) {
  const std::string quotes = readme_quotes();
  EXPECT_NE(quotes.find(buho::kLeafCountDefinition), std::string::npos)
      << "README.md's quoted leaf definition differs from engine/search_stats.h:\n" << buho::kLeafCountDefinition;
}

// docs/search.md's table of search flags (| flag[, flag...] | default[, default...] | meaning |) names every flag of
// the engine's table, and only those, with its built-in default: a flag added to the engine and not to the docs, or
// a default changed in one place only, fails here.
TEST(Docs, SearchFlagTableListsEveryFlagWithItsDefault) {
  std::ifstream in(std::string(BUHO_SOURCE_DIR) + "/docs/search.md");
  ASSERT_TRUE(in);
  auto split = [](const std::string& text) {
    std::vector<std::string> out;
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, ',');) {
      const auto a = item.find_first_not_of(' '), b = item.find_last_not_of(' ');
      out.push_back(a == std::string::npos ? "" : item.substr(a, b - a + 1));
    }
    return out;
  };
  std::map<std::string, std::string> documented;  // flag -> default as the table writes it
  bool in_table = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "| flag | default | meaning (thesis §) |") {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (line.empty()) break;
    if (line.rfind("|---", 0) == 0) continue;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    for (std::string cell; std::getline(row, cell, '|');) cells.push_back(cell);
    ASSERT_GE(cells.size(), 3u) << line;
    // One default for several flags applies to each ("check_ext, single_reply_ext, ... | false").
    const auto names = split(cells[0]), defaults = split(cells[1]);
    ASSERT_TRUE(names.size() == defaults.size() || defaults.size() == 1) << line;
    for (std::size_t i = 0; i < names.size(); ++i) documented[names[i]] = defaults[defaults.size() == 1 ? 0 : i];
  }
  ASSERT_FALSE(documented.empty()) << "the flag table was not found in docs/search.md";
  const buho::SearchConfig defaults;
  for (const auto& p : buho::search_params()) {
    const std::string name(p.name);
    const auto it = documented.find(name);
    if (it == documented.end()) {
      ADD_FAILURE() << "docs/search.md's flag table does not list " << name;
      continue;
    }
    EXPECT_EQ(it->second, buho::param_to_text(p, defaults)) << name << ": the docs' default differs from the engine's";
    documented.erase(it);
  }
  for (const auto& [name, value] : documented) ADD_FAILURE() << "docs/search.md lists " << name << ", which is no flag";
}

}  // namespace docs_test
