// The engine's signature (harness/identity/engine_signature.h): one computation gives the version-H node
// signature `bench search` prints and the identity every cell carries; the identity covers every rung of the
// thesis's A-H ladder and the heuristics-off configuration, and only its own identity counts as this engine.
#include <gtest/gtest.h>

#include <functional>

#include <algorithm>
#include <map>
#include <set>
#include <vector>
#include <string>

#include "harness/identity/engine_signature.h"
#include "harness/identity/signature_cache.h"
#include "harness/identity/engine_identity.h"
#include "runner_test_util.h"

namespace engine_signature_test {

using namespace harness;
namespace fs = std::filesystem;

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

TEST(EngineSignature, OnlyItsOwnIdentityIsThisEngine) {
  EXPECT_TRUE(same_engine(engine_identity()));
  EXPECT_FALSE(same_engine(""));
  EXPECT_FALSE(same_engine("buho-1+sig:0000000000000000"));
  EXPECT_FALSE(same_engine(engine_identity() + "x"));
  // An earlier identity is another engine, even one whose trees this engine grew unchanged (buho-1 made the
  // committed runs kept at tag results-history): no identity is declared equivalent any more.
  EXPECT_FALSE(same_engine("buho-1+sig:27765dc1eb3dbde6"));
  EXPECT_FALSE(same_engine("buho-2+sig:f39029fb11c783a8"));
}

// The signature a process uses (cached across processes) is the one a search now computes.
TEST(SignatureCache, ServesWhatASearchComputes) {
  const EngineSignature fresh = compute_engine_signature();
  EXPECT_EQ(engine_signature().identity, fresh.identity);
  EXPECT_EQ(engine_signature().version_h_nodes, fresh.version_h_nodes);
  EXPECT_EQ(engine_signature().identity_cases, fresh.identity_cases);
}

// The key follows every byte of every file; a stored signature reads back whole under its key only; a file
// that is malformed or of another key is not used.
TEST(SignatureCache, KeyedOnTheFilesBytesAndReadBackOnlyWhole) {
  runner_test::TempDir tmp;
  const auto a = tmp / "a.bin", b = tmp / "b.json";
  runner_test::write_text(a, "program bytes");
  runner_test::write_text(b, "{\"H\": 1}");
  const auto key = signature_cache_key({a, b});
  ASSERT_TRUE(key.has_value());
  EXPECT_EQ(key->size(), 16u);
  EXPECT_EQ(signature_cache_key({a, b}), key);
  runner_test::write_text(b, "{\"H\": 2}");
  const auto edited = signature_cache_key({a, b});
  EXPECT_NE(edited, key);
  EXPECT_NE(signature_cache_key({b, a}), edited);
  EXPECT_EQ(signature_cache_key({a, tmp / "missing"}), std::nullopt);

  EngineSignature sig;
  sig.version_h_nodes = 311933;
  sig.version_h_cases = nlohmann::json::array({{{"position", "startpos"}, {"depth", 7}, {"nodes", 311933}}});
  sig.identity_cases = nlohmann::json::array(
      {{{"config", "off"}, {"position", "startpos"}, {"depth", 3}, {"nodes", 42}, {"score", 5}, {"move", "e2e4"}}});
  sig.identity = identity_of_cases(sig.identity_cases);
  const auto dir = tmp / "cache" / "buho-harness";
  EXPECT_EQ(load_cached_signature(dir, *key), std::nullopt);  // nothing stored yet
  store_cached_signature(dir, *key, sig);
  const auto back = load_cached_signature(dir, *key);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->version_h_nodes, sig.version_h_nodes);
  EXPECT_EQ(back->version_h_cases, sig.version_h_cases);
  EXPECT_EQ(back->identity, sig.identity);
  EXPECT_EQ(back->identity_cases, sig.identity_cases);
  EXPECT_EQ(load_cached_signature(dir, *edited), std::nullopt);  // another key
  // A file renamed to another key's name, or cut short, is not used.
  fs::copy_file(dir / ("signature-" + *key + ".json"), dir / ("signature-" + *edited + ".json"));
  EXPECT_EQ(load_cached_signature(dir, *edited), std::nullopt);
  const std::string whole = runner_test::read_text(dir / ("signature-" + *key + ".json"));
  runner_test::write_text(dir / ("signature-" + *key + ".json"), whole.substr(0, whole.size() / 2));
  EXPECT_EQ(load_cached_signature(dir, *key), std::nullopt);
  // A forged entry, still valid JSON, is not trusted: an identity rewritten, a count edited, its check removed.
  store_cached_signature(dir, *key, sig);
  const fs::path file = dir / ("signature-" + *key + ".json");
  const nlohmann::json stored = nlohmann::json::parse(runner_test::read_text(file));
  ASSERT_TRUE(load_cached_signature(dir, *key).has_value());
  for (const auto& forge : std::vector<std::function<void(nlohmann::json&)>>{
           [](nlohmann::json& j) { j["identity"] = "buho-2+sig:0123456789abcdef"; },
           [](nlohmann::json& j) { j["identity_cases"][0]["nodes"] = 43; },
           [](nlohmann::json& j) { j["version_h_nodes"] = 311934; },
           [](nlohmann::json& j) { j.erase("check"); }}) {
    nlohmann::json forged = stored;
    forge(forged);
    runner_test::write_text(file, forged.dump());
    EXPECT_EQ(load_cached_signature(dir, *key), std::nullopt) << forged.dump();
  }
  // Nothing is left aside by a store.
  for (const auto& e : fs::directory_iterator(dir)) EXPECT_EQ(e.path().string().find(".tmp-"), std::string::npos) << e.path();
}

}  // namespace engine_signature_test
