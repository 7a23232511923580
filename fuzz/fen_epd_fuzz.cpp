// libFuzzer target: the FEN and EPD readers (engine/board.h). Any input either throws ParseError or gives a
// position that is consistent (Board::is_ok: piece lists and hash rebuilt from scratch), whose FEN reads back to
// itself, whose EPD line reads back to the same record, and on which every legal move makes and unmakes cleanly.
// Sanitizers (ASan, UBSan) catch the rest. Seed corpus: fuzz/corpus/fen_epd/.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <string_view>

#include "engine/board.h"
#include "engine/movegen.h"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fen_epd_fuzz: %s: %s\n", what, detail.c_str());
  std::abort();
}

void check_board(const buho::Board& b, std::string_view input) {
  if (!b.is_ok()) fail("inconsistent board", std::string(input));
  const std::string fen = b.fen();
  const buho::Board again = buho::Board::from_fen(fen);  // our own output must read back
  if (again.fen() != fen) fail("FEN does not read back to itself", fen + " -> " + again.fen());
  if (again.key() != b.key()) fail("hash differs after a FEN round trip", fen);
  buho::Board play = b;
  buho::Move moves[buho::MaxMoves];
  buho::Move* end = buho::generate_legal(play, moves);
  for (buho::Move* m = moves; m != end; ++m) {
    play.make_move(*m);
    if (!play.is_ok()) fail("inconsistent board after a move", fen + " " + m->uci());
    play.unmake_move(*m);
    if (play.fen() != fen || play.key() != b.key()) fail("unmake does not restore the position", fen + " " + m->uci());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  try {
    check_board(buho::Board::from_fen(input), input);
  } catch (const buho::ParseError&) {
  }
  try {
    const buho::EpdRecord rec = buho::parse_epd(input);
    check_board(rec.board, input);
    const std::string line = buho::to_epd(rec);
    const buho::EpdRecord again = buho::parse_epd(line);
    if (again.id != rec.id || again.ops != rec.ops || again.board.fen() != rec.board.fen())
      fail("EPD does not read back to the same record", line);
  } catch (const buho::ParseError&) {
  }
  return 0;
}
