// §2.4 and Appendix A: the thesis's evaluation, a linear sum f(n) = Σ X_i(n)·V_i(n) where each X_i is
// a switch of EvalConfig. Every term is computed for each side as "good for that side" and the total
// is White's sum minus Black's, negated when Black is to move.
//
// Shared work is done once per call: the board keeps a 64-bit set per piece kind, and the piece-square sum of
// every piece but the kings, brought up to date by make/unmake; from the sets come the files holding pawns (the
// rook, open-line and shield terms), the pawn structure as set operations, one attack map per side (only when a
// term needs it) and the lines through each king. Nothing is allocated; breakdown() runs the same code as evaluate().
//
// Where the thesis is ambiguous the choice and its reason are written next to the code (and in
// docs/evaluation.md); search for "CHOICE".
#include "engine/eval.h"

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "engine/piece_square_tables.h"
#include "engine/square_sets.h"

namespace buho {

namespace {

// The terms, in the order `breakdown` lists them; each is named by its EvalConfig switch.
enum Term : int {
  TMaterial,
  TProtectedPieces,
  TAttackedSquares,
  TCenter,
  TBishopPair,
  TBishopFirstRank,
  TRookOpenFile,
  TRookSemiOpenFile,
  TRooksConnectedFile,
  TRooksConnectedRank,
  TRookSeventh,
  TPieceSquare,
  TCastling,
  TKingAttackLines,
  TPawnShield,
  TUncastledOpenLines,
  TKingEndgameTable,
  TPassedPawns,
  TIsolatedPawns,
  TBackwardPawns,
  TDoubledPawns,
  TERM_NB
};

constexpr std::array<std::string_view, TERM_NB> kTermNames = {
    "material",          "protected_pieces",     "attacked_squares",     "center",
    "bishop_pair",       "bishop_first_rank",    "rook_open_file",       "rook_semi_open_file",
    "rooks_connected_file", "rooks_connected_rank", "rook_seventh",       "piece_square",
    "castling",          "king_attack_lines",    "pawn_shield",          "uncastled_open_lines",
    "king_endgame_table", "passed_pawns",        "isolated_pawns",       "backward_pawns",
    "doubled_pawns",
};


// --- Bitboards for the shared work ---
// The board is 0x88 (§2.3), but the evaluation's whole-board questions (every square a side
// attacks, pawns per file) are answered fastest with one 64-bit set per piece kind, built from the
// piece lists once per call: sliding attacks become a few branch-free shifts (a Kogge-Stone fill)
// instead of ray walks whose ends the CPU cannot predict. The squares found are the same; the tests
// compare them with Board::is_attacked on every test position.
using Bitboard = std::uint64_t;
constexpr Bitboard kNotA = ~kFileA;
constexpr Bitboard kNotH = ~(kFileA << 7);
constexpr Bitboard kNotAB = kNotA & ~(kFileA << 1);
constexpr Bitboard kNotGH = kNotH & ~(kFileA << 6);
// §2.4.2 centre squares d4 e4 d5 e5.
constexpr Bitboard kCenter = (Bitboard(1) << 27) | (Bitboard(1) << 28) | (Bitboard(1) << 35) | (Bitboard(1) << 36);

// Every square the bishops-or-queens `diag` and the rooks-or-queens `orth` attack. With AVX2 the four diagonal
// fills run in the four 64-bit lanes of one vector and the four line fills in another (gcc's and clang's vector
// extension), each lane rotating by its direction's step (+9 +7 -7 -9; +8 -8 +1 -1) modulo 64 instead of shifting.
// A rotation brings back the bits a shift drops, at the other edge, onto exactly the squares its lane's mask
// removes (for +9: the a-file and the first rank), and a removed square never propagates (a square is reached only
// from a masked one), so each lane's set is slide()'s. The evaluation's attack map was its largest part: sixteen
// chains of dependent shifts, two sides by eight directions; the tests compare it with Board::is_attacked.
#if defined(__AVX2__)
using Lanes = std::uint64_t __attribute__((vector_size(32)));
inline Lanes rotate_lanes(Lanes x, Lanes r) { return (x << r) | (x >> ((-r) & 63)); }
// The four fills of `sliders`, lane i along the direction of left rotation r1[i], landing only on mask[i].
inline Bitboard fill_lanes(Bitboard sliders, Bitboard empty, Lanes r1, Lanes mask) {
  const Lanes r2 = (r1 * 2) & 63, r4 = (r1 * 4) & 63;
  Lanes gen = {sliders, sliders, sliders, sliders};
  Lanes pro = mask & empty;
  gen |= pro & rotate_lanes(gen, r1);
  pro &= rotate_lanes(pro, r1);
  gen |= pro & rotate_lanes(gen, r2);
  pro &= rotate_lanes(pro, r2);
  gen |= pro & rotate_lanes(gen, r4);
  const Lanes a = rotate_lanes(gen, r1) & mask;
  return (a[0] | a[1]) | (a[2] | a[3]);
}
inline Bitboard slider_attacks(Bitboard diag, Bitboard orth, Bitboard empty) {
  constexpr Bitboard kNot1 = ~kRank1, kNot8 = ~(kRank1 << 56);
  const Lanes diag_steps = {9, 7, 64 - 7, 64 - 9}, orth_steps = {8, 64 - 8, 1, 64 - 1};
  const Lanes diag_masks = {kNotA & kNot1, kNotH & kNot1, kNotA & kNot8, kNotH & kNot8};
  const Lanes orth_masks = {kNot1, kNot8, kNotA, kNotH};
  return fill_lanes(diag, empty, diag_steps, diag_masks) | fill_lanes(orth, empty, orth_steps, orth_masks);
}
#else
template <int S>
constexpr Bitboard shift(Bitboard x) {
  if constexpr (S > 0) return x << S;
  else return x >> -S;
}

// Squares attacked along direction S by the sliders in `gen`, stopping at (and including) the first
// occupied square. `Mask` removes the squares a step wrapped onto from the other edge.
template <int S, Bitboard Mask>
constexpr Bitboard slide(Bitboard gen, Bitboard empty) {
  Bitboard pro = empty & Mask;
  gen |= pro & shift<S>(gen);
  pro &= shift<S>(pro);
  gen |= pro & shift<2 * S>(gen);
  pro &= shift<2 * S>(pro);
  gen |= pro & shift<4 * S>(gen);
  return shift<S>(gen) & Mask;
}

inline Bitboard slider_attacks(Bitboard diag, Bitboard orth, Bitboard empty) {
  return slide<9, kNotA>(diag, empty) | slide<7, kNotH>(diag, empty) | slide<-7, kNotA>(diag, empty) |
         slide<-9, kNotH>(diag, empty) | slide<8, ~Bitboard(0)>(orth, empty) | slide<-8, ~Bitboard(0)>(orth, empty) |
         slide<1, kNotA>(orth, empty) | slide<-1, kNotH>(orth, empty);
}
#endif

constexpr Bitboard knight_attacks(Bitboard n) {
  return ((n << 17) & kNotA) | ((n << 15) & kNotH) | ((n << 10) & kNotAB) | ((n << 6) & kNotGH) |
         ((n >> 17) & kNotH) | ((n >> 15) & kNotA) | ((n >> 10) & kNotGH) | ((n >> 6) & kNotAB);
}
constexpr Bitboard king_attacks(Bitboard k) {
  const Bitboard row = k | ((k << 1) & kNotA) | ((k >> 1) & kNotH);
  return (row | (row << 8) | (row >> 8)) & ~k;
}
constexpr Bitboard pawn_attacks(Color c, Bitboard p) {
  return c == White ? ((p << 9) & kNotA) | ((p << 7) & kNotH) : ((p >> 7) & kNotA) | ((p >> 9) & kNotH);
}

// Each set square extended to the board's edge upwards (north) or downwards (south), itself included.
constexpr Bitboard north_fill(Bitboard x) {
  x |= x << 8;
  x |= x << 16;
  return x | (x << 32);
}
constexpr Bitboard south_fill(Bitboard x) {
  x |= x >> 8;
  x |= x >> 16;
  return x | (x >> 32);
}
// Every square of each file holding a set square.
constexpr Bitboard file_fill(Bitboard x) { return north_fill(south_fill(x)); }
// The squares one file left and one file right of each set square.
constexpr Bitboard sideways(Bitboard x) { return ((x << 1) & kNotA) | ((x >> 1) & kNotH); }

// For each square, the squares on the same rank or file (orth) and on the same diagonals (diag):
// where an enemy rook/queen or bishop/queen lies on a line through the king (§2.4.3 attack lines).
struct LineMasks {
  std::array<Bitboard, 64> orth{}, diag{};
};
constexpr LineMasks make_lines() {
  LineMasks m{};
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      if (a == b) continue;
      const std::uint8_t kinds = attack_kinds(from_index64(a), from_index64(b));
      if (kinds & AttackOrthSlide) m.orth[a] |= Bitboard(1) << b;
      if (kinds & AttackDiagSlide) m.diag[a] |= Bitboard(1) << b;
    }
  return m;
}
constexpr LineMasks kLines = make_lines();

// Nothing stands strictly between a and b (a below b), which share a file or a rank: the squares
// with index64 strictly between them, kept to a's file when they share one, must all be empty.
inline bool path_clear(Square a, Square to, Bitboard empty) {
  const int ia = index64(a), ib = index64(to);
  Bitboard between = (Bitboard(1) << ib) - (Bitboard(2) << ia);
  if (file_of(a) == file_of(to)) between &= kFileA << file_of(a);
  return (between & ~empty) == 0;
}

// The piece sets of one position (kept by the board): what every term of compute() reads.
struct PieceSets {
  Bitboard pieces[COLOR_NB][PIECE_TYPE_NB];  // [colour][type]; slot 0 unused
  Bitboard all[COLOR_NB];
  Bitboard empty;
};

using TermTable = int[TERM_NB][COLOR_NB];

// §2.4.1-2.4.3 where the pieces stand: piece-square tables, the centre, bishops on the first rank, rooks on the
// seventh, the bishop pair and the attack lines through the king.
void placement_terms(const Board& b, const EvalConfig& c, const PieceSets& s, TermTable& v) {
  for (Color col : {White, Black}) {
    const Bitboard* own = s.pieces[col];
    const Bitboard first_rank = col == White ? kRank1 : kRank1 << 56;
    const Bitboard seventh_rank = col == White ? kRank1 << 48 : kRank1 << 8;
    if (c.piece_square) v[TPieceSquare][col] = b.piece_square_sum(col);
    if (c.center)
      v[TCenter][col] = std::popcount(own[Pawn] & kCenter) * c.center_pawn_value +
                        std::popcount((own[Knight] | own[Bishop]) & kCenter) * c.center_minor_value +
                        std::popcount(own[Queen] & kCenter) * c.center_queen_value;
    if (c.bishop_first_rank)
      v[TBishopFirstRank][col] = std::popcount(own[Bishop] & first_rank) * c.bishop_first_rank_value;
    if (c.rook_seventh) v[TRookSeventh][col] = std::popcount(own[Rook] & seventh_rank) * c.rook_seventh_value;
    // CHOICE (bishop pair): "si ... se cuenta con ambos alfiles" — two or more bishops, whatever
    // their square colours (after an under-promotion both may share a colour; too rare to matter).
    if (c.bishop_pair && b.count(col, Bishop) >= 2) v[TBishopPair][col] = c.bishop_pair_value;
    // CHOICE (attack lines, §2.4.3 "Amenazas"): "por cada línea de ataque al rey" — the thesis
    // stresses the attack need not be direct because a piece may stand between. We count each
    // enemy bishop, rook or queen that lies on a line through the king it can move along (the
    // attack table's sliding bits), whatever stands between: one line per piece. A queen lies on
    // at most one line through a square. Knights, pawns and kings do not move along lines.
    if (c.king_attack_lines) {
      const Bitboard* enemy = s.pieces[~col];
      const int k = index64(b.king_square(col));
      const int lines = std::popcount(kLines.orth[k] & (enemy[Rook] | enemy[Queen])) +
                        std::popcount(kLines.diag[k] & (enemy[Bishop] | enemy[Queen]));
      v[TKingAttackLines][col] = lines * c.king_attack_lines_value;
    }
  }
}

// §2.4.2 Rooks: files and connections. The files are whole-set questions: `pawn_files[c]` is every square of a
// file holding a pawn of c, so a rook off both sides' pawn files is on an open file.
void rook_terms(const EvalConfig& c, const PieceSets& s, TermTable& v) {
  const Bitboard pawn_files[COLOR_NB] = {file_fill(s.pieces[White][Pawn]), file_fill(s.pieces[Black][Pawn])};
  for (Color col : {White, Black}) {
    const Bitboard rooks = s.pieces[col][Rook];
    // "Abierta": no pawn of either colour. CHOICE (semi-open): "sólo existe un peón enemigo" read
    // as "only enemy pawns": no own pawn and at least one enemy pawn (their number does not matter).
    const Bitboard own_free = rooks & ~pawn_files[col];
    const int open = std::popcount(own_free & ~pawn_files[~col]);
    const int semi_open = std::popcount(own_free & pawn_files[~col]);
    bool on_file = false, on_rank = false;
    // "Se asigna 40 cp si existe una conexión": once per side, however many pairs qualify.
    for (Bitboard r = rooks; r; r &= r - 1) {
      const Square sq = from_index64(std::countr_zero(r));
      for (Bitboard o = r & (r - 1); o; o &= o - 1) {
        const Square other = from_index64(std::countr_zero(o));
        if (file_of(sq) == file_of(other)) on_file = on_file || path_clear(sq, other, s.empty);
        else if (rank_of(sq) == rank_of(other)) on_rank = on_rank || path_clear(sq, other, s.empty);
      }
    }
    if (c.rook_open_file) v[TRookOpenFile][col] = open * c.rook_open_file_value;
    if (c.rook_semi_open_file) v[TRookSemiOpenFile][col] = semi_open * c.rook_semi_open_file_value;
    if (c.rooks_connected_file && on_file) v[TRooksConnectedFile][col] = c.rooks_connected_file_value;
    if (c.rooks_connected_rank && on_rank) v[TRooksConnectedRank][col] = c.rooks_connected_rank_value;
  }
}

// §2.4.2 Attack map: protected pieces and attacked squares
void attack_map_terms(const EvalConfig& c, const PieceSets& s, TermTable& v) {
  if (c.protected_pieces || c.attacked_squares) {
    for (Color col : {White, Black}) {
      // A piece attacks the squares it could capture on: pawns diagonally forward, sliders up to
      // and including the first occupied square, whatever stands there.
      const Bitboard* own = s.pieces[col];
      const Bitboard attacked = pawn_attacks(col, own[Pawn]) | knight_attacks(own[Knight]) |
                                king_attacks(own[King]) |
                                slider_attacks(own[Bishop] | own[Queen], own[Rook] | own[Queen], s.empty);
      // CHOICE (attacked squares): each square counts once however many pieces attack it, and
      // whatever stands on it (empty, enemy or own piece): "casillas controladas".
      if (c.attacked_squares) v[TAttackedSquares][col] = std::popcount(attacked) * c.attacked_squares_value;
      // CHOICE (protected pieces): every own piece but the king (which can never be captured, so
      // "protecting" it means nothing) counts, pawns included — Figure 2.4 counts a pawn as an
      // unprotected piece. Any own piece, king and pawns included, may be the defender.
      if (c.protected_pieces)
        v[TProtectedPieces][col] = std::popcount(attacked & s.all[col] & ~own[King]) * c.protected_pieces_value;
    }
  }

}

// §2.4.3 King safety
void king_safety_terms(const Board& b, const EvalConfig& c, const PieceSets& s, bool endgame, TermTable& v) {
  for (Color col : {White, Black}) {
    const Square ksq = b.king_square(col);
    const int kfile = file_of(ksq);
    const int rights = b.castling_rights() & (col == White ? (WhiteOO | WhiteOOO) : (BlackOO | BlackOOO));
    // CHOICE (has the king castled?): the board keeps no record of castling, so we infer it: the king
    // stands on its first rank on the g or h file (castled king side) or the a, b or c file (queen
    // side). A king that walked there counts as castled too; that is the position the thesis's
    // shield rule is about.
    const bool on_first_rank = relative_rank(col, rank_of(ksq)) == 0;
    const bool castled_short = on_first_rank && kfile >= 6;
    const bool castled_long = on_first_rank && kfile <= 2;

    // CHOICE (castling): "si el rey puede enrocar" read as "still has the right" (not "could castle
    // legally this move"): in the opening castling is usually blocked for a few moves by the own
    // pieces, and the bonus is for keeping the option. Both rights give +50 +40. "Si perdemos la
    // oportunidad de enrocar" (-60): no right left and the king has not castled, so a castled king
    // is not punished for the rights it used.
    if (c.castling) {
      int castling = 0;
      if (rights & (WhiteOO | BlackOO)) castling += c.castling_kingside_value;
      if (rights & (WhiteOOO | BlackOOO)) castling += c.castling_queenside_value;
      if (rights == 0 && !castled_short && !castled_long) castling += c.castling_lost_value;
      v[TCastling][col] = castling;
    }

    if (endgame) {
      // CHOICE (endgame king): §2.4.3 says the endgame king table replaces the shield evaluation
      // ("se ignora la característica anterior"), i.e. the whole list of king-pawn items including
      // the open-lines item. We also let it replace the middlegame king table: a king has one
      // position value, and adding both would cancel the endgame table's pull to the centre (-60 +
      // 60 on d4), the very reason the thesis gives for the switch ("el rey debe salir").
      if (c.king_endgame_table) v[TKingEndgameTable][col] = kPst.v[col][KingEndgameSlot][ksq];
      continue;
    }
    if (c.piece_square) v[TPieceSquare][col] += kPst.v[col][King][ksq];

    if (castled_short || castled_long) {
      // §2.4.3 pawn shield: files f g h after O-O, a b c after O-O-O; the f and c pawns' penalties
      // are divided (halved in the thesis), each item separately, rounding toward zero.
      // CHOICE (both shields): each side's shield is scored for that side, so both kings count and
      // the evaluation is colour-symmetric (zero-sum, as §1 requires of an evaluation).
      if (c.pawn_shield) {
        const int first = castled_short ? 5 : 0;
        const int side_file = castled_short ? 5 : 2;  // the "flexible" f or c pawn
        const Bitboard own_pawns = s.pieces[col][Pawn], enemy_pawns = s.pieces[~col][Pawn];
        // Our third and fourth ranks (relative ranks 2 and 3: one and two squares in front of a shield pawn's start).
        const Bitboard third_rank = col == White ? kRank1 << 16 : kRank1 << 40;
        const Bitboard fourth_rank = col == White ? kRank1 << 24 : kRank1 << 32;
        int shield = 0;
        for (int f = first; f < first + 3; ++f) {
          const int div = f == side_file ? c.shield_side_file_divisor : 1;
          const Bitboard own = own_pawns & (kFileA << f), enemy = enemy_pawns & (kFileA << f);
          // CHOICE (which own pawn): the states are exclusive; the own pawn nearest the king
          // (lowest relative rank: White's lowest square, Black's highest) decides, and "no pawn" means none on the
          // whole file. Relative rank 1 is the pawn's start.
          if (own == 0) {
            shield += c.shield_missing_value / div;
          } else {
            const int nearest = col == White ? std::countr_zero(own) >> 3 : 7 - ((63 - std::countl_zero(own)) >> 3);
            if (nearest == 2) shield += c.shield_moved_one_value / div;
            else if (nearest >= 3) shield += c.shield_moved_more_value / div;
          }
          // "Si no existe un peón enemigo en la misma columna ... se permite una línea de ataque":
          // taken literally, an enemy rook can use a file its own pawns do not block.
          if (enemy == 0) shield += c.shield_no_enemy_pawn_value / div;
          // CHOICE ("peón enemigo a 1 casilla de la segunda fila"): an enemy pawn on this file on
          // our third rank (one square in front of our shield pawn's start), -25; "a 2 casillas":
          // on our fourth rank, -15. Both apply if the enemy has pawns on both squares.
          if (enemy & third_rank) shield += c.shield_enemy_near_value / div;
          if (enemy & fourth_rank) shield += c.shield_enemy_far_value / div;
        }
        v[TPawnShield][col] = shield;
      }
    } else if (c.uncastled_open_lines) {
      // CHOICE ("línea abierta cerca de nuestro rey"): the king's file and the files beside it
      // (two at the board's edge), each counted when it is open in §2.4.2's sense: no pawn of
      // either colour on it.
      // Bit f of the first rank: file f holds no pawn; the window keeps the files kfile - 1 .. kfile + 1 on the board.
      const Bitboard open_files = ~file_fill(s.pieces[White][Pawn] | s.pieces[Black][Pawn]) & kRank1;
      const Bitboard window = ((Bitboard(7) << kfile) >> 1) & kRank1;
      v[TUncastledOpenLines][col] = std::popcount(open_files & window) * c.uncastled_open_lines_value;
    }
  }

}

// §2.4.4 Pawn structure, as whole-set operations on the pawn bitboards
void pawn_structure_terms(const EvalConfig& c, const PieceSets& s, TermTable& v) {
  if (c.passed_pawns || c.isolated_pawns || c.backward_pawns || c.doubled_pawns) {
    for (Color col : {White, Black}) {
      const Bitboard own = s.pieces[col][Pawn], enemy = s.pieces[~col][Pawn];
      const Bitboard own_files = file_fill(own);                        // every file holding an own pawn
      const Bitboard beside_own = sideways(own_files);                  // files next to one
      // Passed: no enemy pawn in front of it on its own or an adjacent file. `blocked` is every
      // square some enemy pawn has in front of it (from that pawn's view, behind it), widened by a file.
      const Bitboard enemy_behind = col == White ? south_fill(enemy >> 8) : north_fill(enemy << 8);
      const Bitboard blocked = enemy_behind | sideways(enemy_behind);
      // Squares level with or in front of an own pawn on an adjacent file: a pawn standing on one has
      // a neighbour level with it or behind it.
      const Bitboard own_forward = col == White ? north_fill(own) : south_fill(own);
      // "-10 por cada peón doblado": every pawn beyond the first on a file (Figure 2.9 names one
      // pawn, b5, as the doubled one of a pair).
      const int doubled = std::popcount(own) - std::popcount(own_files & kRank1);
      const int passed = std::popcount(own & ~blocked);
      const int isolated = std::popcount(own & ~beside_own);
      // CHOICE (backward, "adyacentemente atrás de otro peón del mismo color"): the pawn has own
      // pawns on an adjacent file and all of them are further advanced, so none can come level to
      // defend it or the square in front. Isolated pawns are not also backward.
      const int backward = std::popcount(own & beside_own & ~sideways(own_forward));
      if (c.passed_pawns) v[TPassedPawns][col] = passed * c.passed_pawns_value;
      if (c.isolated_pawns) v[TIsolatedPawns][col] = isolated * c.isolated_pawns_value;
      if (c.backward_pawns) v[TBackwardPawns][col] = backward * c.backward_pawns_value;
      if (c.doubled_pawns) v[TDoubledPawns][col] = doubled * c.doubled_pawns_value;
    }
  }
}

}  // namespace

