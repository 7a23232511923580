// Tests of the §2.4 evaluation: colour symmetry over LCT II and random games, one hand-worked
// position per term, switching a term off removes exactly its contribution, the endgame boundary,
// and the `harness eval` command.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "harness/paths.h"  // the LCT II file; also links the harness program for the command tests

namespace buho {
namespace eval_test {

// --- Helpers -------------------------------------------------------------------------------------

Board pos(const std::string& fen) { return Board::from_fen(fen); }

const TermScore& term(const EvalBreakdown& br, const std::string& name) {
  for (const auto& t : br.terms)
    if (t.name == name) return t;
  ADD_FAILURE() << "no term " << name;
  static const TermScore none{};
  return none;
}

// Expects term `name` to be worth `white` for White and `black` for Black in `fen`.
void expect_term(const std::string& fen, const std::string& name, int white, int black,
                 const EvalConfig& cfg = EvalConfig{}) {
  const EvalBreakdown br = Evaluator(cfg).breakdown(pos(fen));
  const TermScore& t = term(br, name);
  EXPECT_EQ(t.white, white) << name << " (white) in " << fen;
  EXPECT_EQ(t.black, black) << name << " (black) in " << fen;
}

// The colour-flipped mirror: ranks mirrored, colours swapped, side to move flipped, castling rights
// swapped, en passant square mirrored. Built on the FEN text so it does not trust the board code.
std::string mirror_fen(const std::string& fen) {
  std::istringstream in(fen);
  std::string placement, stm, castling, ep, half = "0", full = "1";
  in >> placement >> stm >> castling >> ep >> half >> full;
  std::vector<std::string> ranks;
  std::string rank;
  for (char ch : placement) {
    if (ch == '/') {
      ranks.push_back(rank);
      rank.clear();
    } else {
      rank += std::isalpha(static_cast<unsigned char>(ch))
                  ? char(std::isupper(static_cast<unsigned char>(ch)) ? std::tolower(ch) : std::toupper(ch))
                  : ch;
    }
  }
  ranks.push_back(rank);
  std::string mirrored;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) mirrored += (mirrored.empty() ? "" : "/") + *it;
  std::string rights;
  for (char want : std::string("KQkq")) {
    const char from = std::isupper(static_cast<unsigned char>(want)) ? char(std::tolower(want)) : char(std::toupper(want));
    if (castling.find(from) != std::string::npos) rights += want;
  }
  if (rights.empty()) rights = "-";
  std::string ep_m = ep;
  if (ep != "-") ep_m[1] = char('1' + ('8' - ep[1]));
  return mirrored + " " + (stm == "w" ? "b" : "w") + " " + rights + " " + ep_m + " " + half + " " + full;
}

std::vector<std::string> lct2_fens() {
  std::ifstream in(harness::project_path("positions/lct2.epd"));
  std::vector<std::string> fens;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) fens.push_back(parse_epd(line).board.fen());
  return fens;
}

// Positions from random legal games (fixed seed): every ply of 40 games of up to 80 plies each, from
// the start position and from the LCT II positions.
std::vector<std::string> random_game_fens() {
  std::mt19937_64 rng(20100603);
  std::vector<std::string> starts = {Board().fen()};
  for (const auto& f : lct2_fens()) starts.push_back(f);
  std::vector<std::string> fens;
  for (int game = 0; game < 40; ++game) {
    Board b = pos(starts[std::size_t(game) % starts.size()]);
    for (int ply = 0; ply < 80; ++ply) {
      Move moves[MaxMoves];
      const int n = int(generate_legal(b, moves) - moves);
      if (n == 0) break;
      b.make_move(moves[rng() % std::uint64_t(n)]);
      fens.push_back(b.fen());
    }
  }
  return fens;
}

const std::vector<std::string>& all_test_fens() {
  static const std::vector<std::string> fens = [] {
    std::vector<std::string> v = lct2_fens();
    for (auto& f : random_game_fens()) v.push_back(std::move(f));
    return v;
  }();
  return fens;
}

// --- Whole-evaluation properties ------------------------------------------------------------------

