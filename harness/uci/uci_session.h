// The UCI protocol (the Universal Chess Interface, as GUIs and tools speak it), for the engine with every search
// flag and evaluation term as an option. One session reads commands line by line and writes its answers to one
// stream; a search runs on a thread of its own, so `stop` and `isready` are answered while it searches. A bad
// command or option is answered with `info string error: ...` and the session goes on.
#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace harness {

class UciSession {
 public:
  explicit UciSession(std::ostream& out);
  ~UciSession();  // stops and joins a running search
  UciSession(const UciSession&) = delete;
  UciSession& operator=(const UciSession&) = delete;

  // Handles one command line; false once the line was `quit`. A command that changes or reads what a search uses
  // (position, go, setoption, ucinewgame, bench) waits for a running search with a limit, or perft, to end; under
  // `go infinite` it is refused. `stop` and `quit` act at once; `isready` answers at once.
  bool handle(const std::string& line);
  // Whether a search is running: false from the moment its bestmove is written, so the command a GUI sends on
  // reading bestmove is taken.
  bool searching();
  // Waits until no search is running (a `go` with a limit ends by itself; `go infinite` needs `stop`).
  void wait();
  // The input ended: as `quit`, any search or perft is stopped (its bestmove written) and the session quits. A
  // script that wants its last search whole ends with a command that waits for it, such as `isready` after
  // `ucinewgame` (`printf 'position startpos\ngo depth 9\nucinewgame\n' | harness uci`).
  void end_of_input();
  // Back to a new session's state: version H's options, the start position, a clean table; a running search is
  // stopped (its bestmove written). It differs from a new session only in keeping the engine, built for the same
  // options, and the versions read once: what lets a fuzz target run thousands of sessions a second.
  void reset();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace harness
