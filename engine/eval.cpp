// §2.4 and Appendix A: the thesis's evaluation, a linear sum f(n) = Σ X_i(n)·V_i(n) where each X_i is
// a switch of EvalConfig. Every term is computed for each side as "good for that side" and the total
// is White's sum minus Black's, negated when Black is to move.
//
// Shared work is done once per call: one pass over the piece lists (material counts, pawn files,
// centre, piece-square tables, bishops and rooks, attack lines on the kings), one attack map for both
// sides (only when a term needs it), then pawn structure and king safety from the pawn-file masks.
//
// Where the thesis is ambiguous the choice and its reason are written next to the code (and in
// docs/evaluation.md); search for "CHOICE".
#include "engine/eval.h"

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

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

// --- Appendix A piece-square tables, exactly as printed: White's view, rank 8 in the first row. ---
using Printed = int[8][8];

constexpr Printed kPawnTable = {
    {0, 0, 0, 0, 0, 0, 0, 0},
    {5, 10, 15, 20, 20, 15, 10, 5},
    {4, 8, 12, 16, 16, 12, 8, 4},
    {3, 6, 9, 12, 12, 9, 6, 3},
    {2, 4, 6, 8, 8, 6, 4, 2},
    {1, 2, 3, -10, -10, 3, 2, 1},
    {0, 0, 0, -40, -40, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 0, 0},
};
constexpr Printed kKnightTable = {
    {-10, -10, -10, -10, -10, -10, -10, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 5, 10, 10, 5, 0, -10},
    {-10, 0, 5, 10, 10, 5, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, -30, -10, -10, -10, -10, -30, -10},
};
constexpr Printed kBishopTable = {
    {-10, -10, -10, -10, -10, -10, -10, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 5, 15, 15, 5, 0, -10},
    {-10, 0, 5, 15, 15, 5, 0, -10},
    {-10, 0, 5, 5, 5, 5, 0, -10},
    {-10, 0, 0, 0, 0, 0, 0, -10},
    {-10, -10, -20, -10, -10, -20, -10, -10},
};
constexpr Printed kRookTable = {
    {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6},
    {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6},
    {-6, -3, 0, 3, 3, 0, -3, -6}, {-6, -3, 0, 3, 3, 0, -3, -6},
};
constexpr Printed kQueenTable = {
    {-24, -16, -12, -8, -8, -12, -16, -24},
    {-16, -8, -4, 0, 0, -4, -8, -16},
    {-12, -4, 0, 4, 4, 0, -4, -12},
    {-8, 0, 4, 8, 8, 4, 0, -8},
    {-8, 0, 4, 8, 8, 4, 0, -8},
    {-12, -4, 0, 4, 4, 0, -4, -12},
    {-16, -8, -4, 0, 0, -4, -8, -16},
    {-24, -16, -12, -8, -8, -12, -16, -24},
};
constexpr Printed kKingTable = {
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-40, -40, -40, -60, -60, -40, -40, -40},
    {-40, -40, -40, -60, -60, -40, -40, -40},
    {-40, -40, -40, -40, -40, -40, -40, -40},
    {-20, -20, -20, -20, -20, -20, -20, -20},
    {0, 20, 40, -20, 0, -20, 40, 20},
};
constexpr Printed kKingEndgameTable = {
    {0, 10, 20, 30, 30, 20, 10, 0},
    {10, 20, 30, 40, 40, 30, 20, 10},
    {20, 30, 40, 50, 50, 40, 30, 20},
    {30, 40, 50, 60, 60, 50, 40, 30},
    {30, 40, 50, 60, 60, 50, 40, 30},
    {20, 30, 40, 50, 50, 40, 30, 20},
    {10, 20, 30, 40, 40, 30, 20, 10},
    {0, 10, 20, 30, 30, 20, 10, 0},
};

// Slot 0 is the endgame king table; slots Pawn..King the printed tables above.
constexpr int KingEndgameSlot = 0;

// CHOICE (Black's orientation): Appendix A gives the tables "from White's view" only. Black reads
// them with the ranks mirrored (Black's square X8 uses White's X1 entry), not rotated by 180°.
// Reason: only the middlegame king table is asymmetric left-right (a1 0, b1 20, c1 40, d1 -20, e1 0,
// f1 -20, g1 40, h1 20); mirroring keeps the +40 on c8/g8 where Black's king lands after castling,
// as c1/g1 do for White. A rotation would reward f8/b8 instead. It also makes the evaluation exactly
// colour-symmetric, which the mirror test checks.
struct PieceSquareTables {
  // [colour][slot][0x88 square]
  std::array<std::array<std::array<std::int16_t, 128>, PIECE_TYPE_NB>, COLOR_NB> v{};
};