TEST(EvalMirror, MirrorHelperIsAnInvolution) {
  const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQq a3 0 1";
  EXPECT_EQ(mirror_fen(fen), "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R w Qkq a6 0 1");  // KQ+q -> Q+kq
  EXPECT_EQ(mirror_fen(mirror_fen(fen)), fen);
}

TEST(EvalMirror, Lct2AndRandomGamesEvaluateTheSameMirrored) {
  const auto& fens = all_test_fens();
  ASSERT_GE(lct2_fens().size(), 35u);
  ASSERT_GE(fens.size(), 500u);
  const Evaluator ev{EvalConfig{}};
  for (const auto& fen : fens) {
    const Board b = pos(fen);
    const Board m = pos(mirror_fen(fen));
    ASSERT_EQ(ev.evaluate(b), ev.evaluate(m)) << fen;
    ASSERT_EQ(ev.material_balance(b), ev.material_balance(m)) << fen;
    // Stronger: every term of White in one is the same term of Black in the other.
    const EvalBreakdown bb = ev.breakdown(b), mb = ev.breakdown(m);
    ASSERT_EQ(bb.endgame, mb.endgame) << fen;
    for (std::size_t i = 0; i < bb.terms.size(); ++i) {
      ASSERT_EQ(bb.terms[i].white, mb.terms[i].black) << bb.terms[i].name << " in " << fen;
      ASSERT_EQ(bb.terms[i].black, mb.terms[i].white) << bb.terms[i].name << " in " << fen;
    }
  }
}

TEST(EvalBreakdown, TotalEqualsEvaluateAndTheSumOfTerms) {
  const Evaluator ev{EvalConfig{}};
  for (const auto& fen : all_test_fens()) {
    const Board b = pos(fen);
    const EvalBreakdown br = ev.breakdown(b);
    int white = 0, black = 0;
    for (const auto& t : br.terms) {
      white += t.white;
      black += t.black;
    }
    ASSERT_EQ(br.white_total, white) << fen;
    ASSERT_EQ(br.black_total, black) << fen;
    ASSERT_EQ(br.total, b.side_to_move() == White ? white - black : black - white) << fen;
    ASSERT_EQ(br.total, ev.evaluate(b)) << fen;
  }
}

TEST(EvalBreakdown, OneTermPerSwitchNamedAsTheSwitch) {
  const EvalBreakdown br = Evaluator(EvalConfig{}).breakdown(Board());
  std::vector<std::string> switches;
  for (const auto& p : eval_params())
    if (p.kind == ParamKind::Bool) switches.emplace_back(p.name);
  ASSERT_EQ(br.terms.size(), switches.size());
  for (std::size_t i = 0; i < switches.size(); ++i) EXPECT_EQ(br.terms[i].name, switches[i]);
}

// The default evaluation's breakdown of every test position, handed to `check` once per side: what the two
// cross-checks of terms against a plain count below walk.
template <class Check>
void for_each_position_and_side(Check check) {
  const Evaluator ev{EvalConfig{}};
  for (const auto& fen : all_test_fens()) {
    const Board b = pos(fen);
    const EvalBreakdown br = ev.breakdown(b);
    for (Color col : {White, Black}) check(fen, b, br, col);
  }
}

// A term's score for one side.
int side_score(const EvalBreakdown& br, const char* name, Color col) {
  const TermScore& t = term(br, name);
  return col == White ? t.white : t.black;
}

// The evaluation builds its attack map with bitboards; Board::is_attacked (the thesis's attack
// table, written separately) must agree on every square of every test position.
TEST(EvalTerms, AttackMapAgreesWithBoardIsAttacked) {
  const EvalConfig cfg;
  for_each_position_and_side([&](const std::string& fen, const Board& b, const EvalBreakdown& br, Color col) {
    int attacked = 0, defended = 0;
    for (int i = 0; i < 64; ++i)
      if (b.is_attacked(from_index64(i), col)) ++attacked;
    for (int i = 1; i < b.piece_count(col); ++i)
      if (b.is_attacked(b.piece_square(col, i), col)) ++defended;
    ASSERT_EQ(side_score(br, "attacked_squares", col), attacked * cfg.attacked_squares_value) << fen;
    ASSERT_EQ(side_score(br, "protected_pieces", col), defended * cfg.protected_pieces_value) << fen;
  });
}

