// Two searches that must have grown the same tree (a reading that cannot change it, a table lent instead of owned):
// every counter a search decision can move, the table's traffic, and the result.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/search.h"

namespace buho::test {

inline void expect_same_tree(const SearchResult& a, const SearchResult& b, const std::string& what) {
  EXPECT_EQ(a.stats.nodes, b.stats.nodes) << what;
  EXPECT_EQ(a.stats.qnodes, b.stats.qnodes) << what;
  EXPECT_EQ(a.stats.iteration_nodes, b.stats.iteration_nodes) << what;
  EXPECT_EQ(a.stats.beta_cutoffs, b.stats.beta_cutoffs) << what;
  EXPECT_EQ(a.stats.first_move_cutoffs, b.stats.first_move_cutoffs) << what;
  EXPECT_EQ(a.stats.tt_hits, b.stats.tt_hits) << what;
  EXPECT_EQ(a.stats.tt_stores, b.stats.tt_stores) << what;
  EXPECT_EQ(a.stats.tt_occupied, b.stats.tt_occupied) << what;
  EXPECT_EQ(a.score, b.score) << what;
  EXPECT_EQ(a.best_move, b.best_move) << what;
  EXPECT_EQ(a.pv, b.pv) << what;
}

}  // namespace buho::test
