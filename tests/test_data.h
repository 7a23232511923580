// Shared helpers for the tests: the project's data files and small readers.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"

namespace test_data {

inline std::string path(const std::string& relative) { return std::string(BUHO_SOURCE_DIR) + "/" + relative; }

struct PerftRow {
  std::string name, fen;
  int depth;
  std::uint64_t nodes;
};

// data/perft.csv: name,"fen",depth,nodes
inline std::vector<PerftRow> perft_rows() {
  std::ifstream in(path("data/perft.csv"));
  std::vector<PerftRow> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const auto q1 = line.find('"'), q2 = line.find('"', q1 + 1);
    PerftRow r;
    r.name = line.substr(0, q1 - 1);
    r.fen = line.substr(q1 + 1, q2 - q1 - 1);
    std::stringstream rest(line.substr(q2 + 2));
    char comma;
    rest >> r.depth >> comma >> r.nodes;
    rows.push_back(r);
  }
  return rows;
}

inline std::vector<std::string> lct2_lines() {
  std::ifstream in(path("positions/lct2.epd"));
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// The FENs of the first `n` positions of positions/lct2.epd (all 35 by default).
inline std::vector<std::string> lct2_fens(std::size_t n = 35) {
  std::vector<std::string> out;
  for (const std::string& line : lct2_lines()) {
    if (out.size() == n) break;
    out.push_back(buho::parse_epd(line).board.fen());
  }
  return out;
}

}  // namespace test_data
