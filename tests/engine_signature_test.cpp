// The engine's signature (harness/bench/engine_signature.h): one computation gives the version-H node
// signature `bench search` prints and the identity every cell carries; the identity covers every rung of the
// thesis's A-H ladder and the heuristics-off configuration, and only declared identities count as this engine.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>
#include <string>

#include "harness/bench/engine_signature.h"
#include "harness/experiment/engine_identity.h"

namespace engine_signature_test {

using namespace harness;

TEST(EngineSignature, OneComputationServesBenchAndStore) {
  const EngineSignature& sig = engine_signature();
  EXPECT_EQ(&sig, &engine_signature());  // computed once
  EXPECT_EQ(engine_identity(), sig.identity);
  EXPECT_EQ(sig.identity.rfind(std::string(kEngineVersion) + "+sig:", 0), 0u) << sig.identity;
  std::uint64_t sum = 0;
  for (const auto& c : sig.version_h_cases) sum += c.at("nodes").get<std::uint64_t>();
  EXPECT_EQ(sum, sig.version_h_nodes);
  EXPECT_EQ(sig.version_h_cases.size(), 7u);
}

// Each rung of the ladder must grow a tree of its own on some position: a rung equal to the one below it would
// let a change to that heuristic's code leave the identity unchanged.
TEST(EngineSignature, EveryRungOfTheLadderActs) {
  const EngineSignature& sig = engine_signature();
  std::vector<std::string> rungs;
  std::map<std::string, std::string> trees;  // rung -> "nodes score move" over its positions
  for (const auto& c : sig.identity_cases) {
    const std::string rung = c.at("config").get<std::string>();
    if (rungs.empty() || rungs.back() != rung) rungs.push_back(rung);
    trees[rung] += std::to_string(c.at("nodes").get<std::uint64_t>()) + " ";
  }
  for (const char* required : {"off", "A", "B", "C", "D", "E", "F", "G", "H", "H+extensions"})
    EXPECT_NE(std::find(rungs.begin(), rungs.end(), required), rungs.end()) << "no rung " << required;
  for (std::size_t i = 1; i < rungs.size(); ++i)
    EXPECT_NE(trees[rungs[i]], trees[rungs[i - 1]]) << rungs[i] << " grows the same trees as " << rungs[i - 1];
}

TEST(EngineSignature, OnlyDeclaredIdentitiesAreThisEngine) {
  EXPECT_TRUE(same_engine(engine_identity()));
  EXPECT_FALSE(same_engine(""));
  EXPECT_FALSE(same_engine("buho-1+sig:0000000000000000"));
  EXPECT_FALSE(same_engine(engine_identity() + "x"));
  // The committed results of sessions 1-2 were made by buho-1; their trees are this engine's (the committed
  // results test re-runs them). If this engine's trees change, the declaration lapses and this fails.
  EXPECT_TRUE(same_engine("buho-1+sig:27765dc1eb3dbde6"));
}

}  // namespace engine_signature_test