// The pawn-structure terms are computed with whole-board set operations; a plain square-by-square
// count of the §2.4.4 definitions must give the same numbers on every test position.
TEST(EvalTerms, PawnStructureAgreesWithASquareBySquareCount) {
  const EvalConfig cfg;
  for_each_position_and_side([&](const std::string& fen, const Board& b, const EvalBreakdown& br, Color col) {
    auto pawn_at = [&](Color c, int f, int r) {
      return f >= 0 && f < 8 && b.piece_at(make_square(f, r)) == make_piece(c, Pawn);
    };
    int passed = 0, isolated = 0, backward = 0, doubled = 0;
    for (int f = 0; f < 8; ++f) {
      int on_file = 0;
      for (int r = 0; r < 8; ++r) {
        if (!pawn_at(col, f, r)) continue;
        ++on_file;
        const int rr = relative_rank(col, r);
        bool stopped = false, has_neighbour = false, neighbour_level_or_behind = false;
        for (int f2 = f - 1; f2 <= f + 1; ++f2)
          for (int r2 = 0; r2 < 8; ++r2) {
            if (relative_rank(col, r2) > rr && pawn_at(~col, f2, r2)) stopped = true;
            if (f2 != f && pawn_at(col, f2, r2)) {
              has_neighbour = true;
              if (relative_rank(col, r2) <= rr) neighbour_level_or_behind = true;
            }
          }
        passed += !stopped;
        isolated += !has_neighbour;
        backward += has_neighbour && !neighbour_level_or_behind;
      }
      doubled += on_file > 1 ? on_file - 1 : 0;
    }
    ASSERT_EQ(side_score(br, "passed_pawns", col), passed * cfg.passed_pawns_value) << fen;
    ASSERT_EQ(side_score(br, "isolated_pawns", col), isolated * cfg.isolated_pawns_value) << fen;
    ASSERT_EQ(side_score(br, "backward_pawns", col), backward * cfg.backward_pawns_value) << fen;
    ASSERT_EQ(side_score(br, "doubled_pawns", col), doubled * cfg.doubled_pawns_value) << fen;
  });
}

TEST(EvalSwitches, SwitchingATermOffRemovesExactlyItsContribution) {
  const Evaluator all_on{EvalConfig{}};
  for (const auto& p : eval_params()) {
    if (p.kind != ParamKind::Bool) continue;
    EvalConfig cfg;
    cfg.*(p.bool_field) = false;
    const Evaluator off(cfg);
    for (const auto& fen : all_test_fens()) {
      const Board b = pos(fen);
      const EvalBreakdown br = all_on.breakdown(b);
      const TermScore& t = term(br, std::string(p.name));
      const int contribution = b.side_to_move() == White ? t.white - t.black : t.black - t.white;
      ASSERT_EQ(off.evaluate(b), br.total - contribution) << p.name << " in " << fen;
      const EvalBreakdown br_off = off.breakdown(b);  // kept alive: term() returns a reference into it
      const TermScore& t_off = term(br_off, std::string(p.name));
      ASSERT_EQ(t_off.white, 0);
      ASSERT_EQ(t_off.black, 0);
    }
  }
}

TEST(EvalSwitches, AllOffIsZero) {
  EvalConfig cfg;
  for (const auto& p : eval_params())
    if (p.kind == ParamKind::Bool) cfg.*(p.bool_field) = false;
  const Evaluator ev(cfg);
  for (const auto& fen : lct2_fens()) EXPECT_EQ(ev.evaluate(pos(fen)), 0) << fen;
}

// --- The start position, every term worked out by hand ---------------------------------------------