constexpr PieceSquareTables make_pst() {
  PieceSquareTables t{};
  const Printed* printed[PIECE_TYPE_NB] = {&kKingEndgameTable, &kPawnTable,  &kKnightTable,
                                           &kBishopTable,      &kRookTable,  &kQueenTable,
                                           &kKingTable};
  for (int slot = 0; slot < PIECE_TYPE_NB; ++slot)
    for (int rank = 0; rank < 8; ++rank)
      for (int file = 0; file < 8; ++file) {
        const Square sq = make_square(file, rank);
        t.v[White][slot][sq] = std::int16_t((*printed[slot])[7 - rank][file]);  // row 0 is rank 8
        t.v[Black][slot][sq] = std::int16_t((*printed[slot])[rank][file]);      // ranks mirrored
      }
  return t;
}

constexpr PieceSquareTables kPst = make_pst();

// A pawn-file mask has bit r set when the side has a pawn on rank r (absolute, 0 = rank 1).
// Seen from Black, rank r is relative rank 7 - r: reversing the bits turns it into a relative mask.
constexpr std::array<std::uint8_t, 256> make_reverse() {
  std::array<std::uint8_t, 256> t{};
  for (int i = 0; i < 256; ++i) {
    int r = 0;
    for (int b = 0; b < 8; ++b)
      if (i & (1 << b)) r |= 1 << (7 - b);
    t[i] = std::uint8_t(r);
  }
  return t;
}
constexpr std::array<std::uint8_t, 256> kReverse = make_reverse();
constexpr unsigned relative_mask(Color c, unsigned m) { return c == White ? m : kReverse[m]; }

constexpr int kKnightSteps[8] = {14, 18, 31, 33, -14, -18, -31, -33};
constexpr int kKingSteps[8] = {1, -1, 16, -16, 15, 17, -15, -17};
constexpr int kOrthSteps[4] = {1, -1, 16, -16};
constexpr int kDiagSteps[4] = {15, 17, -15, -17};

// §2.4.2 centre squares e4 d4 e5 d5.
constexpr bool is_center(Square sq) {
  return sq == make_square(3, 3) || sq == make_square(4, 3) || sq == make_square(3, 4) || sq == make_square(4, 4);
}

// Nothing stands strictly between a and b, which lie on one line (attack_step != 0).
inline bool path_clear(const Board& b, Square a, Square to) {
  const int step = attack_step(a, to);
  for (Square s = a + step; s != to; s += step)
    if (b.piece_at(s) != NoPiece) return false;
  return true;
}

}  // namespace

struct Evaluator::Terms {
  int v[TERM_NB][COLOR_NB];
};

Evaluator::Evaluator(const EvalConfig& cfg) : cfg_(cfg) {}

