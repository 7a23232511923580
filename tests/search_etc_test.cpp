// Enhanced transposition cut-offs (flag etc; Plaat, Schaeffer, Pijls & de Bruin, AAAI-96): off, the search is the one
// every version has (no counter moves); on, children's entries end nodes before their moves are searched, the
// tree shrinks, and the value found is the one the search without it finds.
#include <gtest/gtest.h>

#include "engine/search.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"

namespace search_etc_test {

using namespace buho;

SearchConfig etc_version(const std::string& name, bool etc) {
  static const harness::PresetBook book = harness::PresetBook::load(harness::project_path("configs/versions.json"));
  SearchConfig s = book.resolve(name).search;
  s.etc = etc;
  s.tt_entries = 1 << 16;  // small trees: a smaller table than the versions' 2048K entries, cleared per search
  return s;
}

SearchResult etc_run(const SearchConfig& s, const char* fen, int depth) {
  Engine engine(s, EvalConfig{});
  return engine.search(Board::from_fen(fen), Limits{depth, 0});
}

const char* kEtcPositions[] = {
    "r3kb1r/3n1pp1/p6p/2pPp2q/Pp2N3/3B2PP/1PQ2P2/R3K2R w KQkq - 0 1",  // LCTII.POS.01
    "1k1r3r/pp2qpp1/3b1n1p/3pNQ2/2pP1P2/2N1P3/PP4PP/1K1RR3 b - - 0 1",  // LCTII.POS.02
    "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",                      // LCTII.FIN.01
    "8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1",                // LCTII.FIN.02
    "6k1/4pp1p/3p2p1/P1pPb3/R7/1r2P1PP/3B1P2/6K1 w - - 0 1",            // LCTII.FIN.07
};

TEST(SearchEtc, OffByDefaultAndCountsNothingOff) {
  EXPECT_FALSE(SearchConfig{}.etc);
  const SearchResult r = etc_run(etc_version("D", false), kEtcPositions[0], 4);
  EXPECT_EQ(r.stats.etc_probes, 0u);
  EXPECT_EQ(r.stats.etc_cutoffs, 0u);
}

// Version D (table cut-offs, no forward pruning) with and without etc at depth 5.
TEST(SearchEtc, CutsOffSavesNodesAndKeepsTheValue) {
  std::uint64_t nodes_off = 0, nodes_on = 0, cutoffs = 0;
  for (const char* fen : kEtcPositions) {
    const SearchResult off = etc_run(etc_version("D", false), fen, 5), on = etc_run(etc_version("D", true), fen, 5);
    EXPECT_EQ(on.score, off.score) << fen;
    EXPECT_GT(on.stats.etc_probes, 0u) << fen;
    EXPECT_LE(on.stats.etc_cutoffs, on.stats.etc_probes) << fen;
    nodes_off += off.stats.nodes;
    nodes_on += on.stats.nodes;
    cutoffs += on.stats.etc_cutoffs;
  }
  EXPECT_GT(cutoffs, 0u);
  EXPECT_LT(nodes_on, nodes_off);
}

// Without table cut-offs (versions B and C) there are no stored bounds to read: etc does nothing.
TEST(SearchEtc, NeedsTableCutoffs) {
  const SearchResult off = etc_run(etc_version("C", false), kEtcPositions[0], 4), on = etc_run(etc_version("C", true), kEtcPositions[0], 4);
  EXPECT_EQ(on.stats.etc_probes, 0u);
  EXPECT_EQ(on.stats.nodes, off.stats.nodes);
}

}  // namespace search_etc_test