TEST(EvalTerms, StartPositionByHand) {
  const EvalBreakdown br = Evaluator(EvalConfig{}).breakdown(Board());
  // Material: 8*100 + 2*300 + 2*310 + 2*500 + 900.
  EXPECT_EQ(term(br, "material").white, 3920);
  // Protected: all 8 pawns (a2 by Ra1, b2 by Bc1, c2 by Qd1, d2, e2, f2 by Ke1, g2 by Bf1, h2 by Rh1)
  // and Nb1 (Ra1), Bc1 (Qd1), Qd1 (Ke1), Bf1 (Ke1), Ng1 (Rh1); the rooks are not defended: 13.
  EXPECT_EQ(term(br, "protected_pieces").white, 130);
  // Attacked: all of rank 3 (pawns), all of rank 2, and b1 c1 d1 e1 f1 g1 on rank 1: 8 + 8 + 6.
  EXPECT_EQ(term(br, "attacked_squares").white, 110);
  EXPECT_EQ(term(br, "center").white, 0);
  EXPECT_EQ(term(br, "bishop_pair").white, 25);
  EXPECT_EQ(term(br, "bishop_first_rank").white, -30);
  EXPECT_EQ(term(br, "rook_open_file").white, 0);
  EXPECT_EQ(term(br, "rooks_connected_rank").white, 0);
  // PST: pawns d2 e2 -40 each; knights b1 g1 -30 each; bishops c1 f1 -20 each; rooks -6 each;
  // queen d1 -8; king e1 0.
  EXPECT_EQ(term(br, "piece_square").white, -80 - 60 - 40 - 12 - 8);
  EXPECT_EQ(term(br, "castling").white, 90);
  EXPECT_EQ(term(br, "king_attack_lines").white, 0);
  EXPECT_EQ(term(br, "uncastled_open_lines").white, 0);
  EXPECT_EQ(term(br, "backward_pawns").white, 0);
  EXPECT_EQ(br.white_total, 3920 + 130 + 110 + 25 - 30 - 200 + 90);
  EXPECT_EQ(br.black_total, br.white_total);
  EXPECT_EQ(br.total, 0);
  EXPECT_FALSE(br.endgame);
}

// --- One hand-built position per term ---------------------------------------------------------------

TEST(EvalTerms, Material) {
  // White Q R N B + pawns d2 e4 = 900+500+300+310+200; Black Q R N B + pawns d7 f7 e5 = 2310.
  const std::string fen = "r2q2k1/3p1p2/2n5/4p3/2B1P3/5N1b/3P4/R2QK3 w - - 0 1";
  expect_term(fen, "material", 2210, 2310);
  EvalConfig cfg;
  cfg.knight_value = 325;
  expect_term(fen, "material", 2235, 2335, cfg);
  EXPECT_EQ(Evaluator(EvalConfig{}).material_balance(pos(fen)), -100);
  EXPECT_EQ(Evaluator(EvalConfig{}).material_balance(pos(mirror_fen(fen))), -100);
  const std::string black_to_move = "r2q2k1/3p1p2/2n5/4p3/2B1P3/5N1b/3P4/R2QK3 b - - 0 1";
  EXPECT_EQ(Evaluator(EvalConfig{}).material_balance(pos(black_to_move)), 100);
  // futility's material stays even when the material term is switched off
  cfg = EvalConfig{};
  cfg.material = false;
  EXPECT_EQ(Evaluator(cfg).material_balance(pos(fen)), -100);
}

TEST(EvalTerms, ProtectedPieces) {
  // White: c3 defended by b2; b2 by nothing (Ke1 covers d1 d2 e2 f1 f2). Black: e7 by Ke8, f6 by
  // e7; the king itself never counts.
  expect_term("4k3/4p3/5n2/8/8/2P5/1P6/4K3 w - - 0 1", "protected_pieces", 10, 20);
}

TEST(EvalTerms, AttackedSquares) {
  // White: Ka1 a2 b1 b2 (3); Rd4 d5 d6 (stops at its own pawn) d3 d2 d1 c4 b4 a4 e4 f4 g4 h4 (12);
  // pawn d6 c7 e7 (2); Nb3 a1 c1 a5 c5 d4 (d2 already counted) (5): 22 squares.
  // Black: Kh8 g8 g7 h7, pawn e5 d4 f4: 5 squares.
  expect_term("7k/8/3P4/4p3/3R4/1N6/8/K7 w - - 0 1", "attacked_squares", 110, 25);
}

