// Every bench signature and engine identity that README.md, configs/README.md and docs/*.md quote is the program's
// own (`harness bench search --signature-only --json`), so that a search-tree change cannot leave a stale figure in
// the docs. docs/history.md is exempt (history), and so is any mention the word "former" introduces: the rule is
// written at the top of docs/history.md.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/paths.h"  // links the harness program, which the test runs
#include "runner_test_util.h"

namespace docs_signatures_test {

namespace fs = std::filesystem;

// One quoted signature or identity: the text quoted, its line, and whether "former" marks it as history.
struct Quote {
  std::string text;
  int line = 0;
  bool former = false;
};

// How far before a mention the word "former" may stand ("former bench signature 801653", "the former identity
// `buho-1+sig:…`").
constexpr std::size_t kFormerReach = 30;

bool marked_former(const std::string& lower, std::size_t at) {
  const std::size_t from = at > kFormerReach ? at - kFormerReach : 0;
  return lower.substr(from, at - from).find("former") != std::string::npos;
}

int line_of(const std::string& text, std::size_t at) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

// Bench signatures: the number (5 digits or more) after the word "signature" or "signatures", past spaces, ':',
// '*' and '`', and each number chained to it by "→", "->", ",", "and" or "or" ("signature 695842 → 801653").
std::vector<Quote> quoted_signatures(const std::string& text) {
  std::string lower = text;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<Quote> out;
  const auto skip = [&](std::size_t i, const std::string& chars) {
    while (i < lower.size() && chars.find(lower[i]) != std::string::npos) ++i;
    return i;
  };
  const auto number = [&](std::size_t i) {
    std::size_t j = i;
    while (j < lower.size() && std::isdigit(static_cast<unsigned char>(lower[j]))) ++j;
    return j - i >= 5 ? j : i;
  };
  for (std::size_t at = lower.find("signature"); at != std::string::npos; at = lower.find("signature", at + 1)) {
    std::size_t i = at + 9;
    if (i < lower.size() && lower[i] == 's') ++i;
    i = skip(i, " \n:*`");
    const bool former = marked_former(lower, at);
    for (std::size_t end = number(i); end != i; end = number(i)) {
      out.push_back({text.substr(i, end - i), line_of(text, i), former});
      i = skip(end, "*`");
      bool chained = false;
      for (const std::string sep : {" → ", " -> ", ", ", " and ", " or "}) {
        std::string gap = lower.substr(i, sep.size());
        for (char& c : gap)
          if (c == '\n') c = ' ';
        if (gap == sep) {
          i = skip(i + sep.size(), " \n*`");
          chained = true;
          break;
        }
      }
      if (!chained) break;
    }
  }
  return out;
}

// Engine identities: `<name>-<n>+sig:<hex>` with at least 8 hex digits ("buho-2+sig:…" is a placeholder, not a quote).
std::vector<Quote> quoted_identities(const std::string& text) {
  std::string lower = text;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto in_name = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'; };
  std::vector<Quote> out;
  for (std::size_t at = text.find("+sig:"); at != std::string::npos; at = text.find("+sig:", at + 1)) {
    std::size_t begin = at;
    while (begin > 0 && in_name(text[begin - 1])) --begin;
    std::size_t end = at + 5;
    while (end < text.size() && std::isxdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (begin == at || end - (at + 5) < 8) continue;
    out.push_back({text.substr(begin, end - begin), line_of(text, begin), marked_former(lower, begin)});
  }
  return out;
}

// The docs the rule covers: README.md, configs/README.md and docs/*.md but docs/history.md.
std::vector<fs::path> covered_docs() {
  const fs::path root = BUHO_SOURCE_DIR;
  std::vector<fs::path> docs = {root / "README.md", root / "configs/README.md"};
  for (const auto& e : fs::directory_iterator(root / "docs"))
    if (e.path().extension() == ".md" && e.path().filename() != "history.md") docs.push_back(e.path());
  return docs;
}

TEST(DocsSignatures, TheScanFindsSignaturesChainsAndIdentitiesAndHonoursFormer) {
  const std::string text =
      "bench signature **1414099**, the readings\n"
      "a signature 695842 → 801653 and 4242 nodes\n"
      "the former bench signature 313589 and identity `buho-2+sig:f39029fb11c783a8`; the signature over positions\n"
      "former identity `buho-1+sig:27765dc1eb3dbde6`, a placeholder buho-2+sig:…\n";
  const auto sigs = quoted_signatures(text);
  ASSERT_EQ(sigs.size(), 4u);
  EXPECT_EQ(sigs[0].text, "1414099");
  EXPECT_FALSE(sigs[0].former);
  EXPECT_EQ(sigs[1].text, "695842");
  EXPECT_EQ(sigs[2].text, "801653");
  EXPECT_EQ(sigs[2].line, 2);
  EXPECT_FALSE(sigs[2].former);
  EXPECT_EQ(sigs[3].text, "313589");
  EXPECT_TRUE(sigs[3].former);
  const auto ids = quoted_identities(text);
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_EQ(ids[0].text, "buho-2+sig:f39029fb11c783a8");
  EXPECT_FALSE(ids[0].former);  // "former" stands more than 30 characters before it
  EXPECT_EQ(ids[1].text, "buho-1+sig:27765dc1eb3dbde6");
  EXPECT_TRUE(ids[1].former);
  EXPECT_EQ(ids[1].line, 4);
}

TEST(DocsSignatures, EverySignatureAndIdentityTheDocsQuoteIsTheProgramsOrMarkedFormer) {
  const auto r = runner_test::run_harness("bench search --signature-only --json");
  ASSERT_EQ(r.code, 0) << r.output;
  const auto bench = nlohmann::json::parse(r.output);
  const std::string signature = std::to_string(bench.at("signature").get<long long>());
  const std::string identity = bench.at("identity").get<std::string>();
  // `harness --version` states the same two figures.
  const auto version = runner_test::run_harness("--version");
  ASSERT_EQ(version.code, 0) << version.output;
  EXPECT_NE(version.output.find(identity), std::string::npos) << version.output;
  EXPECT_NE(version.output.find("bench signature " + signature), std::string::npos) << version.output;

  int current = 0;
  for (const fs::path& doc : covered_docs()) {
    const std::string text = runner_test::read_text(doc);
    const std::string name = fs::relative(doc, BUHO_SOURCE_DIR).string();
    for (const Quote& q : quoted_signatures(text)) {
      if (q.text == signature) ++current;
      else if (!q.former)
        ADD_FAILURE() << name << ":" << q.line << ": bench signature " << q.text << " is not the program's ("
                      << signature << "); update it, or write \"former\" before it if it is history";
    }
    for (const Quote& q : quoted_identities(text)) {
      if (q.text == identity) ++current;
      else if (!q.former)
        ADD_FAILURE() << name << ":" << q.line << ": engine identity " << q.text << " is not the program's ("
                      << identity << "); update it, or write \"former\" before it if it is history";
    }
  }
  EXPECT_GT(current, 0) << "no doc quotes the program's signature or identity: the scan found nothing";
}

}  // namespace docs_signatures_test
