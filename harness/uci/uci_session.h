// The UCI protocol (the Universal Chess Interface, as GUIs and tools speak it), for the engine with every search
// flag and evaluation term as an option. One session takes command lines from one reader and writes its answers to
// one stream, every line whole under one lock.
//
// The reader never waits for a search: a thread of the session's own (the executor) carries out the commands in the
// order they came, a search or perft among them, so `stop`, `quit`, `isready` and the end of input are seen at once
// while it searches. Every other command sent during a search (position, go, setoption, ucinewgame, uci, bench, an
// unknown word) waits in a queue behind it, as Stockfish's do, and is carried out when it ends. A bad command or
// option is answered with `info string error: ...` and the session goes on. Every `go` gets exactly one `bestmove`.
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>

namespace harness {

class UciSession {
 public:
  explicit UciSession(std::ostream& out);
  ~UciSession();  // as quit
  UciSession(const UciSession&) = delete;
  UciSession& operator=(const UciSession&) = delete;

  // Takes one command line and returns without waiting for any search; false once the line was `quit` (and for any
  // line after it, until reset()).
  //  - `stop` ends the running search (its bestmove written) and any `go` taken before it and still queued (each
  //    then answers at once); `quit` does the same, answers every queued `go` unsearched (the first legal move),
  //    and returns once the session has written its last line.
  //  - `isready` is answered at once while a search runs or waits in the queue; otherwise after the commands
  //    before it (a GUI's `setoption ... isready` gets its readyok once the options are set).
  //  - `debug`, `register` and `ponderhit` are accepted and do nothing; everything else is queued.
  bool handle(const std::string& line);
  // Whether a search (or perft) runs or a `go` waits in the queue: false from the moment the last one's bestmove is
  // written.
  bool searching();
  // Waits until every command taken so far has been carried out (a `go infinite` ends only on `stop`).
  void wait();
  // The input ended: as `quit`.
  void end_of_input();
  // Back to a new session's state: version H's options, the start position, a clean table; a running search is
  // stopped and queued commands are dropped as by `quit`. It differs from a new session only in keeping the
  // engine, built for the same options, and the versions read once: what lets a fuzz target run thousands of
  // sessions a second.
  void reset();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// `harness uci`: reads command lines from `in` (a trailing CR dropped) into a session writing to `out`, until `quit`
// or the end of input. `in` is untied first: a tied input stream flushes its output stream on every read, from the
// reading thread and outside the session's lock, while the search thread writes (two `bestmove` lines for one `go`
// were seen that way).
void run_uci(std::istream& in, std::ostream& out);

}  // namespace harness