TEST(EvalTerms, Center) {
  // White Ne5 20, Qd4 30, Pe4 40; Black pawn d5 40.
  expect_term("4k3/8/8/3pN3/3QP3/8/8/4K3 w - - 0 1", "center", 90, 40);
  // A rook or a king on a centre square is worth nothing here.
  expect_term("8/8/8/3r4/4K3/8/8/k7 w - - 0 1", "center", 0, 0);
  EvalConfig cfg;
  cfg.center_queen_value = 35;
  expect_term("4k3/8/8/3pN3/3QP3/8/8/4K3 w - - 0 1", "center", 95, 40, cfg);
}

TEST(EvalTerms, BishopPairAndFirstRank) {
  // White bishops c1 (first rank) and e2; Black bishop c8 (first rank), no pair.
  const std::string fen = "2b1k3/8/8/8/8/8/4B3/2B1K3 w - - 0 1";
  expect_term(fen, "bishop_pair", 25, 0);
  expect_term(fen, "bishop_first_rank", -15, -15);
}

TEST(EvalTerms, RookFilesAndRankConnection) {
  // White: Ra1 semi-open (black a7 only), Rh1 open; a1-h1 not connected (Ke1 between).
  // Black: Rb8 semi-open (white b2 only), Rd8 open; b8-d8 connected (c8 empty).
  const std::string fen = "1r1rk3/p7/8/8/8/8/1P6/R3K2R w - - 0 1";
  expect_term(fen, "rook_open_file", 15, 15);
  expect_term(fen, "rook_semi_open_file", 17, 17);
  expect_term(fen, "rooks_connected_rank", 0, 40);
  expect_term(fen, "rooks_connected_file", 0, 0);
  // A rook behind its own pawn is on neither kind of file.
  expect_term("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", "rook_semi_open_file", 0, 0);
  expect_term("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", "rook_open_file", 0, 0);
}

TEST(EvalTerms, RooksConnectedOnAFile) {
  // White a1-a2 touch: connected. Black d8-d4 with its own pawn d6 between: not connected.
  expect_term("3rk3/8/3p4/8/3r4/8/R7/R3K3 w - - 0 1", "rooks_connected_file", 40, 0);
  // Three rooks, two connected pairs: still once.
  expect_term("4k3/8/8/8/R7/8/R7/R3K3 w - - 0 1", "rooks_connected_file", 40, 0);
}

TEST(EvalTerms, RookOnTheSeventh) {
  // White Ra7 on its seventh; Black Rh2 on its seventh (rank 2); White Rb1 is not.
  expect_term("4k3/R7/8/8/8/8/7r/1R2K3 w - - 0 1", "rook_seventh", 20, 20);
}

TEST(EvalTerms, PieceSquareTables) {
  // White (row = 8 - rank of the printed table): Ke1 0, Qd1 -8, Nf3 5, Bc4 5, Ra1 -6, Pd2 -40,
  // Pe4 8: -36. Black (ranks mirrored): Kg8 40, Qd8 -8, Ra8 -6, Nc6 5, Bh3 -10, Pe5 8, Pf7 0,
  // Pd7 -40: -11.
  expect_term("r2q2k1/3p1p2/2n5/4p3/2B1P3/5N1b/3P4/R2QK3 w - - 0 1", "piece_square", -36, -11);
  // The king table is asymmetric: c1/g1 +40, b1/h1 +20, d1/f1 -20; Black reads c8/g8 as +40.
  // Kb1 20, Qd1 -8, Rh2 -6 against Kc8 40, Qg1 (Black's first rank) -16, Rh7 -6.
  expect_term("2k5/7r/8/8/8/8/7R/1K1Q2q1 w - - 0 1", "piece_square", 20 - 8 - 6, 40 - 16 - 6);
}

