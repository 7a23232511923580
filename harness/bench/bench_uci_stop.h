// `harness bench uci-stop`: how fast the harness's own UCI front end (`harness uci`) answers `stop`, as a GUI sees
// it. The program is started as a child, its standard input and output connected to this process (UciPeer's socket
// pairs); each round sets an LCT II position, sends `go infinite`, waits a pseudo-random 0-300 ms and sends `stop`,
// and times from writing `stop` to reading `bestmove`. Every round also checks the protocol: exactly one `bestmove`
// for the `go` (counted until the `readyok` of an `isready` sent after it), none before `stop`, and the search's
// final `info` line (the one with `hashfull`) just before it.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

namespace harness {

struct UciStopBenchOptions {
  int rounds = 200;
  int load = 0;             // busy-spinning threads in this process during the rounds (a loaded machine)
  std::uint64_t seed = 1;   // of the delays before `stop`
  bool json = false;        // print nothing: the caller prints the JSON returned
};

// Runs the rounds, prints the summary unless `json`, and returns the figures as one JSON object. A protocol failure
// of the engine (a `bestmove` count other than one, a missing final `info`, no answer within 10 s, the program
// ending) is in the object ("protocol_failures", "failure"); the caller reports it after printing.
nlohmann::json run_uci_stop_bench(const UciStopBenchOptions& options);

}  // namespace harness
