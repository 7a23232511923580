#include "harness/bench/bench_signature.h"

#include "engine/search.h"
#include "harness/bench/bench_positions.h"
#include "harness/paths.h"
#include "harness/experiment/presets.h"

namespace harness {

namespace {

struct SignatureCase {
  const char* id;  // an LCT II id, or "startpos"
  int depth;
};

// Fixed positions and depths: a middlegame set at depth 7 and two endgames at depth 9.
constexpr SignatureCase kSignatureCases[] = {
    {"startpos", 7},     {"LCTII.POS.01", 7}, {"LCTII.POS.02", 7}, {"LCTII.POS.03", 7},
    {"LCTII.CMB.01", 7}, {"LCTII.FIN.01", 9}, {"LCTII.FIN.02", 9},
};

}  // namespace

BenchSignature bench_signature() {
  const ResolvedVersion h = PresetBook::load(project_path("configs/versions.json")).resolve("H");
  buho::Engine engine(h.search, h.eval);
  BenchSignature sig;
  for (const auto& c : kSignatureCases) {
    const auto r = engine.search(bench_position(c.id), buho::Limits{c.depth, 0});
    sig.value += r.stats.nodes;
    sig.cases.push_back({{"position", c.id}, {"depth", c.depth}, {"nodes", r.stats.nodes}});
  }
  return sig;
}

}  // namespace harness
