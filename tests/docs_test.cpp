// The README quotes the node-count and leaf-count definitions; engine/search_stats.h holds the one written copy.
// This keeps the two word for word the same.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "engine/search_stats.h"

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

}  // namespace docs_test