struct Evaluator::Terms {
  TermTable v;
};

Evaluator::Evaluator(const EvalConfig& cfg) : cfg_(cfg) {}

bool Evaluator::compute(const Board& b, Terms& t) const {
  const EvalConfig& c = cfg_;
  for (auto& row : t.v) row[White] = row[Black] = 0;

  // --- §2.4.1 Material, and the §2.4.3 endgame test ---
  const int side_material[COLOR_NB] = {material(b, White), material(b, Black)};
  // CHOICE (endgame): "cuando el material es escaso para ambos (... menos de 1300 cp)". We read
  // "for both" literally: the endgame starts when EACH side's material (pawns included, as §2.4.1
  // defines material; king excluded; the configured piece values, whether or not the material term
  // is switched on) is strictly below the threshold. It is one game phase for the whole position, so
  // both kings switch together and the evaluation stays colour-symmetric.
  const bool endgame = endgame_by_material(side_material[White], side_material[Black]);
  if (c.material) {
    t.v[TMaterial][White] = side_material[White];
    t.v[TMaterial][Black] = side_material[Black];
  }

  // --- Piece sets (kept by the board, as are the piece-square sums); then the terms of §2.4.1-2.4.4 ---
  PieceSets s;
  for (Color col : {White, Black}) {
    s.pieces[col][NoPieceType] = 0;
    for (int pt = Pawn; pt <= King; ++pt) s.pieces[col][pt] = b.bb_[make_piece(col, PieceType(pt))];
  }
  for (Color col : {White, Black})
    s.all[col] = s.pieces[col][Pawn] | s.pieces[col][Knight] | s.pieces[col][Bishop] | s.pieces[col][Rook] |
                 s.pieces[col][Queen] | s.pieces[col][King];
  s.empty = ~(s.all[White] | s.all[Black]);

  placement_terms(b, c, s, t.v);
  rook_terms(c, s, t.v);
  attack_map_terms(c, s, t.v);
  king_safety_terms(b, c, s, endgame, t.v);
  pawn_structure_terms(c, s, t.v);
  return endgame;
}

