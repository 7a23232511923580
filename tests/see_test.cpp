// Static exchange evaluation (engine/see.h) on hand-made exchanges whose outcome is known by counting: an undefended
// piece, a defended one, x-rays through a capturing slider, en passant, a promotion, and a king that may not
// recapture into an attack. Values: pawn 100, knight 300, bishop 300, rook 500, queen 900 (any values would do;
// these make the sums easy to read).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/attack_table.h"
#include "engine/movegen.h"
#include "engine/see.h"

namespace see_test {

using namespace buho;

constexpr PieceValues kValues = {0, 100, 300, 300, 500, 900, 0};

int see_of(const std::string& fen, const std::string& uci) {
  const Board b = Board::from_fen(fen);
  const Move m = b.parse_uci_move(uci);
  EXPECT_FALSE(m.is_null()) << uci << " is not legal in " << fen;
  return see(b, m, kValues);
}

TEST(See, UndefendedPieceIsWonWhole) {
  // CPW's first example: Rxe5 wins the pawn, nothing recaptures.
  EXPECT_EQ(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
}

TEST(See, DefendedPawnTakenByKnightLosesTheKnightForThePawnAndMore) {
  // CPW's second example: Nxe5 with the d-file rook, the queen behind it and the bishop all in the exchange:
  // N takes P (+100), N is taken (-300), ... the best stop for both sides leaves white a knight for a pawn down.
  EXPECT_EQ(see_of("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"), 100 - 300);
}

TEST(See, QueenTakingADefendedPawnLosesTheQueenLessThePawn) {
  EXPECT_EQ(see_of("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5"), 100 - 900);
}

TEST(See, EqualTradeIsZeroAndAQuietMoveToASafeSquareIsZero) {
  EXPECT_EQ(see_of("4k3/8/3p4/4n3/8/5N2/8/4K3 w - - 0 1", "f3e5"), 0);  // N x N, p x N: 300 - 300
  EXPECT_EQ(see_of("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1f3"), 0);
}

TEST(See, QuietMoveOntoAnAttackedSquareLosesThePiece) {
  EXPECT_EQ(see_of("4k3/8/8/2p5/8/8/8/3RK3 w - - 0 1", "d1d4"), -500);  // the c5 pawn takes the rook
}

TEST(See, XRayBehindTheFirstCapturerJoinsTheExchange) {
  // Two white rooks doubled on the d-file against one defender of d5: R x P, R x R, R x R wins a pawn.
  EXPECT_EQ(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
  // Without the second rook the same capture loses the rook for the pawn.
  EXPECT_EQ(see_of("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 100 - 500);
}

TEST(See, SideToRecaptureMayStandPat) {
  // B x N defended by a pawn: black recaptures, an even trade (300 - 300).
  EXPECT_EQ(see_of("4k3/8/3p4/4n3/8/8/1B6/4K3 w - - 0 1", "b2e5"), 0);
  // With the queen behind the bishop (an x-ray) the pawn is lost too: N + P for the B.
  EXPECT_EQ(see_of("4k3/8/3p4/4n3/8/8/1B6/Q3K3 w - - 0 1", "b2e5"), 300 - 300 + 100);
  // R x N defended by a pawn: the rook is lost for the knight; white stops after one capture.
  EXPECT_EQ(see_of("4k3/8/3p4/4n3/8/8/8/4RK2 w - - 0 1", "e1e5"), 300 - 500);
}

TEST(See, EnPassantWinsThePawnBesideTheTarget) {
  EXPECT_EQ(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
}

TEST(See, PromotionCountsThePromotedPieceLessThePawn) {
  EXPECT_EQ(see_of("7k/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 900 - 100);
  // Promoting onto a square the rook covers: the new queen is taken at once.
  EXPECT_EQ(see_of("1r5k/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 900 - 100 - 900);
}

TEST(See, KingMayNotRecaptureIntoAnAttack) {
  // Q x f7 next to the black king, defended by the bishop on c4: the king cannot take back, the queen wins the pawn.
  EXPECT_EQ(see_of("4k3/5p2/8/8/2B5/8/8/4K2Q w - - 0 1", "h1h5"), 0);
  EXPECT_EQ(see_of("4k3/5p2/8/7Q/2B5/8/8/4K3 w - - 0 1", "h5f7"), 100);
  // Undefended, the king takes the queen back: white loses the queen for the pawn.
  EXPECT_EQ(see_of("4k3/5p2/8/7Q/8/8/8/4K3 w - - 0 1", "h5f7"), 100 - 900);
}

// The exchange as a recursion (CPW "SEE", the recursive form): the side to capture either stands or takes with its
// least valuable attacker and leaves the rest to the other side, scanning every piece of the side each turn (the
// first in piece-list order among equals), and a king may not take while the other side still attacks. The
// reference engine/see.cpp's swap list over candidate masks must agree with on every move, or the trees of the
// versions that use SEE would change.
struct ReferenceExchange {
  const Board& b;
  const PieceValues& value;
  Square target;

  static std::uint64_t bit(Square sq) { return std::uint64_t(1) << index64(sq); }
  int worth(PieceType t) const { return t == King ? 1 << 20 : value[t]; }

  Square least_valuable(Color side, std::uint64_t occupied) const {
    Square best = NoSquare;
    for (int i = 0; i < b.piece_count(side); ++i) {
      const Square s = b.piece_square(side, i);
      if (s == target || !(occupied & bit(s))) continue;
      const std::uint8_t kinds = attack_kinds(s, target) & attack_bits_of(b.piece_at(s));
      if (!kinds) continue;
      bool blocked = false;
      if (is_slider_bits(kinds))
        for (Square sq = s + attack_step(s, target); sq != target; sq += attack_step(s, target)) blocked |= (occupied & bit(sq)) != 0;
      if (blocked) continue;
      if (best == NoSquare || worth(type_of(b.piece_at(s))) < worth(type_of(b.piece_at(best)))) best = s;
    }
    return best;
  }

  // What `side` gains from here on, the piece worth `on_target` standing on the target.
  int gain(Color side, int on_target, std::uint64_t occupied) const {
    const Square s = least_valuable(side, occupied);
    if (s == NoSquare) return 0;
    const std::uint64_t after = occupied & ~bit(s);
    if (type_of(b.piece_at(s)) == King && least_valuable(~side, after) != NoSquare) return 0;
    return std::max(0, on_target - gain(~side, worth(type_of(b.piece_at(s))), after));
  }
};

int reference_see(const Board& b, Move m, const PieceValues& value) {
  if (m.is_castle()) return 0;
  const ReferenceExchange x{b, value, m.to()};
  const PieceType victim = m.is_en_passant() ? Pawn : type_of(b.piece_at(m.to()));
  const PieceType mover = m.is_promotion() ? m.promotion() : type_of(b.piece_at(m.from()));
  const int won = (victim == NoPieceType ? 0 : value[victim]) + (m.is_promotion() ? value[mover] - value[Pawn] : 0);
  std::uint64_t occupied = (b.occupancy() & ~ReferenceExchange::bit(m.from())) | ReferenceExchange::bit(m.to());
  if (m.is_en_passant()) occupied &= ~ReferenceExchange::bit(make_square(file_of(m.to()), rank_of(m.from())));
  return won - x.gain(~b.side_to_move(), x.worth(mover), occupied);
}

std::vector<Board> positions_of(const std::string& epd) {
  std::ifstream in(std::string(BUHO_SOURCE_DIR) + "/positions/" + epd);
  EXPECT_TRUE(in) << epd;
  std::vector<Board> boards;
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string a, b, c, e;
    if (fields >> a >> b >> c >> e) boards.push_back(Board::from_fen(a + " " + b + " " + c + " " + e));
  }
  return boards;
}

TEST(See, AgreesWithTheRecursiveExchangeOnEveryMoveOfWacLctAndTheirChildren) {
  std::vector<Board> roots = positions_of("wac.epd");
  for (const Board& b : positions_of("lct2.epd")) roots.push_back(b);
  // Two queens and two knights against two rooks on one square: ties between attackers of equal value.
  roots.push_back(Board::from_fen("3r2k1/3r4/1n6/8/1N1p4/2N5/3Q4/3QK3 w - - 0 1"));
  ASSERT_GT(roots.size(), 300u);
  // Also the engine's own piece values, where bishop and knight differ.
  constexpr PieceValues kUneven = {0, 100, 325, 335, 500, 975, 0};
  long compared = 0;
  for (const Board& root : roots) {
    Board b = root;
    for (const Move first : MoveList(root)) {
      b.make_move(first);
      for (const Move m : MoveList(b)) {
        ASSERT_EQ(see(b, m, kValues), reference_see(b, m, kValues)) << b.fen() << " " << m.uci();
        ASSERT_EQ(see(b, m, kUneven), reference_see(b, m, kUneven)) << b.fen() << " " << m.uci();
        ++compared;
      }
      b.unmake_move(first);
    }
  }
  EXPECT_GT(compared, 300000);
}

}  // namespace see_test