bool Evaluator::compute(const Board& b, Terms& t) const {
  const EvalConfig& c = cfg_;
  for (auto& row : t.v) row[White] = row[Black] = 0;

  // --- §2.4.1 Material, and the §2.4.3 endgame test ---
  int material[COLOR_NB];
  for (Color col : {White, Black})
    material[col] = b.count(col, Pawn) * c.pawn_value + b.count(col, Knight) * c.knight_value +
                    b.count(col, Bishop) * c.bishop_value + b.count(col, Rook) * c.rook_value +
                    b.count(col, Queen) * c.queen_value;
  // CHOICE (endgame): "cuando el material es escaso para ambos (... menos de 1300 cp)". We read
  // "for both" literally: the endgame starts when EACH side's material (pawns included, as §2.4.1
  // defines material; king excluded; the configured piece values, whether or not the material term
  // is switched on) is strictly below the threshold. It is one game phase for the whole position, so
  // both kings switch together and the evaluation stays colour-symmetric.
  const bool endgame = material[White] < c.endgame_threshold && material[Black] < c.endgame_threshold;
  if (c.material) {
    t.v[TMaterial][White] = material[White];
    t.v[TMaterial][Black] = material[Black];
  }

  // --- One pass over both piece lists ---
  // Pawn files: pawns[col][file + 1] is a rank mask; files -1 and 8 stay empty so neighbours of the
  // a and h files need no bounds test.
  unsigned pawns[COLOR_NB][10] = {};
  Square rooks[COLOR_NB][Board::MaxPieces];
  int rook_count[COLOR_NB] = {0, 0};
  int attack_lines[COLOR_NB] = {0, 0};  // lines on col's king
  for (Color col : {White, Black}) {
    const Square enemy_king = b.king_square(~col);
    const int n = b.piece_count(col);
    int center = 0, pst = 0, first_rank_bishops = 0, seventh_rooks = 0;
    for (int i = 1; i < n; ++i) {  // index 0 is the king, handled with king safety below
      const Square sq = b.piece_square(col, i);
      const Piece p = b.piece_at(sq);
      const PieceType pt = type_of(p);
      pst += kPst.v[col][pt][sq];
      switch (pt) {
        case Pawn:
          pawns[col][file_of(sq) + 1] |= 1u << rank_of(sq);
          if (is_center(sq)) center += c.center_pawn_value;
          break;
        case Knight:
          if (is_center(sq)) center += c.center_minor_value;
          break;
        case Bishop:
          if (is_center(sq)) center += c.center_minor_value;
          if (relative_rank(col, rank_of(sq)) == 0) ++first_rank_bishops;
          break;
        case Rook:
          rooks[col][rook_count[col]++] = sq;
          if (relative_rank(col, rank_of(sq)) == 6) ++seventh_rooks;
          break;
        case Queen:
          if (is_center(sq)) center += c.center_queen_value;
          break;
        default:
          break;
      }
      // CHOICE (attack lines, §2.4.3 "Amenazas"): "por cada línea de ataque al rey" — the thesis
      // stresses the attack need not be direct because a piece may stand between. We count each
      // enemy bishop, rook or queen that lies on a line through the king it can move along
      // (the attack table entry matches its sliding bits), whatever stands between: one line per
      // piece. Knights, pawns and the king do not move along lines and are not counted.
      if (attack_bits_of(p) & attack_kinds(sq, enemy_king) & (AttackOrthSlide | AttackDiagSlide))
        ++attack_lines[~col];
    }
    if (c.center) t.v[TCenter][col] = center;
    if (c.piece_square) t.v[TPieceSquare][col] = pst;
    if (c.bishop_first_rank) t.v[TBishopFirstRank][col] = first_rank_bishops * c.bishop_first_rank_value;
    if (c.rook_seventh) t.v[TRookSeventh][col] = seventh_rooks * c.rook_seventh_value;
    // CHOICE (bishop pair): "si ... se cuenta con ambos alfiles" — two or more bishops, whatever
    // their square colours (after an under-promotion both may share a colour; too rare to matter).
    if (c.bishop_pair && b.count(col, Bishop) >= 2) t.v[TBishopPair][col] = c.bishop_pair_value;
  }
  if (c.king_attack_lines)
    for (Color col : {White, Black}) t.v[TKingAttackLines][col] = attack_lines[col] * c.king_attack_lines_value;

  // --- §2.4.2 Rooks: files and connections ---
  for (Color col : {White, Black}) {
    int open = 0, semi_open = 0;
    bool on_file = false, on_rank = false;
    for (int i = 0; i < rook_count[col]; ++i) {
      const Square sq = rooks[col][i];
      const unsigned own = pawns[col][file_of(sq) + 1], enemy = pawns[~col][file_of(sq) + 1];
      // "Abierta": no pawn of either colour. CHOICE (semi-open): "sólo existe un peón enemigo" read
      // as "only enemy pawns": no own pawn and at least one enemy pawn (their number does not matter).
      if (own == 0 && enemy == 0) ++open;
      else if (own == 0) ++semi_open;
      // "Se asigna 40 cp si existe una conexión": once per side, however many pairs qualify.
      for (int j = i + 1; j < rook_count[col]; ++j) {
        const Square other = rooks[col][j];
        if (file_of(sq) == file_of(other)) on_file = on_file || path_clear(b, sq, other);
        else if (rank_of(sq) == rank_of(other)) on_rank = on_rank || path_clear(b, sq, other);
      }
    }
    if (c.rook_open_file) t.v[TRookOpenFile][col] = open * c.rook_open_file_value;
    if (c.rook_semi_open_file) t.v[TRookSemiOpenFile][col] = semi_open * c.rook_semi_open_file_value;
    if (c.rooks_connected_file && on_file) t.v[TRooksConnectedFile][col] = c.rooks_connected_file_value;
    if (c.rooks_connected_rank && on_rank) t.v[TRooksConnectedRank][col] = c.rooks_connected_rank_value;
  }

  // --- §2.4.2 Attack map: protected pieces and attacked squares ---
  if (c.protected_pieces || c.attacked_squares) {
    // attacked[sq] has bit `col` set when col attacks sq. A piece attacks the squares it could capture
    // on: pawns diagonally forward, sliders up to and including the first occupied square.
    std::uint8_t attacked[128] = {};
    for (Color col : {White, Black}) {
      const std::uint8_t bit = std::uint8_t(1u << col);
      const int n = b.piece_count(col);
      for (int i = 0; i < n; ++i) {
        const Square sq = b.piece_square(col, i);
        const PieceType pt = type_of(b.piece_at(sq));
        auto slide = [&](const int (&steps)[4]) {
          for (int d : steps)
            for (Square to = sq + d; on_board(to); to += d) {
              attacked[to] |= bit;
              if (b.piece_at(to) != NoPiece) break;
            }
        };
        auto jump = [&](const int (&steps)[8]) {
          for (int d : steps)
            if (on_board(sq + d)) attacked[sq + d] |= bit;
        };
        switch (pt) {
          case Pawn: {
            const int fwd = col == White ? 16 : -16;
            if (on_board(sq + fwd - 1)) attacked[sq + fwd - 1] |= bit;
            if (on_board(sq + fwd + 1)) attacked[sq + fwd + 1] |= bit;
            break;
          }
          case Knight: jump(kKnightSteps); break;
          case Bishop: slide(kDiagSteps); break;
          case Rook: slide(kOrthSteps); break;
          case Queen: slide(kDiagSteps); slide(kOrthSteps); break;
          case King: jump(kKingSteps); break;
          default: break;
        }
      }
    }
    if (c.attacked_squares) {
      // CHOICE (attacked squares): each square counts once however many pieces attack it, and
      // whatever stands on it (empty, enemy or own piece): "casillas controladas".
      int count[COLOR_NB] = {0, 0};
      for (int sq = 0; sq < 128; ++sq) {
        count[White] += attacked[sq] & 1;
        count[Black] += attacked[sq] >> 1;
      }
      t.v[TAttackedSquares][White] = count[White] * c.attacked_squares_value;
      t.v[TAttackedSquares][Black] = count[Black] * c.attacked_squares_value;
    }
    if (c.protected_pieces) {
      // CHOICE (protected pieces): every own piece but the king (which can never be captured, so
      // "protecting" it means nothing) counts, pawns included — Figure 2.4 counts a pawn as an
      // unprotected piece. Any own piece, king and pawns included, may be the defender.
      for (Color col : {White, Black}) {
        int protected_count = 0;
        for (int i = 1; i < b.piece_count(col); ++i)
          protected_count += (attacked[b.piece_square(col, i)] >> col) & 1;
        t.v[TProtectedPieces][col] = protected_count * c.protected_pieces_value;
      }
    }
  }

  // --- §2.4.3 King safety ---
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
      int v = 0;
      if (rights & (WhiteOO | BlackOO)) v += c.castling_kingside_value;
      if (rights & (WhiteOOO | BlackOOO)) v += c.castling_queenside_value;
      if (rights == 0 && !castled_short && !castled_long) v += c.castling_lost_value;
      t.v[TCastling][col] = v;
    }

    if (endgame) {
      // CHOICE (endgame king): §2.4.3 says the endgame king table replaces the shield evaluation
      // ("se ignora la característica anterior"), i.e. the whole list of king-pawn items including
      // the open-lines item. We also let it replace the middlegame king table: a king has one
      // position value, and adding both would cancel the endgame table's pull to the centre (-60 +
      // 60 on d4), the very reason the thesis gives for the switch ("el rey debe salir").
      if (c.king_endgame_table) t.v[TKingEndgameTable][col] = kPst.v[col][KingEndgameSlot][ksq];
      continue;
    }
    if (c.piece_square) t.v[TPieceSquare][col] += kPst.v[col][King][ksq];

    if (castled_short || castled_long) {
      // §2.4.3 pawn shield: files f g h after O-O, a b c after O-O-O; the f and c pawns' penalties
      // are divided (halved in the thesis), each item separately, rounding toward zero.
      // CHOICE (both shields): each side's shield is scored for that side, so both kings count and
      // the evaluation is colour-symmetric (zero-sum, as §1 requires of an evaluation).
      if (c.pawn_shield) {
        const int first = castled_short ? 5 : 0;
        const int side_file = castled_short ? 5 : 2;  // the "flexible" f or c pawn
        int shield = 0;
        for (int f = first; f < first + 3; ++f) {
          const int div = f == side_file ? c.shield_side_file_divisor : 1;
          // Own pawns on this file by relative rank (bit 1 = the second rank, the pawn's start).
          const unsigned own = relative_mask(col, pawns[col][f + 1]);
          const unsigned enemy = relative_mask(col, pawns[~col][f + 1]);
          // CHOICE (which own pawn): the states are exclusive; the own pawn nearest the king
          // (lowest relative rank) decides, and "no pawn" means none on the whole file.
          if (own == 0) shield += c.shield_missing_value / div;
          else if (std::countr_zero(own) == 2) shield += c.shield_moved_one_value / div;
          else if (std::countr_zero(own) >= 3) shield += c.shield_moved_more_value / div;
          // "Si no existe un peón enemigo en la misma columna ... se permite una línea de ataque":
          // taken literally, an enemy rook can use a file its own pawns do not block.
          if (enemy == 0) shield += c.shield_no_enemy_pawn_value / div;
          // CHOICE ("peón enemigo a 1 casilla de la segunda fila"): an enemy pawn on this file on
          // our third rank (one square in front of our shield pawn's start), -25; "a 2 casillas":
          // on our fourth rank, -15. Both apply if the enemy has pawns on both squares.
          if (enemy & (1u << 2)) shield += c.shield_enemy_near_value / div;
          if (enemy & (1u << 3)) shield += c.shield_enemy_far_value / div;
        }
        t.v[TPawnShield][col] = shield;
      }
    } else if (c.uncastled_open_lines) {
      // CHOICE ("línea abierta cerca de nuestro rey"): the king's file and the files beside it
      // (two at the board's edge), each counted when it is open in §2.4.2's sense: no pawn of
      // either colour on it.
      int open_files = 0;
      for (int f = kfile - 1; f <= kfile + 1; ++f)
        if (f >= 0 && f <= 7 && pawns[White][f + 1] == 0 && pawns[Black][f + 1] == 0) ++open_files;
      t.v[TUncastledOpenLines][col] = open_files * c.uncastled_open_lines_value;
    }
  }

  // --- §2.4.4 Pawn structure, from the file masks ---
  if (c.passed_pawns || c.isolated_pawns || c.backward_pawns || c.doubled_pawns) {
    for (Color col : {White, Black}) {
      int passed = 0, isolated = 0, backward = 0, doubled = 0;
      for (int f = 1; f <= 8; ++f) {
        const unsigned mask = pawns[col][f];
        if (mask == 0) continue;
        // "-10 por cada peón doblado": every pawn beyond the first on a file (Figure 2.9 names one
        // pawn, b5, as the doubled one of a pair).
        doubled += std::popcount(mask) - 1;
        const unsigned neighbours = pawns[col][f - 1] | pawns[col][f + 1];
        const unsigned enemy_front = pawns[~col][f - 1] | pawns[~col][f] | pawns[~col][f + 1];
        for (unsigned m = mask; m; m &= m - 1) {
          const int r = std::countr_zero(m);
          // Ranks strictly in front of this pawn, and those level with or behind it, as masks.
          const unsigned ahead = col == White ? (0xFFu << (r + 1)) & 0xFFu : (1u << r) - 1;
          const unsigned level_or_behind = 0xFFu & ~ahead;
          // Passed: no enemy pawn in front of it on its own or an adjacent file.
          if ((enemy_front & ahead) == 0) ++passed;
          if (neighbours == 0) ++isolated;
          // CHOICE (backward, "adyacentemente atrás de otro peón del mismo color"): the pawn has
          // own pawns on an adjacent file and all of them are further advanced, so none can come
          // level to defend it or the square in front. Isolated pawns are not also backward.
          else if ((neighbours & level_or_behind) == 0) ++backward;
        }
      }
      if (c.passed_pawns) t.v[TPassedPawns][col] = passed * c.passed_pawns_value;
      if (c.isolated_pawns) t.v[TIsolatedPawns][col] = isolated * c.isolated_pawns_value;
      if (c.backward_pawns) t.v[TBackwardPawns][col] = backward * c.backward_pawns_value;
      if (c.doubled_pawns) t.v[TDoubledPawns][col] = doubled * c.doubled_pawns_value;
    }
  }
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
  const EvalConfig& c = cfg_;
  int sum = 0;
  for (Color col : {White, Black}) {
    const int m = b.count(col, Pawn) * c.pawn_value + b.count(col, Knight) * c.knight_value +
                  b.count(col, Bishop) * c.bishop_value + b.count(col, Rook) * c.rook_value +
                  b.count(col, Queen) * c.queen_value;
    sum += col == White ? m : -m;
  }
  return b.side_to_move() == White ? sum : -sum;
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