TEST(EvalTerms, Castling) {
  expect_term("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "castling", 90, 90);
  expect_term("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", "castling", 50, 40);
  // White castled (king g1, no rights): 0. Black king e8 without rights: -60.
  expect_term("4k2r/8/8/8/8/8/8/R5K1 w - - 0 1", "castling", 0, -60);
}

TEST(EvalTerms, KingAttackLines) {
  // On White's Ke1: Re7 (blocked by e2), Ba5 (blocked by d2), Qh4 (blocked by f2): 3 lines.
  // On Black's Ke8: Qa4 (blocked by d7), Rh8 (blocked by Ng8): 2. Bc1 and knights do not count.
  expect_term("4k1nR/3pr3/8/b7/Q6q/8/3PPP2/2B1K3 w - - 0 1", "king_attack_lines", -24, -16);
}

TEST(EvalTerms, PawnShield) {
  // White Kg1 (castled short). f (halved): f2 unmoved 0, no black f pawn -15/2 = -7; g: g3 moved
  // one -10, black g4 on White's 4th rank -15; h: h4 moved two -20, black h5 too far: 0. = -52.
  // Black Kc8 (castled long). a: a7 unmoved 0, no white a pawn -15; b: no pawn -35, white b6 on
  // Black's 3rd rank -25; c (halved): c6 moved one -5, white c5 on Black's 4th rank -7. = -87.
  const std::string fen = "2kq4/p7/1Pp5/2P4p/6pP/6P1/5P2/3Q2K1 w - - 0 1";
  expect_term(fen, "pawn_shield", -52, -87);
  expect_term(fen, "uncastled_open_lines", 0, 0);
  EvalConfig cfg;
  cfg.shield_side_file_divisor = 1;  // f and c files at full weight
  expect_term(fen, "pawn_shield", -45 - 15, -75 - 10 - 15, cfg);
}

TEST(EvalTerms, UncastledOpenLines) {
  // White Ke1: d, e, f have no pawn: 3 x -22. Black Kd8: c has pawns, d and e open: 2 x -22.
  expect_term("q2k4/ppp3pp/8/8/8/8/PPP3PP/4K2Q w - - 0 1", "uncastled_open_lines", -66, -44);
}

TEST(EvalTerms, PawnStructure) {
  // White a2 isolated; c2, c3 backward (their only neighbour, d4, is further up); d4 fine; h4
  // isolated; c doubled once. Black b7 isolated; e6 fine (f7 level-or-behind); f7 passed (no white
  // pawn on e f g) and backward (e6 is ahead of it); h6 isolated.
  const std::string fen = "6k1/1p3p2/4p2p/8/3P3P/2P5/P1P5/6K1 w - - 0 1";
  expect_term(fen, "passed_pawns", 0, 20);
  expect_term(fen, "isolated_pawns", -40, -40);
  expect_term(fen, "backward_pawns", -16, -8);
  expect_term(fen, "doubled_pawns", -10, 0);
  // Tripled a pawns: two doubled. a4 is level with Black's b4, so still passed; a3 and a2 are not
  // (b4 is in front of them); b4 is not (a3 and a2 are in front of it, seen from Black).
  expect_term("4k3/8/8/8/Pp6/P7/P7/4K3 w - - 0 1", "doubled_pawns", -20, 0);
  expect_term("4k3/8/8/8/Pp6/P7/P7/4K3 w - - 0 1", "passed_pawns", 20, 0);
}

TEST(EvalTerms, EndgameBoundary) {
  // White R R P P P = 1300, not below 1300: middlegame. The king uses the middlegame table (d4 -60,
  // h8 +20), the shield and open-lines terms apply: Kd4 uncastled with d and e open (-44); Kh8
  // counts as castled short with f, g, h empty of pawns (-17-7, -35-15, -35-15 = -124).
  const std::string middle = "7k/8/8/8/3K4/8/PPP5/RR6 w - - 0 1";
  EvalBreakdown br = Evaluator(EvalConfig{}).breakdown(pos(middle));
  EXPECT_FALSE(br.endgame);
  expect_term(middle, "king_endgame_table", 0, 0);
  expect_term(middle, "piece_square", -60 - 6 - 3 + 0, 20);  // Kd4, Ra1 -6, Rb1 -3, pawns a2 b2 c2 0
  expect_term(middle, "uncastled_open_lines", -44, 0);
  expect_term(middle, "pawn_shield", 0, -124);
  // One pawn fewer: 1200 < 1300 and Black's 0 < 1300: endgame. Kd4 60, Kh8 0 from the endgame
  // table; no middlegame king table, no shield, no open lines.
  const std::string end = "7k/8/8/8/3K4/8/PP6/RR6 w - - 0 1";
  br = Evaluator(EvalConfig{}).breakdown(pos(end));
  EXPECT_TRUE(br.endgame);
  expect_term(end, "king_endgame_table", 60, 0);
  expect_term(end, "piece_square", -6 - 3, 0);
  expect_term(end, "uncastled_open_lines", 0, 0);
  expect_term(end, "pawn_shield", 0, 0);
  // The threshold is strict and configurable: 1200 is not below 1200, but is below 1201.
  EvalConfig cfg;
  cfg.endgame_threshold = 1200;
  EXPECT_FALSE(Evaluator(cfg).breakdown(pos(end)).endgame);
  cfg.endgame_threshold = 1201;
  EXPECT_TRUE(Evaluator(cfg).breakdown(pos(end)).endgame);
  cfg.endgame_threshold = 0;  // never
  EXPECT_FALSE(Evaluator(cfg).breakdown(pos("7k/8/8/8/3K4/8/8/8 w - - 0 1")).endgame);
  // Both sides must be below: Black with 1300 keeps the middlegame even with White bare.
  EXPECT_FALSE(Evaluator(EvalConfig{}).breakdown(pos(mirror_fen(middle))).endgame);
  EXPECT_FALSE(Evaluator(EvalConfig{}).breakdown(pos("rr5k/ppp5/8/8/3K4/8/8/8 w - - 0 1")).endgame);
  EXPECT_TRUE(Evaluator(EvalConfig{}).breakdown(pos("rr5k/pp6/8/8/3K4/8/8/8 w - - 0 1")).endgame);
}

// --- The harness command ------------------------------------------------------------------------------

std::string run(const std::string& args, int& status) {
  const std::string cmd = std::string(BUHO_HARNESS_BIN) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int rc = pclose(p);
  status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

TEST(EvalCommand, JsonTotalAndSet) {
  int status = 0;
  std::string out = run("eval --fen '4k3/8/8/3pN3/3QP3/8/8/4K3 w - - 0 1' --json", status);
  ASSERT_EQ(status, 0) << out;
  const int total = Evaluator(EvalConfig{}).evaluate(pos("4k3/8/8/3pN3/3QP3/8/8/4K3 w - - 0 1"));
  EXPECT_NE(out.find("\"total\":" + std::to_string(total)), std::string::npos) << out;
  EXPECT_NE(out.find("\"name\":\"center\""), std::string::npos) << out;
  out = run("eval --fen '4k3/8/8/3pN3/3QP3/8/8/4K3 w - - 0 1' --json --set center=false", status);
  ASSERT_EQ(status, 0) << out;
  EXPECT_NE(out.find("\"total\":" + std::to_string(total - 50)), std::string::npos) << out;
  // The runner's spelling eval.<name> is accepted: the queen on d4 no longer counts (-30).
  out = run("eval --fen '4k3/8/8/3pN3/3QP3/8/8/4K3 w - - 0 1' --json --set eval.center_queen_value=0", status);
  ASSERT_EQ(status, 0) << out;
  EXPECT_NE(out.find("\"total\":" + std::to_string(total - 30)), std::string::npos) << out;
}

TEST(EvalCommand, BadInputIsAUserError) {
  int status = 0;
  std::string out = run("eval --fen 'not a fen'", status);
  EXPECT_EQ(status, 2) << out;
  EXPECT_NE(out.find("--fen"), std::string::npos) << out;
  out = run("eval --set no_such_term=1", status);
  EXPECT_EQ(status, 2) << out;
  EXPECT_NE(out.find("valid:"), std::string::npos) << out;
  out = run("eval --set pawn_shield=maybe", status);
  EXPECT_EQ(status, 2) << out;
  out = run("eval --set pawn_shield", status);
  EXPECT_EQ(status, 2) << out;
}

}  // namespace
}  // namespace buho
