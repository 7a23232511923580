#include "harness/uci/uci_go.h"

#include <fmt/core.h>

#include <algorithm>

#include "engine/types.h"

namespace harness {

namespace {

// A non-negative whole number, or -1.
long long parse_count(const std::string& s) {
  if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoll(s);
}

// The words `go` takes, each a parameter's name (searchmoves' list ends at the next one).
bool is_go_keyword(const std::string& w) {
  for (const char* k : {"searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate",
                        "movetime", "infinite", "perft"})
    if (w == k) return true;
  return false;
}

}  // namespace

std::string parse_go(const std::vector<std::string>& t, const buho::Board& board, GoRequest& g) {
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string& k = t[i];
    if (k == "infinite") {
      g.infinite = true;
      continue;
    }
    if (k == "ponder") continue;  // no pondering: searched as a normal go
    if (k == "searchmoves") {
      // UCI: "restrict search to this moves only". A word that is not a legal move here is left out and named
      // (a GUI's stale list should not cost the whole search); the legal ones are searched, each once.
      bool any = false;
      for (; i + 1 < t.size() && !is_go_keyword(t[i + 1]); ++i) {
        any = true;
        const buho::Move m = board.parse_uci_move(t[i + 1]);
        if (m.is_null()) g.ignored_searchmoves.push_back(t[i + 1]);
        else if (std::find(g.searchmoves.begin(), g.searchmoves.end(), m) == g.searchmoves.end())
          g.searchmoves.push_back(m);
      }
      if (!any) return "go searchmoves: expected at least one move";
      continue;
    }
    const bool takes_number = k == "depth" || k == "nodes" || k == "movetime" || k == "wtime" || k == "btime" ||
                              k == "winc" || k == "binc" || k == "movestogo" || k == "perft" || k == "mate";
    if (!takes_number) return fmt::format("go: unknown or unsupported parameter '{}'", k);
    const long long v = i + 1 < t.size() ? parse_count(t[i + 1]) : -1;
    if (v < 0)
      return fmt::format("go {}: expected a non-negative number, got '{}'", k, i + 1 < t.size() ? t[i + 1] : "");
    ++i;
    if (k == "depth") g.depth = int(std::min<long long>(v, buho::MaxPly - 1));
    if (k == "mate") g.depth = int(std::min<long long>(2 * v, buho::MaxPly - 1));
    if (k == "nodes") g.nodes = v;
    if (k == "movetime") g.movetime = v;
    if (k == "wtime") g.time[0] = v;
    if (k == "btime") g.time[1] = v;
    if (k == "winc") g.inc[0] = v;
    if (k == "binc") g.inc[1] = v;
    if (k == "movestogo") g.movestogo = v;
    if (k == "perft") {
      if (v > kMaxPerftDepth) return fmt::format("go perft {}: at most {}", v, kMaxPerftDepth);
      g.perft = int(v);
    }
  }
  // `mate 0` too: it would leave the depth unset, an unbounded search (found by fuzz/uci_session_fuzz.cpp).
  const auto has = [&t](const char* k) { return std::find(t.begin(), t.end(), k) != t.end(); };
  if ((g.depth == 0 && (has("depth") || has("mate"))) || (g.perft == 0 && has("perft")))
    return "go: depth, mate and perft take a number >= 1";
  return {};
}

}  // namespace harness
