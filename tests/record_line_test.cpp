// RecordLine (harness/storage/record_line.h) writes the bytes of CellRecord::to_json().dump(): on random records
// (strings that need escapes, doubles of every magnitude, optional members present or not, a key set twice), on a
// record whose inputs are kept as read, and one formatter reused from record to record as the store reuses it.
#include "harness/storage/record_line.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "harness/experiment/search_counters.h"

namespace record_line_test {

using namespace harness;

struct RandomRecords {
  std::mt19937_64 rng{20261201};
  std::uint64_t below(std::uint64_t n) { return rng() % n; }
  std::string text() {
    static const char* const kPieces[] = {"e2e4", " ", "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f", "é", "♞",
                                          "/", "a", "Z", "0", "{\"k\":1}", "\u2028"};
    std::string s;
    for (std::uint64_t n = below(8); n > 0; --n) s += kPieces[below(std::size(kPieces))];
    return s;
  }
  std::string word() {  // printable ASCII only, as most of a line's strings are
    std::string s;
    for (std::uint64_t n = 1 + below(10); n > 0; --n) s += char('a' + below(26));
    return s;
  }
  double seconds() {
    static const double kFixed[] = {0.0, 1e-05, 0.1, 123456.789, 100000.0, 1.0, 1e-7, 1e15, 1e16, 1e21, 5e-324,
                                    0.30000000000000004, 2.5e-4};
    if (below(2)) return kFixed[below(std::size(kFixed))];
    return std::uniform_real_distribution<double>(0, 1)(rng) * std::pow(10.0, double(int(below(24)) - 12));
  }
  std::uint64_t count() { return below(3) ? below(100000) : rng(); }

  CellRecord record() {
    CellRecord r;
    r.key = word();
    r.engine = below(4) ? word() : text();
    r.inputs.position = below(2) ? word() : text();
    r.inputs.fen = below(4) ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" : text();
    r.inputs.depth = int(below(30));
    r.inputs.version = below(2) ? word() : text();
    r.inputs.node_budget = below(2) ? 0 : count();
    r.inputs.time_limit_ms = below(2) ? 0 : count();
    r.flag_set.hash = word();
    for (const auto& c : search_counters()) r.counters.emplace_back(c.name, count());
    for (std::uint64_t n = below(20); n > 0; --n) r.iteration_nodes.push_back(count());
    r.depth_reached = int(below(40));
    r.seldepth = int(below(80));
    r.completed = below(2);
    if (below(3) == 0) r.failure = text();
    if (below(3) == 0) r.stopped_by = "time";
    r.best_move = below(3) ? "e2e4" : text();
    r.score = int(below(64001)) - 32000;
    r.pv = below(3) ? "e2e4 e7e5 g1f3" : text();
    r.search_seconds = seconds();
    r.engine_seconds = seconds();
    if (below(2)) r.load = TableLoad{count(), count()};
    for (const auto& f : flag_search_counters())
      if (below(2)) r.flag_counters.emplace_back(f.counter.name, count());
    if (below(8) == 0) r.flag_counters.emplace_back("nodes", count());  // a key set twice: the last value is kept
    for (std::uint64_t n = below(6); n > 0; --n) r.iteration_passes.push_back(count());
    for (std::uint64_t n = below(6); n > 0; --n) {
      r.iteration_best_moves.push_back(below(4) ? "d2d4" : text());
      r.iteration_seconds.push_back(seconds());
    }
    if (below(2)) {
      SolveResult s;
      s.solved = below(2);
      if (below(2)) {
        s.found_depth = int(below(30));
        s.found_nodes = count();
        s.found_seconds = seconds();
      }
      r.solve = s;
    }
    return r;
  }
};

TEST(RecordLine, WritesWhatToJsonDumpsOnRandomRecords) {
  RandomRecords random;
  RecordLine line;  // one, reused: a stale order or stale value would show on a later record
  int with_escapes = 0;
  for (int i = 0; i < 3000; ++i) {
    const CellRecord r = random.record();
    const std::string expected = r.to_json().dump();
    ASSERT_EQ(line.format(r), expected) << "record " << i;
    with_escapes += expected.find('\\') != std::string::npos;
  }
  EXPECT_GT(with_escapes, 500) << "records with a string nlohmann escapes";
}

TEST(RecordLine, WritesInputsKeptAsReadAsToJsonDoes) {
  RandomRecords random;
  RecordLine line;
  for (int i = 0; i < 200; ++i) {
    CellRecord r = random.record();
    // As from_json keeps them: the line's own inputs, here a flag set's hash that needs escaping and a key no new
    // line has.
    r.written_inputs = r.inputs.key_json(r.flag_set.hash);
    r.written_inputs["flags"] = random.text();
    if (i % 2) r.written_inputs["zz_later_input"] = random.seconds();
    ASSERT_EQ(line.format(r), r.to_json().dump()) << "record " << i;
  }
}

TEST(RecordLine, RefusesInvalidUtf8AsDumpDoes) {
  RandomRecords random;
  CellRecord r = random.record();
  r.pv = "e2e4 \xff\xfe";
  EXPECT_THROW(r.to_json().dump(), nlohmann::json::type_error);
  RecordLine line;
  EXPECT_THROW(line.format(r), nlohmann::json::type_error);
}

}  // namespace record_line_test