Score Evaluator::evaluate(const Board& b) const {
  Terms t;
  compute(b, t);
  int sum = 0;
  for (const auto& row : t.v) sum += row[White] - row[Black];
  return b.side_to_move() == White ? sum : -sum;
}

Score Evaluator::material_balance(const Board& b) const {
  // §5.3: the futility test's "important part" of the evaluation. Computed from the configured piece
  // values even when the material term is switched off, so futility keeps working.
  const int sum = material(b, White) - material(b, Black);
  return b.side_to_move() == White ? sum : -sum;
}

// §2.4.3 the endgame test of compute() (its CHOICE comment says why each side's total is compared).
bool Evaluator::endgame_by_material(int white_material, int black_material) const {
  return white_material < cfg_.endgame_threshold && black_material < cfg_.endgame_threshold;
}

bool Evaluator::is_endgame(const Board& b) const { return endgame_by_material(material(b, White), material(b, Black)); }

int Evaluator::material(const Board& b, Color c) const {
  return b.count(c, Pawn) * cfg_.pawn_value + non_pawn_material(b, c);
}

int Evaluator::non_pawn_material(const Board& b, Color c) const {
  return b.count(c, Knight) * cfg_.knight_value + b.count(c, Bishop) * cfg_.bishop_value +
         b.count(c, Rook) * cfg_.rook_value + b.count(c, Queen) * cfg_.queen_value;
}

EvalBreakdown Evaluator::breakdown(const Board& b) const {
  Terms t;
  EvalBreakdown out;
  out.endgame = compute(b, t);
  out.terms.reserve(TERM_NB);
  for (int i = 0; i < TERM_NB; ++i) {
    out.terms.push_back(TermScore{std::string(kTermNames[i]), t.v[i][White], t.v[i][Black]});
    out.white_total += t.v[i][White];
    out.black_total += t.v[i][Black];
  }
  const int diff = out.white_total - out.black_total;
  out.total = b.side_to_move() == White ? diff : -diff;
  return out;
}

}  // namespace buho
