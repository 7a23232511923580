#include "harness/bench/bench_versions.h"

#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "harness/identity/bench_positions.h"
#include "harness/bench/timed_search.h"
#include "harness/bench/uci_peer.h"
#include "harness/experiment/presets.h"
#include "harness/paths.h"
#include "harness/report/median.h"

namespace harness {

namespace versions_bench {

// The position (Glaurung's and Ethereal's figures there were measured on it).
constexpr const char* kPosition = "LCTII.POS.01";

// Each version's depth on kPosition: one search of 1-12 seconds on the loaded 2-core
// development machine. The versions grow trees of very different sizes (A has no table and no ordering; I prunes
// late moves from depth 1), so one depth for all would time A for minutes or H and I for milliseconds.
struct VersionDepth {
  const char* version;
  int depth;
};
constexpr VersionDepth kVersionDepths[] = {{"A", 6}, {"B", 8}, {"C", 8}, {"D", 8}, {"E", 8}, {"F", 9}, {"G", 10}, {"H", 12}, {"I", 16}};

// The peers: the name shown, the key of the JSON, the names looked for (Debian installs Ethereal as
// ethereal-chess) and the depth, chosen like the versions' (Glaurung's 15 is the issue's).
struct PeerSpec {
  const char* key;
  const char* shown;
  const char* other_name;  // also looked for when the option keeps its default name ("" for none)
  int depth;
};
constexpr PeerSpec kPeers[] = {{"glaurung", "Glaurung", "", 15}, {"ethereal", "Ethereal", "ethereal-chess", 20}};
constexpr int kPeerHashMb = 64;  // version H's table: 2M entries of 32 bytes

struct Rates {
  std::vector<double> cpu_nps;  // one per round
  double median() const { return harness::median(cpu_nps, 0.0); }
  double min() const { return cpu_nps.empty() ? 0.0 : *std::min_element(cpu_nps.begin(), cpu_nps.end()); }
  double max() const { return cpu_nps.empty() ? 0.0 : *std::max_element(cpu_nps.begin(), cpu_nps.end()); }
};

struct VersionRow {
  std::string name;
  ResolvedVersion resolved;
  int depth = 0;
  std::uint64_t nodes = 0, qnodes = 0;  // the same every round: the search is deterministic
  Rates rates;
};

struct PeerRow {
  const PeerSpec* spec = nullptr;
  std::string asked;                  // the option's text
  std::optional<std::string> program;  // nullopt: not installed (or skipped with '')
  std::string id_name;
  std::string status = "ok";  // "ok", "not installed", "skipped" or "failed: <why>"
  int depth = 0;
  std::vector<std::uint64_t> nodes;  // per round
  std::vector<double> reported_nps;  // per round, nodes over the time the program itself reported
  Rates rates;
  std::unique_ptr<UciPeer> process;  // started once, before the rounds
};

std::optional<std::string> locate(const PeerSpec& spec, const std::string& asked) {
  if (auto found = find_peer_program(asked)) return found;
  if (asked == spec.key && *spec.other_name) return find_peer_program(spec.other_name);
  return std::nullopt;
}

PeerRow make_peer(const PeerSpec& spec, const std::string& asked, int depth) {
  PeerRow row;
  row.spec = &spec;
  row.asked = asked;
  row.depth = depth ? depth : spec.depth;
  if (asked.empty()) {
    row.status = "skipped";
    return row;
  }
  row.program = locate(spec, asked);
  if (!row.program) {
    row.status = "not installed";
    return row;
  }
  try {
    row.process = std::make_unique<UciPeer>(*row.program, kPeerHashMb);
    row.id_name = row.process->id_name();
  } catch (const std::exception& e) {
    row.status = std::string("failed: ") + e.what();
  }
  return row;
}

void search_peer(PeerRow& row, const std::string& fen) {
  if (!row.process) return;
  try {
    const PeerSearch s = row.process->search(fen, row.depth);
    row.nodes.push_back(s.nodes);
    row.rates.cpu_nps.push_back(s.cpu_seconds > 0 ? double(s.nodes) / s.cpu_seconds : 0.0);
    row.reported_nps.push_back(s.reported_seconds > 0 ? double(s.nodes) / s.reported_seconds : 0.0);
  } catch (const std::exception& e) {
    row.status = std::string("failed: ") + e.what();
    row.process.reset();
  }
}

std::string ratio_text(double rate, double reference) { return reference > 0 ? fmt::format("{:.3f}", rate / reference) : "—"; }
nlohmann::json ratio_json(double rate, double reference) {
  return reference > 0 ? nlohmann::json(rate / reference) : nlohmann::json(nullptr);
}

void print_rate_row(const std::string& name, int depth, std::uint64_t nodes, const Rates& r, double glaurung) {
  fmt::print("{:<24} {:>5} {:>12} {:>11.0f}  ({:>9.0f} - {:>9.0f})  {:>11}\n", name, depth, nodes, r.median(), r.min(),
             r.max(), ratio_text(r.median(), glaurung));
}

}  // namespace versions_bench

nlohmann::json run_versions_bench(const VersionsBenchOptions& o) {
  using namespace versions_bench;
  const PresetBook book = PresetBook::load(project_path("configs/versions.json"));
  const buho::Board board = bench_position(kPosition);
  std::vector<VersionRow> versions;
  for (const auto& [name, depth] : kVersionDepths)
    versions.push_back(VersionRow{name, book.resolve(name), o.depth ? o.depth : depth, 0, 0, {}});
  std::vector<PeerRow> peers;
  peers.push_back(make_peer(kPeers[0], o.glaurung, o.peer_depth));
  peers.push_back(make_peer(kPeers[1], o.ethereal, o.peer_depth));

  for (int round = 0; round < o.rounds; ++round) {
    for (auto& v : versions) {
      const TimedSearch t = timed_search(v.resolved.search, v.resolved.eval, board, v.depth);
      v.nodes = t.nodes;
      v.qnodes = t.qnodes;
      v.rates.cpu_nps.push_back(t.cpu > 0 ? double(t.nodes) / t.cpu : 0.0);
    }
    for (auto& p : peers) search_peer(p, board.fen());
  }
  for (auto& p : peers) p.process.reset();  // `quit`

  const PeerRow& glaurung_row = peers[0];
  const double glaurung = glaurung_row.status == "ok" ? glaurung_row.rates.median() : 0.0;
  nlohmann::json version_rows = nlohmann::json::array(), peer_rows = nlohmann::json::array();
  for (const auto& v : versions)
    version_rows.push_back({{"version", v.name}, {"depth", v.depth}, {"nodes", v.nodes}, {"qnodes", v.qnodes},
                            {"cpu_nps", v.rates.cpu_nps}, {"median_cpu_nps", v.rates.median()},
                            {"cpu_ratio_to_glaurung", ratio_json(v.rates.median(), glaurung)}});
  for (const auto& p : peers) {
    nlohmann::json row{{"peer", p.spec->key}, {"asked", p.asked}, {"status", p.status}, {"depth", p.depth}};
    row["program"] = p.program ? nlohmann::json(*p.program) : nlohmann::json(nullptr);
    if (p.status == "ok") {
      row["id_name"] = p.id_name;
      row["nodes"] = p.nodes;
      row["cpu_nps"] = p.rates.cpu_nps;
      row["median_cpu_nps"] = p.rates.median();
      row["reported_nps"] = p.reported_nps;
      row["median_reported_nps"] = harness::median(p.reported_nps, 0.0);
      row["cpu_ratio_to_glaurung"] = ratio_json(p.rates.median(), glaurung);
    }
    peer_rows.push_back(row);
  }

  if (!o.json) {
    fmt::print("{}, one thread, nodes per CPU second: medians of {} rounds (min - max); ratio to Glaurung's median\n",
               kPosition, o.rounds);
    fmt::print("{:<24} {:>5} {:>12} {:>11}  {:>23}  {:>11}\n", "program", "depth", "nodes", "median nps", "(min - max)",
               "to Glaurung");
    for (const auto& v : versions) print_rate_row("version " + v.name, v.depth, v.nodes, v.rates, glaurung);
    for (const auto& p : peers) {
      if (p.status == "ok") {
        print_rate_row(p.id_name, p.depth, p.nodes.empty() ? 0 : p.nodes.back(), p.rates, glaurung);
      } else {
        fmt::print("{:<24} {}{}\n", p.spec->shown, p.status,
                   p.status == "not installed" ? fmt::format(" (looked for '{}')", p.asked) : "");
      }
    }
  }
  return {{"versions_bench",
           {{"position", kPosition}, {"rounds", o.rounds}, {"versions", version_rows}, {"peers", peer_rows}}}};
}

}  // namespace harness
