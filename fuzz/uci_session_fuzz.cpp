// libFuzzer target: the UCI command reader (harness/uci/uci_session.h). The input is a sequence of lines, fed one
// by one to a session in a new session's state, then the input ends (UciSession::end_of_input, as `harness uci`
// does at EOF). A session must answer anything without crashing, throwing or hanging, write only lines a UCI client
// expects, and answer every `go` with exactly one `bestmove`. Seed corpus: fuzz/corpus/uci_session_fuzz/.
//
// One session serves every input, put back into a new session's state by UciSession::reset() before each: a new
// session per input read configs/versions.json and built an engine (a few MB allocated and cleared, fresh pages
// under ASan) each time, about 10 ms an input; reset() keeps the engine while the options it was built with stay
// the same, clearing it as a new one starts. So an input never depends on the one before it.
//
// Searches are kept tiny by rewriting each `go` line before it reaches the session (tighten_go below):
//  - every number after `depth`, `mate` or `perft` is lowered to kMaxDepth / kMaxPerft, after `nodes` to kMaxNodes
//    (0, "no limit", too), and a `go` with neither a depth nor a mate gets `depth kMaxDepth nodes kMaxNodes`
//    appended; so `go infinite`, `go movetime 99999999` or `go wtime ...` end by depth or nodes at once (a
//    `go infinite` then waits for `stop` or the end of input, which stops it);
//  - `setoption name tt_entries value 1024` (kTableEntries) is sent before each `go`, so a search never clears a
//    large table: the default, and what `Version` or `Hash`/`tt_entries` may set, is 2M entries, tens of MB per
//    engine, and even `Hash` 1 (65536 entries, 1 MB) made clearing the table a seventh of an input's time. A
//    `Hash` line of the input is still read and checked by the session, then overridden like this.
// Only well-formed numbers are rewritten: a malformed one still reaches the session's own error path.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "harness/uci/uci_session.h"

namespace {

constexpr long long kMaxDepth = 2;
constexpr long long kMaxPerft = 2;
constexpr long long kMaxNodes = 400;
constexpr int kTableEntries = 1024;
constexpr std::size_t kMaxLines = 64;  // a longer input is cut here: each line may start a search

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "uci_session_fuzz: %s: %s\n", what, detail.c_str());
  std::abort();
}

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// What the session's parse_count accepts: 1 to 18 decimal digits.
bool is_count(const std::string& s) {
  return !s.empty() && s.size() <= 18 && s.find_first_not_of("0123456789") == std::string::npos;
}

// The `go` line with its limits tightened (see the file comment); other lines unchanged.
std::string tighten_go(const std::string& line) {
  std::vector<std::string> w = split_words(line);
  if (w.empty() || w[0] != "go") return line;
  bool has_depth = false;
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    const std::string& k = w[i];
    if (!is_count(w[i + 1])) continue;
    const long long v = std::stoll(w[i + 1]);
    if (k == "depth" || k == "mate") {
      has_depth = true;
      if (v > kMaxDepth) w[i + 1] = std::to_string(kMaxDepth);
    } else if (k == "perft") {
      has_depth = true;
      if (v > kMaxPerft) w[i + 1] = std::to_string(kMaxPerft);
    } else if (k == "nodes") {
      if (v == 0 || v > kMaxNodes) w[i + 1] = std::to_string(kMaxNodes);
    }
  }
  std::string out;
  for (const auto& x : w) out += (out.empty() ? "" : " ") + x;
  if (!has_depth) out += " depth " + std::to_string(kMaxDepth) + " nodes " + std::to_string(kMaxNodes);
  return out;
}

// The first words a session may write a line with (a perft line is "<move>: <count>", an empty line ends it).
bool is_expected_line(const std::string& line) {
  if (line.empty()) return true;
  for (const char* start : {"id ", "option name ", "uciok", "readyok", "info ", "bestmove ", "Nodes searched: "})
    if (line.rfind(start, 0) == 0) return true;
  const std::size_t colon = line.find(": ");
  return colon >= 4 && colon <= 5 && is_count(line.substr(colon + 2));  // perft: e2e4: 20, e7e8q: 3
}

// The session every input reuses, and the stream it writes to (declared first: destroyed after the session).
struct ReusedSession {
  std::ostringstream out;
  harness::UciSession session{out};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static ReusedSession reused;
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::ostringstream& out = reused.out;
  harness::UciSession& session = reused.session;
  std::size_t gos = 0;
  try {
    session.reset();
    out.str("");
    out.clear();
    std::istringstream lines(input);
    std::size_t count = 0;
    bool running = true;
    for (std::string line; running && count < kMaxLines && std::getline(lines, line); ++count) {
      if (split_words(line).size() > 0 && split_words(line)[0] == "go") {
        session.handle("setoption name tt_entries value " + std::to_string(kTableEntries));
        ++gos;
      }
      running = session.handle(tighten_go(line));
    }
    if (running) session.end_of_input();
  } catch (const std::exception& e) {
    fail(("an exception left the session: " + std::string(e.what())).c_str(), input);
  }
  // Every line is one a client expects, and every `go` has exactly one `bestmove`: a search's, a perft's, a refused
  // `go`'s (after its `info string error`), or that of a `go` still queued when the input ended (unsearched).
  std::istringstream written(out.str());
  std::size_t answers = 0;
  for (std::string line; std::getline(written, line);) {
    if (!is_expected_line(line)) fail("an unexpected output line", line + "\n--- input:\n" + input);
    if (line.rfind("bestmove ", 0) == 0) ++answers;
  }
  if (answers != gos)
    fail(("a go without exactly one answer: " + std::to_string(gos) + " go, " + std::to_string(answers) + " answers").c_str(),
         out.str() + "\n--- input:\n" + input);
  return 0;
}
